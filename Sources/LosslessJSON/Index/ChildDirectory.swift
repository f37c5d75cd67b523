import Algorithms

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
        let b = (1..<blocks.count).partitioningIndex { !isAtOrBefore(entry($0, 0)) } - 1
        let k = (1..<blocks[b].ids.count).partitioningIndex { !isAtOrBefore(entry(b, $0)) } - 1
        return entry(b, k)
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
