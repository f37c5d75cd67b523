/// Which containers a parse leaves folded: below the root, a container whose text is at most
/// `maxBytes` long keeps one index entry (its kind, range and key) and none for what is inside it.
///
/// The whole text is still checked, so a folded document is as valid as any. What is inside a
/// folded container is indexed when it is unfolded (`JSONDocument.unfolding`) — a parse of at most
/// `maxBytes` — and read through it meanwhile (`value`, `childCount`). A file of records then costs
/// 16 bytes of index per record instead of 16 per value, whatever its size.
public struct JSONFolding: Sendable, Hashable {
    /// The longest container text folded.
    public var maxBytes: Int

    /// Folds containers of up to `maxBytes` bytes.
    public init(maxBytes: Int) {
        self.maxBytes = max(0, maxBytes)
    }

    /// Containers of up to 64 KiB: an unfold costs well under a millisecond.
    public static let `default` = JSONFolding(maxBytes: 64 << 10)
}

extension JSONDocument {
    /// Parses bytes already in padded storage, leaving small containers folded (see `JSONFolding`).
    public init(
        storage: JSONBytes, options: JSONParseOptions = .default, progress: JSONParseProgress? = nil, folding: JSONFolding
    ) throws(JSONParseError) {
        self.init(
            text: JSONText(storage), index: IndexTable(try JSONParser.index(storage, options: options, progress: progress, folding: folding)),
            cache: NodeCache(), options: options, origin: nil)
    }

    /// Whether a container's children are not indexed yet: it has none as far as `children`,
    /// `child` and `member` go, until `unfolding` indexes them. `value` and `childCount` read
    /// through a fold.
    public func isFolded(_ node: Node) -> Bool { index[node.id].header & IndexEntry.foldedFlag != 0 }

    /// Whether some container may be folded (the document or part of it came from a folding parse);
    /// `false` guarantees every value is indexed.
    public var mayHaveFolds: Bool { index.pieces.contains { $0.storage.hasFolds } }

    /// The document with a folded container's children indexed, and everything inside them (an
    /// ordinary parse of at most `JSONFolding.maxBytes`). Its
    /// `lastChange` says where the new nodes went, as after an edit; the text is the same.
    /// Returns `self` for a node that is not folded, and nil when the container's text no longer
    /// parses (the file under a mapping changed).
    public func unfolding(_ node: Node) -> JSONDocument? {
        guard isFolded(node) else { return self }
        var base = self
        if index.pieces.count > Self.maxPieces { base = compacted() }
        let inside = base.range(node).lowerBound + 1
        guard let (index, cache, change) = base.reindexed(replacing: inside..<inside, with: []) else { return nil }
        var document = JSONDocument(text: text, index: index, cache: cache, options: options, origin: origin)
        document.lastChange = change
        return document
    }

    /// The document with every folded container on the way to `path` unfolded, the one at the end
    /// too: `node(at:)` then finds the path (or its longest existing part) as in a document parsed
    /// whole. Stops at the first step that does not exist, or at a container that no longer parses.
    public func unfolding(along path: JSONPath) -> JSONDocument {
        var document = self
        var node = root
        var components = path.components[...]
        while true {
            // Unfolding a node moves only the nodes after it: its own id stays.
            if document.isFolded(node) {
                guard let unfolded = document.unfolding(node) else { return document }
                document = unfolded
            }
            guard let component = components.popFirst() else { return document }
            let next: Node?
            switch (document.kind(node), component) {
            case (.object, .key(let key)): next = document.member(node, key)
            case (.array, _): next = component.arrayIndex.flatMap { document.child(node, at: $0) }
            default: next = nil
            }
            guard let next else { return document }
            node = next
        }
    }

    /// The same document with its index in one storage: many unfolds leave many pieces, and
    /// lookups then search among them.
    func compacted() -> JSONDocument {
        guard index.pieces.count > 1, let storage = JSONIndex(exactCapacity: index.count) else { return self }
        for id in 0..<index.count {
            (storage.entries + id).initialize(to: index[id])
            if index[id].keyDelta == IndexEntry.longKeyDelta, let start = index.longKeyStart(id) { storage.longKeys[id] = start }
        }
        storage.hasFolds = mayHaveFolds
        storage.finish(count: index.count)
        return JSONDocument(text: text, index: IndexTable(storage), cache: cache, options: options, origin: origin)
    }

    /// A folded container's value, read from its text, or an empty container when the text no
    /// longer parses (it was checked when the file was read: only a change to the file under the
    /// mapping can do that, and the source reports that change).
    func foldedValue(_ node: Node) -> JSONValue {
        let empty: JSONValue = kind(node) == .object ? .object(JSONObject(members: [])) : .array([])
        guard let contents = try? JSONDocument(bytes: rawBytes(node), options: options) else { return empty }
        return contents.rootValue
    }

    /// The number of children of a folded container, counted in its text (nil when it no longer
    /// parses, as for `foldedValue`).
    func foldedChildCount(_ node: Node) -> Int? {
        guard let contents = try? JSONDocument(storage: JSONBytes(rawBytes(node)), options: options, folding: .default) else { return nil }
        return contents.childCount(contents.root)
    }
}
