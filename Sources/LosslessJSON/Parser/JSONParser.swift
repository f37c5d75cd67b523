/// The one-pass validating RFC 8259 parser that builds a `JSONIndex`.
///
/// It walks padded bytes with raw pointers (the zero padding ends every loop, so the hot paths test
/// neither bounds nor end of input), keeps open containers on an explicit stack (no recursion, any
/// depth), and writes one 16-byte record per value. Strings are validated but not decoded; numbers
/// are checked against the grammar but not converted.
enum JSONParser {
    static let quote = UInt8(ascii: "\"")
    /// The position of a container in the index is kept in 30 bits while it is open.
    static let maxOpenPosition = 1 << 30
    static let backslash = UInt8(ascii: "\\")

    /// Parses `bytes` (a UTF-8 BOM is skipped, and kept in the bytes) into an index; with
    /// `folding`, small containers below the root keep one entry each (see `JSONFolding`).
    static func index(
        _ bytes: JSONBytes, options: JSONParseOptions, progress: JSONParseProgress? = nil, folding: JSONFolding? = nil
    ) throws(JSONParseError) -> JSONIndex {
        do {
            // Each kind of text takes a loop compiled for it: one within the offset limit (any under
            // 4 GiB) with no segment checks, a JSON text with no line checks.
            // A syntax beyond JSON takes a loop of its own too (JSON Lines are strict JSON).
            let foldBytes = folding?.maxBytes ?? 0
            func parse<Layout: TextLayout, Rules: SyntaxRules>(_: Layout.Type, _: Rules.Type) throws(RawParseError) -> JSONIndex {
                if bytes.count > options.offsetLimit {
                    return try buildIndex(bytes, options: options, progress: progress, foldBytes: foldBytes, ManySegments.self, Layout.self, Rules.self)
                }
                return try buildIndex(bytes, options: options, progress: progress, foldBytes: foldBytes, OneSegment.self, Layout.self, Rules.self)
            }
            if options.jsonLines { return try parse(JSONLinesLayout.self, StrictJSONRules.self) }
            switch options.syntax {
            case .json: return try parse(OneTextLayout.self, StrictJSONRules.self)
            case .jsonc: return try parse(OneTextLayout.self, CommentedJSONRules.self)
            case .json5: return try parse(OneTextLayout.self, JSON5Rules.self)
            }
        } catch {
            throw JSONParseError(error, in: bytes, syntax: options.jsonLines ? .json : options.syntax)
        }
    }

    @inline(__always)
    private static func isWhitespace(_ c: UInt8) -> Bool {
        c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09
    }

    /// Skips whitespace; after a line break, runs of spaces are skipped eight at a time.
    @inline(__always)
    static func skipWhitespace(_ start: UnsafePointer<UInt8>) -> UnsafePointer<UInt8> {
        var p = start
        while true {
            let c = p.pointee
            if c > 0x20 { return p }
            if c == 0x0A {
                p += 1
                while UnsafeRawPointer(p).loadUnaligned(as: UInt64.self) == 0x2020_2020_2020_2020 { p += 8 }
                continue
            }
            if c == 0x20 || c == 0x0D || c == 0x09 { p += 1; continue }
            return p
        }
    }

    /// Skips the white space of a JSON Lines line: spaces, tabs and carriage returns, but not a
    /// line feed or the carriage return before one (the line's break).
    @inline(__always)
    static func skipSpaces(_ start: UnsafePointer<UInt8>) -> UnsafePointer<UInt8> {
        var p = start
        while p.pointee == 0x20 || p.pointee == 0x09 || (p.pointee == 0x0D && p[1] != 0x0A) { p += 1 }
        return p
    }

    @inline(__always)
    static func isDigit(_ c: UInt8) -> Bool { c &- 0x30 < 10 }

    static let ones: UInt64 = 0x0101_0101_0101_0101
    static let highs: UInt64 = 0x8080_8080_8080_8080

