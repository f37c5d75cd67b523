/// A JSON text and its flat index: every value addressable, every byte kept.
///
/// A document is a value: copies share the immutable bytes and index, and an edit produces a new
/// document whose bytes differ from the old ones only inside the edited range. Strings and numbers
/// are decoded only when read.
public struct JSONDocument: Sendable {
    /// The text, exactly as loaded or as produced by the last edit.
    public let text: JSONText
    let index: IndexTable
    /// Facts computed on request for this version of the text (child counts of large containers).
    let cache: NodeCache
    /// The options the text was parsed with; edits re-parse with the same ones.
    public let options: JSONParseOptions
    /// The file this document was loaded from or last saved to, and its state on disk then.
    public var origin: JSONFileOrigin?
    /// How the splice that made this document moved the nodes of the one before, when only part of
    /// the text was parsed again (`nil` after a parse of the whole text).
    public internal(set) var lastChange: JSONNodeChange?

    /// Parses a JSON text given as bytes.
    public init(bytes: some Collection<UInt8>, options: JSONParseOptions = .default) throws(JSONParseError) {
        try self.init(storage: JSONBytes(bytes), options: options)
    }

    /// Parses a JSON text given as a string.
    public init(_ text: String, options: JSONParseOptions = .default) throws(JSONParseError) {
        try self.init(storage: JSONBytes(text), options: options)
    }

    /// Parses bytes already in padded storage (no copy); `progress`, when given, is updated as the
    /// parse goes and can cancel it from another thread.
    public init(storage: JSONBytes, options: JSONParseOptions = .default, progress: JSONParseProgress? = nil) throws(JSONParseError) {
        text = JSONText(storage)
        self.options = options
        index = IndexTable(try JSONParser.index(storage, options: options, progress: progress))
        cache = NodeCache()
    }

    /// A document made of an edited text and its index, as an edit builds them.
    init(text: JSONText, index: IndexTable, cache: NodeCache, options: JSONParseOptions, origin: JSONFileOrigin?) {
        self.text = text
        self.index = index
        self.cache = cache
        self.options = options
        self.origin = origin
    }

    /// A position in the document: one value (and, for a member, its key).
    public struct Node: Sendable, Hashable, Comparable {
        /// The value's position in the index, in document order.
        public let id: Int
        /// The node with this id (valid for `0..<nodeCount` of the document it came from).
        public init(id: Int) { self.id = id }
        public static func < (lhs: Node, rhs: Node) -> Bool { lhs.id < rhs.id }
    }

    /// The root value.
    public var root: Node { Node(id: 0) }

    /// The number of values in the document.
    public var nodeCount: Int { index.count }

    /// Bytes used by the index.
    public var indexByteCount: Int { index.byteCount }

    /// Whether the text starts with a UTF-8 byte order mark.
    public var hasByteOrderMark: Bool {
        self.text.count >= 3 && self.text[0] == 0xEF && self.text[1] == 0xBB && self.text[2] == 0xBF
    }

    // MARK: Nodes

    /// The kind of a node's value.
    public func kind(_ node: Node) -> JSONKind { index[node.id].kind }

    /// The byte range of a node's value in `bytes`.
    public func range(_ node: Node) -> Range<Int> {
        let entry = index[node.id]
        return Int(entry.start)..<Int(entry.end)
    }

    /// The exact source bytes of a node's value.
    public func rawBytes(_ node: Node) -> [UInt8] { self.text.slice(range(node)) }

    /// The exact source text of a node's value.
    public func rawText(_ node: Node) -> String { self.text.string(range(node)) }

    /// The id after this node's subtree: its next sibling's, if it has one (the subtree is `node.id..<subtreeEnd`).
    @inline(__always)
    public func subtreeEnd(_ node: Node) -> Int { node.id + Int(index[node.id].link) }

    /// The direct children of an array or object, in order (none for a scalar).
    public func children(_ node: Node) -> Children { Children(index: index, first: node.id + 1, end: subtreeEnd(node)) }

