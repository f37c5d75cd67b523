import DictionaryStorage
import LosslessJSON

/// Draws the state into a grid: title bar, the visible rows, status line and key hints, and any
/// prompt, menu, help or diff on top. Pure: the same state always draws the same cells.
public func render(_ state: BrowserState, into grid: inout Grid) {
    grid = Grid(width: state.width, height: state.height)
    guard grid.width > 0, grid.height > 0 else { return }
    let colors = state.colors
    func style(_ role: Style.Role, bold: Bool = false, reverse: Bool = false) -> Style {
        Style(colors ? role : .normal, bold: bold, reverse: reverse)
    }

    // Title bar.
    grid.fill(row: 0, style: style(.title, reverse: true))
    // The source name gives way first, so the model stays visible.
    var modelText = state.isRecordStore ? "  records" : ""
    if let model = state.model {
        modelText = state.document.kind(state.document.root) == .array ? "  \(model.name) ×\(state.rootCount)" : "  \(model.name)"
    }
    let marker = state.isModified ? "● modified " : ""
    let room = max(0, grid.width - displayWidth(marker) - 1)
    let sourceRoom = max(4, room - displayWidth(" keepsake  ") - displayWidth(modelText))
    let title = " keepsake  " + truncatedFromLeft(escapedForDisplay(state.sourceName), to: sourceRoom) + modelText
    grid.put(truncated(title, to: room), x: 0, y: 0, style: style(.title, bold: true, reverse: true))
    if !marker.isEmpty, grid.width > displayWidth(marker) {
        grid.put(marker, x: grid.width - displayWidth(marker), y: 0, style: style(.warning, bold: true, reverse: true))
    }
    guard grid.height > 1 else { return }

    let treeTop = 1
    // Title, rows, and (from three lines up) the status and hint lines.
    let treeRows = max(0, min(state.treeHeight, grid.height - 1 - (grid.height >= 3 ? 2 : 0)))

    switch state.mode {
    case .help(let scroll):
        drawHelp(&grid, top: treeTop, rows: treeRows, scroll: scroll, style: style)
    case .diff(let lines, let scroll):
        for (offset, line) in lines.dropFirst(scroll).prefix(treeRows).enumerated() {
            let role: Style.Role = line.hasPrefix("+") ? .string : line.hasPrefix("-") ? .warning : line.hasPrefix("@@") ? .type : .normal
            grid.put(truncated(escapedForDisplay(line), to: grid.width), x: 0, y: treeTop + offset, style: style(role))
        }
    default:
        drawTree(state, &grid, top: treeTop, rows: treeRows, style: style)
    }

    // Status and hint lines.
    if grid.height >= 3 {
        let statusY = grid.height - 2
        grid.fill(row: statusY, style: style(.status, reverse: true))
        drawStatus(state, &grid, y: statusY, style: style)
        drawHints(state, &grid, y: grid.height - 1, style: style)
    }
    if case .menu(let menu) = state.mode { drawMenu(menu, &grid, style: style) }
}

