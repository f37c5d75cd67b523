import LosslessJSON

extension BrowserState {
    /// Moves the cursor or folds, for the navigation actions.
    mutating func navigate(_ action: BrowserAction) {
        let half = max(1, pageRows / 2)
        switch action {
        case .moveDown: moveCursor(to: cursor + 1)
        case .moveUp: moveCursor(to: cursor - 1)
        case .expandOrEnter:
            if isExpanded(cursor) {
                if cursor + 1 < rows.count, rows[cursor + 1].depth > rows[cursor].depth { moveCursor(to: cursor + 1) }
            } else {
                expand(cursor)
            }
        case .collapseOrLeave:
            if isExpanded(cursor), cursor != 0 || rows.count > 1 { collapse(cursor) } else { goToParent() }
        case .toggleFold:
            if isExpanded(cursor) { collapse(cursor) } else { expand(cursor) }
        case .nextSibling: moveToSibling(forward: true)
        case .previousSibling: moveToSibling(forward: false)
        case .firstRow: moveCursor(to: 0)
        case .lastRow: moveCursor(to: rows.count - 1)
        case .halfPageDown:
            moveCursor(to: cursor + half)
            top = min(top + half, max(0, rows.count - 1))
            scrollToCursor()
        case .halfPageUp:
            moveCursor(to: cursor - half)
            top = max(0, top - half)
            scrollToCursor()
        case .pageDown: moveCursor(to: cursor + pageRows)
        case .pageUp: moveCursor(to: cursor - pageRows)
        case .expandAll:
            // All of it, up to a bound that keeps the key responsive.
            let limit = 100_000
            if let opened = expandSubtree(cursor, limit: limit) { say("expanded the first \(opened) containers (e again opens more)") }
        case .collapseAll: collapseAll()
        default: break
        }
    }

    private mutating func goToParent() {
        guard let parent = rows[cursor].parent, let r = rows.firstIndex(ofNode: parent) else { return }
        moveCursor(to: r)
    }

    private mutating func moveToSibling(forward: Bool) {
        let row = rows[cursor]
        if forward {
            let next = subtreeEnd(of: cursor)
            if next < rows.count, rows[next].parent == row.parent, rows[next].depth == row.depth { moveCursor(to: next) }
        } else if let r = rows.start(before: cursor, notDeeperThan: row.depth), rows[r].parent == row.parent, rows[r].depth == row.depth {
            moveCursor(to: r)
        }
    }

    /// Expands the ancestors of a node and puts the cursor on it.
    mutating func reveal(_ node: Node) {
        let target = document.path(of: node)
        var prefix: [JSONPath.Component] = []
        for component in target.components {
            if let r = row(for: JSONPath(prefix)) { expand(r) }
            prefix.append(component)
        }
        if let r = row(for: target) { moveCursor(to: r) }
    }
}
