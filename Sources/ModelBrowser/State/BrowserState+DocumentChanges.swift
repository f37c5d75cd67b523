import LosslessJSON

extension BrowserState {
    /// Replaces the document after an edit, keeping the expansion and the cursor by path.
    ///
    /// When the edit parsed only part of the text again (`change`), only the rows and expansions
    /// inside that part are built again; the others move by the change. Otherwise the expansions
    /// are found again in the new document and every row is built again.
    mutating func replaceDocument(_ new: JSONDocument, change: JSONNodeChange? = nil, cursorPath: JSONPath? = nil) {
        let keepCursor = cursorPath ?? self.cursorPath
        if let change {
            follow(change, to: new)
        } else {
            replaceWhole(with: new)
        }
        // Put the cursor back on the same path, or on its nearest surviving ancestor.
        var target = keepCursor
        while true {
            if let r = row(for: target) {
                moveCursor(to: r)
                break
            }
            guard let parent = target.parent else {
                moveCursor(to: 0)
                break
            }
            target = parent
        }
    }

    /// Replaces the whole document (a reload, or an edit that parsed it all again), expanding
    /// again what was expanded.
    ///
    /// Each expansion is found from its parent's by key or position, so a chain of a million
    /// expanded levels costs a step each; only one whose parent is closed (it keeps its expansion,
    /// so opening the parent shows it again) is looked up by its path. A folded document is
    /// unfolded along every expanded path before any row is built.
    private mutating func replaceWhole(with new: JSONDocument) {
        let old = document
        let oldExpanded = expanded
        let rootIsOpen = oldExpanded[old.root] != nil
        let inner = oldExpanded.filter { $0.key != old.root }.map { (node: $0.key, info: $0.value) }
        expanded = rootIsOpen ? [new.root: .root] : [:]
        if old.mayHaveFolds || new.mayHaveFolds {
            let paths = inner.map { old.path(of: $0.node) }
            document = paths.reduce(new) { $0.mayHaveFolds ? $0.unfolding(along: $1) : $0 }
            reexpand(paths)
        } else {
            // Under a closed parent, by path; the rest from their parents (these among them).
            var byPath: [Node: Node] = [:]
            for (node, info) in inner {
                guard let parent = info.parent, parent != old.root, oldExpanded[parent] == nil,
                    let (found, expansion) = Self.expansion(at: old.path(of: node), in: new)
                else { continue }
                byPath[node] = found
                expanded[found] = expansion
            }
            expanded.merge(reexpanded(inner, in: new) { $0 == old.root ? new.root : byPath[$0] }) { kept, _ in kept }
            document = new
        }
        rebuildRows()
    }

    /// Marks the containers at these paths of the current document expanded (paths that no longer
    /// lead to a container are dropped).
    private mutating func reexpand(_ paths: [JSONPath]) {
        for path in paths {
            guard let (node, expansion) = Self.expansion(at: path, in: document) else { continue }
            expanded[node] = expansion
        }
    }

    /// The container at a path (not the root) and its expansion record, if the path leads to one.
    private static func expansion(at path: JSONPath, in document: JSONDocument) -> (Node, Expansion)? {
        guard let node = document.node(at: path), document.kind(node).isContainer, let parentPath = path.parent,
            let parent = document.node(at: parentPath), let position = document.child(parent, holding: node)?.position
        else { return nil }
        return (node, Expansion(parent: parent, index: position))
    }

    /// Expands again, in `new`, the containers of a replaced region that were expanded: each
    /// found by the same step from its parent (a member's key, an element's position) — parents
    /// first, so a chain of a million expanded levels costs one step each, not a path each.
    private func reexpanded(
        _ region: [(node: Node, info: Expansion)], in new: JSONDocument, outside: (Node) -> Node?
    ) -> [Node: Expansion] {
        var found: [Node: Node] = [:]
        var result: [Node: Expansion] = [:]
        for (node, info) in region.sorted(by: { $0.node < $1.node }) {
            guard let oldParent = info.parent, let newParent = found[oldParent] ?? outside(oldParent) else { continue }
            let step: JSONPath.Component? = switch document.kind(oldParent) {
            case .object: document.key(node).map { .key($0) }
            default: .index(info.index)
            }
            guard let step, let newNode = new.step(from: newParent, step), new.kind(newNode).isContainer,
                let position = new.child(newParent, holding: newNode)?.position
            else { continue }
            found[node] = newNode
            result[newNode] = Expansion(parent: newParent, index: position)
        }
        return result
    }

    /// Follows an edit that parsed again only the children `change.replaced` of one container:
    /// the rows and expansions after them move, theirs are built again.
    private mutating func follow(_ change: JSONNodeChange, to new: JSONDocument) {
        let low = Node(id: change.replaced.lowerBound)
        let high = Node(id: change.replaced.upperBound)
        let container = change.container
        // Expansions outside the region move; inside it they are found again by key or position.
        var region: [(node: Node, info: Expansion)] = []
        var moved: [Node: Expansion] = [:]
        for (node, info) in expanded {
            guard let id = change.newNode(node) else {
                region.append((node, info))
                continue
            }
            // The parent of a node outside the region is outside it too.
            let parent = info.parent.flatMap(change.newNode)
            let index = info.parent == container && node >= high ? info.index + change.childDelta : info.index
            moved[id] = Expansion(parent: parent, index: index)
        }
        // The rows of the region are one run (rows are in document order, as ids are).
        let first = rows.lowerBound(ofNode: low)
        // The region's rows end before the placeholders of the container and of its ancestors
        // (they sort just before `high`), after those of the region's own objects.
        var end = rows.lowerBound(ofPlaceholdersBefore: high)
        while end < rows.count, rows[end].isPlaceholder, let parent = rows[end].parent, parent >= low, parent < high { end += 1 }
        rows.follow(change, from: end)
        rows.removeSubrange(first..<end)
        moved.merge(reexpanded(region, in: new, outside: change.newNode)) { kept, _ in kept }
        document = new
        expanded = moved
        rootCount = document.kind(document.root) == .array ? document.childCount(document.root) : 1
        // The region's new children are shown if their container is open and on screen.
        if expanded[container] != nil, let containerRow = rows.firstIndex(ofNode: container) {
            let added = childRows(
                of: container, from: low, to: low.id + change.insertedCount, firstIndex: change.firstPosition,
                depth: rows[containerRow].depth + 1)
            rows.insert(items: added, at: first)
        }
        refreshPlaceholders(of: container)
    }

    /// The visible row showing a path, if any (expands nothing).
    func row(for target: JSONPath) -> Int? {
        guard let node = document.node(at: target) else { return nil }
        return rows.firstIndex(ofNode: node)
    }
}