private func drawTree(_ state: BrowserState, _ grid: inout Grid, top: Int, rows visibleRows: Int, style: (Style.Role, Bool, Bool) -> Style) {
    let first = state.top
    let last = min(state.rows.count, first + visibleRows)
    guard first < last else { return }
    var cache = AnnotationCache()
    // Column widths from the visible rows only.
    var keyWidth = 4
    var typeWidth = 0
    var lines: [(row: Int, indent: Int, key: String, annotation: Annotation)] = []
    let visible = state.rows.rows(first..<last)
    for (r, row) in zip(first..<last, visible) {
        let node = JSONDocument.Node(id: row.node)
        let annotation = state.annotation(ofRow: r, cache: &cache)
        let key: String
        if row.parent < 0 {
            key = state.hasFile ? "." : "(stdin)"
        } else if let memberKey = state.document.key(node) {
            key = (annotation.kind == .kept && annotation.typeText == "kept" ? "+ " : "") + escapedForDisplay(memberKey)
        } else {
            key = "[\(row.index)]"
        }
        keyWidth = max(keyWidth, min(24, row.depth * 2 + 2 + displayWidth(key)))
        typeWidth = max(typeWidth, min(28, displayWidth(annotation.typeText)))
        lines.append((r, row.depth * 2, key, annotation))
    }
    for (offset, line) in lines.enumerated() {
        let y = top + offset
        let isCursor = line.row == state.cursor
        let row = visible[offset]
        let node = JSONDocument.Node(id: row.node)
        let kind = state.document.kind(node)
        if isCursor { grid.fill(row: y, style: style(.selection, false, true)) }
        var x = line.indent
        let markerText = kind.isContainer ? (state.isExpanded(line.row) ? "▾ " : "▸ ") : "  "
        x += grid.put(markerText, x: x, y: y, style: style(.marker, false, isCursor))
        let keyRole: Style.Role = line.annotation.kind == .kept ? .kept : .key
        grid.put(truncated(line.key, to: max(1, keyWidth - x)), x: x, y: y, style: style(keyRole, false, isCursor))
        x = keyWidth + 2
        if typeWidth > 0 {
            let typeRole: Style.Role =
                switch line.annotation.kind {
                case .kept: .kept
                case .warning: .warning
                default: .type
                }
            grid.put(truncated(line.annotation.typeText, to: typeWidth), x: x, y: y, style: style(typeRole, false, isCursor))
            x += typeWidth + 2
        }
        guard x < grid.width else { continue }
        let (text, role) = valuePreview(state, node, kind: kind, expanded: state.isExpanded(line.row))
        let used = grid.put(truncated(text, to: grid.width - x), x: x, y: y, style: style(role, false, isCursor))
        if let warning = line.annotation.warning, x + used + 2 < grid.width {
            grid.put(truncated("⚠ " + warning, to: grid.width - x - used - 2), x: x + used + 2, y: y, style: style(.warning, true, isCursor))
        }
    }
}

/// The value column: a scalar's text (escaped), or a container's size.
private func valuePreview(_ state: BrowserState, _ node: JSONDocument.Node, kind: JSONKind, expanded: Bool) -> (String, Style.Role) {
    let document = state.document
    switch kind {
    case .object, .array:
        // Large containers remember their count after the first frame that shows them.
        let count = document.childCount(node)
        let noun = kind == .array ? (count == 1 ? "item" : "items") : (count == 1 ? "key" : "keys")
        let shown = "\(count)"
        return (expanded ? "\(shown) \(noun)" : (kind == .array ? "[…] " : "{…} ") + "\(shown) \(noun)", .dim)
    case .string:
        let raw = document.range(node).count > 4096 ? String(document.rawText(node).prefix(4096)) : document.rawText(node)
        return (escapedForDisplay(raw), .string)
    case .number: return (document.rawText(node), .number)
    case .true, .false: return (document.rawText(node), .bool)
    case .null: return ("null", .null)
    }
}

