/// Finding a value by its path while reading only as far as the path needs: the values before it
/// are checked and skipped, nothing is indexed, and nothing after it is looked at — except the
/// rest of each object on the way, since its last member with a key is the one that counts (the
/// rule `JSONDocument` follows).
///
/// What is read is a prefix of the text from its first byte, checked with the parser's own
/// scanners, so an error found is the parser's first error, at the same offset for the same
/// reason; an error after that prefix is not seen (`JSONStreamValidator` checks a whole text).
extension JSONPath {
    /// The byte range of the value at this path, or nil when there is none; throws the parser's
    /// error for a text that goes wrong before the value (or inside it).
    public func locate(in bytes: JSONBytes, options: JSONParseOptions = .default) throws(JSONParseError) -> Range<Int>? {
        do {
            var released = 0
            return try JSONLocator.locateWithDepth(self, base: UnsafePointer(bytes.base), count: bytes.count, maxDepth: options.maxDepth) { passed in
                bytes.releasePages(released..<passed)
                released = passed
            }?.range
        } catch {
            throw JSONParseError(error, in: bytes)
        }
    }
}

/// The walk behind `JSONPath.locate(in:options:)`, over zero-padded bytes as the parser walks them.
enum JSONLocator {
    private static let quote = UInt8(ascii: "\"")

    /// Bytes walked between two calls of a locate's `passed`.
    static let progressStep = 16 << 20

    /// The value's range and how many containers are around it. `passed` is told, every
    /// `progressStep` bytes or so, an offset the value (and its container) cannot start before:
    /// what precedes it is checked and will not be looked at again.
    static func locateWithDepth(
        _ path: JSONPath, base: UnsafePointer<UInt8>, count: Int, maxDepth: Int, passed: (Int) -> Void = { _ in }
    ) throws(RawParseError) -> (range: Range<Int>, depth: Int)? {
        let end = base + count
        var p = base
        var reported = base
        // Reported only where the value cannot start before p: between elements before the wanted
        // one, or between members before any with the wanted key (once one is found, the members
        // after it are skipped but the value is behind them).
        if count >= 3, p[0] == 0xEF, p[1] == 0xBB, p[2] == 0xBF { p += 3 }
        p = JSONParser.skipWhitespace(p)
        var depth = 0
        // Whether the value at p follows a comma (the parser's reason for a missing value says so).
        var valueAfterComma = false
        for component in path.components {
            switch component {
            case .index(let wanted):
                guard try enter("[", "]", &p, base: base, end: end, depth: &depth, maxDepth: maxDepth, afterComma: valueAfterComma) else { return nil }
                for index in 0..<wanted {
                    p = JSONParser.skipWhitespace(try skipValue(p, base: base, end: end, depth: depth, maxDepth: maxDepth, afterComma: index > 0))
                    if p.pointee == UInt8(ascii: "]") { return nil }
                    guard p.pointee == UInt8(ascii: ",") else { throw JSONParser.unexpected(p, base: base, otherwise: .expectedCommaOrBracket) }
                    p = JSONParser.skipWhitespace(p + 1)
                    if p - reported >= progressStep {
                        reported = p
                        passed(p - base)
                    }
                }
                valueAfterComma = wanted > 0
            case .key(let name):
                guard try enter("{", "}", &p, base: base, end: end, depth: &depth, maxDepth: maxDepth, afterComma: valueAfterComma) else { return nil }
                let wanted = Array(name.utf8)
                var found: (value: UnsafePointer<UInt8>, afterComma: Bool)?
                var afterComma = false
                while true {
                    let matches = try key(&p, base: base, end: end, afterComma: afterComma) { body, escaped in
                        escaped ? JSONStringDecoder.decode(body).unicodeScalars.elementsEqual(name.unicodeScalars) : body.elementsEqual(wanted)
                    }
                    if matches { found = (p, afterComma) }
                    p = JSONParser.skipWhitespace(try skipValue(p, base: base, end: end, depth: depth, maxDepth: maxDepth, afterComma: afterComma))
                    if p.pointee == UInt8(ascii: "}") { break }
                    guard p.pointee == UInt8(ascii: ",") else { throw JSONParser.unexpected(p, base: base, otherwise: .expectedCommaOrBrace) }
                    p = JSONParser.skipWhitespace(p + 1)
                    afterComma = true
                    if found == nil, p - reported >= progressStep {
                        reported = p
                        passed(p - base)
                    }
                }
                guard let found else { return nil }
                (p, valueAfterComma) = found
            }
        }
        let start = p
        let after = try skipValue(p, base: base, end: end, depth: depth, maxDepth: maxDepth, afterComma: valueAfterComma)
        return ((start - base)..<(after - base), depth)
    }

