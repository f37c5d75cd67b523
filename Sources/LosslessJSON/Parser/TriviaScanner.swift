/// Trivia between values in the syntaxes that have more than JSON's white space: comments (JSON
/// with comments, JSON5) and JSON5's further white space. Pointers walk zero-padded bytes, as the
/// parser's: `end` tells a NUL in the text (which a comment may hold) from the padding.
enum TriviaScanner {
    /// The zero bytes a text needs after its end for these scanners (they read eight at a time).
    static let padding = 8

    @inline(__always)
    private static func isLineTerminator(_ p: UnsafePointer<UInt8>, json5: Bool) -> Bool {
        let c = p.pointee
        if c == 0x0A || c == 0x0D { return true }
        // U+2028 and U+2029 end a line in JSON5 (ECMAScript), not in JSON with comments.
        return json5 && c == 0xE2 && p[1] == 0x80 && (p[2] == 0xA8 || p[2] == 0xA9)
    }

    /// Skips one comment starting at p (a '/'); returns p itself when the slash starts none.
    @inline(__always)
    static func skipComment(
        _ p: UnsafePointer<UInt8>, base: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>, json5: Bool
    ) throws(RawParseError) -> UnsafePointer<UInt8> {
        var q = p
        if q[1] == UInt8(ascii: "/") {
            q += 2
            while true {
                // To the next byte that may end the line (a NUL is the padding or a byte of the comment).
                q = first(of: 0x0A, 0x0D, json5 ? 0xE2 : 0x0A, from: q)
                if q >= end || isLineTerminator(q, json5: json5) { return min(q, end) }
                q += 1
            }
        }
        if q[1] == UInt8(ascii: "*") {
            q += 2
            while true {
                q = first(of: UInt8(ascii: "*"), UInt8(ascii: "*"), UInt8(ascii: "*"), from: q)
                if q >= end { throw RawParseError(offset: p - base, reason: .unterminatedComment) }
                if q.pointee == UInt8(ascii: "*"), q[1] == UInt8(ascii: "/") { return q + 2 }
                q += 1
            }
        }
        return p
    }

    /// The first byte from `start` that is `a`, `b`, `c` or NUL, eight bytes at a time (the padding's
    /// NULs stop it).
    @inline(__always)
    private static func first(of a: UInt8, _ b: UInt8, _ c: UInt8, from start: UnsafePointer<UInt8>) -> UnsafePointer<UInt8> {
        var p = start
        while true {
            let word = UnsafeRawPointer(p).loadUnaligned(as: UInt64.self)
            let (ones, highs) = (JSONParser.ones, JSONParser.highs)
            let (x, y, z) = (word ^ ones &* UInt64(a), word ^ ones &* UInt64(b), word ^ ones &* UInt64(c))
            // A byte of x, y, z or the word itself that is zero sets its high bit (the lowest such
            // byte is exact; those above it may be false hits, and are not used).
            let hits = ((x &- ones) & ~x) | ((y &- ones) & ~y) | ((z &- ones) & ~z) | ((word &- ones) & ~word)
            let mask = hits & highs
            if mask != 0 { return p + (mask.trailingZeroBitCount >> 3) }
            p += 8
        }
    }

    /// Skips JSON's white space and comments (JSON with comments).
    @inline(never)
    static func skipWhitespaceAndComments(
        _ start: UnsafePointer<UInt8>, base: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>
    ) throws(RawParseError) -> UnsafePointer<UInt8> {
        var p = JSONParser.skipWhitespace(start)
        while p.pointee == UInt8(ascii: "/") {
            let next = try skipComment(p, base: base, end: end, json5: false)
            if next == p { return p }
            p = JSONParser.skipWhitespace(next)
        }
        return p
    }

    /// Skips JSON5's white space — JSON's, vertical tab, form feed, no-break space, the byte order
    /// mark, the line and paragraph separators and every other space separator (Zs) — and comments.
    @inline(never)
    static func skipJSON5Trivia(
        _ start: UnsafePointer<UInt8>, base: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>
    ) throws(RawParseError) -> UnsafePointer<UInt8> {
        var p = JSONParser.skipWhitespace(start)
        while true {
            if let after = json5Space(p) {
                p = JSONParser.skipWhitespace(after)
                continue
            }
            guard p.pointee == UInt8(ascii: "/") else { return p }
            let next = try skipComment(p, base: base, end: end, json5: true)
            if next == p { return p }
            p = JSONParser.skipWhitespace(next)
        }
    }

    /// The byte after one JSON5 white-space character at p that JSON's white space lacks, or nil.
    @inline(__always)
    static func json5Space(_ p: UnsafePointer<UInt8>) -> UnsafePointer<UInt8>? {
        switch p.pointee {
        case 0x0B, 0x0C: return p + 1
        case 0xC2: return p[1] == 0xA0 ? p + 2 : nil  // U+00A0
        case 0xE1: return p[1] == 0x9A && p[2] == 0x80 ? p + 3 : nil  // U+1680
        case 0xE2:
            // U+2000–U+200A, U+2028, U+2029, U+202F; U+205F.
            if p[1] == 0x80, p[2] >= 0x80 && p[2] <= 0x8A || p[2] == 0xA8 || p[2] == 0xA9 || p[2] == 0xAF { return p + 3 }
            return p[1] == 0x81 && p[2] == 0x9F ? p + 3 : nil
        case 0xE3: return p[1] == 0x80 && p[2] == 0x80 ? p + 3 : nil  // U+3000
        case 0xEF: return p[1] == 0xBB && p[2] == 0xBF ? p + 3 : nil  // U+FEFF
        default: return nil
        }
    }
}
