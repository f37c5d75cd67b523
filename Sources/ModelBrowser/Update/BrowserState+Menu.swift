extension BrowserState {
    /// A key in a menu. Typing narrows the options: a character the menu does not bind starts the
    /// filter (`/` starts an empty one, so `j`, `k`, `q` and space can be typed too), and while it
    /// is on every character goes into it; Backspace takes one back, Esc drops the filter (a second
    /// Esc closes the menu). Arrows, `j`/`k` and the page keys move; Enter chooses.
    mutating func updateMenu(_ menu: inout Menu, _ key: Key) {
        let action = keys.action(for: key, in: .menu)
        if case .character(let character) = key, menu.filter != nil || action == nil {
            if menu.filter == nil, character == "/" {
                menu.filter = ""
            } else {
                menu.filter = (menu.filter ?? "") + String(character)
            }
            menu.selected = 0
            mode = .menu(menu)
            return
        }
        if key == .backspace, let filter = menu.filter {
            menu.filter = filter.isEmpty ? nil : String(filter.dropLast())
            menu.selected = 0
            mode = .menu(menu)
            return
        }
        let count = menu.shown.count
        let page = max(1, menu.visibleRows(height: height) - 1)
        switch action {
        case .cancel where key == .escape && menu.filter != nil:
            menu.filter = nil
            menu.selected = 0
            mode = .menu(menu)
        case .cancel: mode = .normal
        case .choiceDown: menu.selected = min(count - 1, menu.selected + 1); mode = .menu(menu)
        case .choiceUp: menu.selected = max(0, menu.selected - 1); mode = .menu(menu)
        case .choicePageDown: menu.selected = max(0, min(count - 1, menu.selected + page)); mode = .menu(menu)
        case .choicePageUp: menu.selected = max(0, menu.selected - page); mode = .menu(menu)
        case .choose:
            guard let option = menu.selectedOption else {
                say("no option holds \"\(menu.filter ?? "")\": Backspace or Esc widens the list", error: true)
                mode = .menu(menu)
                return
            }
            mode = .normal
            choose(option.choice, row: menu.row)
        default: break
        }
    }
}
