/// Where an edit moved the nodes of a document: which were parsed again and how far the ones after
/// them moved. Views keyed by node id (a browser's rows) follow an edit with it instead of starting over.
public struct JSONNodeChange: Sendable, Hashable {
    /// The innermost container around the edit (its id is the same before and after).
    public let container: JSONDocument.Node
    /// The ids, before the edit, of the container's children that were parsed again, with their subtrees.
    public let replaced: Range<Int>
    /// The number of nodes they became, from `replaced.lowerBound` on.
    public let insertedCount: Int
    /// The position among the container's children of the first one parsed again.
    public let firstPosition: Int
    /// How many children the container gained (negative: lost).
    public let childDelta: Int

    /// How far the ids after the edit moved.
    public var idDelta: Int { insertedCount - replaced.count }

    /// The id after the edit of a node that was not parsed again, or `nil` for one that was.
    public func newID(_ id: Int) -> Int? {
        if id < replaced.lowerBound { return id }
        if id >= replaced.upperBound { return id + idDelta }
        return nil
    }

    /// The node after the edit of a node that was not parsed again, or `nil` for one that was.
    public func newNode(_ node: JSONDocument.Node) -> JSONDocument.Node? {
        newID(node.id).map(JSONDocument.Node.init(id:))
    }
}

extension JSONDocument {
    /// Pieces of text or index a document may collect before an edit parses the whole text again
    /// (which joins them into one): lookups stay a short binary search.
    static let maxPieces = 4096

    /// The document with `splice` applied: only the values around the splice are parsed again, and
    /// neither the untouched text nor the index after it is copied.
    ///
    /// The splice lies inside some container; the children of that container it touches — from the
    /// last one starting at or before it to the first one ending at or after it — are parsed again,
    /// wrapped in the container's brackets. Everything before them is kept as is, everything after
    /// them is kept with its offsets moved, and their ancestors get a new end and subtree size.
    /// Whenever that is not enough to decide (the splice reaches the root's brackets, the new
    /// children do not parse, the piece lists grew long), the whole text is parsed, which also
    /// reports an invalid result with the document's own line and column.
    func replacing(_ splice: JSONSplice) throws(JSONParseError) -> JSONDocument {
        let removed = splice.removedRange
        let text = self.text.replacing(removed, with: splice.inserted)
        if text.pieceCount <= Self.maxPieces, index.pieces.count <= Self.maxPieces,
            let (index, cache, change) = reindexed(replacing: removed, with: splice.inserted)
        {
            var document = JSONDocument(text: text, index: index, cache: cache, options: options, origin: origin)
            document.lastChange = change
            return document
        }
        // A folded document stays folded (its whole index would be as large as its text).
        let storage = text.flattened()
        var document = try mayHaveFolds ? JSONDocument(storage: storage, options: options, folding: .default) : JSONDocument(storage: storage, options: options)
        document.origin = origin
        return document
    }