    /// The first byte from `start` that a string's scan must look at: `quote`, '\\', a control byte
    /// or a non-ASCII byte — found eight bytes at a time.
    @inline(__always)
    static func nextSpecialInString(_ start: UnsafePointer<UInt8>, quote: UInt8) -> UnsafePointer<UInt8> {
        var p = start
        let quotes = ones &* UInt64(quote)
        while true {
            let word = UnsafeRawPointer(p).loadUnaligned(as: UInt64.self)
            let q = word ^ quotes
            let slashes = word ^ (ones &* 0x5C)
            let hits = ((q &- ones) & ~q) | ((slashes &- ones) & ~slashes) | ((word &- ones &* 0x20) & ~word) | word
            let mask = hits & highs
            if mask != 0 { return p + (mask.trailingZeroBitCount >> 3) }
            p += 8
        }
    }

    /// Scans a string body starting after the opening quote; returns the byte after the closing quote.
    /// `escaped` is set when the body holds a backslash escape.
    ///
    /// Transparent, not `@inline(__always)`: the parser's loop, compiled per syntax, grew past the
    /// size below which the optimizer honours that hint, and a call per string cost strict JSON 10%
    /// on the 100 MB benchmark (callgrind: 138 M instructions for 10 MB against 118 M before).
    @_transparent
    static func scanString(
        _ start: UnsafePointer<UInt8>, base: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>, escaped: inout Bool
    ) throws(RawParseError) -> UnsafePointer<UInt8> {
        var p = start
        while true {
            p = nextSpecialInString(p, quote: quote)
            let c = p.pointee
            if c == quote { return p + 1 }
            if c == backslash {
                escaped = true
                switch p[1] {
                case quote, backslash, UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                    UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    p += 2
                case UInt8(ascii: "u"):
                    for i in 2..<6 where !isHexDigit(p[i]) {
                        throw RawParseError(offset: p + i - base, reason: p + i >= end ? .unterminatedString : .invalidUnicodeEscape)
                    }
                    p += 6
                default:
                    throw RawParseError(offset: p + 1 - base, reason: p + 1 >= end ? .unterminatedString : .invalidEscape)
                }
                continue
            }
            if c < 0x20 {
                throw RawParseError(offset: p - base, reason: p >= end ? .unterminatedString : .controlCharacterInString)
            }
            // Non-ASCII: validate UTF-8 sequences in a tight loop while they last.
            repeat {
                p = try validateUTF8Sequence(p, base: base, end: end)
            } while p.pointee >= 0x80
        }
    }

    @inline(__always)
    private static func isHexDigit(_ c: UInt8) -> Bool {
        (c &- 0x30) < 10 || ((c | 0x20) &- 0x61) < 6
    }

    /// Validates one multi-byte UTF-8 sequence (RFC 3629: no overlongs, no surrogates, ≤ U+10FFFF).
    @inline(__always)
    static func validateUTF8Sequence(
        _ p: UnsafePointer<UInt8>, base: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>
    ) throws(RawParseError) -> UnsafePointer<UInt8> {
        let b0 = p[0]
        @inline(__always) func isContinuation(_ b: UInt8) -> Bool { b & 0xC0 == 0x80 }
        func fail(_ at: UnsafePointer<UInt8>) -> RawParseError {
            RawParseError(offset: at - base, reason: at >= end ? .unterminatedString : .invalidUTF8)
        }
        if b0 < 0xC2 { throw fail(p) }
        if b0 < 0xE0 {
            guard isContinuation(p[1]) else { throw fail(p + 1) }
            return p + 2
        }
        if b0 < 0xF0 {
            let b1 = p[1]
            let lower: UInt8 = b0 == 0xE0 ? 0xA0 : 0x80
            let upper: UInt8 = b0 == 0xED ? 0x9F : 0xBF
            guard b1 >= lower, b1 <= upper else { throw fail(p + 1) }
            guard isContinuation(p[2]) else { throw fail(p + 2) }
            return p + 3
        }
        if b0 < 0xF5 {
            let b1 = p[1]
            let lower: UInt8 = b0 == 0xF0 ? 0x90 : 0x80
            let upper: UInt8 = b0 == 0xF4 ? 0x8F : 0xBF
            guard b1 >= lower, b1 <= upper else { throw fail(p + 1) }
            guard isContinuation(p[2]) else { throw fail(p + 2) }
            guard isContinuation(p[3]) else { throw fail(p + 3) }
            return p + 4
        }
        throw fail(p)
    }

