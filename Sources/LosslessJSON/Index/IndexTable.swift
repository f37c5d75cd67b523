/// The index of a document as pieces of index storages, each with a byte shift: the parser's index
/// whole, and after edits the untouched runs of the old index around the re-indexed values.
///
/// An edit re-indexes only the values it touched; the entries after it are not rewritten — their
/// piece carries the distance they moved. A never-edited index is one piece, read without a search.
struct IndexTable: @unchecked Sendable {
    /// A run of entries of one storage; their byte offsets are moved by `byteShift`.
    struct Piece {
        let storage: JSONIndex
        let first: Int
        let count: Int
        let byteShift: Int
    }

    private(set) var pieces: [Piece]
    /// The node id of each piece's first entry.
    private var starts: [Int]
    /// The number of entries.
    let count: Int
    /// The entries when the index is one unshifted storage.
    let single: UnsafeMutablePointer<IndexEntry>?

    init(_ storage: JSONIndex) {
        self.init(pieces: [Piece(storage: storage, first: 0, count: storage.count, byteShift: 0)])
    }

    init(pieces: [Piece]) {
        let kept = pieces.filter { $0.count > 0 }
        self.pieces = kept
        (starts, count) = PieceStarts.of(kept.map(\.count))
        single = kept.count == 1 && kept[0].first == 0 && kept[0].byteShift == 0 ? kept[0].storage.entries : nil
    }

    /// The piece holding entry `id`.
    @inline(__always)
    private func piece(containing id: Int) -> Int { PieceStarts.piece(holding: id, in: starts) }

    /// The entry of node `id`, its byte offsets in the current text.
    @inline(__always)
    subscript(id: Int) -> IndexEntry {
        if let single { return single[id] }
        let p = piece(containing: id)
        let piece = pieces[p]
        var entry = piece.storage.entries[piece.first + id - starts[p]]
        if piece.byteShift != 0 {
            entry.start = UInt32(truncatingIfNeeded: Int(entry.start) + piece.byteShift)
            entry.end = UInt32(truncatingIfNeeded: Int(entry.end) + piece.byteShift)
        }
        return entry
    }

    /// Where the key of member `id` starts, when its distance to the value did not fit in an entry.
    func longKeyStart(_ id: Int) -> Int? {
        let p = piece(containing: id)
        let piece = pieces[p]
        return piece.storage.longKeys[piece.first + id - starts[p]].map { $0 + piece.byteShift }
    }

    /// The pieces holding entries `ids`, their bytes moved by `shift` more.
    func pieces(_ ids: Range<Int>, shiftedBy shift: Int = 0) -> [Piece] {
        guard !ids.isEmpty else { return [] }
        var out: [Piece] = []
        var p = piece(containing: ids.lowerBound)
        var id = ids.lowerBound
        while id < ids.upperBound {
            let piece = pieces[p]
            let local = id - starts[p]
            let length = min(piece.count - local, ids.upperBound - id)
            out.append(Piece(storage: piece.storage, first: piece.first + local, count: length, byteShift: piece.byteShift + shift))
            id += length
            p += 1
        }
        return out
    }

    /// Bytes the document's entries take (16 per value).
    var byteCount: Int { count * MemoryLayout<IndexEntry>.stride }
}
