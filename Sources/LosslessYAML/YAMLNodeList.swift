/// A stream's nodes in text order, stored in chunks of a fixed size: appending never copies the
/// nodes before it. (An array doubles and copies, holding both copies at once: on a large stream
/// its peak was close to twice the nodes' memory.)
public struct YAMLNodeList: RandomAccessCollection, MutableCollection, Sendable, Equatable {
    private static let chunkShift = 16
    private static let chunkMask = (1 << chunkShift) - 1
    private var chunks: [[YAMLNode]] = []
    /// How many nodes the list holds.
    public private(set) var count = 0

    /// An empty list.
    public init() {}

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    public subscript(position: Int) -> YAMLNode {
        get { chunks[position >> Self.chunkShift][position & Self.chunkMask] }
        set { chunks[position >> Self.chunkShift][position & Self.chunkMask] = newValue }
    }

    /// Adds a node at the end.
    mutating func append(_ node: YAMLNode) {
        if count & Self.chunkMask == 0 {
            // The first chunk grows as a small stream needs; later ones are made whole at once,
            // so that no chunk leaves the smaller buffers it grew through behind in the heap.
            var chunk: [YAMLNode] = []
            if !chunks.isEmpty { chunk.reserveCapacity(Self.chunkMask + 1) }
            chunks.append(chunk)
        }
        chunks[chunks.count - 1].append(node)
        count += 1
    }
}
