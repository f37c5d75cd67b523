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
    default:
        drawTree(state, &grid, layout.tree, painter)
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
    case .none, .rows(nil): modelText = ""
    }
    let marker = state.isModified ? "● modified " : ""
    let room = max(0, area.width - displayWidth(marker) - 1)
    let sourceRoom = max(4, room - displayWidth(" keepsake  ") - displayWidth(modelText))
    let title = " keepsake  " + truncatedFromLeft(escapedForDisplay(state.sourceName), to: sourceRoom) + modelText
    grid.put(truncated(title, to: room), x: 0, y: area.y, style: painter.style(.title, bold: true, reverse: true))
    if !marker.isEmpty, area.width > displayWidth(marker) {
        grid.put(marker, x: area.width - displayWidth(marker), y: area.y, style: painter.style(.warning, bold: true, reverse: true))
    }
}

private func drawTree(_ state: BrowserState, _ grid: inout Grid, _ area: Rect, _ painter: Painter) {
    let first = state.top
    let last = min(state.rows.count, first + area.height)
    guard first < last else { return }
    var cache = AnnotationCache()
    // Column widths from the visible rows only.
    var keyWidth = 4
    var typeWidth = 0
    var lines: [(row: Int, indent: Int, key: String, annotation: Annotation)] = []
    let visible = state.rows.rows(first..<last)
    for (r, row) in zip(first..<last, visible) {
        let annotation = state.annotation(ofRow: r, cache: &cache)
        let key: String
        if row.parent == nil {
            key = state.canSaveInPlace ? "." : "(stdin)"
        } else if let memberKey = state.document.key(row.node) {
            key = (annotation.isUnknownMember ? "+ " : "") + escapedForDisplay(memberKey)
        } else {
            key = "[\(row.index)]"
        }
        keyWidth = max(keyWidth, min(24, row.depth * 2 + 2 + displayWidth(key)))
        typeWidth = max(typeWidth, min(28, displayWidth(annotation.typeText)))
        lines.append((r, row.depth * 2, key, annotation))
    }
    for (offset, line) in lines.enumerated() {
        let y = area.y + offset
        let isCursor = line.row == state.cursor
        let node = visible[offset].node
        let kind = state.document.kind(node)
        if isCursor { grid.fill(row: y, style: painter.style(.selection, reverse: true)) }
        var x = line.indent
        let markerText = kind.isContainer ? (state.isExpanded(line.row) ? "▾ " : "▸ ") : "  "
        x += grid.put(markerText, x: x, y: y, style: painter.style(.marker, reverse: isCursor))
        let keyRole: Style.Role = line.annotation.kind == .kept ? .kept : .key
        grid.put(truncated(line.key, to: max(1, keyWidth - x)), x: x, y: y, style: painter.style(keyRole, reverse: isCursor))
        x = keyWidth + 2
        if typeWidth > 0 {
            let typeRole: Style.Role =
                switch line.annotation.kind {
                case .kept: .kept
                case .warning: .warning
                default: .type
                }
            grid.put(truncated(line.annotation.typeText, to: typeWidth), x: x, y: y, style: painter.style(typeRole, reverse: isCursor))
            x += typeWidth + 2
        }
        guard x < grid.width else { continue }
        let (text, role) = valuePreview(state.document, node, kind: kind, expanded: state.isExpanded(line.row))
        let used = grid.put(truncated(text, to: grid.width - x), x: x, y: y, style: painter.style(role, reverse: isCursor))
        if let warning = line.annotation.warning, x + used + 2 < grid.width {
            grid.put(truncated("⚠ " + warning, to: grid.width - x - used - 2), x: x + used + 2, y: y, style: painter.style(.warning, bold: true, reverse: isCursor))
        }
    }
}

/// The value column: a scalar's text (escaped), or a container's size.
private func valuePreview(_ document: JSONDocument, _ node: Node, kind: JSONKind, expanded: Bool) -> (String, Style.Role) {
    switch kind {
    case .object, .array:
        // Large containers remember their count after the first frame that shows them.
        let count = document.childCount(node)
        let noun = kind == .array ? (count == 1 ? "item" : "items") : (count == 1 ? "key" : "keys")
        return (expanded ? "\(count) \(noun)" : (kind == .array ? "[…] " : "{…} ") + "\(count) \(noun)", .dim)
    case .string:
        let raw = document.range(node).count > 4096 ? String(document.rawText(node).prefix(4096)) : document.rawText(node)
        return (escapedForDisplay(raw), .string)
    case .number: return (document.rawText(node), .number)
    case .true, .false: return (document.rawText(node), .bool)
    case .null: return ("null", .null)
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
        var cache = AnnotationCache()
        let annotation = state.rows.isEmpty ? nil : state.annotation(ofRow: state.cursor, cache: &cache)
        let position = "row \(state.cursor + 1) of \(state.rows.count)"
        var left = " " + escapedForDisplay(state.cursorPath.jq) + (annotation.map { $0.typeText.isEmpty ? "" : "   " + $0.typeText } ?? "")
        if let warning = annotation?.warning { left += "   ⚠ " + warning }
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
    }
}

private func drawHints(_ state: BrowserState, _ grid: inout Grid, _ area: Rect, _ painter: Painter) {
    let hints: String
    switch state.mode {
    case .normal: hints = state.keys.hints(for: .normal)
    case .editing: hints = state.keys.hints(for: .editing)
    case .menu: hints = state.keys.hints(for: .menu)
    case .confirm(let confirmation): hints = confirmation.choices.map(\.text).joined(separator: "  ")
    case .help, .diff: hints = state.keys.hints(for: .scrolling) + "  any other key closes"
    }
    grid.put(truncated(hints, to: area.width), x: 0, y: area.y, style: painter.style(.hint))
}

private func drawHelp(_ keys: KeyTable, _ grid: inout Grid, _ area: Rect, scroll: Int, _ painter: Painter) {
    let sections: [(title: String, mode: BindingMode)] = [("Keys", .normal), ("In a menu", .menu), ("In a prompt", .editing), ("In help and the diff", .scrolling)]
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
    let width = min(grid.width, max(displayWidth(menu.title), menu.options.map { displayWidth($0.label) }.max() ?? 0) + 4)
    let height = min(max(0, grid.height - 3), menu.options.count + 1)
    guard height > 0, width > 0 else { return }
    let x = max(0, (grid.width - width) / 2)
    let y0 = max(1, grid.height - 2 - height)
    grid.fill(row: y0, from: x, style: painter.style(.title, bold: true, reverse: true))
    grid.put(truncated(" " + menu.title, to: width), x: x, y: y0, style: painter.style(.title, bold: true, reverse: true))
    let visible = height - 1
    let first = max(0, min(menu.selected - visible + 1, menu.options.count - visible))
    for (offset, option) in menu.options.dropFirst(first).prefix(visible).enumerated() {
        let selected = first + offset == menu.selected
        let text = (selected ? "› " : "  ") + option.label
        grid.put(String(repeating: " ", count: width), x: x, y: y0 + 1 + offset, style: painter.style(.normal, reverse: selected))
        grid.put(truncated(escapedForDisplay(text), to: width), x: x, y: y0 + 1 + offset, style: painter.style(.normal, bold: selected, reverse: selected))
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
