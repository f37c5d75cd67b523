/// Checks a JSON text fed in pieces of any size, in memory that does not grow with the text: the
/// state between two pieces is a few words and one bit per open container. It accepts and rejects
/// exactly what the indexing parser does — the same reason at the same offset — so
/// `keepsake validate` can check a file larger than memory, or a hostile one (two gigabytes of
/// spaces), without reading it whole.
///
/// Lines and columns are tracked as it goes (line breaks occur only between tokens, continuation
/// bytes only in strings it validates), so an error is placed without a second pass; it is thrown
/// once the few bytes after it that its excerpt shows have arrived (or at `finish()`).
public struct JSONStreamValidator: Sendable {
    private enum State: UInt8 {
        case byteOrderMark, value, arrayStart, objectStart, key, colon, afterValue
        case string, escape, unicodeEscape, utf8
        case numberAfterMinus, numberAfterZero, numberInteger, numberFractionFirst, numberFraction
        case numberExponentSign, numberExponentFirst, numberExponent
        case literal
    }

    private let maxDepth: Int
    private var state = State.byteOrderMark
    /// The absolute offset of the next byte.
    public private(set) var offset = 0
    private var line = 1
    private var lineStart = 0
    /// Continuation bytes seen (validated inside strings), and how many were before the line's start.
    private var continuations = 0
    private var continuationsAtLineStart = 0
    /// One bit per open container, set for an object; `depth` of them are in use.
    private var containers: [UInt64] = []
    private var depth = 0
    private var afterComma = false
    private var stringIsKey = false
    private var previous: UInt8 = 0
    /// Inside a `\uXXXX` escape: hex digits still expected.
    private var hexLeft = 0
    /// Inside a UTF-8 sequence: continuation bytes still expected, and the bounds of the next one.
    private var utf8Left = 0
    private var utf8Lower: UInt8 = 0x80
    private var utf8Upper: UInt8 = 0xBF
    /// Inside a literal: which one, how far, and where it started.
    private var literal: StaticString = "true"
    private var literalIndex = 0
    private var literalStart = 0
    /// The last bytes before the current piece (for an error's excerpt).
    private var tail: [UInt8] = []
    /// 80 bytes shown before an error, plus a literal's length: a literal's error is at its start,
    /// which may be in the piece before.
    private static let tailLength = 88

    /// A validator with the parser's options (`maxDepth`).
    public init(options: JSONParseOptions = .default) {
        maxDepth = options.maxDepth
    }

    /// An error found, waiting for the bytes after it that its description shows.
    private var pending: (error: RawParseError, window: [UInt8], windowBegin: Int)?
    /// How many bytes after an error its description needs (the excerpt, and a scalar "found").
    private static let lookahead = 84

