import LosslessJSON

/// Draws the table: a header of the columns' keys (kept ones as `+ key`) and, when there is room,
/// their types; then a line per row, the cursor's cell reversed and its row's label with it.
func drawTable(_ state: BrowserState, _ table: TableView, _ grid: inout Grid, _ area: Rect, _ painter: Painter) {
    guard area.height > 0, area.width > 0 else { return }
    let layout = TableLayout(state, table, area: area)
    let right = area.x + area.width
    func put(_ text: String, _ place: TableLayout.Placed, y: Int, style: Style) {
        guard place.x < right else { return }
        grid.put(truncated(text, to: min(place.width, right - place.x)), x: place.x, y: y, style: style)
    }
    for place in layout.placed {
        if place.column == 0 {
            put(table.keyedRows ? "key" : "#", place, y: area.y, style: painter.style(.dim, bold: true))
            continue
        }
        let column = table.columns[place.column - 1]
        let role: Style.Role = column.isKnown || column.typeText.isEmpty ? .key : .kept
        let sorted = table.sort?.column == place.column ? (table.sort?.descending == true ? "↓" : "↑") : ""
        put(column.title + sorted, place, y: area.y, style: painter.style(role, bold: true))
        if layout.showsTypes { put(column.typeText, place, y: area.y + 1, style: painter.style(column.isKnown ? .type : .kept)) }
    }
    if table.sort?.column == 0, let labels = layout.placed.first {
        put((table.keyedRows ? "key" : "#") + (table.sort?.descending == true ? "↓" : "↑"), labels, y: area.y, style: painter.style(.dim, bold: true))
    }
    let first = area.y + TableLayout.headerHeight(areaHeight: area.height, table: table)
    for (offset, line) in layout.lines.enumerated() {
        let y = first + offset
        guard y < area.y + area.height else { break }
        let isCursorRow = line.row == table.row
        for place in layout.placed {
            let isCursor = isCursorRow && place.column == table.column
            if place.column == 0 {
                put(line.label, place, y: y, style: painter.style(.marker, reverse: isCursorRow))
                continue
            }
            let cell = place.cells[offset]
            let text = cell.warning == nil ? cell.text : "⚠ " + cell.text
            if isCursor { put(String(repeating: " ", count: place.width), place, y: y, style: painter.style(.selection, reverse: true)) }
            put(text, place, y: y, style: painter.style(cell.role, bold: cell.warning != nil, reverse: isCursor))
        }
    }
    if layout.lines.isEmpty, first < area.y + area.height {
        let text = table.filter == nil ? "(no rows)" : "(no row's cell holds \"\(escapedForDisplay(table.filter?.text ?? ""))\": | then Enter shows every row)"
        grid.put(truncated(text, to: area.width), x: area.x, y: first, style: painter.style(.dim))
    }
}

/// The status line under the table: the cell's path, type and any warning, and the row's place
/// with the sort and filter on the right.
func drawTableStatus(_ state: BrowserState, _ table: TableView, _ grid: inout Grid, _ area: Rect, _ painter: Painter) {
    let count = state.tableRowCount(table)
    var position = count == 0 ? "no rows" : "row \(table.row + 1) of \(count)"
    if table.filter != nil, let container = state.tableContainer(table) { position += " (filtered from \(state.document.childCount(container)))" }
    if let sort = table.sort {
        let name = sort.column == 0 ? (table.keyedRows ? "key" : "#") : table.columns[sort.column - 1].title
        position += " · \(name) \(sort.descending ? "↓" : "↑")"
    }
    var left = " " + escapedForDisplay((state.tableCursorPath(table) ?? table.containerPath).jq)
    if let cell = state.tableCursorCell(table) {
        if !cell.typeText.isEmpty { left += "   " + cell.typeText }
        if let warning = cell.warning { left += "   ⚠ " + escapedForDisplay(warning) } else if !cell.text.isEmpty { left += "   " + cell.text }
    }
    let room = max(0, area.width - displayWidth(position) - 2)
    grid.put(truncated(left, to: room), x: 0, y: area.y, style: painter.style(.status, reverse: true))
    if area.width > displayWidth(position) + 1 {
        grid.put(position, x: area.width - displayWidth(position) - 1, y: area.y, style: painter.style(.status, reverse: true))
    }
}