    /// The longest prefix of a text cut short at `count` (zeros after it, as always) that ends at
    /// a complete value or just inside an opening bracket, with the brackets that close what is
    /// open there, innermost first: `{"a": 1, "b": [{"c": 2}, {"d` gives `{"a": 1, "b": [{"c": 2}`
    /// and `]}`. Stops at the cut or at the first error (which the whole parse reports); nil when
    /// nothing complete comes before it.
    static func closedPrefix(base: UnsafePointer<UInt8>, count: Int, maxDepth: Int) -> (end: Int, closers: [UInt8])? {
        let end = base + count
        var p = base
        if count >= 3, p[0] == 0xEF, p[1] == 0xBB, p[2] == 0xBF { p += 3 }
        p = JSONParser.skipWhitespace(p)
        // Open containers, innermost last: true for an object.
        var open: [Bool] = []
        var best: (end: Int, closers: [UInt8])?
        func cut(at q: UnsafePointer<UInt8>) {
            best = (q - base, open.reversed().map { UInt8(ascii: $0 ? "}" : "]") })
        }
        do throws(RawParseError) {
            value: while true {
                let c = p.pointee
                if c == UInt8(ascii: "[") || c == UInt8(ascii: "{") {
                    guard open.count < maxDepth else { return best }
                    let object = c == UInt8(ascii: "{")
                    open.append(object)
                    cut(at: p + 1)
                    p = JSONParser.skipWhitespace(p + 1)
                    if p.pointee == UInt8(ascii: object ? "}" : "]") {
                        open.removeLast()
                        p += 1
                    } else {
                        if object { _ = try key(&p, base: base, end: end, afterComma: false) { _, _ in false } }
                        continue value
                    }
                } else {
                    p = try skipValue(p, base: base, end: end, depth: open.count, maxDepth: maxDepth, afterComma: false)
                    // A value that reaches the cut may go on after it (a number's digits).
                    guard p < end else { return best }
                }
                // After a complete value: a separator or the end of its container.
                while true {
                    cut(at: p)
                    guard let object = open.last else { return best }
                    p = JSONParser.skipWhitespace(p)
                    if p.pointee == UInt8(ascii: ",") {
                        p = JSONParser.skipWhitespace(p + 1)
                        if object { _ = try key(&p, base: base, end: end, afterComma: true) { _, _ in false } }
                        continue value
                    }
                    guard p.pointee == UInt8(ascii: object ? "}" : "]") else { return best }
                    open.removeLast()
                    p += 1
                }
            }
        } catch {
            return best
        }
    }

    /// Steps into the container the path needs at p (`open` … `close`), leaving p at its first
    /// member; false when there is none to step into: the value is another kind (checked whole
    /// first, as the parser would) or the container is empty.
    private static func enter(
        _ open: Unicode.Scalar, _ close: Unicode.Scalar, _ p: inout UnsafePointer<UInt8>, base: UnsafePointer<UInt8>,
        end: UnsafePointer<UInt8>, depth: inout Int, maxDepth: Int, afterComma: Bool
    ) throws(RawParseError) -> Bool {
        guard p.pointee == UInt8(ascii: open) else {
            _ = try skipValue(p, base: base, end: end, depth: depth, maxDepth: maxDepth, afterComma: afterComma)
            return false
        }
        guard depth < maxDepth else { throw RawParseError(offset: p - base, reason: .tooDeep(maxDepth)) }
        depth += 1
        p = JSONParser.skipWhitespace(p + 1)
        return p.pointee != UInt8(ascii: close)
    }

