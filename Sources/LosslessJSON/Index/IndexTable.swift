import Synchronization

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
    private let single: UnsafeMutablePointer<IndexEntry>?

    init(_ storage: JSONIndex) {
        self.init(pieces: [Piece(storage: storage, first: 0, count: storage.count, byteShift: 0)])
    }

    init(pieces: [Piece]) {
        let kept = pieces.filter { $0.count > 0 }
        self.pieces = kept
        var starts: [Int] = []
        starts.reserveCapacity(kept.count)
        var total = 0
        for piece in kept {
            starts.append(total)
            total += piece.count
        }
        self.starts = starts
        count = total
        single = kept.count == 1 && kept[0].first == 0 && kept[0].byteShift == 0 ? kept[0].storage.entries : nil
    }

    /// The piece holding entry `id`.
    @inline(__always)
    private func piece(containing id: Int) -> Int {
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= id { low = middle } else { high = middle - 1 }
        }
        return low
    }

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

    /// Bytes of index memory the document uses (shared storages counted once).
    var byteCount: Int { count * MemoryLayout<IndexEntry>.stride }
}

/// Every 64th child of a large container, by position and id: a child is found by position or by
/// id with a binary search and at most 64 steps along sibling links, instead of a walk from the first.
struct ChildDirectory: Sendable {
    /// Children between two entries.
    static let stride = 64

    /// The number of children.
    var count: Int
    /// The positions of the children listed (increasing; 64 apart when built, closer after edits).
    var positions: [Int]
    /// Their node ids.
    var ids: [Int]

    /// The last entry at or before position `position`.
    func entry(atOrBefore position: Int) -> (position: Int, id: Int) {
        let k = Self.lastIndex(in: positions, atMost: position)
        return (positions[k], ids[k])
    }

    /// The last entry whose node id is `id` or before it.
    func entry(atOrBeforeID id: Int) -> (position: Int, id: Int) {
        let k = Self.lastIndex(in: ids, atMost: id)
        return (positions[k], ids[k])
    }

    private static func lastIndex(in values: [Int], atMost value: Int) -> Int {
        var low = 0
        var high = values.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if values[middle] <= value { low = middle } else { high = middle - 1 }
        }
        return low
    }
}

/// Facts about nodes computed on first request and kept for the document's version.
final class NodeCache: Sendable {
    /// Child directories of large containers, by container id (the index stores no counts).
    let directories: Mutex<[Int: ChildDirectory]>

    init(directories: [Int: ChildDirectory] = [:]) {
        self.directories = Mutex(directories)
    }

    /// The directory of a container, if it was built.
    func directory(_ id: Int) -> ChildDirectory? { directories.withLock { $0[id] } }
}