    /// Scans a number; returns the byte after it. `nonInteger` is set for a fraction or exponent.
    @inline(__always)
    static func scanNumber(
        _ start: UnsafePointer<UInt8>, base: UnsafePointer<UInt8>, nonInteger: inout Bool
    ) throws(RawParseError) -> UnsafePointer<UInt8> {
        var p = start
        if p.pointee == UInt8(ascii: "-") { p += 1 }
        if p.pointee == UInt8(ascii: "0") {
            p += 1
            if isDigit(p.pointee) { throw RawParseError(offset: p - base, reason: .leadingZero) }
        } else if isDigit(p.pointee) {
            // Integer parts are mostly short: byte by byte, then in words if the run goes on.
            p += 1
            while isDigit(p.pointee) { p += 1 }
        } else {
            throw RawParseError(offset: p - base, reason: .expectedDigit)
        }
        if p.pointee == UInt8(ascii: ".") {
            p += 1
            nonInteger = true
            guard isDigit(p.pointee) else { throw RawParseError(offset: p - base, reason: .expectedFractionDigit) }
            p += 1
            p = skipDigits(p)
        }
        if p.pointee | 0x20 == UInt8(ascii: "e") {
            p += 1
            nonInteger = true
            if p.pointee == UInt8(ascii: "+") || p.pointee == UInt8(ascii: "-") { p += 1 }
            guard isDigit(p.pointee) else { throw RawParseError(offset: p - base, reason: .expectedExponentDigit) }
            p = skipDigits(p + 1)
        }
        return p
    }

    /// Skips a run of ASCII digits eight bytes at a time (long fractions and ids are common).
    @inline(__always)
    static func skipDigits(_ start: UnsafePointer<UInt8>) -> UnsafePointer<UInt8> {
        var p = start
        while true {
            let word = UnsafeRawPointer(p).loadUnaligned(as: UInt64.self)
            // A byte is a digit when its high nibble is 3 and its low nibble is below 10.
            let highNibbleOff = (word & 0xF0F0_F0F0_F0F0_F0F0) ^ 0x3030_3030_3030_3030
            let lowNibbleTooBig = ((word & 0x0F0F_0F0F_0F0F_0F0F) &+ 0x0606_0606_0606_0606) & 0x1010_1010_1010_1010
            let bad = highNibbleOff | lowNibbleTooBig
            // Set bit 7 of every byte that is not zero, without carries between bytes.
            let flagged = (((bad & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F) | bad) & highs
            if flagged == 0 {
                p += 8
                continue
            }
            return p + (flagged.trailingZeroBitCount >> 3)
        }
    }

    /// The reason for an unexpected byte after a value: a number glued to more number-like bytes
    /// ("1.2.3", "12abc", "1e5e5") gets its own message; checked only on the error path.
    static func unexpected(
        _ p: UnsafePointer<UInt8>, base: UnsafePointer<UInt8>, otherwise reason: RawParseError.Reason
    ) -> RawParseError {
        let next = p.pointee
        if p > base, isDigit(p[-1]),
            next == UInt8(ascii: ".") || next == UInt8(ascii: "+") || next == UInt8(ascii: "-")
                || ((next | 0x20) &- 0x61) < 26 || isDigit(next)
        {
            return RawParseError(offset: p - base, reason: .invalidNumberSuffix)
        }
        return RawParseError(offset: p - base, reason: reason)
    }
}
