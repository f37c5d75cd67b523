/// Everything a key can do in the browser, named for key-binding settings.
public enum BrowserAction: String, Hashable, Sendable, CaseIterable {
    // Normal mode
    case moveDown, moveUp, expandOrEnter, collapseOrLeave, toggleFold, nextSibling, previousSibling
    case firstRow, lastRow, halfPageDown, halfPageUp, pageDown, pageUp, expandAll, collapseAll
    case find, findNext, findPrevious, edit, add, addRequired, delete, rename, switchVariant, clear, undo, redo
    case showDiff, showDetails, save, command, quit, copyPath, copyValue, help
    case openInEditor, toggleWrap, scrollValueLeft, scrollValueRight, nextSameKey, previousSameKey, showProblems, stopWaiting
    case toggleMember, editComment, toggleComments, saveInferredSchema, toggleTable
    // The table view
    case columnLeft, columnRight, firstColumn, lastColumn, sortAscending, sortDescending, filterRows
    // Menus
    case choiceDown, choiceUp, choicePageDown, choicePageUp, choose
    // Help and diff views
    case scrollDown, scrollUp, scrollPageDown, scrollPageUp
    // Line editing
    case commit, complete
    case cursorLeft, cursorRight, cursorToStart, cursorToEnd, deleteBackward, deleteForward, deleteToStart, deleteToEnd, deleteWordBackward
    // Every mode but normal
    case cancel
}

/// Which keys a binding applies in.
public enum BindingMode: Hashable, Sendable {
    /// The tree.
    case normal
    /// The table view (keys it has no binding for do what they do in the tree).
    case table
    /// A menu.
    case menu
    /// The help screen and the diff view (any key without a binding closes them).
    case scrolling
    /// A prompt or a field's line editor.
    case editing
    /// The loading screen of a large source.
    case loading
}

/// Keys, the action they trigger in a mode, and how help and the hint line describe them.
public struct KeyBinding: Hashable, Sendable {
    /// The keys, in the order help shows them.
    public var keys: [Key]
    /// What they do.
    public var action: BrowserAction
    /// Where.
    public var mode: BindingMode
    /// The help screen's description.
    public var help: String
    /// The hint line's text (in the mode's hint line, in table order), if shown there.
    public var hint: String?

    /// A binding.
    public init(_ keys: [Key], _ action: BrowserAction, _ mode: BindingMode = .normal, help: String, hint: String? = nil) {
        self.keys = keys
        self.action = action
        self.mode = mode
        self.help = help
        self.hint = hint
    }

    /// The keys as help writes them (`j ↓`, `^S`, `Space`).
    public var keyText: String { keys.map(\.displayName).joined(separator: " ") }
}

/// The one table of key bindings: it drives dispatch, the help screen and the hint line.
public struct KeyTable: Hashable, Sendable {
    /// Every binding, in help order.
    public var bindings: [KeyBinding]

    /// A table of bindings.
    public init(_ bindings: [KeyBinding]) { self.bindings = bindings }

    /// The action of a key in a mode (the first binding that lists the key).
    public func action(for key: Key, in mode: BindingMode) -> BrowserAction? {
        bindings.first { $0.mode == mode && $0.keys.contains(key) }?.action
    }

    /// The bindings of a mode, in order.
    public func bindings(in mode: BindingMode) -> [KeyBinding] { bindings.filter { $0.mode == mode } }

    /// A mode's hint line.
    public func hints(for mode: BindingMode) -> String {
        bindings(in: mode).compactMap(\.hint).joined(separator: "  ")
    }

    /// The keys of an action in a mode as help writes them (`Tab`), if it has any.
    public func keyText(for action: BrowserAction, in mode: BindingMode) -> String? {
        bindings(in: mode).first { $0.action == action && !$0.keys.isEmpty }?.keyText
    }

