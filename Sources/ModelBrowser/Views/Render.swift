import DictionaryStorage
import LosslessJSON

/// Draws the state into a grid: title bar, the visible rows, status line and key hints, and any
/// prompt, menu, help or diff on top. Pure: the same state always draws the same cells.
public func render(_ state: BrowserState, into grid: inout Grid) {
    grid = Grid(width: state.width, height: state.height)
    guard grid.width > 0, grid.height > 0 else { return }
    let painter = Painter(colors: state.colors)
    let layout = state.layout
    drawTitle(state, &grid, layout.title, painter)
    switch state.mode {
    case .help(let scroll):
        drawHelp(state.keys, &grid, layout.tree, scroll: scroll, painter)
    case .diff(let lines, let scroll):
        drawDiff(lines, &grid, layout.tree, scroll: scroll, painter)
    case .details(let lines, let scroll):
        for (offset, line) in lines.dropFirst(scroll).prefix(layout.tree.height).enumerated() {
            grid.put(truncated(" " + line, to: grid.width), x: 0, y: layout.tree.y + offset, style: painter.style(.normal))
        }
    default:
        if let table = state.view.table {
            drawTable(state, table, &grid, layout.tree, painter)
        } else {
            drawTree(state, &grid, layout.tree, painter)
        }
    }
    if let status = layout.status, let hints = layout.hints {
        grid.fill(row: status.y, style: painter.style(.status, reverse: true))
        drawStatus(state, &grid, status, painter)
        drawHints(state, &grid, hints, painter)
    }
    if case .menu(let menu) = state.mode { drawMenu(menu, &grid, painter) }
}

/// Styles for roles, with colours or (under NO_COLOR) markers only.
struct Painter {
    let colors: Bool

    func style(_ role: Style.Role, bold: Bool = false, reverse: Bool = false) -> Style {
        Style(colors ? role : .normal, bold: bold, reverse: reverse)
    }
}

private func drawTitle(_ state: BrowserState, _ grid: inout Grid, _ area: Rect, _ painter: Painter) {
    guard area.height > 0 else { return }
    grid.fill(row: area.y, style: painter.style(.title, reverse: true))
    // The source name gives way first, so the model stays visible.
    let modelText: String
    switch state.binding {
    case .model(let model): modelText = state.document.kind(state.document.root) == .array ? "  \(model.name) ×\(state.rootCount)" : "  \(model.name)"
    case .rows(let model?): modelText = "  \(model.name) rows"
    case .recordsByType: modelText = "  records"
    case .typed(_, let name): modelText = "  " + name
    case .none, .rows(nil): modelText = ""
    }
    let count = state.problems.count
    let errors = state.checkPending ? "checking…  " : count == 0 ? "" : "⚠ \(count) schema error\(count == 1 ? "" : "s") (!)  "
    let loading = state.partialLoad.map { $0.failure == nil ? "\($0.progress.summary)…  " : "⚠ start only  " } ?? ""
    let marker = loading + errors + (state.isModified ? "● modified " : "")
    let room = max(0, area.width - displayWidth(marker) - 1)
    let sourceRoom = max(4, room - displayWidth(" keepsake  ") - displayWidth(modelText))
    let title = " keepsake  " + truncatedFromLeft(escapedForDisplay(state.sourceName), to: sourceRoom) + modelText
    grid.put(truncated(title, to: room), x: 0, y: area.y, style: painter.style(.title, bold: true, reverse: true))
    if !marker.isEmpty, area.width > displayWidth(marker) {
        grid.put(marker, x: area.width - displayWidth(marker), y: area.y, style: painter.style(.warning, bold: true, reverse: true))
    }
}

