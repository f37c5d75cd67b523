import ModelBrowser

/// Key names as settings write them: a character, `Space`, `Enter`, `Esc`, `Tab`, `Backspace`,
/// `Delete`, `Up`, `Down`, `Left`, `Right`, `Home`, `End`, `PgUp`, `PgDn`, `F1`…`F12`, and `C-x`
/// (or `^X`) for Ctrl-X.
enum KeyName {
    static let named: [String: Key] = [
        "Space": .character(" "), "Enter": .enter, "Esc": .escape, "Tab": .tab, "Backspace": .backspace, "Delete": .delete,
        "Up": .up, "Down": .down, "Left": .left, "Right": .right, "Home": .home, "End": .end, "PgUp": .pageUp, "PgDn": .pageDown,
    ]

    /// The key a name stands for, if any.
    static func key(named name: String) -> Key? {
        if let key = named[name] { return key }
        if name.count == 1, let character = name.first { return .character(character) }
        if name.hasPrefix("F"), let number = Int(name.dropFirst()), (1...12).contains(number) { return .function(number) }
        if name.hasPrefix("C-") || name.hasPrefix("^"), let letter = name.dropFirst(name.hasPrefix("^") ? 1 : 2).first,
            name.count == (name.hasPrefix("^") ? 2 : 3), letter.isLetter
        {
            return .control(Character(letter.lowercased()))
        }
        return nil
    }

    /// How a setting names a key.
    static func setting(for key: Key) -> String {
        if let name = named.first(where: { $0.value == key })?.key { return name }
        switch key {
        case .character(let c): return String(c)
        case .control(let c): return "C-" + String(c)
        case .function(let n): return "F\(n)"
        default: return key.displayName
        }
    }

    /// The first key bound to two actions in one mode, described, or `nil`.
    static func firstClash(in table: KeyTable) -> String? {
        var owners: [String: BrowserAction] = [:]
        for binding in table.bindings {
            for key in binding.keys {
                let slot = "\(binding.mode):\(setting(for: key))"
                if let owner = owners[slot], owner != binding.action {
                    return "\(setting(for: key)) is bound to both \(owner.rawValue) and \(binding.action.rawValue)"
                }
                owners[slot] = binding.action
            }
        }
        return nil
    }
}
