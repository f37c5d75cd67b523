// libFuzzer target: the parser against a reference grammar, and write-back.
//
// Every input is parsed by LosslessJSON and checked by `ReferenceJSON`, a plain byte-by-byte
// reading of RFC 8259 (plus what keepsake documents: a leading UTF-8 BOM is skipped, nesting is
// limited to `maxDepth` containers). They must agree on accept/reject. An accepted input must
// come back byte-identical from the document's text, and its value must survive serialization.
// The streaming validator, fed the input in pieces, must give the parser's verdict and error.
// A folding parse, and a parse counting offsets in segments of a few bytes, must give the same
// verdict, error and value. Read as JSON Lines, the input must give what its lines parsed one by
// one give: their values, or the first invalid line's place. The tape's scan (what schema
// inference reads lines with) must take exactly what the parser takes, as the same value.
@_spi(Testing) import LosslessJSON

let maxDepth = 64

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzParser(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let expected = ReferenceJSON.accepts(bytes, maxDepth: maxDepth)
    let streamed = streamVerdict(bytes)
    checkJSONLines(bytes)
    let variants = otherParses(bytes)
    let scanned = bytes.withUnsafeBufferPointer { text in
        var tape = JSONTape()
        return tape.scannedValue(text, maxDepth: maxDepth)
    }
    let document: JSONDocument
    do {
        document = try JSONDocument(bytes: bytes, options: JSONParseOptions(maxDepth: maxDepth))
    } catch {
        for (name, variant) in variants where variant.error?.description != error.description {
            fail("the \(name) parse says \(variant.error.map { "\($0)" } ?? "valid"), the parser \(error)", bytes)
        }
        if expected { fail("rejected valid JSON: \(error)", bytes) }
        if let scanned { fail("the tape's scan took what the parser refuses (\(error)): \(JSONWriter.serialize(scanned))", bytes) }
        if streamed?.description != error.description || streamed?.excerpt != error.excerpt {
            fail("the streaming validator says \(streamed.map { "\($0)" } ?? "valid"), the parser \(error)", bytes)
        }
        guard error.offset <= bytes.count else { fail("error offset \(error.offset) past the end", bytes) }
        return 0
    }
    if !expected { fail("accepted invalid JSON", bytes) }
    if let streamed { fail("the streaming validator rejected what the parser accepts: \(streamed)", bytes) }
    if document.text.slice(0..<document.text.count) != bytes { fail("the text is not the input's bytes", bytes) }
    let value = document.rootValue
    guard let scanned else { fail("the tape's scan refused valid JSON", bytes) }
    if JSONWriter.serialize(scanned) != JSONWriter.serialize(value) { fail("the tape's scan gives \(JSONWriter.serialize(scanned))", bytes) }
    for (name, variant) in variants where variant.value != value {
        fail("the \(name) parse gives \(variant.value.map { JSONWriter.serialize($0) } ?? variant.error.map { "\($0)" } ?? "nothing")", bytes)
    }
    let written = JSONWriter.serialize(value)
    guard let reparsed = try? JSONValue(parsing: written, options: JSONParseOptions(maxDepth: maxDepth + 1)) else {
        fail("the serialized value does not parse: \(written)", bytes)
    }
    if reparsed != value { fail("the value changed through serialization", bytes) }
    return 0
}

/// The folding parse (containers of up to a few bytes folded) and the parse in segments of a few
/// bytes, their sizes picked by the input's last byte: each one's value or error.
func otherParses(_ bytes: [UInt8]) -> [(String, (value: JSONValue?, error: JSONParseError?))] {
    let pick = Int(bytes.last ?? 0)
    func outcome(_ parse: () throws(JSONParseError) -> JSONDocument) -> (value: JSONValue?, error: JSONParseError?) {
        do { return (try parse().rootValue, nil) } catch { return (nil, error) }
    }
    var segmented = JSONParseOptions(maxDepth: maxDepth)
    segmented.offsetLimit = 8 + pick % 48
    return [
        ("folding", outcome { () throws(JSONParseError) in
            try JSONDocument(storage: JSONBytes(bytes), options: JSONParseOptions(maxDepth: maxDepth), folding: JSONFolding(maxBytes: pick % 32))
        }),
        ("segmented", outcome { () throws(JSONParseError) in
            try JSONDocument(storage: JSONBytes(bytes), options: segmented, folding: JSONFolding(maxBytes: pick % 7))
        }),
    ]
}

