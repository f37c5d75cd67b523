import Algorithms
import LosslessJSON

/// The visible rows, kept in chunks so that opening or closing a subtree anywhere costs
/// O(its rows + chunk size + chunks), not O(all rows): with a 3.5-million-element array open, an
/// `Array` moved 100 MB of rows on every expand below it.
///
/// The children of a large container between its open ones are not listed one by one: a `Run`
/// stands for them (its parent, depth, first position and count) and each of its rows is found in
/// the document by position when it is read. Opening a 3.5-million-element array adds one run.
struct RowList: RandomAccessCollection, Sendable {
    /// Chunks of listed rows hold up to twice this many rows before they are split.
    static let chunkSize = 4096

    /// Consecutive closed children of one container, read from the document by position.
    struct Run: Hashable, Sendable {
        var parent: Node
        var depth: Int
        var firstIndex: Int
        var count: Int

        /// The part of the run from its `k`-th row on (`count - k` rows).
        func dropFirst(_ k: Int) -> Run { Run(parent: parent, depth: depth, firstIndex: firstIndex + k, count: count - k) }
        /// The first `k` rows of the run.
        func prefix(_ k: Int) -> Run { Run(parent: parent, depth: depth, firstIndex: firstIndex, count: k) }
    }

    /// What a caller inserts: rows one by one, or runs.
    enum Item {
        case row(Row)
        case run(Run)
    }

    private enum Chunk {
        case rows([Row])
        case run(Run)

        var count: Int {
            switch self {
            case .rows(let rows): rows.count
            case .run(let run): run.count
            }
        }
    }

    private var chunks: [Chunk] = []
    /// The position of each chunk's first row.
    private var starts: [Int] = []
    /// The number of rows.
    private(set) var count = 0
    /// The document runs are read from (the browser sets it whenever its document changes).
    var document: JSONDocument?

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    /// The chunk holding row `i` (binary search over the chunk starts).
    private func chunk(containing i: Int) -> Int {
        Swift.max(0, starts.partitioningIndex { $0 > i } - 1)
    }

    subscript(i: Int) -> Row {
        let c = chunk(containing: i)
        switch chunks[c] {
        case .rows(let rows): return rows[i - starts[c]]
        case .run(let run): return row(run, i - starts[c])
        }
    }

    /// The rows in `range`, a run's found with one lookup and then by sibling links.
    func rows(_ range: Range<Int>) -> [Row] {
        var out: [Row] = []
        out.reserveCapacity(range.count)
        var i = range.lowerBound
        while i < range.upperBound {
            let c = chunk(containing: i)
            let local = i - starts[c]
            let length = Swift.min(chunks[c].count - local, range.upperBound - i)
            switch chunks[c] {
            case .rows(let rows):
                out += rows[local..<(local + length)]
            case .run(let run):
                if let document, let first = document.child(run.parent, at: run.firstIndex + local) {
                    var index = run.firstIndex + local
                    for child in document.children(from: first, to: document.subtreeEnd(run.parent)).prefix(length) {
                        out.append(Row(node: child, depth: run.depth, index: index, parent: run.parent))
                        index += 1
                    }
                } else {
                    for k in local..<(local + length) { out.append(row(run, k)) }
                }
            }
            i += length
        }
        return out
    }

    /// Every row, in order (runs read by sibling links).
    func makeIterator() -> Array<Row>.Iterator { rows(0..<count).makeIterator() }

    /// The `k`-th row of a run, found in the document by position.
    private func row(_ run: Run, _ k: Int) -> Row {
        let position = run.firstIndex + k
        // A run always lies inside its parent's children; the parent stands in if it did not.
        let node = document?.child(run.parent, at: position) ?? run.parent
        return Row(node: node, depth: run.depth, index: position, parent: run.parent)
    }

    mutating func removeAll() {
        chunks = []
        starts = []
        count = 0
    }

    mutating func append(_ row: Row) { insert(contentsOf: CollectionOfOne(row), at: count) }

    /// Inserts rows before position `i` (`count` appends).
    mutating func insert(contentsOf rows: some Collection<Row>, at i: Int) {
        insert(items: rows.map(Item.row), at: i)
    }

    /// Inserts rows and runs before position `i` (`count` appends).
    mutating func insert(items: [Item], at i: Int) {
        guard !items.isEmpty else { return }
        precondition(i >= 0 && i <= count, "row position out of range")
        var added: [Chunk] = []
        var pending: [Row] = []
        for item in items {
            switch item {
            case .row(let row): pending.append(row)
            case .run(let run) where run.count > 0:
                added += Self.pieces(of: pending)
                pending = []
                added.append(.run(run))
            case .run: break
            }
        }
        added += Self.pieces(of: pending)
        let addedCount = added.reduce(0) { $0 + $1.count }
        // A few rows landing in a chunk of rows join it (opening a record costs no new chunk).
        if added.count == 1, case .rows(let rows) = added[0], rows.count <= Self.chunkSize, !chunks.isEmpty {
            let c = i == count ? chunks.count - 1 : chunk(containing: i)
            if case .rows(var target) = chunks[c] {
                target.insert(contentsOf: rows, at: i - starts[c])
                chunks[c] = .rows(target)
                if target.count > 2 * Self.chunkSize { chunks.replaceSubrange(c...c, with: Self.pieces(of: target)) }
                count += addedCount
                recomputeStarts()
                return
            }
        }
        let c = split(at: i)
        chunks.insert(contentsOf: added, at: c)
        count += addedCount
        recomputeStarts()
    }