    /// Scans `"key":` at p (the key's body given to `matches`, with whether it holds escapes) and
    /// leaves p at the value.
    private static func key(
        _ p: inout UnsafePointer<UInt8>, base: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>, afterComma: Bool,
        matches: (UnsafeBufferPointer<UInt8>, Bool) -> Bool
    ) throws(RawParseError) -> Bool {
        guard p.pointee == quote else { throw RawParseError(offset: p - base, reason: afterComma ? .expectedKeyAfterComma : .expectedKey) }
        let bodyStart = p + 1
        var escaped = false
        p = try JSONParser.scanString(bodyStart, base: base, end: end, escaped: &escaped)
        let result = matches(UnsafeBufferPointer(start: bodyStart, count: p - 1 - bodyStart), escaped)
        p = JSONParser.skipWhitespace(p)
        guard p.pointee == UInt8(ascii: ":") else { throw RawParseError(offset: p - base, reason: .expectedColon) }
        p = JSONParser.skipWhitespace(p + 1)
        return result
    }

    /// Checks the value at p (containers `depth` deep around it) and returns the byte after it.
    static func skipValue(
        _ start: UnsafePointer<UInt8>, base: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>, depth: Int, maxDepth: Int, afterComma: Bool
    ) throws(RawParseError) -> UnsafePointer<UInt8> {
        var p = start
        var afterComma = afterComma
        // Open containers, innermost last: true for an object.
        var open: [Bool] = []
        value: while true {
            let c = p.pointee
            switch c {
            case quote:
                var escaped = false
                p = try JSONParser.scanString(p + 1, base: base, end: end, escaped: &escaped)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                var nonInteger = false
                p = try JSONParser.scanNumber(p, base: base, nonInteger: &nonInteger)
            case UInt8(ascii: "t"), UInt8(ascii: "n"):
                let word = UnsafeRawPointer(p).loadUnaligned(as: UInt32.self)
                guard word == 0x6575_7274 || word == 0x6C6C_756E else { throw RawParseError(offset: p - base, reason: .invalidLiteral) }
                p += 4
            case UInt8(ascii: "f"):
                guard UnsafeRawPointer(p + 1).loadUnaligned(as: UInt32.self) == 0x6573_6C61 else {
                    throw RawParseError(offset: p - base, reason: .invalidLiteral)
                }
                p += 5
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                guard depth + open.count < maxDepth else { throw RawParseError(offset: p - base, reason: .tooDeep(maxDepth)) }
                let object = c == UInt8(ascii: "{")
                p = JSONParser.skipWhitespace(p + 1)
                if p.pointee == UInt8(ascii: object ? "}" : "]") {
                    p += 1
                } else {
                    open.append(object)
                    afterComma = false
                    if object { _ = try key(&p, base: base, end: end, afterComma: false) { _, _ in false } }
                    continue value
                }
            default:
                throw RawParseError(offset: p - base, reason: afterComma ? .expectedValueAfterComma : .expectedValue)
            }
            // After a value: a separator or the end of a container, until the first value's end.
            while let object = open.last {
                p = JSONParser.skipWhitespace(p)
                if p.pointee == UInt8(ascii: ",") {
                    p = JSONParser.skipWhitespace(p + 1)
                    afterComma = true
                    if object { _ = try key(&p, base: base, end: end, afterComma: true) { _, _ in false } }
                    continue value
                }
                guard p.pointee == UInt8(ascii: object ? "}" : "]") else {
                    throw JSONParser.unexpected(p, base: base, otherwise: object ? .expectedCommaOrBrace : .expectedCommaOrBracket)
                }
                open.removeLast()
                p += 1
            }
            return p
        }
    }
}