/// The input read as JSON Lines, against its lines parsed one by one (`JSONLinesDocument`).
func checkJSONLines(_ bytes: [UInt8]) {
    let lines = JSONParseOptions(maxDepth: maxDepth, jsonLines: true)
    var expected: Result<JSONValue, JSONLinesDocument.Errors>
    do {
        let document = try JSONLinesDocument(bytes: bytes, options: JSONParseOptions(maxDepth: maxDepth))
        expected = .success(.array(document.valueLines.compactMap { $0.document?.rootValue }))
    } catch {
        expected = .failure(error)
    }
    do {
        let document = try JSONDocument(bytes: bytes, options: lines)
        guard case .success(let values) = expected else { fail("read as JSON Lines, accepted invalid lines", bytes) }
        if document.rootValue != values { fail("read as JSON Lines, the values differ from the lines'", bytes) }
    } catch {
        guard case .failure(let errors) = expected, let first = errors.lines.first else { fail("read as JSON Lines, rejected valid lines: \(error)", bytes) }
        if (error.line, error.column) != (first.line, first.error.column) {
            fail("read as JSON Lines, the error is at \(error.line):\(error.column), the first invalid line's at \(first.line):\(first.error.column)", bytes)
        }
    }
}

/// The streaming validator's error, fed in pieces whose size the input's first byte picks.
func streamVerdict(_ bytes: [UInt8]) -> JSONParseError? {
    var validator = JSONStreamValidator(options: JSONParseOptions(maxDepth: maxDepth))
    let size = 1 + Int(bytes.first ?? 0) % 17
    do {
        try bytes.withUnsafeBufferPointer { all throws(JSONParseError) in
            for start in stride(from: 0, to: all.count, by: size) {
                try validator.feed(UnsafeBufferPointer(rebasing: all[start..<min(all.count, start + size)]))
            }
        }
        try validator.finish()
        return nil
    } catch {
        return error
    }
}

func fail(_ message: String, _ bytes: [UInt8]) -> Never {
    print("FUZZ FAILURE: \(message)\ninput (\(bytes.count) bytes): \(bytes.prefix(200).map { String($0, radix: 16) }.joined(separator: " "))")
    fatalError(message)  // libFuzzer records the crashing input
}

