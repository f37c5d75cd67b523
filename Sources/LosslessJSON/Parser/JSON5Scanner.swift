/// The literals JSON5 spells differently from JSON — strings, numbers and identifier keys — on
/// zero-padded bytes, as the parser's scanners (`end` tells a NUL in the text from the padding).
enum JSON5Scanner {
    @inline(__always)
    static func isDigit(_ c: UInt8) -> Bool { c &- 0x30 < 10 }

    @inline(__always)
    static func isHexDigit(_ c: UInt8) -> Bool { (c &- 0x30) < 10 || ((c | 0x20) &- 0x61) < 6 }

    /// The byte whose case in the parser's switch of value starts takes `c`: a single quote is a
    /// string's quote, and '+', '.', 'I' and 'N' start numbers as '-' does.
    @inline(__always)
    static func valueStartClass(_ c: UInt8) -> UInt8 {
        switch c {
        case UInt8(ascii: "'"): UInt8(ascii: "\"")
        case UInt8(ascii: "+"), UInt8(ascii: "."), UInt8(ascii: "I"), UInt8(ascii: "N"): UInt8(ascii: "-")
        default: c
        }
    }

    /// Scans a string body after its opening quote (`"` or `'`); returns the byte after the
    /// closing one. `escaped` is set when the body holds a backslash. A JSON5 string may hold any
    /// character raw but its quote, a backslash and a line break (U+2028 and U+2029 included), and
    /// escapes `\'`, `\v`, `\0`, `\xHH`, any other non-digit character, and line breaks.
    @inline(__always)
    static func scanString(
        _ start: UnsafePointer<UInt8>, quote: UInt8, base: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>, escaped: inout Bool
    ) throws(RawParseError) -> UnsafePointer<UInt8> {
        var p = start
        while true {
            p = JSONParser.nextSpecialInString(p, quote: quote)
            let c = p.pointee
            if c == quote { return p + 1 }
            if c == UInt8(ascii: "\\") {
                escaped = true
                p = try scanEscape(p, base: base, end: end)
                continue
            }
            if c < 0x20 {
                if p >= end { throw RawParseError(offset: p - base, reason: .unterminatedString) }
                if c == 0x0A || c == 0x0D { throw RawParseError(offset: p - base, reason: .lineBreakInString) }
                p += 1
                continue
            }
            if c < 0x80 {
                p += 1  // the other quote
                continue
            }
            repeat {
                p = try JSONParser.validateUTF8Sequence(p, base: base, end: end)
            } while p.pointee >= 0x80
        }
    }

    /// Scans one escape at p (its backslash); returns the byte after it.
    @inline(__always)
    private static func scanEscape(_ p: UnsafePointer<UInt8>, base: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>) throws(RawParseError) -> UnsafePointer<UInt8> {
        let e = p[1]
        if p + 1 >= end { throw RawParseError(offset: p + 1 - base, reason: .unterminatedString) }
        switch e {
        case 0x0D: return p[2] == 0x0A ? p + 3 : p + 2  // a line continuation
        case UInt8(ascii: "x"):
            for i in 2..<4 where !isHexDigit(p[i]) { throw RawParseError(offset: p + i - base, reason: p + i >= end ? .unterminatedString : .invalidHexEscape) }
            return p + 4
        case UInt8(ascii: "u"):
            for i in 2..<6 where !isHexDigit(p[i]) { throw RawParseError(offset: p + i - base, reason: p + i >= end ? .unterminatedString : .invalidUnicodeEscape) }
            return p + 6
        case UInt8(ascii: "0"):
            if isDigit(p[2]) { throw RawParseError(offset: p + 2 - base, reason: .invalidEscape) }
            return p + 2
        case UInt8(ascii: "1")...UInt8(ascii: "9"):
            throw RawParseError(offset: p + 1 - base, reason: .invalidEscape)
        case 0x80...:
            // Any character escapes to itself (U+2028 and U+2029 make line continuations).
            return try JSONParser.validateUTF8Sequence(p + 1, base: base, end: end)
        default:
            return p + 2
        }
    }

    /// Scans a JSON5 number (a sign, then `Infinity`, `NaN`, `0x` and hexadecimal digits, or a
    /// decimal with optional digits before or after its point); returns the byte after it.
    /// `nonInteger` is set for a fraction, an exponent, `Infinity` or `NaN`.
    @inline(__always)
    static func scanNumber(_ start: UnsafePointer<UInt8>, base: UnsafePointer<UInt8>, nonInteger: inout Bool) throws(RawParseError) -> UnsafePointer<UInt8> {
        var p = start
        if p.pointee == UInt8(ascii: "-") || p.pointee == UInt8(ascii: "+") { p += 1 }
        switch p.pointee {
        case UInt8(ascii: "I"):
            // "Infinity"
            guard UnsafeRawPointer(p).loadUnaligned(as: UInt64.self) == 0x7974_696E_6966_6E49 else {
                throw RawParseError(offset: p - base, reason: .invalidLiteral)
            }
            nonInteger = true
            return p + 8
        case UInt8(ascii: "N"):
            guard p[1] == UInt8(ascii: "a"), p[2] == UInt8(ascii: "N") else { throw RawParseError(offset: p - base, reason: .invalidLiteral) }
            nonInteger = true
            return p + 3
        case UInt8(ascii: "0") where p[1] | 0x20 == UInt8(ascii: "x"):
            p += 2
            guard isHexDigit(p.pointee) else { throw RawParseError(offset: p - base, reason: .expectedHexDigit) }
            while isHexDigit(p.pointee) { p += 1 }
            return p
        case UInt8(ascii: "."):
            p += 1
            guard isDigit(p.pointee) else { throw RawParseError(offset: p - base, reason: .expectedFractionDigit) }
            nonInteger = true
            p = JSONParser.skipDigits(p + 1)
        case UInt8(ascii: "0"):
            p += 1
            if isDigit(p.pointee) { throw RawParseError(offset: p - base, reason: .leadingZero) }
        case UInt8(ascii: "1")...UInt8(ascii: "9"):
            p += 1
            while isDigit(p.pointee) { p += 1 }
        default:
            throw RawParseError(offset: p - base, reason: .expectedDigit)
        }
        if p.pointee == UInt8(ascii: ".") {
            // After digits the point may stand alone ("5.").
            nonInteger = true
            p = JSONParser.skipDigits(p + 1)
        }
        if p.pointee | 0x20 == UInt8(ascii: "e") {
            nonInteger = true
            p += 1
            if p.pointee == UInt8(ascii: "+") || p.pointee == UInt8(ascii: "-") { p += 1 }
            guard isDigit(p.pointee) else { throw RawParseError(offset: p - base, reason: .expectedExponentDigit) }
            p = JSONParser.skipDigits(p + 1)
        }
        return p
    }

