import DictionaryStorage
import LosslessJSON

/// Opening and leaving the table view, and keeping it and the tree on the same value: the tree's
/// cursor goes to a cell before the tree edits it, and the table's follows the tree's after.
extension BrowserState {
    /// The rows whose members make the first columns (the rest join as they come on screen).
    static let tableSampleRows = 64

    /// The table shown instead of the tree, if one is.
    public var isShowingTable: Bool { view.table != nil }

    /// `t`: the array (or the records) at the cursor as a table, or back to the tree at the cell.
    mutating func toggleTable() {
        if view.table != nil {
            leaveTable()
        } else {
            openTable()
        }
    }

    /// Shows as a table the nearest container at or above the cursor whose children are records:
    /// an array whose first element is an object, or an object whose members a model types one by
    /// one (a store's records of a type, a map of models) or, untyped, whose first members all
    /// hold objects. The cursor's row and member become the table's cell.
    mutating func openTable() {
        guard cursor < rows.count else { return }
        var cache = AnnotationCache()
        // Walk up from the cursor: the node, how it was reached, and the member key met on the way
        // (a placeholder's node is its object, and its field the key).
        let row = rows[cursor]
        var node = row.node
        var reached = row.isPlaceholder ? expanded[node] ?? .root : Expansion(parent: row.parent, index: row.index)
        var key: String? = row.missingField ?? row.disabled?.key
        var found: (container: Node, child: Node?, key: String?)?
        if !row.isPlaceholder, holdsRecords(node, reachedBy: reached, cache: &cache) {
            found = (node, nil, nil)
        }
        while found == nil, let parent = reached.parent {
            if holdsRecords(parent, reachedBy: expanded[parent] ?? .root, cache: &cache), document.kind(node) == .object {
                found = (parent, node, key)
                break
            }
            key = document.kind(parent) == .object ? document.key(node) : nil
            node = parent
            reached = expanded[parent] ?? .root
        }
        guard let found else {
            say("t: no array of objects (or records) at the cursor to show as a table", error: true)
            return
        }
        if expanded[found.container] == nil, let r = rows.firstIndex(ofNode: found.container) { expand(r) }
        guard let container = document.node(at: pathOfNode(found.container)) else { return }
        let context = context(of: container, reachedBy: expanded[container] ?? .root, cache: &cache)
        var table = TableView(
            containerPath: pathOfNode(container), keyedRows: document.kind(container) == .object, rowContext: Self.rowContext(context, registry: registry),
            columns: [])
        table.columns = Self.modelColumns(table.rowContext)
        var sampled = 0
        for child in document.children(container) {
            if sampled == Self.tableSampleRows { break }
            sampled += 1
            if case .object(let object) = document.value(child) { Self.addColumns(for: object, to: &table) }
        }
        // In file order a row is its position: the first screen needs no second look.
        table.lookedOver = 0..<sampled
        if let child = found.child, let position = document.child(container, holding: child)?.position {
            table.row = position
            if let key = found.key, let column = table.columnIndex(ofKey: key) { table.column = column }
        }
        if table.columns.isEmpty { table.column = 0 }
        view.table = table
        scrollTableToCursor()
        let count = document.childCount(container)
        say("table of \(table.containerPath.jq): \(count) row\(count == 1 ? "" : "s"), \(table.columns.count) column\(table.columns.count == 1 ? "" : "s") — t returns to the tree")
    }

    /// Back to the tree, its cursor on the table's cell (or row, where the cell is empty).
    mutating func leaveTable() {
        focusTreeOnTableCell()
        view.table = nil
    }

    /// Whether a container's children show as a table's rows.
    private func holdsRecords(_ node: Node, reachedBy expansion: Expansion, cache: inout AnnotationCache) -> Bool {
        switch document.kind(node) {
        case .array:
            guard let first = document.child(node, at: 0) else { return false }
            return document.kind(first) == .object
        case .object:
            guard document.childCount(node) > 0 else { return false }
            let context = context(of: node, reachedBy: expansion, cache: &cache)
            switch Self.rowContext(context, registry: registry) {
            case .model, .variant: return true
            case .none where context.isUntyped:
                // Untyped (a store's records of a type no model or schema describes, a table's
                // rows): records when its first members all hold objects.
                return document.children(node).prefix(8).allSatisfy { document.kind($0) == .object }
            default: return false
            }
        default:
            return false
        }
    }

    /// What each child of a container is, from the container's context.
    static func rowContext(_ context: SchemaContext, registry: ModelRegistry) -> SchemaContext {
        switch context {
        case .each(let schema): .model(schema)
        case .arrayOf(let type), .dictionaryOf(let type): SchemaContext(type, registry: registry)
        default: .none
        }
    }