private func drawTree(_ state: BrowserState, _ grid: inout Grid, _ area: Rect, _ painter: Painter) {
    guard state.top < state.rows.count, area.height > 0 else { return }
    var cache = AnnotationCache()
    let layout = TreeLayout(state, from: state.top, count: area.height, cache: &cache)
    var y = area.y
    for line in layout.lines {
        guard y < area.y + area.height else { break }
        let isCursor = line.row == state.cursor
        let height = layout.height(of: line, wrapping: state.wrapValues, limit: area.y + area.height - y)
        for extra in 0..<height where isCursor { grid.fill(row: y + extra, style: painter.style(.selection, reverse: true)) }
        var x = line.depth * 2
        let kind = state.document.kind(line.node)
        let markerText = kind.isContainer && !line.isPlaceholder ? (state.expanded[line.node] != nil ? "▾ " : "▸ ") : "  "
        x += grid.put(markerText, x: x, y: y, style: painter.style(.marker, reverse: isCursor))
        let keyRole: Style.Role = line.annotation.kind == .kept ? .kept : line.annotation.kind == .disabled ? .dim : .key
        grid.put(layout.shownKey(line), x: x, y: y, style: painter.style(keyRole, reverse: isCursor))
        if layout.typeWidth > 0 {
            let typeRole: Style.Role =
                switch line.annotation.kind {
                case .kept: .kept
                case .warning: .warning
                case .disabled: .dim
                default: .type
                }
            grid.put(truncated(line.annotation.typeText, to: layout.typeWidth), x: layout.keyWidth + 2, y: y, style: painter.style(typeRole, reverse: isCursor))
        }
        x = layout.valueX
        defer { y += height }
        guard x < grid.width else { continue }
        let room = grid.width - x
        var text = line.value.text
        if isCursor, state.valueOffset > 0 { text = "…" + droppingColumns(text, state.valueOffset + 1) }
        let style = painter.style(line.value.role, reverse: isCursor)
        var used = 0
        if state.wrapValues {
            for (offset, piece) in wrapped(text, to: room).prefix(height).enumerated() {
                used = grid.put(piece, x: x, y: y + offset, style: style)
            }
        } else {
            used = grid.put(truncated(text, to: room), x: x, y: y, style: style)
        }
        if let warning = line.annotation.warning, x + used + 2 < grid.width {
            used += 2 + grid.put(truncated("⚠ " + warning, to: grid.width - x - used - 2), x: x + used + 2, y: y + height - 1, style: painter.style(.warning, bold: true, reverse: isCursor))
        }
        if let comment = line.comment, x + used + 2 < grid.width {
            grid.put(truncated("// " + comment, to: grid.width - x - used - 2), x: x + used + 2, y: y + height - 1, style: painter.style(.dim, reverse: isCursor))
        }
    }
}

private func drawStatus(_ state: BrowserState, _ grid: inout Grid, _ area: Rect, _ painter: Painter) {
    let y = area.y
    switch state.mode {
    case .editing(let editor, let purpose):
        let x = grid.put(prompt(for: purpose), x: 0, y: y, style: painter.style(.status, bold: true, reverse: true))
        // Keep the cursor visible: show the end of long text.
        let room = max(1, area.width - x - 1)
        var shown = escapedForDisplay(editor.text)
        var cursorColumn = editor.cursorColumn
        while displayWidth(shown) > room, let first = shown.first {
            shown.removeFirst()
            cursorColumn -= displayWidth(first)
        }
        grid.put(shown, x: x, y: y, style: painter.style(.status, reverse: true))
        let cx = x + max(0, cursorColumn)
        if cx < area.width { grid.put("▏", x: cx, y: y, style: painter.style(.warning, bold: true, reverse: true)) }
    case .confirm(let confirmation):
        let text = confirmation.question + "  " + confirmation.choices.map(\.text).joined(separator: "  ")
        grid.put(truncated(text, to: area.width), x: 0, y: y, style: painter.style(.warning, bold: true, reverse: true))
    default:
        if let message = state.message {
            let role: Style.Role = state.messageIsError ? .warning : .status
            grid.put(truncated(escapedForDisplay(message), to: area.width), x: 0, y: y, style: painter.style(role, bold: state.messageIsError, reverse: true))
            return
        }
        if let table = state.view.table {
            drawTableStatus(state, table, &grid, area, painter)
            return
        }
        var cache = AnnotationCache()
        let annotation = state.rows.isEmpty ? nil : state.annotation(ofRow: state.cursor, cache: &cache)
        // On a find's match, where it stands among the matches instead of the row count.
        let position = state.foundMatchText ?? "row \(state.cursor + 1) of \(state.rows.count)"
        var left = " " + escapedForDisplay(state.cursorPath.jq) + (annotation.map { $0.typeText.isEmpty ? "" : "   " + $0.typeText } ?? "")
        if let warning = annotation?.warning { left += "   ⚠ " + warning }
        if let help = annotation?.field?.help { left += "   " + escapedForDisplay(help) }
        if state.view.showComments, !state.rows.isEmpty, let comment = state.commentText(ofRow: state.cursor) { left += "   // " + comment }
        if let partialLoad = state.partialLoad, let move = partialLoad.waiting { left = " " + escapedForDisplay(partialLoad.waitingText(move)) }
        let room = max(0, area.width - displayWidth(position) - 2)
        grid.put(truncated(left, to: room), x: 0, y: y, style: painter.style(.status, reverse: true))
        if area.width > displayWidth(position) + 1 {
            grid.put(position, x: area.width - displayWidth(position) - 1, y: y, style: painter.style(.status, reverse: true))
        }
    }
}

