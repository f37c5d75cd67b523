import Algorithms

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
        max(0, starts.partitioningIndex { $0 > position } - 1)
    }
}
