import Foundation

/// Whether a text, seen a piece at a time, may hold a `$schema` key: the bytes `$schema`, or a
/// `\u00XX` escape of one of its characters (an escaped key decodes to the same name). Text
/// without either cannot name a schema, so `validate` need not parse it whole to find out.
struct SchemaKeyScan {
    /// Whether some piece so far held `$schema` or such an escape.
    private(set) var mayHoldKey = false
    /// The last bytes of the pieces so far, so a key or escape cut between two is found.
    private var tail: [UInt8] = []

    private static let key = Array("$schema".utf8)
    private static let escape = Array("\\u00".utf8)
    /// The low bytes of `$schema`'s characters as `\u00XX` writes them (either case).
    private static let escapedKeyBytes: Set<[UInt8]> = Set(["24", "73", "63", "68", "65", "6d", "6D", "61"].map { Array($0.utf8) })

    /// Looks at the next piece of the text.
    mutating func scan(_ piece: UnsafeBufferPointer<UInt8>) {
        guard !mayHoldKey, !piece.isEmpty else { return }
        // The seam (the previous piece's last bytes and this one's first) holds whatever was cut;
        // an escape cut at the end of this piece is in the next seam.
        // (Index ranges, not prefix/suffix: `+` took Sequence's suffix, which walks the whole piece.)
        let seam = tail + piece[..<min(piece.count, Self.key.count + 6)]
        if seam.withUnsafeBytes(Self.holds) || Self.holds(UnsafeRawBufferPointer(piece)) {
            mayHoldKey = true
            return
        }
        let kept = Self.key.count - 1
        tail = Array((tail + piece[max(0, piece.count - kept)...]).suffix(kept))
    }

    /// Whether these bytes hold `$schema` or a whole `\u00XX` escape of one of its characters.
    private static func holds(_ bytes: UnsafeRawBufferPointer) -> Bool {
        if find(key, in: bytes) != nil { return true }
        var from = 0
        while let at = find(escape, in: bytes, from: from) {
            if at + 6 <= bytes.count, escapedKeyBytes.contains([bytes[at + 4], bytes[at + 5]]) { return true }
            from = at + 1
        }
        return false
    }

    /// Where `needle` first occurs in `bytes` at or after `start` (its first byte found with
    /// `memchr`, the rest compared).
    private static func find(_ needle: [UInt8], in bytes: UnsafeRawBufferPointer, from start: Int = 0) -> Int? {
        guard let base = bytes.baseAddress, let first = needle.first, needle.count <= bytes.count else { return nil }
        let last = bytes.count - needle.count
        var from = start
        while from <= last, let hit = memchr(base + from, Int32(first), last - from + 1) {
            let at = base.distance(to: UnsafeRawPointer(hit))
            if memcmp(base + at, needle, needle.count) == 0 { return at }
            from = at + 1
        }
        return nil
    }
}
