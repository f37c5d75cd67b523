import DictionaryStorage
import LosslessJSON

/// One cell as drawn: its text, role, and what is wrong with it.
struct TableCell {
    var text: String
    var role: Style.Role
    /// The schema's error at the value, or what the model's accessor cannot read.
    var warning: String?
    /// The type the row's model gives the member (`kept` for none; empty for a missing member of an untyped row).
    var typeText: String
}

/// Where the table's columns go and what its rows on screen hold: the rows from `top` read from
/// the index (each row decoded once per frame), each column as wide as its header and the cells
/// on screen need, up to a limit, and the columns that fit from `left` (the cells of columns off
/// screen are never made).
struct TableLayout {
    /// One row on screen.
    struct Line {
        /// Its position among the shown rows, and among the container's children.
        let row: Int
        let position: Int
        /// The label column's text: `[index]`, or the key of a record.
        let label: String
        let value: JSONValue
        let path: JSONPath
    }

    /// A column on screen: the table column (0: labels), where it starts and how wide it is.
    struct Placed {
        let column: Int
        let x: Int
        let width: Int
        /// Its width before the screen's edge cut it.
        let fullWidth: Int
        /// Its cells, one per line (none for the labels).
        let cells: [TableCell]
    }

    let lines: [Line]
    /// The columns on screen, labels first.
    let placed: [Placed]
    /// Whether a line of types goes under the titles (not on screens too short for it).
    let showsTypes: Bool

    /// Header lines above the rows: the keys, and their types when the rows are typed and the screen has room.
    static func headerHeight(areaHeight: Int, table: TableView) -> Int { areaHeight >= 6 && !table.rowContext.isUntyped ? 2 : 1 }

    /// The widest a column may be: a long value is cut, and shown whole in the status line.
    static func widthLimit(screenWidth: Int) -> Int { max(6, min(40, screenWidth * 2 / 5)) }

    /// The rows on screen from `table.top`, read and decoded.
    static func lines(_ state: BrowserState, _ table: TableView, area: Rect) -> [Line] {
        let pageRows = max(0, area.height - headerHeight(areaHeight: area.height, table: table))
        guard let container = state.tableContainer(table) else { return [] }
        var lines: [Line] = []
        for row in table.top..<max(table.top, min(state.tableRowCount(table), table.top + pageRows)) {
            let position = state.tablePosition(table, row: row)
            guard let child = state.document.child(container, at: position) else { break }
            let label = table.keyedRows ? escapedForDisplay(state.document.key(child) ?? "") : "[\(position)]"
            let rowPath = table.containerPath.appending(table.keyedRows ? .key(state.document.key(child) ?? "") : .index(position))
            lines.append(Line(row: row, position: position, label: label, value: state.document.value(child), path: rowPath))
        }
        return lines
    }

    /// The layout of the table on `area`, of the rows given (read from the document when `nil`).
    init(_ state: BrowserState, _ table: TableView, area: Rect, lines given: [Line]? = nil) {
        showsTypes = Self.headerHeight(areaHeight: area.height, table: table) == 2
        let lines = given ?? Self.lines(state, table, area: area)
        self.lines = lines
        let limit = Self.widthLimit(screenWidth: area.width)
        let labelTitle = table.keyedRows ? "key" : "#"
        let labelWidth = min(limit, lines.reduce(displayWidth(labelTitle)) { max($0, displayWidth($1.label)) })
        var placed = [Placed(column: 0, x: area.x, width: labelWidth, fullWidth: labelWidth, cells: [])]
        var x = area.x + labelWidth + 1
        for column in max(1, table.left)...max(1, table.columns.count) where column <= table.columns.count {
            guard x < area.x + area.width else { break }
            let header = table.columns[column - 1]
            var width = max(displayWidth(header.title), showsTypes ? displayWidth(header.typeText) : 0)
            let cells = lines.map { state.tableCell($0.value, column: header, rowPath: $0.path, context: table.rowContext) }
            for cell in cells { width = max(width, displayWidth(cell.text) + (cell.warning == nil ? 0 : 2)) }
            width = max(1, min(limit, width))
            placed.append(Placed(column: column, x: x, width: min(width, area.x + area.width - x), fullWidth: width, cells: cells))
            x += width + 1
        }
        self.placed = placed
    }

    /// Whether a table column is on screen whole (not cut at the right edge).
    func showsWhole(_ column: Int, in table: TableView, screenWidth: Int) -> Bool {
        guard let place = placed.first(where: { $0.column == column }) else { return false }
        return column == 0 || place.x + place.fullWidth <= screenWidth || place.column == table.left
    }
}