    /// The index and cache after replacing the bytes `removed` with `inserted`, or `nil` when only a
    /// parse of the whole text can tell.
    func reindexed(replacing removed: Range<Int>, with inserted: [UInt8]) -> (IndexTable, NodeCache, JSONNodeChange)? {
        let a = removed.lowerBound
        let b = removed.upperBound
        let byteDelta = inserted.count - removed.count
        let rootEntry = index[0]
        // A JSON Lines root has no brackets: a splice may reach its ends.
        let lines = options.jsonLines
        guard rootEntry.kind.isContainer, lines ? a >= rootEntry.start && b <= rootEntry.end : a > rootEntry.start && b < rootEntry.end else { return nil }

        // Descend to the deepest container whose interior holds the splice, noting in it the last
        // child starting at or before the splice (and its position) and the first child ending at
        // or after it. A large container's directory skips to the children near the splice.
        var ancestors = [0]
        var first: Node?
        var firstPosition = 0
        var last: Node?
        while true {
            let parent = Node(id: ancestors[ancestors.count - 1])
            first = nil
            firstPosition = 0
            last = nil
            var deeper: Node?
            var position = 0
            var cursor = parent.id + 1
            let end = subtreeEnd(parent)
            // The last listed child starting at or before the splice: the children before it end before it.
            if let entry = directory(parent)?.lastEntry(where: { memberStart(Node(id: $0.id)) <= a }) {
                (position, cursor) = entry
            }
            while cursor < end {
                let child = Node(id: cursor)
                let entry = index[cursor]
                let start = memberStart(child)
                if last == nil, Int(entry.end) >= b { last = child }
                if start <= a { (first, firstPosition) = (child, position) }
                if entry.kind.isContainer, Int(entry.start) < a, b < Int(entry.end) { deeper = child }
                if start > b { break }
                cursor += Int(entry.link)
                position += 1
            }
            guard let deeper else { break }
            ancestors.append(deeper.id)
        }
        let container = Node(id: ancestors[ancestors.count - 1])
        let containerRange = range(container)
        let low = first?.id ?? container.id + 1
        let high = last.map(subtreeEnd) ?? subtreeEnd(container)
        // A JSON Lines root's lines are its children: parsed as lines, with no brackets around.
        let linesRoot = lines && container == root
        // Each value of JSON Lines stays on its line: a line break goes in only among the lines
        // (their parse below checks it), never inside one's value.
        if lines, !linesRoot, inserted.contains(0x0A) { return nil }
        let bracket = linesRoot ? 0 : 1
        let regionStart = first.map(memberStart) ?? containerRange.lowerBound + bracket
        let regionEnd = last.map { range($0).upperBound } ?? containerRange.upperBound - bracket

        // The region's new text in the container's brackets, parsed at the container's depth.
        let isObject = kind(container) == .object
        let fragment = JSONBytes(uninitializedCount: 2 * bracket + (a - regionStart) + inserted.count + (regionEnd - b))
        var target = fragment.base
        func append(_ chunk: UnsafeBufferPointer<UInt8>) {
            if let source = chunk.baseAddress { target.update(from: source, count: chunk.count) }
            target += chunk.count
        }
        if !linesRoot {
            target.pointee = isObject ? UInt8(ascii: "{") : UInt8(ascii: "[")
            target += 1
        }
        self.text.forEachChunk(of: regionStart..<a, append)
        inserted.withUnsafeBufferPointer(append)
        self.text.forEachChunk(of: b..<regionEnd, append)
        if !linesRoot { target.pointee = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]") }
        var fragmentOptions = options
        fragmentOptions.jsonLines = linesRoot
        // (In JSON Lines the lines' array is a level the limit does not count.)
        fragmentOptions.maxDepth = options.maxDepth - (ancestors.count - 1) + (options.jsonLines && !linesRoot ? 1 : 0)
        guard fragmentOptions.maxDepth >= 1 else { return nil }
        let parsed: JSONIndex
        do {
            parsed = try JSONParser.index(fragment, options: fragmentOptions)
        } catch {
            // Not a valid region: the parse of the whole text reports where, in the document's terms.
            return nil
        }
        let newCount = parsed.count - 1
        // Children were between others: the region must still hold one, or commas would dangle
        // (lines have no commas).
        if newCount == 0, !linesRoot, low > container.id + 1 || high < subtreeEnd(container) { return nil }
        var oldChildren = 0
        var cursor = low
        while cursor < high {
            oldChildren += 1
            cursor += Int(index[cursor].link)
        }
        var newChildren = 0
        cursor = 1
        while cursor < parsed.count {
            newChildren += 1
            cursor += Int(parsed.entries[cursor].link)
        }

        // One new storage: the ancestors with their new end and size, each a piece counted from
        // its own start, then the region's entries as parsed, their pieces counted from the
        // fragment's start (before the region, where its opening bracket stands).
        let countDelta = newCount - (high - low)
        guard let patch = JSONIndex(exactCapacity: ancestors.count + newCount) else { return nil }
        for (i, id) in ancestors.enumerated() {
            let entry = index[id]
            // A folded container the splice lies in has its children now (only the innermost can be).
            let header = entry.header & IndexEntry.foldedFlag != 0 ? entry.header & ~(IndexEntry.foldedFlag | IndexEntry.escapedFlag) : entry.header
            patch.set(
                i, header: header, start: entry.start, end: entry.end + byteDelta, link: entry.link + countDelta,
                keyStart: entry.keyDelta == IndexEntry.longKeyDelta ? index.longKeyStart(id) : nil, shift: entry.start,
                limit: options.offsetLimit)
        }
        (patch.entries + ancestors.count).initialize(from: parsed.entries + 1, count: newCount)
        for (id, keyStart) in parsed.longKeys where id > 0 { patch.longKeys[ancestors.count + id - 1] = keyStart }
        for (id, offsets) in parsed.wideOffsets where id > 0 { patch.wideOffsets[ancestors.count + id - 1] = offsets }
        patch.finish(count: ancestors.count + newCount)
        let fragmentStart = regionStart - bracket
        var regionPieces: [IndexTable.Piece] = []
        for (k, segment) in parsed.segments.enumerated() {
            let first = max(1, segment.first)
            let end = k + 1 < parsed.segments.count ? parsed.segments[k + 1].first : parsed.count
            regionPieces.append(
                IndexTable.Piece(storage: patch, first: ancestors.count + first - 1, count: end - first, byteShift: fragmentStart + segment.shift))
        }

        var pieces: [IndexTable.Piece] = []
        var next = 0
        for (i, id) in ancestors.enumerated() {
            pieces += index.pieces(next..<id)
            pieces.append(IndexTable.Piece(storage: patch, first: i, count: 1, byteShift: index[id].start))
            next = id + 1
        }
        pieces += index.pieces(next..<low)
        pieces += regionPieces
        pieces += index.pieces(high..<index.count, shiftedBy: byteDelta)

        // Child directories: entries of re-parsed children go, those after the region move (and,
        // in the container, change position); directories of re-parsed containers go. A directory
        // after the region moves whole (all its children are after the region too).
        let childDelta = newChildren - oldChildren
        var directories: [Int: ChildDirectory] = [:]
        for (id, directory) in cache.directories.withLock({ $0 }) where id < low || id >= high {
            if id >= high {
                directories[id + countDelta] = directory.shifted(by: countDelta)
            } else {
                directories[id] = directory.moved(
                    replacing: low, high, idDelta: countDelta, positionDelta: id == container.id ? childDelta : 0, firstChild: id + 1)
            }
        }
        let change = JSONNodeChange(
            container: container, replaced: low..<high, insertedCount: newCount,
            firstPosition: first == nil ? 0 : firstPosition, childDelta: childDelta)
        // The style read from the text's start stands while the text it was read from does.
        var style = cache.foldedStyle.withLock { $0 }
        if let kept = style, a < kept.decidedBefore, !(inserted.count == removed.count && inserted.elementsEqual(self.text.slice(removed))) { style = nil }
        return (IndexTable(pieces: pieces), NodeCache(directories: directories, foldedStyle: style), change)
    }
}
