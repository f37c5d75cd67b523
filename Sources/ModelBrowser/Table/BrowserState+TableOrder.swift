import LosslessJSON

/// Sorting and filtering the table: an order of positions among the container's children, made by
/// reading each row once; the document's text is never reordered.
extension BrowserState {
    /// The most rows a sort or filter reads (each row is decoded once): past it, they are refused
    /// with the reason rather than holding the screen for minutes.
    static let tableOrderLimit = 1_000_000

    /// `[` / `]`: sorts by the cursor's column, up or down; the same key again goes back to file order.
    mutating func sortTable(descending: Bool) {
        guard var table = view.table else { return }
        let sort = TableView.Sort(column: table.column, descending: descending)
        if table.sort == sort || (table.column == 0 && !table.keyedRows) {
            table.sort = nil
        } else {
            table.sort = sort
        }
        guard reorder(&table) else { return }
        say(table.sort.map { "sorted by \(columnName(table, $0.column)) \($0.descending ? "↓" : "↑") (the file keeps its order)" } ?? "in file order")
    }

    /// `|` then text: shows only the rows whose cell in the cursor's column holds the text (smart
    /// case); empty text shows every row again.
    mutating func filterTable(_ text: String) {
        guard var table = view.table else { return }
        table.filter = text.isEmpty ? nil : TableView.Filter(column: table.column, text: text)
        guard reorder(&table) else { return }
        let count = tableRowCount(table)
        say(table.filter.map { "\(count) row\(count == 1 ? "" : "s") with \(columnName(table, $0.column)) holding \"\(escapedForDisplay($0.text))\"" } ?? "every row shown")
    }

    private func columnName(_ table: TableView, _ column: Int) -> String {
        column == 0 ? (table.keyedRows ? "key" : "position") : table.columns[column - 1].title
    }

    /// Makes the table's order from its sort and filter, keeping the cursor on its row when that
    /// row is still shown; false (and said) when the container has too many rows.
    private mutating func reorder(_ table: inout TableView) -> Bool {
        guard let container = tableContainer(table) else { return false }
        let count = document.childCount(container)
        let current = tablePosition(table, row: table.row)
        if table.sort == nil, table.filter == nil {
            table.order = nil
        } else {
            guard count <= Self.tableOrderLimit else {
                say("sorting or filtering reads every row: \(count) rows are more than \(Self.tableOrderLimit) (keepsake get or jq can)", error: true)
                return false
            }
            table.order = order(of: container, table: table)
            table.orderedCount = count
        }
        table.row = table.order.map { $0.firstIndex(of: current) ?? 0 } ?? current
        table.top = 0
        table.lookedOver = 0..<0
        view.table = table
        scrollTableToCursor()
        return true
    }

    /// The positions of the rows the filter leaves, sorted (stably: ties in file order).
    private func order(of container: Node, table: TableView) -> [Int] {
        let query = table.filter.map { filter in (text: filter.text, column: filter.column, caseSensitive: filter.text.contains { $0.isUppercase }) }
        var kept: [(position: Int, key: SortKey)] = []
        for (position, child) in document.children(container).enumerated() {
            let value = document.value(child)
            let label = table.keyedRows ? document.key(child) ?? "" : "[\(position)]"
            if let query {
                let text = cellText(value, label: label, column: query.column, table: table)
                let holds = query.caseSensitive ? text.contains(query.text) : text.lowercased().contains(query.text.lowercased())
                guard holds else { continue }
            }
            let key = table.sort.map { sort in sortKey(value, label: label, column: sort.column, table: table) } ?? .missing
            kept.append((position, key))
        }
        if let sort = table.sort {
            kept.sort { a, b in
                if a.key == b.key { return a.position < b.position }
                return sort.descending ? b.key < a.key : a.key < b.key
            }
        }
        return kept.map(\.position)
    }

    /// A row's cell text in a column, as the filter reads it.
    private func cellText(_ value: JSONValue, label: String, column: Int, table: TableView) -> String {
        guard column >= 1 else { return label }
        return tableCell(value, column: table.columns[column - 1], rowPath: nil, context: table.rowContext).text
    }

    /// A row's sort key in a column: its value there (the variant column by its text, labels by key).
    private func sortKey(_ value: JSONValue, label: String, column: Int, table: TableView) -> SortKey {
        guard column >= 1 else { return .string(label) }
        switch table.columns[column - 1].kind {
        case .variant: return .string(cellText(value, label: label, column: column, table: table))
        case .member(let key):
            guard case .object(let object) = value, let member = object[key] else { return .missing }
            return SortKey(member)
        }
    }
}

/// How a cell sorts: a missing member first, then null, false, true, numbers by value, strings
/// (ignoring case first, as a person reading names would order them), then containers by size.
enum SortKey: Comparable {
    case missing
    case null
    case bool(Bool)
    case number(Double)
    case string(folded: String, exact: String)
    case container(Int)

    /// A string's key.
    static func string(_ text: String) -> SortKey { .string(folded: text.lowercased(), exact: text) }

    init(_ value: JSONValue) {
        switch value {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .number(let number): self = .number(number.double ?? 0)
        case .string(let string): self = .string(string)
        case .array(let elements): self = .container(elements.count)
        case .object(let object): self = .container(object.count)
        }
    }

    private var rank: Int {
        switch self {
        case .missing: 0
        case .null: 1
        case .bool: 2
        case .number: 3
        case .string: 4
        case .container: 5
        }
    }

    static func < (a: SortKey, b: SortKey) -> Bool {
        switch (a, b) {
        case (.bool(let x), .bool(let y)): !x && y
        case (.number(let x), .number(let y)): x < y
        case (.string(let x, let exactX), .string(let y, let exactY)): x == y ? exactX < exactY : x < y
        case (.container(let x), .container(let y)): x < y
        default: a.rank < b.rank
        }
    }
}
