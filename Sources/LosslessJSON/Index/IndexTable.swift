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

/// Every 64th child of a large container, by position and id: a child is found by position or by
/// id with a binary search and at most 64 steps along sibling links, instead of a walk from the first.
///
/// The entries are kept in blocks of up to 1,024 that are shared between document versions, each
/// with a shift of position and id: an edit rebuilds the block it falls in and adds its change to
/// the shifts of the blocks after it, so it costs O(blocks + 1,024), not O(entries).
struct ChildDirectory: Sendable {
    /// Children between two entries when the directory is built.
    static let stride = 64
    /// Entries per block.
    static let blockSize = 1024

    /// Entries of one block, before its shift.
    final class Block: Sendable {
        let positions: [Int]
        let ids: [Int]
        init(positions: [Int], ids: [Int]) {
            self.positions = positions
            self.ids = ids
        }
    }

    /// The number of children.
    private(set) var count: Int
    private var blocks: [Block]
    /// Added to the positions and ids of each block's entries.
    private var shifts: [(position: Int, id: Int)]

    /// A directory of `count` children from its entries (positions increasing, the first 0).
    init(count: Int, entries: [(position: Int, id: Int)]) {
        self.count = count
        blocks = Swift.stride(from: 0, to: entries.count, by: Self.blockSize).map { start in
            let slice = entries[start..<Swift.min(start + Self.blockSize, entries.count)]
            return Block(positions: slice.map(\.position), ids: slice.map(\.id))
        }
        shifts = Array(repeating: (0, 0), count: blocks.count)
    }

    /// The entry `k` of block `b`, shifted.
    private func entry(_ b: Int, _ k: Int) -> (position: Int, id: Int) {
        (blocks[b].positions[k] + shifts[b].position, blocks[b].ids[k] + shifts[b].id)
    }

    /// The last entry for which `isAtOrBefore` holds (it holds for a prefix of the entries, and for
    /// the first one), by binary search over the blocks and then within one; `nil` when the
    /// container has no children left.
    func lastEntry(where isAtOrBefore: ((position: Int, id: Int)) -> Bool) -> (position: Int, id: Int)? {
        guard !blocks.isEmpty else { return nil }
        var low = 0
        var high = blocks.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if isAtOrBefore(entry(middle, 0)) { low = middle } else { high = middle - 1 }
        }
        let b = low
        var first = 0
        var last = blocks[b].ids.count - 1
        while first < last {
            let middle = (first + last + 1) / 2
            if isAtOrBefore(entry(b, middle)) { first = middle } else { last = middle - 1 }
        }
        return entry(b, first)
    }

    /// The last entry at or before position `position`.
    func entry(atOrBefore position: Int) -> (position: Int, id: Int)? { lastEntry { $0.position <= position } }

    /// The last entry whose node id is `id` or before it.
    func entry(atOrBeforeID id: Int) -> (position: Int, id: Int)? { lastEntry { $0.id <= id } }

    /// The directory after an edit that parsed the children with ids `low..<high` again: their
    /// entries go, the entries after them move by `idDelta` and `positionDelta`, and the first
    /// child (which may have been parsed again) is listed at `firstChild`.
    func moved(replacing low: Int, _ high: Int, idDelta: Int, positionDelta: Int, firstChild: Int) -> ChildDirectory {
        var moved = self
        moved.count += positionDelta
        // Blocks wholly before the region stay, wholly after it shift; those it touches are rebuilt.
        for b in blocks.indices {
            let firstID = entry(b, 0).id
            let lastID = entry(b, blocks[b].ids.count - 1).id
            if lastID < low { continue }
            if firstID >= high {
                moved.shifts[b].position += positionDelta
                moved.shifts[b].id += idDelta
                continue
            }
            var positions: [Int] = []
            var ids: [Int] = []
            for k in blocks[b].ids.indices {
                let (position, id) = entry(b, k)
                if id < low {
                    positions.append(position)
                    ids.append(id)
                } else if id >= high {
                    positions.append(position + positionDelta)
                    ids.append(id + idDelta)
                }
            }
            moved.blocks[b] = Block(positions: positions, ids: ids)
            moved.shifts[b] = (0, 0)
        }
        // Drop emptied blocks, and make sure the first child is listed.
        var kept = (blocks: [Block](), shifts: [(position: Int, id: Int)]())
        for (block, shift) in zip(moved.blocks, moved.shifts) where !block.ids.isEmpty {
            kept.blocks.append(block)
            kept.shifts.append(shift)
        }
        moved.blocks = kept.blocks
        moved.shifts = kept.shifts
        if moved.count > 0, moved.blocks.first.map({ $0.positions[0] + moved.shifts[0].position }) != 0 {
            let head = moved.blocks.first.map { block in (0..<block.ids.count).map { moved.entry(0, $0) } } ?? []
            let rebuilt = Block(positions: [0] + head.map(\.position), ids: [firstChild] + head.map(\.id))
            if moved.blocks.isEmpty {
                moved.blocks = [rebuilt]
                moved.shifts = [(0, 0)]
            } else {
                moved.blocks[0] = rebuilt
                moved.shifts[0] = (0, 0)
            }
        }
        return moved
    }

    /// The directory of a container that moved whole, by `idDelta`.
    func shifted(by idDelta: Int) -> ChildDirectory {
        var moved = self
        for b in moved.shifts.indices { moved.shifts[b].id += idDelta }
        return moved
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
