/// The visible rows, kept in chunks so that opening or closing a subtree anywhere costs
/// O(its rows + chunk size + chunks), not O(all rows): with a 3.5-million-element array open, an
/// `Array` moved 100 MB of rows on every expand below it.
struct RowList: RandomAccessCollection, Sendable {
    /// Chunks hold up to twice this many rows before they are split.
    static let chunkSize = 4096

    private var chunks: [[Row]] = []
    /// The position of each chunk's first row.
    private var starts: [Int] = []
    /// The number of rows.
    private(set) var count = 0

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    /// The chunk holding row `i` (binary search over the chunk starts).
    private func chunk(containing i: Int) -> Int {
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= i { low = middle } else { high = middle - 1 }
        }
        return low
    }

    subscript(i: Int) -> Row {
        get {
            let c = chunk(containing: i)
            return chunks[c][i - starts[c]]
        }
        set {
            let c = chunk(containing: i)
            chunks[c][i - starts[c]] = newValue
        }
    }

    mutating func removeAll() {
        chunks = []
        starts = []
        count = 0
    }

    mutating func append(_ row: Row) { insert(contentsOf: CollectionOfOne(row), at: count) }

    /// Inserts rows before position `i` (`count` appends).
    mutating func insert(contentsOf rows: some Collection<Row>, at i: Int) {
        guard !rows.isEmpty else { return }
        precondition(i >= 0 && i <= count, "row position out of range")
        if chunks.isEmpty {
            chunks = Self.pieces(of: Array(rows))
        } else {
            // At a chunk boundary the rows go to the end of the previous chunk.
            let c = i == count ? chunks.count - 1 : chunk(containing: i)
            let offset = i - starts[c]
            if rows.count <= Self.chunkSize {
                chunks[c].insert(contentsOf: rows, at: offset)
                if chunks[c].count > 2 * Self.chunkSize { split(c) }
            } else {
                // Many rows (an array opening): cut them into chunks directly, around the two
                // halves of the chunk they land in, instead of growing one chunk and splitting it.
                let target = chunks[c]
                let middle = Self.pieces(of: Array(rows))
                let around = [Array(target[..<offset])] + middle + [Array(target[offset...])]
                chunks.replaceSubrange(c...c, with: around.filter { !$0.isEmpty })
            }
        }
        count += rows.count
        recomputeStarts()
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
            chunks[c].removeSubrange(offset..<(offset + removed))
            remaining -= removed
            if chunks[c].isEmpty { chunks.remove(at: c) } else { c += 1 }
            offset = 0
        }
        count -= range.count
        recomputeStarts()
    }

    /// The first row showing a node, by binary search: rows are in document order, as node ids are.
    func firstIndex(ofNode node: Int) -> Int? {
        let low = lowerBound(ofNode: node)
        return low < count && self[low].node == node ? low : nil
    }

    /// The first row showing `node` or a node after it (`count` if none).
    func lowerBound(ofNode node: Int) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if self[middle].node < node { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Changes every row from position `start` on.
    mutating func updateRows(from start: Int, _ change: (inout Row) -> Void) {
        guard start < count else { return }
        let first = chunk(containing: start)
        for c in first..<chunks.count {
            let from = c == first ? start - starts[c] : 0
            for i in from..<chunks[c].count { change(&chunks[c][i]) }
        }
    }

    /// Splits an oversized chunk into chunks of `chunkSize`.
    private mutating func split(_ c: Int) {
        chunks.replaceSubrange(c...c, with: Self.pieces(of: chunks[c]))
    }

    /// Rows cut into chunks of `chunkSize`.
    private static func pieces(of rows: [Row]) -> [[Row]] {
        stride(from: 0, to: rows.count, by: chunkSize).map { Array(rows[$0..<Swift.min($0 + chunkSize, rows.count)]) }
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
