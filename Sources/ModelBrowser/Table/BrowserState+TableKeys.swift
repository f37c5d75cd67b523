import LosslessJSON

/// What keys do while the table is shown: moves are the table's own; an edit, a delete or any
/// action on a value puts the tree's cursor on the cell and does what the tree does there, so the
/// same editors, setters and confined edits serve both views.
extension BrowserState {
    /// A normal-mode key while the table is shown.
    mutating func handleInTable(_ key: Key) -> [Effect] {
        guard let action = keys.action(for: key, in: .table) ?? keys.action(for: key, in: .normal) else { return [] }
        if let partialLoad, !Self.tableWorksOnAPart(action) {
            say(partialLoad.refusal(action), error: !partialLoad.isLoading)
            return []
        }
        let half = max(1, tablePageRows / 2)
        switch action {
        case .moveDown, .nextSibling: moveTableCursor(row: (view.table?.row ?? 0) + 1)
        case .moveUp, .previousSibling: moveTableCursor(row: (view.table?.row ?? 0) - 1)
        case .pageDown: moveTableCursor(row: (view.table?.row ?? 0) + tablePageRows)
        case .pageUp: moveTableCursor(row: (view.table?.row ?? 0) - tablePageRows)
        case .halfPageDown: moveTableCursor(row: (view.table?.row ?? 0) + half)
        case .halfPageUp: moveTableCursor(row: (view.table?.row ?? 0) - half)
        case .firstRow: moveTableCursor(row: 0)
        case .lastRow: moveTableCursor(row: Int.max)
        case .columnLeft: moveTableCursor(column: (view.table?.column ?? 0) - 1)
        case .columnRight: moveTableCursor(column: (view.table?.column ?? 0) + 1)
        case .firstColumn: moveTableCursor(column: 0)
        case .lastColumn: moveTableCursor(column: Int.max)
        case .toggleTable: leaveTable()
        case .sortAscending: sortTable(descending: false)
        case .sortDescending: sortTable(descending: true)
        case .filterRows:
            mode = .editing(LineEditor(view.table?.filter?.text ?? ""), .tableFilter)
        case .edit: return editTableCell()
        case .switchVariant, .clear, .openInEditor, .copyPath, .copyValue, .showDetails, .delete, .add, .addRequired, .rename,
            .toggleMember, .editComment, .undo, .redo, .save, .command, .quit, .help, .showDiff, .showProblems, .saveInferredSchema,
            .toggleComments, .stopWaiting:
            // On the cell, or (for what acts on the document) where the tree then follows from.
            focusTreeOnTableCell()
            return performForTable(action)
        default:
            say("\(key.displayName) works in the tree: t goes back to it at this cell")
        }
        return []
    }

    /// Does what the tree does for an action at its cursor (put on the cell), then moves the
    /// table's cursor where the tree's went — at once, or when the prompt, menu or question the
    /// action opened is done.
    private mutating func performForTable(_ action: BrowserAction) -> [Effect] {
        let effects = perform(action)
        if case .normal = mode {
            followTreeIntoTable()
        } else {
            view.table?.awaitsTree = true
        }
        return effects
    }

    /// `Enter` on a cell: its editor, as in the tree; on a member the row lacks, a prompt for its
    /// value; on a container or a row's label, the tree there (a table shows no nested values).
    private mutating func editTableCell() -> [Effect] {
        guard let table = view.table, let rowPath = tableRowPath(table, row: table.row) else { return [] }
        let cellPath = tableCursorPath(table) ?? rowPath
        guard table.column >= 1 else {
            leaveTable()
            return []
        }
        focusTreeOnTableCell()
        if cellPath == rowPath {
            // The variant column: the variant menu of the row.
            return performForTable(.switchVariant)
        }
        guard cursorPath == cellPath, case .key(let key)? = cellPath.components.last else {
            guard case .key(let key)? = cellPath.components.last else { return [] }
            return addTableCell(key: key, at: cellPath)
        }
        if document.kind(rows[cursor].node).isContainer {
            view.table = nil
            if !isExpanded(cursor) { expand(cursor) }
            say("\(escapedForDisplay(key)) holds a \(document.kind(rows[cursor].node) == .array ? "list" : "record"): the tree shows it (t makes a table of it)")
            return []
        }
        return performForTable(.edit)
    }