    /// The keys of UI.md.
    public static let standard = KeyTable([
        KeyBinding([.character("j"), .down], .moveDown, help: "next row", hint: "↑↓ move"),
        KeyBinding([.character("k"), .up], .moveUp, help: "previous row"),
        KeyBinding([.character("h"), .left], .collapseOrLeave, help: "collapse, or go to the parent if collapsed", hint: "←→ fold"),
        KeyBinding([.character("l"), .right], .expandOrEnter, help: "expand, or go to the first child if expanded"),
        KeyBinding([.character(" ")], .toggleFold, help: "toggle fold"),
        KeyBinding([.character("J")], .nextSibling, help: "next sibling"),
        KeyBinding([.character("K")], .previousSibling, help: "previous sibling"),
        KeyBinding([.character("g"), .home], .firstRow, help: "first row"),
        KeyBinding([.character("G"), .end], .lastRow, help: "last row"),
        KeyBinding([.control("d")], .halfPageDown, help: "half a page down"),
        KeyBinding([.control("u")], .halfPageUp, help: "half a page up"),
        KeyBinding([.pageDown], .pageDown, help: "a page down"),
        KeyBinding([.pageUp], .pageUp, help: "a page up"),
        KeyBinding([.character("e")], .expandAll, help: "expand all below the cursor"),
        KeyBinding([.character("E")], .collapseAll, help: "collapse all"),
        KeyBinding([.character("/")], .find, help: "find in keys and values (a capital makes it case-sensitive; re: for a regex)", hint: "/ find"),
        KeyBinding([.character("n")], .findNext, help: "next match"),
        KeyBinding([.character("N")], .findPrevious, help: "previous match"),
        KeyBinding([.enter], .edit, help: "edit the value with the editor for its type (fold a container)", hint: "⏎ edit"),
        KeyBinding([.character("a")], .add, help: "add a member, an element, or a missing model field", hint: "a add"),
        KeyBinding([.character("A")], .addRequired, help: "add every required field the object lacks, with its default"),
        KeyBinding([.character("d")], .delete, help: "delete the member or element (asks once)", hint: "d delete"),
        KeyBinding([.character("r")], .rename, help: "rename the key of an untyped member"),
        KeyBinding([.character("v")], .switchVariant, help: "change the variant of a polymorphic value"),
        KeyBinding([.character("x")], .clear, help: "clear an optional field"),
        KeyBinding([.character("c")], .toggleMember, help: "turn a member off (comment it out) or, on one turned off, on again (JSON with comments, JSON5)"),
        KeyBinding([.character(";")], .editComment, help: "edit the comment after a member (empty removes it)"),
        KeyBinding([.character("C")], .toggleComments, help: "show or hide members' comments"),
        KeyBinding([.character("u")], .undo, help: "undo", hint: "u undo"),
        KeyBinding([.control("r")], .redo, help: "redo"),
        KeyBinding([.character("o")], .openInEditor, help: "edit the value in $VISUAL or $EDITOR (a string as text, a container as JSON)"),
        KeyBinding([.character("i")], .showDetails, help: "what the model or schema says of the value: its whole description, default, examples, allowed values"),
        KeyBinding([.character("D")], .showDiff, help: "show the pending changes as a unified diff"),
        KeyBinding([.character("!")], .showProblems, help: "list the schema's errors in the document; Enter goes to one"),
        KeyBinding([.character("S")], .saveInferredSchema, help: "save the inferred model's schema (shown when nothing else describes the file) beside the file or to a path; then asks whether to add $schema"),
        KeyBinding([.control("s")], .save, help: "save (also :w; :w PATH saves as, :wq saves and quits)", hint: "^S save"),
        KeyBinding([.character(":")], .command, help: "go to a path (.users[3].email or /users/3/email; Tab completes) or a command: :w, :w PATH, :wq, :q, :q!, :e (reload), :e!"),
        KeyBinding([.character("q")], .quit, help: "quit (asks to save, discard or cancel when modified)", hint: "q quit"),
        KeyBinding([.character("y")], .copyPath, help: "copy the path of the cursor"),
        KeyBinding([.character("Y")], .copyValue, help: "copy the value under the cursor, as JSON (its bytes as in the file)"),
        KeyBinding([.character("*")], .nextSameKey, help: "next member with the same key"),
        KeyBinding([.character("#")], .previousSameKey, help: "previous member with the same key"),
        KeyBinding([.character("w")], .toggleWrap, help: "wrap long values over several rows, or cut them at the edge"),
        KeyBinding([.character(">")], .scrollValueRight, help: "scroll a long value to the left (see more of its end)"),
        KeyBinding([.character("<")], .scrollValueLeft, help: "scroll a long value back"),
        KeyBinding([.character("?"), .function(1)], .help, help: "this help", hint: "? help"),
        KeyBinding([.escape], .stopWaiting, help: "stop waiting for a large file to load (after G, a find or a path asked for while it loads)"),
        KeyBinding([.character("t")], .toggleTable, help: "show the array (or the records) at the cursor as a table: a row per element, a column per field"),

        KeyBinding([.character("h"), .left], .columnLeft, .table, help: "previous column (the first is the rows' positions or keys)", hint: "↑↓←→ move"),
        KeyBinding([.character("l"), .right], .columnRight, .table, help: "next column"),
        KeyBinding([.character("^")], .firstColumn, .table, help: "first column"),
        KeyBinding([.character("$")], .lastColumn, .table, help: "last column"),
        KeyBinding([.enter], .edit, .table, help: "edit the cell with the editor for its type (a field the row lacks: added, then its editor; another member: its value as JSON; a list or record, or a row's label: the tree there)", hint: "⏎ edit"),
        KeyBinding([.character("[")], .sortAscending, .table, help: "sort the rows by the column, up (again: file order); the file keeps its order", hint: "[ ] sort"),
        KeyBinding([.character("]")], .sortDescending, .table, help: "sort the rows by the column, down (again: file order)"),
        KeyBinding([.character("|")], .filterRows, .table, help: "show only the rows whose cell in the column holds a text (a capital: case-sensitive; empty: every row)", hint: "| filter"),
        KeyBinding([.character("t")], .toggleTable, .table, help: "back to the tree, at the cell (other keys do what they do in the tree, at the cell)", hint: "t tree"),

        KeyBinding([.character("j"), .down], .choiceDown, .menu, help: "next option", hint: "↑↓ choose"),
        KeyBinding([.character("k"), .up], .choiceUp, .menu, help: "previous option"),
        KeyBinding([.pageDown], .choicePageDown, .menu, help: "a page of options down (typing filters them; / then any key)", hint: "type to filter"),
        KeyBinding([.pageUp], .choicePageUp, .menu, help: "a page of options up"),
        KeyBinding([.enter, .character(" ")], .choose, .menu, help: "choose the option", hint: "⏎ select"),
        KeyBinding([.escape, .character("q")], .cancel, .menu, help: "close the menu", hint: "Esc cancel"),

        KeyBinding([.character("j"), .down], .scrollDown, .scrolling, help: "scroll down", hint: "↑↓ scroll"),
        KeyBinding([.character("k"), .up], .scrollUp, .scrolling, help: "scroll up"),
        KeyBinding([.control("d"), .pageDown], .scrollPageDown, .scrolling, help: "a page down"),
        KeyBinding([.control("u"), .pageUp], .scrollPageUp, .scrolling, help: "a page up"),

        KeyBinding([.enter], .commit, .editing, help: "commit the text", hint: "⏎ commit"),
        KeyBinding([.escape], .cancel, .editing, help: "cancel the prompt or editor", hint: "Esc cancel"),
        KeyBinding([.tab], .complete, .editing, help: "complete a key of the path typed after :"),
        KeyBinding([.left], .cursorLeft, .editing, help: "move the cursor left", hint: "←→ Home End ^A ^E ^U ^K ^W"),
        KeyBinding([.right], .cursorRight, .editing, help: "move the cursor right"),
        KeyBinding([.home, .control("a")], .cursorToStart, .editing, help: "move to the start of the text"),
        KeyBinding([.end, .control("e")], .cursorToEnd, .editing, help: "move to the end of the text"),
        KeyBinding([.backspace, .control("h")], .deleteBackward, .editing, help: "delete the character before the cursor"),
        KeyBinding([.delete, .control("d")], .deleteForward, .editing, help: "delete the character under the cursor"),
        KeyBinding([.control("u")], .deleteToStart, .editing, help: "delete to the start of the text"),
        KeyBinding([.control("k")], .deleteToEnd, .editing, help: "delete to the end of the text"),
        KeyBinding([.control("w")], .deleteWordBackward, .editing, help: "delete the word before the cursor"),

        KeyBinding([.character("q"), .escape, .control("c")], .cancel, .loading, help: "stop loading", hint: "q or ^C cancels"),
    ])
}

extension Key {
    /// How help writes the key.
    public var displayName: String {
        switch self {
        case .character(" "): "Space"
        case .character(let c): String(c)
        case .control(let c): "^" + c.uppercased()
        case .up: "↑"
        case .down: "↓"
        case .left: "←"
        case .right: "→"
        case .home: "Home"
        case .end: "End"
        case .pageUp: "PgUp"
        case .pageDown: "PgDn"
        case .enter: "Enter"
        case .escape: "Esc"
        case .backspace: "Backspace"
        case .delete: "Delete"
        case .tab: "Tab"
        case .function(let n): "F\(n)"
        }
    }
}