private func drawStatus(_ state: BrowserState, _ grid: inout Grid, y: Int, style: (Style.Role, Bool, Bool) -> Style) {
    switch state.mode {
    case .editing(let editor, let purpose):
        let prompt: String
        switch purpose {
        case .search: prompt = "/"
        case .command: prompt = ":"
        case .newKey: prompt = "new key: "
        case .newMemberValue(_, let key): prompt = "value of \(escapedForDisplay(key)) (JSON): "
        case .newElement: prompt = "new element (JSON): "
        case .rename: prompt = "rename to: "
        case .rawValue: prompt = "JSON: "
        case .field(_, let kind): prompt = kind == .number ? "number: " : "value: "
        case .otherEnumValue: prompt = "other value: "
        }
        let text = escapedForDisplay(editor.text)
        let x = grid.put(prompt, x: 0, y: y, style: style(.status, true, true))
        // Keep the cursor visible: show the end of long text.
        let room = max(1, grid.width - x - 1)
        var shown = text
        var cursorColumn = editor.cursorColumn
        while displayWidth(shown) > room, let first = shown.first {
            shown.removeFirst()
            cursorColumn -= displayWidth(first)
        }
        grid.put(shown, x: x, y: y, style: style(.status, false, true))
        let cx = x + max(0, cursorColumn)
        if cx < grid.width { grid.put("▏", x: cx, y: y, style: style(.warning, true, true)) }
    case .confirm(let confirmation):
        grid.put(truncated(confirmation.question + "  " + confirmation.choices.joined(separator: "  "), to: grid.width), x: 0, y: y, style: style(.warning, true, true))
    default:
        if let message = state.message {
            grid.put(truncated(escapedForDisplay(message), to: grid.width), x: 0, y: y, style: style(state.messageIsError ? .warning : .status, state.messageIsError, true))
            return
        }
        var cache = AnnotationCache()
        let annotation = state.rows.isEmpty ? nil : state.annotation(ofRow: state.cursor, cache: &cache)
        let position = "row \(state.cursor + 1) of \(state.rows.count)"
        var left = " " + escapedForDisplay(state.cursorPath.jq) + (annotation.map { $0.typeText.isEmpty ? "" : "   " + $0.typeText } ?? "")
        if let warning = annotation?.warning { left += "   ⚠ " + warning }
        let room = max(0, grid.width - displayWidth(position) - 2)
        grid.put(truncated(left, to: room), x: 0, y: y, style: style(.status, false, true))
        if grid.width > displayWidth(position) + 1 {
            grid.put(position, x: grid.width - displayWidth(position) - 1, y: y, style: style(.status, false, true))
        }
    }
}

private func drawHints(_ state: BrowserState, _ grid: inout Grid, y: Int, style: (Style.Role, Bool, Bool) -> Style) {
    let hints: String
    switch state.mode {
    case .normal: hints = KeyHelp.normalHints
    case .editing: hints = "⏎ commit  Esc cancel  ←→ Home End ^A ^E ^U ^K ^W"
    case .menu: hints = "↑↓ choose  ⏎ select  Esc cancel"
    case .confirm(let confirmation): hints = confirmation.choices.joined(separator: "  ")
    case .help, .diff: hints = "↑↓ scroll  any other key closes"
    }
    grid.put(truncated(hints, to: grid.width), x: 0, y: y, style: style(.hint, false, false))
}

private func drawHelp(_ grid: inout Grid, top: Int, rows: Int, scroll: Int, style: (Style.Role, Bool, Bool) -> Style) {
    let lines = ["Keys"] + KeyHelp.all.map { "  " + $0.keys.padding(toColumns: 18) + $0.action }
    for (offset, line) in lines.dropFirst(scroll).prefix(rows).enumerated() {
        grid.put(truncated(line, to: grid.width), x: 0, y: top + offset, style: style(offset == 0 && scroll == 0 ? .title : .normal, offset == 0, false))
    }
}

private func drawMenu(_ menu: Menu, _ grid: inout Grid, style: (Style.Role, Bool, Bool) -> Style) {
    let width = min(grid.width, max(displayWidth(menu.title), menu.options.map { displayWidth($0) }.max() ?? 0) + 4)
    let height = min(max(0, grid.height - 3), menu.options.count + 1)
    guard height > 0, width > 0 else { return }
    let x = max(0, (grid.width - width) / 2)
    let y0 = max(1, grid.height - 2 - height)
    grid.fill(row: y0, from: x, style: style(.title, true, true))
    grid.put(truncated(" " + menu.title, to: width), x: x, y: y0, style: style(.title, true, true))
    let visible = height - 1
    let first = max(0, min(menu.selected - visible + 1, menu.options.count - visible))
    for (offset, option) in menu.options.dropFirst(first).prefix(visible).enumerated() {
        let selected = first + offset == menu.selected
        let text = (selected ? "› " : "  ") + option
        grid.put(String(repeating: " ", count: width), x: x, y: y0 + 1 + offset, style: style(.normal, false, selected))
        grid.put(truncated(escapedForDisplay(text), to: width), x: x, y: y0 + 1 + offset, style: style(.normal, selected, selected))
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