    /// The number of direct children: walks them once (O(children)); a large container keeps a
    /// directory of its children, so asking again (every frame of a browser) is O(1). A folded
    /// container's children are counted in its text.
    public func childCount(_ node: Node) -> Int {
        if let directory = cache.directory(node.id) { return directory.count }
        if isFolded(node) { return foldedChildCount(node) ?? 0 }
        var count = 0
        for _ in children(node) { count += 1 }
        if count >= Self.largeChildCount {
            var entries: [(position: Int, id: Int)] = []
            entries.reserveCapacity(count / ChildDirectory.stride + 1)
            for (position, child) in children(node).enumerated() where position % ChildDirectory.stride == 0 {
                entries.append((position, child.id))
            }
            let directory = ChildDirectory(count: count, entries: entries)
            cache.directories.withLock { $0[node.id] = directory }
        }
        return count
    }

    /// Containers with at least this many children keep a directory of them.
    static let largeChildCount = 1024

    /// The directory of a large container (built on first use), or `nil` for a small one.
    func directory(_ node: Node) -> ChildDirectory? {
        if let directory = cache.directory(node.id) { return directory }
        // A subtree of fewer nodes cannot hold that many children: no count (a walk) is needed.
        guard kind(node).isContainer, Int(index[node.id].link) > Self.largeChildCount,
            childCount(node) >= Self.largeChildCount
        else { return nil }
        return cache.directory(node.id)
    }

    /// The n-th child of an array or object (O(log children + 64) in a large container).
    public func child(_ node: Node, at position: Int) -> Node? {
        guard position >= 0 else { return nil }
        var cursor = node.id + 1
        var i = 0
        if position >= ChildDirectory.stride, let directory = directory(node) {
            guard position < directory.count else { return nil }
            if let entry = directory.entry(atOrBefore: position) { (i, cursor) = entry }
        }
        let end = subtreeEnd(node)
        while cursor < end {
            if i == position { return Node(id: cursor) }
            cursor += Int(index[cursor].link)
            i += 1
        }
        return nil
    }

    /// The direct child of `node` whose subtree holds `target`, and its position among the children.
    public func child(_ node: Node, holding target: Node) -> (node: Node, position: Int)? {
        let end = subtreeEnd(node)
        guard target.id > node.id, target.id < end else { return nil }
        var cursor = node.id + 1
        var i = 0
        if target.id - cursor >= ChildDirectory.stride, let entry = directory(node)?.entry(atOrBeforeID: target.id) {
            (i, cursor) = entry
        }
        while cursor < end {
            let next = cursor + Int(index[cursor].link)
            if target.id < next { return (Node(id: cursor), i) }
            cursor = next
            i += 1
        }
        return nil
    }

    /// The siblings from `first` up to (not including) node id `end`, walked by sibling links.
    public func children(from first: Node, to end: Int) -> Children { Children(index: index, first: first.id, end: end) }

    /// The children of a container, walked by sibling links.
    public struct Children: Sequence, IteratorProtocol {
        let index: IndexTable
        var cursor: Int
        let end: Int
        init(index: IndexTable, first: Int, end: Int) {
            self.index = index
            self.cursor = first
            self.end = end
        }
        public mutating func next() -> Node? {
            guard cursor < end else { return nil }
            let node = Node(id: cursor)
            cursor += Int(index[cursor].link)
            return node
        }
    }

    // MARK: Paths

    /// The node at a path, or `nil` when some step does not exist.
    public func node(at path: JSONPath) -> Node? {
        var node = root
        for component in path.components {
            guard let next = step(from: node, component) else { return nil }
            node = next
        }
        return node
    }

    /// The child one path step below a node: an object's member by key, an array's element by
    /// position; nil when there is none.
    public func step(from node: Node, _ component: JSONPath.Component) -> Node? {
        switch kind(node) {
        case .object:
            guard case .key(let key) = component else { return nil }
            return member(node, key)
        case .array:
            return component.arrayIndex.flatMap { child(node, at: $0) }
        default:
            return nil
        }
    }

    /// The path of a node (found by descending from the root: O(depth × log siblings)).
    public func path(of target: Node) -> JSONPath {
        var components: [JSONPath.Component] = []
        var node = root
        while node != target, let (child, position) = child(node, holding: target) {
            components.append(kind(node) == .object ? .key(key(child) ?? "") : .index(position))
            node = child
        }
        return JSONPath(components)
    }
}
