/// What a parse has indexed so far, published now and then through its `JSONParseProgress` for a
/// reader on another thread (a browser showing a large file while it loads).
///
/// The entries before `count` are final: the parse publishes only between values, when no open
/// container can still be folded away, and writes only after them. The containers still open
/// have their end and size written when they close, so they are copied here instead, to be
/// closed at `cut`; what the parse sets aside (long keys, wide offsets, segments) is copied too.
struct IndexPrefix: @unchecked Sendable {
    /// An open container, as copied when the prefix was published.
    struct Open {
        let id: Int
        let header: UInt32
        /// Where it starts in the text.
        let start: Int
        /// Where its key starts, when that is far from its value (`IndexEntry.longKeyDelta`).
        let keyStart: Int?
    }

    let bytes: JSONBytes
    /// The index being written.
    let index: JSONIndex
    let count: Int
    /// Where the text read so far ends: between two values.
    let cut: Int
    /// The containers open at `cut`, outermost first.
    let open: [Open]
    let longKeys: [Int: Int]
    let wideOffsets: [Int: (start: Int, end: Int)]
    let segments: [(first: Int, shift: Int)]
    let hasFolds: Bool
    let options: JSONParseOptions
}

extension JSONIndex {
    /// A copy of what a parse set aside so far, for an `IndexPrefix` (out of the parser's loop,
    /// as the other accesses to these properties are).
    @inline(never)
    func setAsideCopy() -> (longKeys: [Int: Int], wideOffsets: [Int: (start: Int, end: Int)], segments: [(first: Int, shift: Int)]) {
        (longKeys, wideOffsets, segments)
    }
}

extension JSONDocument {
    /// The document of what a parse has indexed so far: its values up to `prefix.cut`, every
    /// container still open closed there. It reads the parse's entries in place (they do not
    /// change); an unfold or an edit of it writes entries of its own.
    init(prefix: IndexPrefix) {
        let view = JSONIndex(
            viewing: prefix.index, count: prefix.count, longKeys: prefix.longKeys, wideOffsets: prefix.wideOffsets,
            segments: prefix.segments, hasFolds: prefix.hasFolds)
        let shared = IndexTable(view)
        var pieces: [IndexTable.Piece] = []
        var next = 0
        if let patch = JSONIndex(exactCapacity: prefix.open.count) {
            for (i, open) in prefix.open.enumerated() {
                patch.set(
                    i, header: open.header, start: open.start, end: prefix.cut, link: prefix.count - open.id, keyStart: open.keyStart,
                    shift: open.start, limit: prefix.options.offsetLimit)
                pieces += shared.pieces(next..<open.id)
                pieces.append(IndexTable.Piece(storage: patch, first: i, count: 1, byteShift: open.start))
                next = open.id + 1
            }
            patch.finish(count: prefix.open.count)
        }
        pieces += shared.pieces(next..<prefix.count)
        self.init(text: JSONText(prefix.bytes), index: IndexTable(pieces: pieces), cache: NodeCache(), options: prefix.options, origin: nil)
    }

    /// Counts the children of the root and of its large children now, on the calling thread: a
    /// container of millions of values keeps a directory of them built on first use, and a
    /// browser's next frame then finds it built.
    public func indexLargeContainers() {
        guard kind(root).isContainer else { return }
        _ = childCount(root)
        for child in children(root) where index[child.id].link > Self.largeChildCount { _ = childCount(child) }
    }
}