/// The prompt before a line editor.
private func prompt(for purpose: EditPurpose) -> String {
    switch purpose {
    case .search: "/"
    case .command: ":"
    case .newKey: "new key: "
    case .newMemberValue(_, let key): "value of \(escapedForDisplay(key)) (JSON): "
    case .newElement: "new element (JSON): "
    case .rename: "rename to: "
    case .rawValue: "JSON: "
    case .field(_, .number): "number: "
    case .field(_, .string): "value: "
    case .otherEnumValue: "other value: "
    case .comment: "comment: "
    case .schemaPath: "save the inferred schema to: "
    case .tableFilter: "show the rows whose cell holds: "
    }
}

private func drawHints(_ state: BrowserState, _ grid: inout Grid, _ area: Rect, _ painter: Painter) {
    let hints: String
    switch state.mode {
    case .normal where state.view.table != nil:
        let tree = [BrowserAction.undo, .save, .help, .quit].compactMap { action in state.keys.bindings(in: .normal).first { $0.action == action }?.hint }
        hints = ([state.keys.hints(for: .table)] + tree).joined(separator: "  ")
    case .normal: hints = state.keys.hints(for: .normal)
    case .editing(let editor, .field(let row, let kind)) where state.problems(ofCandidate: editor.text, kind: kind, row: row) != nil:
        hints = "⚠ " + (state.problems(ofCandidate: editor.text, kind: kind, row: row) ?? "")
    case .editing(_, .command) where !state.status.completions.isEmpty:
        hints = state.status.completions.map(escapedForDisplay).joined(separator: "  ")
    case .editing(_, .command):
        hints = (state.keys.keyText(for: .complete, in: .editing).map { "\($0) complete  " } ?? "") + state.keys.hints(for: .editing)
    case .editing: hints = state.keys.hints(for: .editing)
    case .menu: hints = state.keys.hints(for: .menu)
    case .confirm(let confirmation): hints = confirmation.choices.map(\.text).joined(separator: "  ")
    case .help, .diff, .details: hints = state.keys.hints(for: .scrolling) + "  any other key closes"
    }
    let role: Style.Role = hints.hasPrefix("⚠") ? .warning : .hint
    grid.put(truncated(escapedForDisplay(hints), to: area.width), x: 0, y: area.y, style: painter.style(role))
}

