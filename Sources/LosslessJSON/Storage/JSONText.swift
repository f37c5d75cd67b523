/// The bytes of a document: the loaded text, and after edits a list of pieces of it and of the
/// inserted texts (a piece table).
///
/// An edit replaces a range with new bytes by splitting the piece list — O(pieces), never a copy
/// of the untouched text — so editing a gigabyte costs what editing a kilobyte costs. A text that
/// was never edited is one piece and reads straight from its storage.
public struct JSONText: @unchecked Sendable, RandomAccessCollection, Equatable, CustomStringConvertible {
    /// A range of bytes of one storage.
    struct Piece {
        let storage: JSONBytes
        let offset: Int
        let count: Int
    }

    private(set) var pieces: [Piece]
    /// The position in the text of each piece's first byte.
    private var starts: [Int]
    /// The number of bytes in the text.
    public let count: Int
    /// The first byte when the text is one whole storage (the common case, read without a search).
    /// The bytes when the text is one piece (read by `JSONDocumentReader` without a search).
    let single: UnsafeMutablePointer<UInt8>?

    /// The text held by one storage, whole.
    init(_ storage: JSONBytes) {
        self.init(pieces: [Piece(storage: storage, offset: 0, count: storage.count)])
    }

    private init(pieces: [Piece]) {
        let kept = pieces.filter { $0.count > 0 }
        self.pieces = kept
        (starts, count) = PieceStarts.of(kept.map(\.count))
        // Only a whole storage has the zero padding after its last byte that reads past the end expect.
        let whole = kept.count == 1 && kept[0].offset == 0 && kept[0].count == kept[0].storage.count
        single = whole ? kept[0].storage.base : nil
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    /// The number of pieces (1 for a text that was never edited).
    public var pieceCount: Int { pieces.count }

    /// The piece holding byte `offset` (`offset < count`).
    @inline(__always)
    private func piece(containing offset: Int) -> Int { PieceStarts.piece(holding: offset, in: starts) }

    /// The byte at `offset`, or 0 past the end (the zero padding the scanners rely on).
    @inline(__always)
    public subscript(offset: Int) -> UInt8 {
        if let single { return single[offset] }
        guard offset < count, offset >= 0 else { return 0 }
        let p = piece(containing: offset)
        return pieces[p].storage.base[pieces[p].offset + offset - starts[p]]
    }

    /// Calls `body` with the bytes of `range` in one buffer: in place when they lie in one piece,
    /// else copied.
    public func withContiguousBytes<R>(_ range: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        if let single { return try body(UnsafeBufferPointer(start: single + range.lowerBound, count: range.count)) }
        if range.isEmpty { return try body(UnsafeBufferPointer(start: nil, count: 0)) }
        let p = piece(containing: range.lowerBound)
        let local = range.lowerBound - starts[p]
        if local + range.count <= pieces[p].count {
            return try body(UnsafeBufferPointer(start: pieces[p].storage.base + pieces[p].offset + local, count: range.count))
        }
        return try slice(range).withUnsafeBufferPointer(body)
    }

    /// The bytes of `range` in place when they lie in one piece (a text never edited is one piece),
    /// else `nil`. The pointer is valid while this text (or a document holding it) is alive: for
    /// readers that must not allocate or call a closure per value, such as a validator.
    public func unsafeContiguousBytes(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8>? {
        if let single { return UnsafeBufferPointer(start: single + range.lowerBound, count: range.count) }
        if range.isEmpty { return UnsafeBufferPointer(start: nil, count: 0) }
        let p = piece(containing: range.lowerBound)
        let local = range.lowerBound - starts[p]
        guard local + range.count <= pieces[p].count else { return nil }
        return UnsafeBufferPointer(start: pieces[p].storage.base + pieces[p].offset + local, count: range.count)
    }

    /// Calls `body` with each piece of `range`, in order (the whole text when `range` is nil).
    public func forEachChunk(of range: Range<Int>? = nil, _ body: (UnsafeBufferPointer<UInt8>) throws -> Void) rethrows {
        try forEachPiece(of: range) { storage, bytes in
            try body(UnsafeBufferPointer(start: storage.base + bytes.lowerBound, count: bytes.count))
        }
    }

    /// Calls `body` with each piece of `range` as its storage and the bytes of it used, in order.
    func forEachPiece(of range: Range<Int>? = nil, _ body: (JSONBytes, Range<Int>) throws -> Void) rethrows {
        let range = range ?? 0..<count
        guard !range.isEmpty else { return }
        var p = piece(containing: range.lowerBound)
        var position = range.lowerBound
        while position < range.upperBound {
            let piece = pieces[p]
            let local = position - starts[p]
            let length = Swift.min(piece.count - local, range.upperBound - position)
            try body(piece.storage, piece.offset + local..<piece.offset + local + length)
            position += length
            p += 1
        }
    }

    /// A copy of the bytes in `range`.
    public func slice(_ range: Range<Int>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(range.count)
        forEachChunk(of: range) { out.append(contentsOf: $0) }
        return out
    }

    /// The bytes in `range` decoded as UTF-8 (invalid sequences repaired).
    public func string(_ range: Range<Int>) -> String {
        withContiguousBytes(range) { String(decoding: $0, as: UTF8.self) }
    }

    /// The whole text as a `String` (for small documents and tests; invalid UTF-8 repaired).
    public var string: String { string(0..<count) }

    /// The text itself, as `string`.
    public var description: String { string }

    /// Texts are equal when their bytes are, however they are split into pieces.
    public static func == (lhs: JSONText, rhs: JSONText) -> Bool {
        lhs.count == rhs.count && lhs.differences(from: rhs).isEmpty
    }

    /// The whole text, copied into one array.
    public var array: [UInt8] { slice(0..<count) }

    /// The whole text in place when it is one storage.
    public func withContiguousStorageIfAvailable<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R? {
        guard let single else { return nil }
        return try body(UnsafeBufferPointer(start: single, count: count))
    }

    /// The text with `range` replaced by `inserted`: the pieces around the range are kept, not copied.
    func replacing(_ range: Range<Int>, with inserted: [UInt8]) -> JSONText {
        var out: [Piece] = []
        out.reserveCapacity(pieces.count + 2)
        // The pieces before the range, the new bytes, then the pieces after it.
        for (p, piece) in pieces.enumerated() where starts[p] < range.lowerBound {
            out.append(Piece(storage: piece.storage, offset: piece.offset, count: Swift.min(piece.count, range.lowerBound - starts[p])))
        }
        if !inserted.isEmpty {
            out.append(Piece(storage: JSONBytes(inserted), offset: 0, count: inserted.count))
        }
        for (p, piece) in pieces.enumerated() where starts[p] + piece.count > range.upperBound {
            let skip = Swift.max(0, range.upperBound - starts[p])
            out.append(Piece(storage: piece.storage, offset: piece.offset + skip, count: piece.count - skip))
        }
        return JSONText(pieces: out)
    }

    /// Where this text differs from `old`: pairs of ranges (in `old`, in this text) outside of which
    /// the two are equal, in order. Texts made from one another by edits share their untouched
    /// bytes' storage, so those are matched without being compared: the cost is the pieces and the
    /// changed bytes, not the length of the texts.
    public func differences(from old: JSONText) -> [(old: Range<Int>, new: Range<Int>)] {
        // Stretches of this text that lie in the same storage bytes as stretches of `old`.
        var matches: [(old: Int, new: Int, count: Int)] = []
        var oldPieces: [ObjectIdentifier: [(offset: Int, count: Int, start: Int)]] = [:]
        for (p, piece) in old.pieces.enumerated() {
            oldPieces[ObjectIdentifier(piece.storage), default: []].append((piece.offset, piece.count, old.starts[p]))
        }
        for (p, piece) in pieces.enumerated() {
            for candidate in oldPieces[ObjectIdentifier(piece.storage)] ?? [] {
                let low = Swift.max(piece.offset, candidate.offset)
                let high = Swift.min(piece.offset + piece.count, candidate.offset + candidate.count)
                guard low < high else { continue }
                matches.append((candidate.start + low - candidate.offset, starts[p] + low - piece.offset, high - low))
            }
        }
        matches.sort { $0.new < $1.new }
        // Keep a chain increasing in both texts (edits keep the order of what they leave alone).
        var chain: [(old: Int, new: Int, count: Int)] = []
        for match in matches {
            guard let last = chain.last else { chain.append(match); continue }
            if match.old >= last.old + last.count, match.new >= last.new + last.count { chain.append(match) }
        }
        var result: [(old: Range<Int>, new: Range<Int>)] = []
        var oldPosition = 0
        var newPosition = 0
        for match in chain + [(old.count, count, 0)] {
            if match.old > oldPosition || match.new > newPosition {
                result.append(trimmed(old: oldPosition..<match.old, new: newPosition..<match.new, in: old))
            }
            oldPosition = match.old + match.count
            newPosition = match.new + match.count
        }
        return result.filter { !$0.old.isEmpty || !$0.new.isEmpty }
    }

    /// A changed pair of ranges without the bytes they begin or end with in common.
    private func trimmed(old: Range<Int>, new: Range<Int>, in oldText: JSONText) -> (old: Range<Int>, new: Range<Int>) {
        var old = old
        var new = new
        while !old.isEmpty, !new.isEmpty, oldText[old.lowerBound] == self[new.lowerBound] {
            old = (old.lowerBound + 1)..<old.upperBound
            new = (new.lowerBound + 1)..<new.upperBound
        }
        while !old.isEmpty, !new.isEmpty, oldText[old.upperBound - 1] == self[new.upperBound - 1] {
            old = old.lowerBound..<(old.upperBound - 1)
            new = new.lowerBound..<(new.upperBound - 1)
        }
        return (old, new)
    }

    /// The number of line feeds in `range` (eight bytes at a time).
    public func lineFeeds(in range: Range<Int>) -> Int {
        var total = 0
        forEachChunk(of: range) { chunk in
            guard let base = chunk.baseAddress else { return }
            let raw = UnsafeRawPointer(base)
            var i = 0
            let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
            while i + 8 <= chunk.count {
                // Bytes equal to 0x0A become zero; the expression sets the high bit of exactly the zero bytes.
                let v = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) ^ 0x0A0A_0A0A_0A0A_0A0A
                let t = ~(((v & low7) &+ low7) | v | low7)
                total += t.nonzeroBitCount
                i += 8
            }
            while i < chunk.count {
                if chunk[i] == 0x0A { total += 1 }
                i += 1
            }
        }
        return total
    }

    /// Whether some of the text is a mapped file's bytes.
    var holdsMappedFile: Bool {
        var mapped = false
        forEachPiece(of: nil) { storage, _ in mapped = mapped || storage.file != nil }
        return mapped
    }

    /// The text in one new padded storage (for a parse of the whole text).
    func flattened() -> JSONBytes {
        if single != nil { return pieces[0].storage }
        let storage = JSONBytes(uninitializedCount: count)
        var target = storage.base
        forEachChunk { chunk in
            if let source = chunk.baseAddress { target.update(from: source, count: chunk.count) }
            target += chunk.count
        }
        return storage
    }
}