    /// Whether p starts a JSON5 identifier (ECMAScript 5.1 IdentifierStart: a Unicode letter, `$`,
    /// `_` or a `\u` escape).
    @inline(__always)
    static func startsIdentifier(_ p: UnsafePointer<UInt8>) -> Bool {
        let c = p.pointee
        if c < 0x80 { return ((c | 0x20) &- 0x61) < 26 || c == UInt8(ascii: "$") || c == UInt8(ascii: "_") || c == UInt8(ascii: "\\") }
        guard let (scalar, _) = scalar(at: p) else { return false }
        return isIdentifierStart(scalar)
    }

    /// Scans an identifier key at p; returns the byte after it. `escaped` is set when it holds a
    /// `\u` escape (each must stand for a character that may stand there).
    static func scanIdentifier(_ start: UnsafePointer<UInt8>, base: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>, escaped: inout Bool) throws(RawParseError) -> UnsafePointer<UInt8> {
        var p = start
        while true {
            // The common case, ASCII letters, digits, `_` and `$` after the first character, in a tight loop.
            if p != start { while continuesIdentifier(p.pointee) { p += 1 } }
            let c = p.pointee
            let first = p == start
            if c < 0x80 {
                if ((c | 0x20) &- 0x61) < 26 || c == UInt8(ascii: "$") || c == UInt8(ascii: "_") || (!first && isDigit(c)) {
                    p += 1
                    continue
                }
                if c == UInt8(ascii: "\\") {
                    guard p[1] == UInt8(ascii: "u") else { throw RawParseError(offset: p - base, reason: .invalidIdentifier) }
                    var value: UInt32 = 0
                    for i in 2..<6 {
                        guard isHexDigit(p[i]) else { throw RawParseError(offset: p + i - base, reason: .invalidUnicodeEscape) }
                        let d = p[i]
                        value = value << 4 | UInt32(d <= UInt8(ascii: "9") ? d - 0x30 : (d | 0x20) - 0x61 + 10)
                    }
                    guard let scalar = Unicode.Scalar(value), first ? isIdentifierStart(scalar) : isIdentifierPart(scalar) else {
                        throw RawParseError(offset: p - base, reason: .invalidIdentifier)
                    }
                    escaped = true
                    p += 6
                    continue
                }
                if first { throw RawParseError(offset: p - base, reason: .invalidIdentifier) }
                return p
            }
            guard p < end, let (scalar, length) = scalar(at: p) else {
                if first { throw RawParseError(offset: p - base, reason: .invalidIdentifier) }
                return p
            }
            guard first ? isIdentifierStart(scalar) : isIdentifierPart(scalar) else {
                if first { throw RawParseError(offset: p - base, reason: .invalidIdentifier) }
                return p
            }
            p += length
        }
    }

    /// Whether `c` is an ASCII character that may continue an identifier (a bit per byte: `$` and
    /// the digits among bytes 0–63, the letters and `_` among 64–127).
    @inline(__always)
    private static func continuesIdentifier(_ c: UInt8) -> Bool {
        c < 64 ? (0x03FF_0010_0000_0000 as UInt64) >> c & 1 != 0 : c < 128 && (0x07FF_FFFE_87FF_FFFE as UInt64) >> (c & 63) & 1 != 0
    }

    /// The scalar a valid UTF-8 sequence at p encodes, and its length; nil when the bytes are not one.
    static func scalar(at p: UnsafePointer<UInt8>) -> (Unicode.Scalar, Int)? {
        let b0 = p.pointee
        let length = b0 >= 0xF0 ? 4 : b0 >= 0xE0 ? 3 : b0 >= 0xC0 ? 2 : 1
        var decoder = UTF8()
        var iterator = UnsafeBufferPointer(start: p, count: length).makeIterator()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return nil }
        return (scalar, length)
    }

    /// ECMAScript 5.1 UnicodeLetter, `$` and `_`.
    static func isIdentifierStart(_ scalar: Unicode.Scalar) -> Bool {
        if scalar == "$" || scalar == "_" { return true }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .letterNumber: return true
        default: return false
        }
    }

    /// ECMAScript 5.1 IdentifierPart: a start, a combining mark, a digit, a connector, ZWNJ or ZWJ.
    static func isIdentifierPart(_ scalar: Unicode.Scalar) -> Bool {
        if isIdentifierStart(scalar) || scalar.value == 0x200C || scalar.value == 0x200D { return true }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .decimalNumber, .connectorPunctuation: return true
        default: return false
        }
    }
}
