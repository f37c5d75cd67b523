import LosslessJSON

extension BrowserState {
    /// Rebuilds the visible rows from the expansion state (after a load or an edit).
    mutating func rebuildRows() {
        let root = document.root
        rootCount = document.kind(root) == .array ? document.childCount(root) : 1
        rows.removeAll()
        rows.append(Row(node: root, depth: 0, index: 0, parent: nil))
        if expanded[root] != nil { appendChildren(of: root, depth: 0, at: 1) }
        cursor = min(cursor, rows.count - 1)
        scrollToCursor()
    }

    /// Inserts at `position` the rows of a node's children (and their expanded descendants).
    private mutating func appendChildren(of node: Node, depth: Int, at position: Int) {
        let items = childRows(of: node, from: node.moved(by: 1), to: document.subtreeEnd(node), firstIndex: 0, depth: depth + 1)
        rows.insert(items: items, at: position)
    }

    /// The rows of the children of `parent` with ids in `first..<end` (and of their expanded
    /// descendants), the first at position `firstIndex` among its siblings; an object listed whole
    /// ends with placeholders for the required fields it lacks. The closed children of a large
    /// container, shown whole, become runs between its open ones: no walk over its children.
    /// No recursion: an explicit stack of frames, one per open container being listed.
    func childRows(of parent: Node, from first: Node, to end: Int, firstIndex: Int, depth: Int) -> [RowList.Item] {
        var added: [RowList.Item] = []
        var cache = AnnotationCache()
        func addPlaceholders(of object: Node, depth: Int) {
            added += placeholderRows(of: object, depth: depth, cache: &cache).map(RowList.Item.row)
        }
        // The walk visits nodes in increasing id order, so the expanded ones below this node are
        // met in sorted order too: one pointer replaces a dictionary lookup per child.
        let expandedBelow = expanded.keys.filter { $0 >= first && $0.id < end }.sorted()
        var nextExpanded = 0
        /// The children still to add of one expanded node: walked one by one, or, for a large
        /// container, its open children (with positions) and the position reached.
        enum Frame {
            /// `whole`: every child is listed (so the object's placeholders follow).
            case walk(JSONDocument.Children, depth: Int, parent: Node, index: Int, whole: Bool)
            case large(open: [(node: Node, position: Int)], next: Int, position: Int, count: Int, depth: Int, parent: Node)
        }
        func frame(for node: Node, from first: Node, to end: Int, firstIndex: Int, depth: Int) -> Frame {
            if first == node.moved(by: 1), end == document.subtreeEnd(node), document.childCount(node) >= RowList.chunkSize {
                let open = expandedBelow.lazy.filter { $0.id < end && self.expanded[$0]?.parent == node }
                    .map { (node: $0, position: self.expanded[$0]?.index ?? 0) }
                return .large(open: Array(open), next: 0, position: 0, count: document.childCount(node), depth: depth, parent: node)
            }
            let whole = first == node.moved(by: 1) && end == document.subtreeEnd(node)
            return .walk(document.children(from: first, to: end), depth: depth, parent: node, index: firstIndex, whole: whole)
        }
        var stack = [frame(for: parent, from: first, to: end, firstIndex: firstIndex, depth: depth)]
        /// Adds a child's row, and its children's frame if it is open.
        func add(_ child: Node, depth: Int, index: Int, parent: Node) {
            added.append(.row(Row(node: child, depth: depth, index: index, parent: parent)))
            while nextExpanded < expandedBelow.count, expandedBelow[nextExpanded] < child { nextExpanded += 1 }
            if nextExpanded < expandedBelow.count, expandedBelow[nextExpanded] == child, document.kind(child).isContainer {
                stack.append(frame(for: child, from: child.moved(by: 1), to: document.subtreeEnd(child), firstIndex: 0, depth: depth + 1))
            }
        }
        while let top = stack.popLast() {
            switch top {
            case .walk(var children, let depth, let parent, let index, let whole):
                guard let child = children.next() else {
                    if whole { addPlaceholders(of: parent, depth: depth) }
                    continue
                }
                stack.append(.walk(children, depth: depth, parent: parent, index: index + 1, whole: whole))
                add(child, depth: depth, index: index, parent: parent)
            case .large(let open, let next, let position, let count, let depth, let parent):
                guard next < open.count else {
                    if position < count { added.append(.run(RowList.Run(parent: parent, depth: depth, firstIndex: position, count: count - position))) }
                    addPlaceholders(of: parent, depth: depth)
                    continue
                }
                let child = open[next]
                if child.position > position {
                    added.append(.run(RowList.Run(parent: parent, depth: depth, firstIndex: position, count: child.position - position)))
                }
                stack.append(.large(open: open, next: next + 1, position: child.position + 1, count: count, depth: depth, parent: parent))
                add(child.node, depth: depth, index: child.position, parent: parent)
            }
        }
        return added
    }

