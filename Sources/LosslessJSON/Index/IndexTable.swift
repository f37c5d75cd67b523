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
    /// The entries when the index is one unshifted storage with no wide entries: each entry's
    /// offsets are those in the text, read without a search.
    let single: UnsafeMutablePointer<IndexEntry>?

    /// An entry as the document reads it: its offsets in the current text.
    struct Entry {
        let header: UInt32
        let start: Int
        let end: Int
        /// The number of records in this value's subtree, itself included: the next sibling is `index + link`.
        let link: Int

        @inline(__always) var kind: JSONKind { JSONKind(rawValue: UInt8(truncatingIfNeeded: header & IndexEntry.kindMask)) ?? .null }
        @inline(__always) var keyDelta: UInt32 { header >> IndexEntry.keyDeltaShift }

        @inline(__always)
        init(_ entry: IndexEntry, shift: Int) {
            header = entry.header
            start = Int(entry.start) + shift
            end = Int(entry.end) + shift
            link = Int(entry.link)
        }

        init(header: UInt32, start: Int, end: Int, link: Int) {
            self.header = header
            self.start = start
            self.end = end
            self.link = link
        }
    }

    /// The index a parse made: one piece per segment of its storage.
    init(_ storage: JSONIndex) {
        var pieces: [Piece] = []
        for (i, segment) in storage.segments.enumerated() {
            let end = i + 1 < storage.segments.count ? storage.segments[i + 1].first : storage.count
            pieces.append(Piece(storage: storage, first: segment.first, count: end - segment.first, byteShift: segment.shift))
        }
        self.init(pieces: pieces)
    }

    init(pieces: [Piece]) {
        let kept = pieces.filter { $0.count > 0 }
        self.pieces = kept
        (starts, count) = PieceStarts.of(kept.map(\.count))
        let unshifted = kept.count == 1 && kept[0].first == 0 && kept[0].byteShift == 0 && kept[0].storage.wideOffsets.isEmpty
        single = unshifted ? kept[0].storage.entries : nil
    }

    /// The piece holding entry `id`.
    @inline(__always)
    private func piece(containing id: Int) -> Int { PieceStarts.piece(holding: id, in: starts) }

    /// The entry of node `id`, its byte offsets in the current text.
    @inline(__always)
    subscript(id: Int) -> Entry {
        if let single { return Entry(single[id], shift: 0) }
        let p = piece(containing: id)
        let piece = pieces[p]
        let local = piece.first + id - starts[p]
        let entry = piece.storage.entries[local]
        guard entry.header & IndexEntry.wideFlag != 0, let wide = piece.storage.wideOffsets[local] else {
            return Entry(entry, shift: piece.byteShift)
        }
        return Entry(header: entry.header, start: wide.start + piece.byteShift, end: wide.end + piece.byteShift, link: Int(entry.link))
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