    /// The columns the row model names, in its order (a variant's cases' fields after the variant).
    static func modelColumns(_ context: SchemaContext) -> [TableView.Column] {
        var columns: [TableView.Column] = []
        func add(_ schema: ModelSchema) {
            for field in schema.fields {
                if field.isFlattened {
                    for key in field.ownedKeys where !columns.contains(where: { $0.kind == .member(key) }) {
                        columns.append(TableView.Column(kind: .member(key), title: escapedForDisplay(key), typeText: field.type.description, isKnown: true))
                    }
                    continue
                }
                guard case .key(let key)? = field.path.components.first, !columns.contains(where: { $0.kind == .member(key) }) else { continue }
                let typeText = field.path.components.count == 1 ? field.typeText : "{…}"
                columns.append(TableView.Column(kind: .member(key), title: escapedForDisplay(key), typeText: typeText, isKnown: true))
            }
        }
        switch context {
        case .model(let schema):
            add(schema)
        case .variant(let variant):
            columns.append(TableView.Column(kind: .variant, title: "variant", typeText: variant.name, isKnown: true))
            if case .internal(let tag) = variant.encoding {
                columns.append(TableView.Column(kind: .member(tag), title: escapedForDisplay(tag), typeText: "tag", isKnown: true))
            }
            for known in variant.cases {
                if case .model(let payload) = known.payload { add(payload) }
            }
        default:
            break
        }
        return columns
    }

    /// Adds a column for each member of a row that has none yet: marked kept in a typed table.
    static func addColumns(for object: JSONObject, to table: inout TableView) {
        let untyped = table.rowContext.isUntyped
        for member in object.members where table.columnIndex(ofKey: member.key) == nil {
            let title = (untyped ? "" : "+ ") + escapedForDisplay(member.key)
            table.columns.append(TableView.Column(kind: .member(member.key), title: title, typeText: untyped ? "" : "kept", isKnown: false))
        }
    }

    // MARK: Rows and cells

    /// The container's node, if its path still leads to one.
    func tableContainer(_ table: TableView) -> Node? {
        guard let node = document.node(at: table.containerPath), document.kind(node).isContainer else { return nil }
        return node
    }

    /// How many rows the table shows (all children, or those the filter leaves).
    func tableRowCount(_ table: TableView) -> Int {
        if let order = table.order { return order.count }
        return tableContainer(table).map(document.childCount) ?? 0
    }

    /// The container position of a shown row.
    func tablePosition(_ table: TableView, row: Int) -> Int {
        guard let order = table.order else { return row }
        return order.indices.contains(row) ? order[row] : row
    }

    /// The path of a shown row's child (`nil` past the end).
    func tableRowPath(_ table: TableView, row: Int) -> JSONPath? {
        guard let container = tableContainer(table), let child = document.child(container, at: tablePosition(table, row: row)) else { return nil }
        return table.containerPath.appending(table.keyedRows ? .key(document.key(child) ?? "") : .index(tablePosition(table, row: row)))
    }

    /// The path of the cursor's cell: the member's, or the row's on the label or variant column.
    func tableCursorPath(_ table: TableView) -> JSONPath? {
        guard let rowPath = tableRowPath(table, row: table.row) else { return nil }
        guard table.column >= 1, table.column <= table.columns.count, case .member(let key) = table.columns[table.column - 1].kind else { return rowPath }
        return rowPath.appending(.key(key))
    }

    /// Puts the tree's cursor on the table's cell (on its row when the row lacks the member);
    /// false when there is no row there.
    @discardableResult
    mutating func focusTreeOnTableCell() -> Bool {
        guard let table = view.table, let rowPath = tableRowPath(table, row: table.row) else { return false }
        if let cell = tableCursorPath(table), cell != rowPath, goToIfLoaded(cell) { return true }
        return goToIfLoaded(rowPath)
    }

    /// Moves the table's cursor to where the tree's went (after an edit, undo, or a choice made in
    /// the tree's menus); the sort and filter are dropped when rows came or went, and the table
    /// closes when the tree's cursor left its container.
    mutating func followTreeIntoTable() {
        guard var table = view.table else { return }
        guard let container = tableContainer(table) else {
            view.table = nil
            say("the table's \(table.containerPath.jq) is gone: back to the tree", error: true)
            return
        }
        if table.order != nil, document.childCount(container) != table.orderedCount {
            table.order = nil
            table.sort = nil
            table.filter = nil
            table.lookedOver = 0..<0
            say("rows were added or removed: the table is in file order again, unfiltered")
        }
        if cursor < rows.count, rows[cursor].node != container {
            if let (child, position) = document.child(container, holding: rows[cursor].node) {
                if let order = table.order {
                    if let shown = order.firstIndex(of: position) { table.row = shown }
                } else {
                    table.row = position
                }
                if case .object(let object) = document.value(child) { Self.addColumns(for: object, to: &table) }
                let path = cursorPath.components
                let depth = table.containerPath.components.count
                if path.count > depth + 1, case .key(let key) = path[depth + 1], let column = table.columnIndex(ofKey: key) {
                    table.column = column
                }
            } else if !cursorPath.components.starts(with: table.containerPath.components) {
                view.table = nil
                say("the cursor went outside the table: back to the tree")
                return
            }
        }
        table.row = max(0, min(table.row, tableRowCount(table) - 1))
        view.table = table
        scrollTableToCursor()
    }
}
