/// Where the pieces of a piece table start, shared by the text (`JSONText`) and the index
/// (`IndexTable`): each piece's first position, and which piece holds a position.
enum PieceStarts {
    /// The start of each piece of the given lengths, and their total.
    static func of(_ counts: [Int]) -> (starts: [Int], total: Int) {
        var starts: [Int] = []
        starts.reserveCapacity(counts.count)
        var total = 0
        for count in counts {
            starts.append(total)
            total += count
        }
        return (starts, total)
    }

    /// The piece holding `position`: the last whose start is at or before it (0 when there are none).
    @inline(__always)
    static func piece(holding position: Int, in starts: [Int]) -> Int {
        // A plain binary search, not `partitioningIndex`: this runs on every index and text access
        // of an edited document, and a generic with a closure is not specialized in debug builds.
        var low = 0
        var high = starts.count
        while low < high {
            let middle = (low + high) >> 1
            if starts[middle] > position { high = middle } else { low = middle + 1 }
        }
        return max(0, low - 1)
    }
}