    /// The end (exclusive) of the rows below row `r` in its subtree.
    func subtreeEnd(of r: Int) -> Int {
        rows.end(after: r, deeperThan: rows[r].depth)
    }

    /// Opens row `r`'s container.
    mutating func expand(_ r: Int) {
        guard !rows[r].isPlaceholder, unfold(rows[r].node) else { return }
        let row = rows[r]
        guard document.kind(row.node).isContainer, expanded[row.node] == nil else { return }
        expanded[row.node] = Expansion(parent: row.parent, index: row.index)
        appendChildren(of: row.node, depth: row.depth, at: r + 1)
    }

    /// Opens row `r` and every container below it, in document order, up to `limit` containers;
    /// the rows are built once at the end. Returns how many were opened when that is not all of
    /// them (nil: all). In a folded document those one unfold indexes are opened: a container
    /// still folded stays closed (asking again indexes the next part).
    mutating func expandSubtree(_ r: Int, limit: Int) -> Int? {
        guard !rows[r].isPlaceholder else { return nil }
        let indexed = unfoldAll(below: rows[r].node)
        let row = rows[r]
        let top = row.node
        guard document.kind(top).isContainer, !document.isFolded(top) else { return indexed ? nil : 0 }
        if expanded[top] == nil { expanded[top] = Expansion(parent: row.parent, index: row.index) }
        var opened = 1
        var stack: [(children: JSONDocument.Children, parent: Node, index: Int)] = [(document.children(top), top, 0)]
        while !stack.isEmpty, opened < limit {
            guard let child = stack[stack.count - 1].children.next() else {
                stack.removeLast()
                continue
            }
            let (parent, index) = (stack[stack.count - 1].parent, stack[stack.count - 1].index)
            stack[stack.count - 1].index += 1
            guard document.kind(child).isContainer, !document.isFolded(child) else { continue }
            if expanded[child] == nil {
                expanded[child] = Expansion(parent: parent, index: index)
                opened += 1
            }
            stack.append((document.children(child), child, 0))
        }
        rows.removeSubrange((r + 1)..<subtreeEnd(of: r))
        appendChildren(of: top, depth: row.depth, at: r + 1)
        return stack.isEmpty && indexed ? nil : opened
    }

    /// Closes row `r`'s container (the cursor moves to it if it was inside).
    mutating func collapse(_ r: Int) {
        let row = rows[r]
        guard expanded[row.node] != nil else { return }
        let end = subtreeEnd(of: r)
        rows.removeSubrange((r + 1)..<end)
        expanded[row.node] = nil
        if cursor > r && cursor < end { cursor = r }
    }

    /// Closes every container but the root.
    mutating func collapseAll() {
        expanded = [document.root: .root]
        cursor = 0
        rebuildRows()
    }

    /// Whether row `r`'s container is open.
    func isExpanded(_ r: Int) -> Bool { !rows[r].isPlaceholder && expanded[rows[r].node] != nil }

    /// The rows an open object lists after its members: its members commented out (in the order
    /// the text has them), then a placeholder per required field it lacks, as its model (resolved
    /// for the object) describes it.
    func placeholderRows(of object: Node, depth: Int, cache: inout AnnotationCache) -> [Row] {
        guard document.kind(object) == .object, expanded[object] != nil else { return [] }
        let disabled = disabledMembers(of: object).map { Row(node: object, depth: depth, index: -1, parent: object, disabled: $0) }
        return disabled + missingFieldRows(of: object, depth: depth, cache: &cache)
    }

    /// A placeholder per required field an open object lacks; none when nothing describes it.
    private func missingFieldRows(of object: Node, depth: Int, cache: inout AnnotationCache) -> [Row] {
        if case .none = binding { return [] }
        guard let expansion = expanded[object],
            let schema = objectModel(of: object, context: context(of: object, reachedBy: expansion, cache: &cache), cache: &cache),
            case .object(let value)? = smallValue(object, cache: &cache)
        else { return [] }
        return resolvedModel(schema, at: object, cache: &cache).fields
            .filter { $0.isRequired && !$0.isFlattened && !$0.isPresent(in: value) }
            .map { Row(node: object, depth: depth, index: -1, parent: object, missingField: $0.name) }
    }

    /// Lists an open object's placeholders again after an edit inside it changed its members.
    mutating func refreshPlaceholders(of object: Node) {
        guard let r = rows.firstIndex(ofNode: object), isExpanded(r) else { return }
        let end = subtreeEnd(of: r)
        var start = end
        while start > r + 1, rows[start - 1].isPlaceholder, rows[start - 1].parent == object { start -= 1 }
        var cache = AnnotationCache()
        let fresh = placeholderRows(of: object, depth: rows[r].depth + 1, cache: &cache)
        guard fresh != rows.rows(start..<end) else { return }
        rows.removeSubrange(start..<end)
        rows.insert(contentsOf: fresh, at: start)
    }
}