/// RFC 8259's grammar, checked without recursion.
enum ReferenceJSON {
    static func accepts(_ b: [UInt8], maxDepth: Int) -> Bool {
        var i = 0
        if b.count >= 3, b[0] == 0xEF, b[1] == 0xBB, b[2] == 0xBF { i = 3 }
        // The stack holds the open containers: true for an object.
        var stack: [Bool] = []
        func ws() { while i < b.count, b[i] == 0x20 || b[i] == 0x09 || b[i] == 0x0A || b[i] == 0x0D { i += 1 } }
        func digits() -> Bool {
            let start = i
            while i < b.count, b[i] >= 0x30, b[i] <= 0x39 { i += 1 }
            return i > start
        }
        func number() -> Bool {
            if i < b.count, b[i] == UInt8(ascii: "-") { i += 1 }
            guard i < b.count else { return false }
            if b[i] == UInt8(ascii: "0") { i += 1 } else if b[i] >= 0x31, b[i] <= 0x39 { _ = digits() } else { return false }
            if i < b.count, b[i] == UInt8(ascii: ".") {
                i += 1
                guard digits() else { return false }
            }
            if i < b.count, b[i] == UInt8(ascii: "e") || b[i] == UInt8(ascii: "E") {
                i += 1
                if i < b.count, b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") { i += 1 }
                guard digits() else { return false }
            }
            return true
        }
        func string() -> Bool {
            i += 1  // the opening quote
            while i < b.count {
                let c = b[i]
                switch c {
                case UInt8(ascii: "\""):
                    i += 1
                    return true
                case UInt8(ascii: "\\"):
                    i += 1
                    guard i < b.count else { return false }
                    switch b[i] {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                        UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                        i += 1
                    case UInt8(ascii: "u"):
                        guard i + 4 < b.count else { return false }
                        for k in 1...4 {
                            let h = b[i + k]
                            guard (h >= 0x30 && h <= 0x39) || (h >= 0x41 && h <= 0x46) || (h >= 0x61 && h <= 0x66) else { return false }
                        }
                        i += 5
                    default:
                        return false
                    }
                case 0x00..<0x20:
                    return false
                case 0x20..<0x80:
                    i += 1
                default:
                    guard let length = utf8Scalar(at: i) else { return false }
                    i += length
                }
            }
            return false
        }
        /// The length of a well-formed UTF-8 scalar at `k` (no overlongs, surrogates or > U+10FFFF).
        func utf8Scalar(at k: Int) -> Int? {
            let c = b[k]
            func cont(_ n: Int, _ low: UInt8 = 0x80, _ high: UInt8 = 0xBF) -> Bool {
                k + n < b.count && b[k + n] >= low && b[k + n] <= high
            }
            switch c {
            case 0xC2...0xDF: return cont(1) ? 2 : nil
            case 0xE0: return cont(1, 0xA0) && cont(2) ? 3 : nil
            case 0xE1...0xEC, 0xEE...0xEF: return cont(1) && cont(2) ? 3 : nil
            case 0xED: return cont(1, 0x80, 0x9F) && cont(2) ? 3 : nil
            case 0xF0: return cont(1, 0x90) && cont(2) && cont(3) ? 4 : nil
            case 0xF1...0xF3: return cont(1) && cont(2) && cont(3) ? 4 : nil
            case 0xF4: return cont(1, 0x80, 0x8F) && cont(2) && cont(3) ? 4 : nil
            default: return nil
            }
        }
        func literal(_ text: String) -> Bool {
            let t = Array(text.utf8)
            guard i + t.count <= b.count, Array(b[i..<(i + t.count)]) == t else { return false }
            i += t.count
            return true
        }
        /// One value; a container is opened (its first member or element, or its end, follows).
        /// Returns false on a syntax error.
        func value() -> Bool {
            ws()
            guard i < b.count else { return false }
            switch b[i] {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                guard stack.count < maxDepth else { return false }
                stack.append(b[i] == UInt8(ascii: "{"))
                i += 1
                ws()
                let close = stack.last! ? UInt8(ascii: "}") : UInt8(ascii: "]")
                if i < b.count, b[i] == close {
                    i += 1
                    stack.removeLast()
                    return true
                }
                if stack.last! { return member() }
                return value()
            case UInt8(ascii: "\""): return string()
            case UInt8(ascii: "t"): return literal("true")
            case UInt8(ascii: "f"): return literal("false")
            case UInt8(ascii: "n"): return literal("null")
            default: return number()
            }
        }
        func member() -> Bool {
            ws()
            guard i < b.count, b[i] == UInt8(ascii: "\""), string() else { return false }
            ws()
            guard i < b.count, b[i] == UInt8(ascii: ":") else { return false }
            i += 1
            return value()
        }
        guard value() else { return false }
        // After each value: close containers or continue them.
        while !stack.isEmpty {
            ws()
            guard i < b.count else { return false }
            let isObject = stack.last!
            if b[i] == UInt8(ascii: ",") {
                i += 1
                guard isObject ? member() : value() else { return false }
            } else if b[i] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                i += 1
                stack.removeLast()
            } else {
                return false
            }
        }
        ws()
        return i == b.count
    }
}