extension BrowserState {
    /// A row's cell in a column: its value as text, typed by the row's model.
    /// Without `rowPath` (a sort or filter reading every row) the schema's errors are not looked up.
    func tableCell(_ rowValue: JSONValue, column: TableView.Column, rowPath: JSONPath?, context: SchemaContext) -> TableCell {
        guard case .object(let object) = rowValue else {
            return TableCell(text: "", role: .dim, typeText: "")
        }
        let (model, variant) = tableRowModel(object, context: context)
        switch column.kind {
        case .variant:
            guard let variant else { return TableCell(text: "", role: .dim, typeText: "") }
            return TableCell(text: variant.text, role: variant.isKnown ? .type : .kept, typeText: column.typeText)
        case .member(let key):
            let field = model?.fields.first { !$0.isFlattened && ($0.path.components.first == .key(key) || $0.legacyKeys.contains(key)) }
            let typeText = field.map { $0.path.components.count == 1 ? $0.typeText : "{…}" } ?? (model == nil && context.isUntyped ? "" : "kept")
            guard let value = object[key] else { return TableCell(text: "", role: .dim, typeText: typeText) }
            var cell = Self.cellText(value, type: field?.type, registry: registry)
            cell.typeText = typeText
            if let rowPath, !problemAtPath.isEmpty, let problem = problemAtPath[rowPath.appending(.key(key))] {
                cell.warning = problem
            } else if let field, field.path.components.count == 1, !field.reads(object) {
                cell.warning = "file has \(truncated(cell.text, to: 24)): not \(field.typeText)"
            }
            if cell.warning != nil {
                cell.role = .warning
            } else if let field, field.marksUnlistedValues, field.type.unwrapped.isOpenChoice(without: value) {
                cell.role = .kept
                cell.typeText += " (unknown value)"
            }
            return cell
        }
    }

    /// The cursor's cell (nil on the labels, or past the last row).
    func tableCursorCell(_ table: TableView) -> TableCell? {
        guard table.column >= 1, table.column <= table.columns.count, let container = tableContainer(table),
            let child = document.child(container, at: tablePosition(table, row: table.row)), let rowPath = tableRowPath(table, row: table.row)
        else { return nil }
        return tableCell(document.value(child), column: table.columns[table.column - 1], rowPath: rowPath, context: table.rowContext)
    }

    /// The model a row's object is read by (a variant's case's payload), and the variant it reads as.
    func tableRowModel(_ object: JSONObject, context: SchemaContext) -> (ModelSchema?, (text: String, isKnown: Bool)?) {
        switch context {
        case .model(let schema):
            return (schema.resolver == nil ? schema : schema.resolved(for: object), nil)
        case .variant(let variant):
            guard case .tag(let tag) = variant.readTag(object) else { return (nil, ("\(variant.name).\(variant.fallbackCase)", false)) }
            guard let known = variant.case(tagged: tag) else {
                return (nil, ("\(variant.name).\(variant.fallbackCase)(\(JSONWriter.quoted(tag)))", false))
            }
            if case .model(let payload) = known.payload { return (payload, ("\(variant.name).\(known.name)", true)) }
            return (nil, ("\(variant.name).\(known.name)", true))
        default:
            return (nil, nil)
        }
    }

    /// A value as a cell shows it: a string without quotes (escaped), a number or literal as
    /// written, a variant by its case, a container by its size.
    static func cellText(_ value: JSONValue, type: FieldType?, registry: ModelRegistry) -> TableCell {
        switch value {
        case .string(let string): return TableCell(text: escapedForDisplay(string), role: .string, typeText: "")
        case .number(let number): return TableCell(text: JSONWriter.serialize(.number(number)), role: .number, typeText: "")
        case .bool(let flag): return TableCell(text: flag ? "true" : "false", role: .bool, typeText: "")
        case .null: return TableCell(text: "null", role: .null, typeText: "")
        case .array(let elements):
            return TableCell(text: "[…] \(elements.count) item\(elements.count == 1 ? "" : "s")", role: .dim, typeText: "")
        case .object(let object):
            if let type, case .variant(let variant) = SchemaContext(type, registry: registry), case .tag(let tag) = variant.readTag(object) {
                let name = variant.case(tagged: tag)?.name ?? "\(variant.fallbackCase)(\(JSONWriter.quoted(tag)))"
                return TableCell(text: "\(variant.name).\(name)", role: .type, typeText: "")
            }
            return TableCell(text: "{…} \(object.count) key\(object.count == 1 ? "" : "s")", role: .dim, typeText: "")
        }
    }
}
