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
            guard let component = components.popFirst(), let next = document.step(from: node, component) else { return document }
            node = next
        }
    }

    /// Whether some container in a node's subtree (the node included) is folded.
    public func hasFolds(in node: Node) -> Bool {
        guard mayHaveFolds else { return false }
        for id in node.id..<subtreeEnd(node) where index[id].header & IndexEntry.foldedFlag != 0 { return true }
        return false
    }

    /// A document with the folded containers of a subtree indexed, and how its nodes moved.
    public struct Unfolded: Sendable {
        /// The same text, indexed further.
        public var document: JSONDocument
        /// Where the nodes went, as after an edit that parsed the unfolded part again.
        public var change: JSONNodeChange
        /// Whether nothing in the subtree is folded any more (else only its start was unfolded).
        public var isComplete: Bool
    }

    /// Unfolds what is folded in a node's subtree by one parse of at most `byteBudget` bytes: the
    /// whole subtree when it fits, else the run of children, from the first one holding a fold,
    /// that fits (going down into a child too large to fit). Nil when nothing there is folded, or
    /// when the text no longer parses (the file under a mapping changed).
    public func unfoldingSubtree(_ node: Node, byteBudget: Int) -> Unfolded? {
        guard hasFolds(in: node) else { return nil }
        var base = self
        if index.pieces.count > Self.maxPieces { base = compacted() }
        guard let region = base.unfoldRegion(in: node, byteBudget: byteBudget),
            let (index, cache, change) = base.reindexed(replacing: region, with: base.text.slice(region))
        else { return nil }
        var document = JSONDocument(text: text, index: index, cache: cache, options: options, origin: origin)
        document.lastChange = change
        return Unfolded(document: document, change: change, isComplete: !document.hasFolds(in: node))
    }

    /// The text to parse again to unfold (part of) a node's subtree within a budget: the node
    /// itself when it fits (and is not the root, whose brackets a splice may not reach), else
    /// children of it or of a descendant.
    private func unfoldRegion(in node: Node, byteBudget: Int) -> Range<Int>? {
        if node != root, range(node).count <= byteBudget { return range(node) }
        var container = node
        descending: while true {
            var first: Node?
            var end = 0
            for child in children(container) {
                if let first {
                    guard range(child).upperBound - memberStart(first) <= byteBudget else { break }
                    end = range(child).upperBound
                    continue
                }
                guard hasFolds(in: child) else { continue }
                if !isFolded(child), range(child).count > byteBudget {
                    container = child
                    continue descending
                }
                first = child
                end = range(child).upperBound
            }
            guard let first else { return nil }
            return memberStart(first)..<end
        }
    }

    /// The most text a subtree's unfold parses at once unless told otherwise (an update of a value
    /// works out its edits from the members unfolded so; anything still folded is replaced whole
    /// when it differs).
    public static let subtreeUnfoldBytes = 16 << 20

    /// The same text with every value indexed (a parse of the whole text, which a mapped file's
    /// single piece feeds without a copy), for a reader of every value such as a schema check;
    /// nil when the text no longer parses (the file under a mapping changed). A document with
    /// nothing folded is itself.
    public func fullyIndexed() -> JSONDocument? {
        guard mayHaveFolds else { return self }
        guard var whole = try? JSONDocument(storage: text.flattened(), options: options) else { return nil }
        whole.origin = origin
        return whole
    }

    /// The same document with its index in one storage: many unfolds leave many pieces, and
    /// lookups then search among them. The entries are counted from the start of stretches of at
    /// most half the offset limit (one stretch for a text under 2 GiB), as a parse counts them.
    func compacted() -> JSONDocument {
        guard index.pieces.count > 1, let storage = JSONIndex(exactCapacity: index.count) else { return self }
        var pieces: [IndexTable.Piece] = []
        var (first, shift) = (0, 0)
        for id in 0..<index.count {
            let entry = index[id]
            if entry.start - shift > options.offsetLimit / 2 {
                pieces.append(IndexTable.Piece(storage: storage, first: first, count: id - first, byteShift: shift))
                (first, shift) = (id, entry.start)
            }
            storage.set(
                id, header: entry.header, start: entry.start, end: entry.end, link: entry.link,
                keyStart: entry.keyDelta == IndexEntry.longKeyDelta ? index.longKeyStart(id) : nil, shift: shift, limit: options.offsetLimit)
        }
        pieces.append(IndexTable.Piece(storage: storage, first: first, count: index.count - first, byteShift: shift))
        storage.hasFolds = mayHaveFolds
        storage.finish(count: index.count)
        return JSONDocument(text: text, index: IndexTable(pieces: pieces), cache: cache, options: options, origin: origin)
    }

    /// The options a value's own text is parsed with: the document's, but JSON (a line of JSON
    /// Lines is one JSON text).
    public var valueOptions: JSONParseOptions {
        var options = options
        options.jsonLines = false
        return options
    }

    /// A folded container's value, read from its text, or an empty container when the text no
    /// longer parses (it was checked when the file was read: only a change to the file under the
    /// mapping can do that, and the source reports that change).
    func foldedValue(_ node: Node) -> JSONValue {
        let empty: JSONValue = kind(node) == .object ? .object(JSONObject(members: [])) : .array([])
        guard let contents = try? JSONDocument(bytes: rawBytes(node), options: valueOptions) else { return empty }
        return contents.rootValue
    }

    /// The number of children of a folded container, counted in its text (nil when it no longer
    /// parses, as for `foldedValue`).
    func foldedChildCount(_ node: Node) -> Int? {
        guard let contents = try? JSONDocument(storage: JSONBytes(rawBytes(node)), options: valueOptions, folding: .default) else { return nil }
        return contents.childCount(contents.root)
    }
}