private func drawHelp(_ keys: KeyTable, _ grid: inout Grid, _ area: Rect, scroll: Int, _ painter: Painter) {
    let sections: [(title: String, mode: BindingMode)] = [
        ("Keys", .normal), ("In a table", .table), ("In a menu", .menu), ("In a prompt", .editing), ("In help, the diff and details", .scrolling),
    ]
    var lines: [(text: String, heading: Bool)] = []
    for section in sections {
        if !lines.isEmpty { lines.append(("", false)) }
        lines.append((section.title, true))
        lines += keys.bindings(in: section.mode).map { ("  " + $0.keyText.padding(toColumns: 18) + $0.help, false) }
    }
    for (offset, line) in lines.dropFirst(scroll).prefix(area.height).enumerated() {
        grid.put(truncated(line.text, to: area.width), x: 0, y: area.y + offset, style: painter.style(line.heading ? .title : .normal, bold: line.heading))
    }
}

private func drawDiff(_ lines: [String], _ grid: inout Grid, _ area: Rect, scroll: Int, _ painter: Painter) {
    for (offset, line) in lines.dropFirst(scroll).prefix(area.height).enumerated() {
        let role: Style.Role = line.hasPrefix("+") ? .string : line.hasPrefix("-") ? .warning : line.hasPrefix("@@") ? .type : .normal
        grid.put(truncated(escapedForDisplay(line), to: area.width), x: 0, y: area.y + offset, style: painter.style(role))
    }
}

private func drawMenu(_ menu: Menu, _ grid: inout Grid, _ painter: Painter) {
    // The title says what is typed and how many options it leaves.
    let shown = menu.shown
    let title = menu.filter.map { menu.title + "  /" + $0 + "▏ \(shown.count) of \(menu.options.count)" } ?? menu.title
    // Labels in one column; details (a field's type and description) after them, as room allows.
    let labelWidth = menu.options.map { displayWidth(escapedForDisplay($0.label)) }.max() ?? 0
    let detailWidth = menu.options.map { $0.detail.isEmpty ? 0 : displayWidth(escapedForDisplay($0.detail)) + 2 }.max() ?? 0
    let width = min(grid.width, max(displayWidth(title) + 1, labelWidth + detailWidth) + 4)
    let height = min(max(0, grid.height - 3), menu.options.count + 1)
    let visible = menu.visibleRows(height: grid.height)
    guard height > 0, width > 0 else { return }
    let x = max(0, (grid.width - width) / 2)
    let y0 = max(1, grid.height - 2 - height)
    grid.fill(row: y0, from: x, style: painter.style(.title, bold: true, reverse: true))
    grid.put(truncated(" " + escapedForDisplay(title), to: width), x: x, y: y0, style: painter.style(.title, bold: true, reverse: true))
    for row in 0..<visible { grid.put(String(repeating: " ", count: width), x: x, y: y0 + 1 + row, style: painter.style(.normal)) }
    let first = max(0, min(menu.selected - visible + 1, shown.count - visible))
    for (offset, option) in shown.dropFirst(first).prefix(visible).enumerated() {
        let selected = first + offset == menu.selected
        let text = (selected ? "› " : "  ") + escapedForDisplay(option.label)
        grid.put(String(repeating: " ", count: width), x: x, y: y0 + 1 + offset, style: painter.style(.normal, reverse: selected))
        grid.put(truncated(text, to: width), x: x, y: y0 + 1 + offset, style: painter.style(.normal, bold: selected, reverse: selected))
        let detailX = 2 + labelWidth + 2
        if !option.detail.isEmpty, detailX < width - 1 {
            grid.put(truncated(escapedForDisplay(option.detail), to: width - detailX - 1), x: x + detailX, y: y0 + 1 + offset, style: painter.style(.dim, reverse: selected))
        }
    }
}

/// Text cut from the left to fit, with "…" first (paths keep their file name).
func truncatedFromLeft(_ text: String, to columns: Int) -> String {
    guard displayWidth(text) > columns else { return text }
    var out = ""
    var used = 1
    for character in text.reversed() {
        let w = displayWidth(character)
        if used + w > columns { break }
        out.insert(character, at: out.startIndex)
        used += w
    }
    return "…" + out
}

extension String {
    func padding(toColumns columns: Int) -> String {
        let width = displayWidth(self)
        return width >= columns ? self + " " : self + String(repeating: " ", count: columns - width)
    }
}