    /// Makes position `i` the start of a chunk (splitting the one around it); returns that chunk's index.
    private mutating func split(at i: Int) -> Int {
        if i >= count { return chunks.count }
        let c = chunk(containing: i)
        let offset = i - starts[c]
        if offset == 0 { return c }
        switch chunks[c] {
        case .rows(let rows):
            chunks.replaceSubrange(c...c, with: [.rows(Array(rows[..<offset])), .rows(Array(rows[offset...]))])
        case .run(let run):
            chunks.replaceSubrange(c...c, with: [.run(run.prefix(offset)), .run(run.dropFirst(offset))])
        }
        recomputeStarts()
        return c + 1
    }

    /// Removes the rows in `range`.
    mutating func removeSubrange(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "row range out of range")
        var c = chunk(containing: range.lowerBound)
        var remaining = range.count
        var offset = range.lowerBound - starts[c]
        while remaining > 0 {
            let removed = Swift.min(remaining, chunks[c].count - offset)
            switch chunks[c] {
            case .rows(var rows):
                rows.removeSubrange(offset..<(offset + removed))
                chunks[c] = .rows(rows)
            case .run(let run):
                // What is left of a run: the rows before the range, then those after it.
                let kept = [run.prefix(offset), run.dropFirst(offset + removed)].filter { $0.count > 0 }.map(Chunk.run)
                chunks.replaceSubrange(c...c, with: kept)
                c += kept.count
                remaining -= removed
                offset = 0
                continue
            }
            remaining -= removed
            if chunks[c].count == 0 { chunks.remove(at: c) } else { c += 1 }
            offset = 0
        }
        count -= range.count
        recomputeStarts()
    }

    /// The first row showing a node, by binary search: rows are in document order, as node ids are.
    func firstIndex(ofNode node: Node) -> Int? {
        let low = lowerBound(ofNode: node)
        return low < count && self[low].node == node && !self[low].isPlaceholder ? low : nil
    }

    /// The first row showing `node` or a node after it (`count` if none). A placeholder sorts just
    /// before the node after its object's subtree, so rows stay in order for the binary search.
    func lowerBound(ofNode node: Node) -> Int {
        (0..<count).partitioningIndex { i in
            let row = self[i]
            return row.isPlaceholder ? placeholderPosition(row) > node.id : row.node >= node
        }
    }

    /// The first row showing `node` or a node after it, or a placeholder just before `node`.
    func lowerBound(ofPlaceholdersBefore node: Node) -> Int {
        (0..<count).partitioningIndex { i in
            let row = self[i]
            return row.isPlaceholder ? placeholderPosition(row) >= node.id : row.node >= node
        }
    }

    /// Where a placeholder sorts: the id after its object's subtree.
    private func placeholderPosition(_ row: Row) -> Int {
        document?.subtreeEnd(row.node) ?? row.node.id + 1
    }

    /// The end (exclusive) of the rows below row `r` that are deeper than `depth`: a run is passed
    /// over whole.
    func end(after r: Int, deeperThan depth: Int) -> Int {
        var i = r + 1
        while i < count {
            let c = chunk(containing: i)
            switch chunks[c] {
            case .run(let run):
                if run.depth <= depth { return i }
                i = starts[c] + run.count
            case .rows(let rows):
                for k in (i - starts[c])..<rows.count where rows[k].depth <= depth { return starts[c] + k }
                i = starts[c] + rows.count
            }
        }
        return count
    }

    /// The last row before row `r` that is no deeper than `depth`, or `nil`: a run is passed over whole.
    func start(before r: Int, notDeeperThan depth: Int) -> Int? {
        var i = r - 1
        while i >= 0 {
            let c = chunk(containing: i)
            switch chunks[c] {
            case .run(let run):
                if run.depth <= depth { return i }
                i = starts[c] - 1
            case .rows(let rows):
                for k in stride(from: i - starts[c], through: 0, by: -1) where rows[k].depth <= depth { return starts[c] + k }
                i = starts[c] - 1
            }
        }
        return nil
    }

    /// Moves the rows from position `start` on as `change` moved their nodes: ids after the edit
    /// shift, and the container's children after it change position.
    mutating func follow(_ change: JSONNodeChange, from start: Int) {
        guard start < count else { return }
        let container = change.container
        let high = Node(id: change.replaced.upperBound)
        let first = split(at: start)
        for c in first..<chunks.count {
            switch chunks[c] {
            case .rows(var rows):
                for i in rows.indices {
                    if rows[i].parent == container { rows[i].index += change.childDelta }
                    if let parent = rows[i].parent, parent >= high { rows[i].parent = parent.moved(by: change.idDelta) }
                    // A placeholder's node is its object, which moves only when it lies after the edit.
                    rows[i].node = rows[i].isPlaceholder ? rows[i].parent ?? rows[i].node : rows[i].node.moved(by: change.idDelta)
                }
                chunks[c] = .rows(rows)
            case .run(var run):
                if run.parent == container { run.firstIndex += change.childDelta }
                if run.parent >= high { run.parent = run.parent.moved(by: change.idDelta) }
                chunks[c] = .run(run)
            }
        }
    }

    /// Rows cut into chunks of `chunkSize`.
    private static func pieces(of rows: [Row]) -> [Chunk] {
        stride(from: 0, to: rows.count, by: chunkSize).map { .rows(Array(rows[$0..<Swift.min($0 + chunkSize, rows.count)])) }
    }

    private mutating func recomputeStarts() {
        starts.removeAll(keepingCapacity: true)
        var position = 0
        for chunk in chunks {
            starts.append(position)
            position += chunk.count
        }
    }
}
