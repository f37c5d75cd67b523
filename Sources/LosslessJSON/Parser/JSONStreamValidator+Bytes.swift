/// The bytes the scanners do not take, one at a time: the state machine.
extension JSONStreamValidator {

    @inline(__always)
    static func isDigit(_ c: UInt8) -> Bool { c &- 0x30 < 10 }

    @inline(__always)
    static func isHexDigit(_ c: UInt8) -> Bool { (c &- 0x30) < 10 || ((c | 0x20) &- 0x61) < 6 }

    func isObject(_ level: Int) -> Bool { containers[level >> 6] >> UInt64(level & 63) & 1 == 1 }

    /// The error for a byte that cannot follow a value (`1.2.3` and `12abc` get their own reason).
    func unexpected(_ c: UInt8, after previous: UInt8, at position: Int, otherwise reason: RawParseError.Reason) -> RawParseError {
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
    mutating func consume(_ bytes: UnsafeBufferPointer<UInt8>) throws(RawParseError) {
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

    mutating func setContainer(_ level: Int, isObject object: Bool) {
        if level >> 6 == containers.count { containers.append(0) }
        let bit = UInt64(1) << UInt64(level & 63)
        if object { containers[level >> 6] |= bit } else { containers[level >> 6] &= ~bit }
    }

    /// The end of the text, in whatever state it leaves.
    mutating func end() throws(RawParseError) {
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
}