    /// `Enter` on a member the row lacks (the tree's cursor on the row): a field the row's model
    /// knows is added with its default (else its type's empty value) and its editor opens, as `a`
    /// then `Enter` would in the tree (a bool is added as its default); any other member's value is
    /// asked as JSON.
    private mutating func addTableCell(key: String, at cellPath: JSONPath) -> [Effect] {
        var cache = AnnotationCache()
        let rowPath = path(ofRow: cursor)
        if let model = objectModel(ofRow: cursor, cache: &cache), case .object(let object)? = document.value(at: rowPath),
            let field = model.resolved(for: object).fields.first(where: { !$0.isFlattened && $0.path.components == [.key(key)] })
        {
            // Its default, else its type's empty value: an optional field's "absent" would add nothing.
            var value = Self.initialValue(of: field, in: object) ?? .null
            if value == .null { value = field.type.unwrapped.emptyValue }
            applyEdit(.insertMember(in: rowPath, key: key, value: value), cursor: cellPath)
            if goToIfLoaded(cellPath), field.type.unwrapped != .bool { return performForTable(.edit) }
            followTreeIntoTable()
            return []
        }
        mode = .editing(LineEditor(), .newMemberValue(row: cursor, key: key))
        view.table?.awaitsTree = true
        return []
    }

    /// The rows a page of the table holds.
    var tablePageRows: Int {
        let area = layout.tree
        guard let table = view.table else { return max(1, area.height) }
        return max(1, area.height - TableLayout.headerHeight(areaHeight: area.height, table: table))
    }

    /// Moves the table's cursor to a row (clamped), keeping its column.
    mutating func moveTableCursor(row: Int) {
        guard var table = view.table else { return }
        table.row = max(0, min(row, tableRowCount(table) - 1))
        view.table = table
        scrollTableToCursor()
    }

    /// Moves the table's cursor to a column (clamped: 0 is the labels).
    mutating func moveTableCursor(column: Int) {
        guard var table = view.table else { return }
        table.column = max(0, min(column, table.columns.count))
        view.table = table
        scrollTableToCursor()
    }

    /// Scrolls the table so the cursor's row and column are on screen, and adds columns for
    /// members the rows on screen have that no column shows yet.
    mutating func scrollTableToCursor() {
        guard var table = view.table else { return }
        let pageRows = tablePageRows
        if table.row < table.top { table.top = table.row }
        if table.row >= table.top + pageRows { table.top = table.row - pageRows + 1 }
        table.top = max(0, min(table.top, max(0, tableRowCount(table) - 1)))
        if let container = tableContainer(table) {
            let page = table.top..<max(table.top, min(tableRowCount(table), table.top + pageRows))
            for row in page where !table.lookedOver.contains(row) {
                guard let child = document.child(container, at: tablePosition(table, row: row)) else { break }
                if document.kind(child) == .object, case .object(let object) = document.value(child) { Self.addColumns(for: object, to: &table) }
            }
            table.lookedOver = page
        }
        table.column = max(0, min(table.column, table.columns.count))
        table.left = max(1, min(table.left, max(1, table.columns.count)))
        if table.column >= 1, table.column < table.left { table.left = table.column }
        if table.column > table.left {
            // The rows on screen stay the same while the columns shift: read them once.
            let lines = TableLayout.lines(self, table, area: layout.tree)
            while table.column > table.left, !TableLayout(self, table, area: layout.tree, lines: lines).showsWhole(table.column, in: table, screenWidth: width) {
                table.left += 1
            }
        }
        view.table = table
    }

    /// Whether an action works while only the start of a large file is shown (nothing written).
    static func tableWorksOnAPart(_ action: BrowserAction) -> Bool {
        switch action {
        case .moveDown, .moveUp, .nextSibling, .previousSibling, .pageDown, .pageUp, .halfPageDown, .halfPageUp, .firstRow, .lastRow,
            .columnLeft, .columnRight, .firstColumn, .lastColumn, .toggleTable, .sortAscending, .sortDescending, .filterRows,
            .quit, .copyPath, .copyValue, .help, .showDetails, .stopWaiting:
            true
        default:
            false
        }
    }
}