    /// Checks the next piece of the text; throws the parser's error (line and column counted from
    /// the start of the whole text) at the first byte that cannot be there — once the bytes after
    /// it that the error shows have arrived, or at `finish()`.
    public mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONParseError) {
        if pending != nil {
            pending!.window.append(contentsOf: bytes.prefix(Self.lookahead))
            try throwPendingIfComplete()
            return
        }
        let pieceStart = offset
        do {
            try consumeSplittingAtLines(bytes)
        } catch {
            pending = (error, tail + Array(bytes), pieceStart - tail.count)
            try throwPendingIfComplete()
            return
        }
        keepTail(bytes)
    }

    /// Ends the text: throws when it stops before a whole value (or an error found is waiting).
    public mutating func finish() throws(JSONParseError) {
        if let pending { throw describe(pending.error, window: pending.window, windowBegin: pending.windowBegin) }
        do {
            try end()
        } catch {
            throw describe(error, window: tail, windowBegin: offset - tail.count)
        }
    }

    private func throwPendingIfComplete() throws(JSONParseError) {
        guard let pending else { return }
        if pending.window.count - (pending.error.offset - pending.windowBegin) >= Self.lookahead {
            throw describe(pending.error, window: pending.window, windowBegin: pending.windowBegin)
        }
    }

    // MARK: Whole lines at once

    /// A region shorter than this goes through the byte machine: copying it is not worth it.
    private static let fastRegionMinimum = 4096

    /// Zero-padded room for a region, reused from piece to piece (copied only if the validator
    /// itself was copied mid-text).
    private final class Scratch: @unchecked Sendable {
        let base: UnsafeMutablePointer<UInt8>
        let capacity: Int

        init(capacity: Int) {
            self.capacity = capacity
            base = .allocate(capacity: capacity + JSONBytes.padding)
        }

        deinit { base.deallocate() }
    }

    private var scratch: Scratch?

    /// Consumes a piece, the part between its first and last line break at the parser's pace.
    ///
    /// A line break is always between tokens in valid JSON (a string cannot hold one), so the bytes
    /// after the first line break start at a token, and the bytes before the last one end at one.
    /// That part is copied behind zero padding and run through the parser's own scanners
    /// (`fastForward`), which need no bounds checks and no state between bytes; the ends of the
    /// piece, where tokens cross into the pieces around it, go through the byte machine. Anything
    /// the fast run does not accept is run again through the byte machine from the same state, so
    /// every error is the byte machine's, at the same offset with the same words.
    private mutating func consumeSplittingAtLines(_ bytes: UnsafeBufferPointer<UInt8>) throws(RawParseError) {
        guard let base = bytes.baseAddress, bytes.count >= 2 * Self.fastRegionMinimum,
            let first = UnsafeBufferPointer(rebasing: bytes[..<Self.fastRegionMinimum]).firstIndex(of: 0x0A),
            let last = UnsafeBufferPointer(rebasing: bytes[(bytes.count - Self.fastRegionMinimum)...]).lastIndex(of: 0x0A)
        else {
            try consume(bytes)
            return
        }
        let regionStart = first + 1
        let regionEnd = bytes.count - Self.fastRegionMinimum + last
        try consume(UnsafeBufferPointer(start: base, count: regionStart))
        let region = UnsafeBufferPointer(start: base + regionStart, count: regionEnd - regionStart)
        if !fastForward(region) { try consume(region) }
        try consume(UnsafeBufferPointer(start: base + regionEnd, count: bytes.count - regionEnd))
    }

    /// Runs a region that starts and ends between tokens (after and before a line break) through
    /// the parser's scanners, in the parser's order (a key and its colon together, then the
    /// value, then what follows it); on success the state is as the byte machine would leave it
    /// (the line count included) and true is returned. On anything it does not accept it returns
    /// false with the state as it was, for the byte machine to find the error.
    private mutating func fastForward(_ region: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let source = region.baseAddress, !region.isEmpty else { return true }
        switch state {
        case .value, .arrayStart, .objectStart, .key, .colon, .afterValue: break
        default: return false
        }
        if !isKnownUniquelyReferenced(&scratch) || (scratch?.capacity ?? 0) < region.count {
            scratch = Scratch(capacity: max(region.count, JSONFileReader.validationPiece))
        }
        guard let room = scratch?.base else { return false }
        room.update(from: source, count: region.count)
        (room + region.count).initialize(repeating: 0, count: JSONBytes.padding)
        let base = UnsafePointer(room)
        let end = base + region.count

        var state = self.state
        var depth = self.depth
        var afterComma = self.afterComma
        var containers = self.containers
        var p = base
        var lineBreaks = 0

        // The region begins in the byte machine's state: bring it to a value's start (state
        // `.value` or `.arrayStart`) or to the place after a value (`.afterValue`).
        Self.skipSpace(&p, counting: &lineBreaks)
        scanning: do {
            switch state {
            case .objectStart where p.pointee == UInt8(ascii: "}"), .arrayStart where p.pointee == UInt8(ascii: "]"):
                depth -= 1
                p += 1
                state = .afterValue
            case .objectStart, .key:
                guard Self.key(&p, end: end, lineBreaks: &lineBreaks, state: &state) else {
                    if p == end { break scanning }
                    return false
                }
            case .colon:
                if p == end { break scanning }
                guard p.pointee == UInt8(ascii: ":") else { return false }
                p += 1
                Self.skipSpace(&p, counting: &lineBreaks)
                state = .value
            default:
                break
            }
            while true {
                if state != .afterValue {
                    // A value starts at p.
                    let c = p.pointee
                    switch c {
                    case UInt8(ascii: "\""):
                        var escaped = false
                        do { p = try JSONParser.scanString(p + 1, base: base, end: end, escaped: &escaped) } catch { return false }
                    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                        var nonInteger = false
                        do { p = try JSONParser.scanNumber(p, base: base, nonInteger: &nonInteger) } catch { return false }
                    case UInt8(ascii: "t"), UInt8(ascii: "n"):
                        let word = UnsafeRawPointer(p).loadUnaligned(as: UInt32.self)
                        guard word == 0x6575_7274 || word == 0x6C6C_756E else { return false }
                        p += 4
                    case UInt8(ascii: "f"):
                        guard UnsafeRawPointer(p + 1).loadUnaligned(as: UInt32.self) == 0x6573_6C61 else { return false }
                        p += 5
                    case UInt8(ascii: "["), UInt8(ascii: "{"):
                        guard depth < maxDepth else { return false }
                        let object = c == UInt8(ascii: "{")
                        if depth >> 6 == containers.count { containers.append(0) }
                        let bit = UInt64(1) << UInt64(depth & 63)
                        if object { containers[depth >> 6] |= bit } else { containers[depth >> 6] &= ~bit }
                        depth += 1
                        afterComma = false
                        p += 1
                        Self.skipSpace(&p, counting: &lineBreaks)
                        state = object ? .objectStart : .arrayStart
                        if p == end { break scanning }
                        if p.pointee == UInt8(ascii: object ? "}" : "]") {
                            depth -= 1
                            p += 1
                        } else {
                            if object {
                                guard Self.key(&p, end: end, lineBreaks: &lineBreaks, state: &state) else {
                                    if p == end { break scanning }
                                    return false
                                }
                            }
                            continue
                        }
                    case 0 where p == end:
                        break scanning
                    default:
                        return false
                    }
                    state = .afterValue
                }
                // After a value: a separator, the end of a container, or the end of the region.
                Self.skipSpace(&p, counting: &lineBreaks)
                let c = p.pointee
                if c == 0, p == end { break scanning }
                guard depth > 0 else { return false }
                let level = depth - 1
                let object = containers[level >> 6] >> UInt64(level & 63) & 1 == 1
                if c == UInt8(ascii: ",") {
                    afterComma = true
                    p += 1
                    Self.skipSpace(&p, counting: &lineBreaks)
                    state = object ? .key : .value
                    if p == end { break scanning }
                    if object {
                        guard Self.key(&p, end: end, lineBreaks: &lineBreaks, state: &state) else {
                            if p == end { break scanning }
                            return false
                        }
                    }
                    continue
                }
                guard c == UInt8(ascii: object ? "}" : "]") else { return false }
                depth -= 1
                p += 1
            }
        }
        self.state = state
        self.depth = depth
        self.afterComma = afterComma
        self.containers = containers
        // What the byte machine would have counted. The line's start and its continuation bytes
        // are set again by the line break that follows the region before any column is needed.
        offset += region.count
        line += lineBreaks
        lineStart = offset
        continuationsAtLineStart = continuations
        previous = region[region.count - 1]
        return true
    }

    /// Skips white space, counting line breaks (the parser's skip does not count them).
    @inline(__always)
    private static func skipSpace(_ p: inout UnsafePointer<UInt8>, counting lineBreaks: inout Int) {
        while true {
            let c = p.pointee
            if c == 0x20 {
                p += 1
                while UnsafeRawPointer(p).loadUnaligned(as: UInt64.self) == 0x2020_2020_2020_2020 { p += 8 }
            } else if c == 0x0A {
                lineBreaks += 1
                p += 1
            } else if c == 0x09 || c == 0x0D {
                p += 1
            } else {
                return
            }
        }
    }

    /// Scans `"key"` at p and the colon after it, leaving p at the value (state `.value`). False
    /// where it cannot: at the region's end before the key (state unchanged) or after it (state
    /// `.colon`), or at a byte the byte machine must judge.
    @inline(__always)
    private static func key(
        _ p: inout UnsafePointer<UInt8>, end: UnsafePointer<UInt8>, lineBreaks: inout Int, state: inout State
    ) -> Bool {
        guard p.pointee == UInt8(ascii: "\"") else { return false }
        var escaped = false
        do { p = try JSONParser.scanString(p + 1, base: p, end: end, escaped: &escaped) } catch { return false }
        skipSpace(&p, counting: &lineBreaks)
        guard p.pointee == UInt8(ascii: ":") else {
            state = .colon
            return false
        }
        p += 1
        skipSpace(&p, counting: &lineBreaks)
        state = .value
        return true
    }

    // MARK: The bytes

    @inline(__always)
    private static func isDigit(_ c: UInt8) -> Bool { c &- 0x30 < 10 }

    @inline(__always)
    private static func isHexDigit(_ c: UInt8) -> Bool { (c &- 0x30) < 10 || ((c | 0x20) &- 0x61) < 6 }

    private func isObject(_ level: Int) -> Bool { containers[level >> 6] >> UInt64(level & 63) & 1 == 1 }

    /// The error for a byte that cannot follow a value (`1.2.3` and `12abc` get their own reason).
    private func unexpected(_ c: UInt8, after previous: UInt8, at position: Int, otherwise reason: RawParseError.Reason) -> RawParseError {
        if Self.isDigit(previous),
            c == UInt8(ascii: ".") || c == UInt8(ascii: "+") || c == UInt8(ascii: "-") || ((c | 0x20) &- 0x61) < 26 || Self.isDigit(c)
        {
            return RawParseError(offset: position, reason: .invalidNumberSuffix)
        }
        return RawParseError(offset: position, reason: reason)
    }

    /// Consumes a piece. The state lives in locals while the loop runs (written back at the end,
    /// also when it throws): the loop then keeps it in registers, which roughly triples its speed.
    // swiftlint:disable:next cyclomatic_complexity function_body_length
    private mutating func consume(_ bytes: UnsafeBufferPointer<UInt8>) throws(RawParseError) {
        guard let base = bytes.baseAddress else { return }
        let count = bytes.count
        let start = offset
        var i = 0
        var state = self.state
        var depth = self.depth
        var afterComma = self.afterComma
        var stringIsKey = self.stringIsKey
        var previous = self.previous
        var line = self.line
        var lineStart = self.lineStart
        var continuations = self.continuations
        var continuationsAtLineStart = self.continuationsAtLineStart
        defer {
            offset = start + i
            self.state = state
            self.depth = depth
            self.afterComma = afterComma
            self.stringIsKey = stringIsKey
            self.previous = previous
            self.line = line
            self.lineStart = lineStart
            self.continuations = continuations
            self.continuationsAtLineStart = continuationsAtLineStart
        }
        let ones: UInt64 = 0x0101_0101_0101_0101
        while i < count {
            let c = base[i]
            switch state {
            case .value, .arrayStart, .objectStart, .key, .colon, .afterValue:
                // White space (line breaks counted) between tokens.
                if c <= 0x20 {
                    if c == 0x20 || c == 0x09 || c == 0x0D {
                        i += 1
                        // Runs of spaces (indentation, padding) eight at a time.
                        while i + 8 <= count, UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self) == 0x2020_2020_2020_2020 { i += 8 }
                        previous = base[i - 1]
                        continue
                    }
                    if c == 0x0A {
                        i += 1
                        previous = c
                        line += 1
                        lineStart = start + i
                        continuationsAtLineStart = continuations
                        continue
                    }
                }
                let here = start + i
                switch state {
                case .objectStart where c == UInt8(ascii: "}"):
                    depth -= 1
                    state = .afterValue
                case .objectStart, .key:
                    guard c == UInt8(ascii: "\"") else {
                        throw RawParseError(offset: here, reason: state == .key ? .expectedKeyAfterComma : .expectedKey)
                    }
                    stringIsKey = true
                    state = .string
                case .colon:
                    guard c == UInt8(ascii: ":") else { throw RawParseError(offset: here, reason: .expectedColon) }
                    state = .value
                case .arrayStart where c == UInt8(ascii: "]"):
                    depth -= 1
                    state = .afterValue
                case .afterValue:
                    guard depth > 0 else { throw unexpected(c, after: previous, at: here, otherwise: .expectedEnd) }
                    let object = isObject(depth - 1)
                    if c == UInt8(ascii: ",") {
                        afterComma = true
                        state = object ? .key : .value
                    } else if c == UInt8(ascii: object ? "}" : "]") {
                        depth -= 1
                    } else {
                        throw unexpected(c, after: previous, at: here, otherwise: object ? .expectedCommaOrBrace : .expectedCommaOrBracket)
                    }
                default:  // a value starts
                    switch c {
                    case UInt8(ascii: "\""):
                        stringIsKey = false
                        state = .string
                    case UInt8(ascii: "-"):
                        state = .numberAfterMinus
                    case UInt8(ascii: "0"):
                        state = .numberAfterZero
                    case UInt8(ascii: "1")...UInt8(ascii: "9"):
                        state = .numberInteger
                    case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
                        literal = c == UInt8(ascii: "t") ? "true" : c == UInt8(ascii: "f") ? "false" : "null"
                        literalIndex = 1
                        literalStart = here
                        state = .literal
                    case UInt8(ascii: "["), UInt8(ascii: "{"):
                        guard depth < maxDepth else { throw RawParseError(offset: here, reason: .tooDeep(maxDepth)) }
                        setContainer(depth, isObject: c == UInt8(ascii: "{"))
                        depth += 1
                        afterComma = false
                        state = c == UInt8(ascii: "{") ? .objectStart : .arrayStart
                    default:
                        throw RawParseError(offset: here, reason: afterComma ? .expectedValueAfterComma : .expectedValue)
                    }
                }
                previous = c
                i += 1
            case .string:
                // Runs of plain ASCII eight bytes at a time, as the parser does.
                while i + 8 <= count {
                    let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
                    let quotes = word ^ (ones &* 0x22)
                    let slashes = word ^ (ones &* 0x5C)
                    let hits = ((quotes &- ones) & ~quotes) | ((slashes &- ones) & ~slashes) | ((word &- ones &* 0x20) & ~word) | word
                    let mask = hits & 0x8080_8080_8080_8080
                    if mask != 0 {
                        i += mask.trailingZeroBitCount >> 3
                        break
                    }
                    i += 8
                }
                guard i < count else { break }
                let b = base[i]
                let position = start + i
                i += 1
                previous = b
                if b == UInt8(ascii: "\"") {
                    state = stringIsKey ? .colon : .afterValue
                } else if b == UInt8(ascii: "\\") {
                    state = .escape
                } else if b < 0x20 {
                    throw RawParseError(offset: position, reason: .controlCharacterInString)
                } else if b >= 0x80 {
                    // The lead byte of a UTF-8 sequence (RFC 3629: no overlongs, no surrogates, ≤ U+10FFFF).
                    switch b {
                    case 0xC2..<0xE0: (utf8Left, utf8Lower, utf8Upper) = (1, 0x80, 0xBF)
                    case 0xE0..<0xF0: (utf8Left, utf8Lower, utf8Upper) = (2, b == 0xE0 ? 0xA0 : 0x80, b == 0xED ? 0x9F : 0xBF)
                    case 0xF0..<0xF5: (utf8Left, utf8Lower, utf8Upper) = (3, b == 0xF0 ? 0x90 : 0x80, b == 0xF4 ? 0x8F : 0xBF)
                    default: throw RawParseError(offset: position, reason: .invalidUTF8)
                    }
                    state = .utf8
                }
            case .utf8:
                guard c >= utf8Lower, c <= utf8Upper else { throw RawParseError(offset: start + i, reason: .invalidUTF8) }
                continuations += 1
                utf8Left -= 1
                (utf8Lower, utf8Upper) = (0x80, 0xBF)
                if utf8Left == 0 { state = .string }
                previous = c
                i += 1
            case .numberAfterZero, .numberInteger, .numberFraction, .numberExponent:
                if Self.isDigit(c) {
                    if state == .numberAfterZero { throw RawParseError(offset: start + i, reason: .leadingZero) }
                    i += 1
                    while i < count, Self.isDigit(base[i]) { i += 1 }
                    previous = base[i - 1]
                    continue
                }
                if c == UInt8(ascii: "."), state != .numberFraction, state != .numberExponent {
                    state = .numberFractionFirst
                } else if c | 0x20 == UInt8(ascii: "e"), state != .numberExponent {
                    state = .numberExponentSign
                } else {
                    state = .afterValue  // the number ended; this byte is read after it
                    continue
                }
                previous = c
                i += 1
            case .byteOrderMark:
                // The first three bytes may be a byte-order mark; anything else is the text itself.
                let here = start + i
                let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
                if here < 3, c == mark[here] {
                    i += 1
                    if here > 0 { continuations += 1 }  // the parser's columns skip them too
                    if here == 2 { state = .value }
                    continue
                }
                guard here == 0 else {
                    continuations = 0  // the error is at the first byte, before them
                    throw RawParseError(offset: 0, reason: .expectedValue)
                }
                state = .value
            case .escape:
                switch c {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                    UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    state = .string
                case UInt8(ascii: "u"):
                    hexLeft = 4
                    state = .unicodeEscape
                default:
                    throw RawParseError(offset: start + i, reason: .invalidEscape)
                }
                previous = c
                i += 1
            case .unicodeEscape:
                guard Self.isHexDigit(c) else { throw RawParseError(offset: start + i, reason: .invalidUnicodeEscape) }
                hexLeft -= 1
                if hexLeft == 0 { state = .string }
                previous = c
                i += 1
            case .numberAfterMinus:
                if c == UInt8(ascii: "0") {
                    state = .numberAfterZero
                } else if Self.isDigit(c) {
                    state = .numberInteger
                } else {
                    throw RawParseError(offset: start + i, reason: .expectedDigit)
                }
                previous = c
                i += 1
            case .numberFractionFirst:
                guard Self.isDigit(c) else { throw RawParseError(offset: start + i, reason: .expectedFractionDigit) }
                state = .numberFraction
                previous = c
                i += 1
            case .numberExponentSign, .numberExponentFirst:
                if state == .numberExponentSign, c == UInt8(ascii: "+") || c == UInt8(ascii: "-") {
                    state = .numberExponentFirst
                } else if Self.isDigit(c) {
                    state = .numberExponent
                } else {
                    throw RawParseError(offset: start + i, reason: .expectedExponentDigit)
                }
                previous = c
                i += 1
            case .literal:
                let expected = literal.withUTF8Buffer { $0[literalIndex] }
                guard c == expected else { throw RawParseError(offset: literalStart, reason: .invalidLiteral) }
                literalIndex += 1
                if literalIndex == literal.utf8CodeUnitCount { state = .afterValue }
                previous = c
                i += 1
            }
        }
    }

    private mutating func setContainer(_ level: Int, isObject object: Bool) {
        if level >> 6 == containers.count { containers.append(0) }
        let bit = UInt64(1) << UInt64(level & 63)
        if object { containers[level >> 6] |= bit } else { containers[level >> 6] &= ~bit }
    }

    /// The end of the text, in whatever state it leaves.
    private mutating func end() throws(RawParseError) {
        let here = offset
        switch state {
        case .byteOrderMark:
            continuations = 0  // the error is at the first byte, before them
            throw RawParseError(offset: 0, reason: .expectedValue)
        case .value, .arrayStart:
            throw RawParseError(offset: here, reason: afterComma ? .expectedValueAfterComma : .expectedValue)
        case .objectStart:
            throw RawParseError(offset: here, reason: .expectedKey)
        case .key:
            throw RawParseError(offset: here, reason: .expectedKeyAfterComma)
        case .colon:
            throw RawParseError(offset: here, reason: .expectedColon)
        case .string, .escape, .unicodeEscape, .utf8:
            throw RawParseError(offset: here, reason: .unterminatedString)
        case .numberAfterMinus:
            throw RawParseError(offset: here, reason: .expectedDigit)
        case .numberFractionFirst:
            throw RawParseError(offset: here, reason: .expectedFractionDigit)
        case .numberExponentSign, .numberExponentFirst:
            throw RawParseError(offset: here, reason: .expectedExponentDigit)
        case .literal:
            throw RawParseError(offset: literalStart, reason: .invalidLiteral)
        case .numberAfterZero, .numberInteger, .numberFraction, .numberExponent, .afterValue:
            guard depth > 0 else { return }
            throw RawParseError(offset: here, reason: isObject(depth - 1) ? .expectedCommaOrBrace : .expectedCommaOrBracket)
        }
    }

    // MARK: Describing an error

    private mutating func keepTail(_ bytes: UnsafeBufferPointer<UInt8>) {
        if bytes.count >= Self.tailLength {
            tail = Array(bytes[(bytes.count - Self.tailLength)...])
        } else {
            tail.append(contentsOf: bytes)
            if tail.count > Self.tailLength { tail.removeFirst(tail.count - Self.tailLength) }
        }
    }

    /// The parser's error for `raw`: its words from the bytes around the offset, its line and
    /// column from what was counted.
    private func describe(_ raw: RawParseError, window: [UInt8], windowBegin: Int) -> JSONParseError {
        let errorOffset = raw.offset
        let at = min(max(errorOffset - windowBegin, 0), window.count)
        // From the error's line start (or 80 bytes before the error) to just past what it shows.
        let from = max(lineStart - windowBegin, at - 80, 0)
        let shown = JSONBytes(window[from..<min(window.count, at + Self.lookahead)])
        let local = JSONParseError(RawParseError(offset: at - from, reason: raw.reason), in: shown)
        let clipped = windowBegin + from > lineStart
        return JSONParseError(
            offset: errorOffset, line: line, column: errorOffset - lineStart - (continuations - continuationsAtLineStart) + 1,
            expected: local.expected, found: local.found, sourceLine: (clipped ? "…" : "") + local.sourceLine, hint: local.hint,
            caretColumn: local.caretColumn + (clipped ? 1 : 0))
    }
}
