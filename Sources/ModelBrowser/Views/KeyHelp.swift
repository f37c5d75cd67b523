/// Every key of the browser: the help screen and the hint line read this one table.
public struct KeyHelp: Sendable {
    /// The keys as written on screen.
    public let keys: String
    /// What they do.
    public let action: String
    /// Shown on the hint line in normal mode, in this order.
    public let hint: String?

    /// The table (UI.md's keys).
    public static let all: [KeyHelp] = [
        KeyHelp(keys: "j k ↓ ↑", action: "next / previous row", hint: "↑↓ move"),
        KeyHelp(keys: "h ←", action: "collapse, or go to the parent if collapsed", hint: "←→ fold"),
        KeyHelp(keys: "l →", action: "expand, or go to the first child if expanded", hint: nil),
        KeyHelp(keys: "Space", action: "toggle fold", hint: nil),
        KeyHelp(keys: "J K", action: "next / previous sibling", hint: nil),
        KeyHelp(keys: "g G Home End", action: "first / last row", hint: nil),
        KeyHelp(keys: "^D ^U PgDn PgUp", action: "half page / page", hint: nil),
        KeyHelp(keys: "e E", action: "expand all / collapse all", hint: nil),
        KeyHelp(keys: "/", action: "find in keys and values (a capital makes it case-sensitive; re: for a regex); n N next / previous", hint: "/ find"),
        KeyHelp(keys: "Enter", action: "edit the value with the editor for its type (fold a container)", hint: "⏎ edit"),
        KeyHelp(keys: "a", action: "add a member, an element, or a missing model field", hint: "a add"),
        KeyHelp(keys: "d", action: "delete the member or element (asks once)", hint: "d delete"),
        KeyHelp(keys: "r", action: "rename the key of an untyped member", hint: nil),
        KeyHelp(keys: "v", action: "change the variant of a polymorphic value", hint: nil),
        KeyHelp(keys: "x", action: "clear an optional field", hint: nil),
        KeyHelp(keys: "u ^R", action: "undo / redo", hint: "u undo"),
        KeyHelp(keys: "D", action: "show the pending changes as a unified diff", hint: nil),
        KeyHelp(keys: "^S :w", action: "save; :w PATH save as; :wq save and quit", hint: "^S save"),
        KeyHelp(keys: "q :q", action: "quit (asks to save, discard or cancel when modified)", hint: "q quit"),
        KeyHelp(keys: "y", action: "copy the path of the cursor", hint: nil),
        KeyHelp(keys: "? F1", action: "this help", hint: "? help"),
        KeyHelp(keys: "Esc", action: "cancel the prompt, editor or menu", hint: nil),
    ]

    /// The hint line for normal mode.
    public static var normalHints: String { all.compactMap(\.hint).joined(separator: "  ") }
}
