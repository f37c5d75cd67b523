import DictionaryStorage
import LosslessJSON

/// Applies an event to the state and returns the effects the executable must carry out.
/// Pure: no I/O, no terminal.
public func update(_ state: inout BrowserState, _ event: Event) -> [Effect] {
    switch event {
    case .resize(let width, let height):
        state.width = max(1, width)
        state.height = max(1, height)
        state.scrollToCursor()
        return []
    case .scroll(let delta):
        if case .normal = state.mode { state.moveCursor(to: state.cursor + delta) }
        return []
    case .click(let row):
        if case .normal = state.mode, row >= 1, row <= state.treeHeight { state.moveCursor(to: state.top + row - 1) }
        return []
    case .saved(let path):
        state.saved = state.document
        state.savedDepth = state.undoStack.count
        state.hasFile = true
        state.sourceName = path
        state.say("saved \(path)")
        state.mode = .normal
        if state.quitAfterSave { return [.quit] }
        return []
    case .saveFailed(let message, let changedOnDisk):
        state.quitAfterSave = false
        if changedOnDisk {
            state.mode = .confirm(Confirmation(
                question: "The file changed on disk since it was opened.", choices: ["o overwrite", "r reload", "c cancel"],
                purpose: .overwriteChangedFile(path: nil)))
        } else {
            state.say(message, error: true)
        }
        return []
    case .key(let key):
        state.message = nil
        switch state.mode {
        case .normal: return normalKey(&state, key)
        case .editing(var editor, let purpose):
            switch key {
            case .escape:
                state.mode = .normal
            case .enter:
                state.mode = .normal
                return commit(&state, editor.text, purpose)
            default:
                if editor.handle(key) { state.mode = .editing(editor, purpose) }
            }
            return []
        case .menu(var menu):
            switch key {
            case .escape, .character("q"): state.mode = .normal
            case .down, .character("j"): menu.selected = min(menu.options.count - 1, menu.selected + 1); state.mode = .menu(menu)
            case .up, .character("k"): menu.selected = max(0, menu.selected - 1); state.mode = .menu(menu)
            case .enter, .character(" "):
                state.mode = .normal
                chooseMenu(&state, menu)
            default: break
            }
            return []
        case .confirm(let confirmation):
            return answer(&state, confirmation, key)
        case .help(let scroll):
            switch key {
            case .down, .character("j"): state.mode = .help(scroll: scroll + 1)
            case .up, .character("k"): state.mode = .help(scroll: max(0, scroll - 1))
            default: state.mode = .normal
            }
            return []
        case .diff(let lines, let scroll):
            switch key {
            case .down, .character("j"): state.mode = .diff(lines: lines, scroll: min(max(0, lines.count - 1), scroll + 1))
            case .up, .character("k"): state.mode = .diff(lines: lines, scroll: max(0, scroll - 1))
            case .pageDown, .control("d"): state.mode = .diff(lines: lines, scroll: min(max(0, lines.count - 1), scroll + state.treeHeight))
            case .pageUp, .control("u"): state.mode = .diff(lines: lines, scroll: max(0, scroll - state.treeHeight))
            default: state.mode = .normal
            }
            return []
        }
    }
}

extension BrowserState {
    mutating func say(_ text: String, error: Bool = false) {
        message = text
        messageIsError = error
    }
}

// MARK: Normal mode

private func normalKey(_ state: inout BrowserState, _ key: Key) -> [Effect] {
    let half = max(1, state.treeHeight / 2)
    switch key {
    case .down, .character("j"): state.moveCursor(to: state.cursor + 1)
    case .up, .character("k"): state.moveCursor(to: state.cursor - 1)
    case .right, .character("l"):
        if state.isExpanded(state.cursor) {
            if state.cursor + 1 < state.rows.count, state.rows[state.cursor + 1].depth > state.rows[state.cursor].depth {
                state.moveCursor(to: state.cursor + 1)
            }
        } else {
            state.expand(state.cursor)
        }
    case .left, .character("h"):
        if state.isExpanded(state.cursor), state.cursor != 0 || state.rows.count > 1 {
            state.collapse(state.cursor)
        } else {
            goToParent(&state)
        }
    case .character(" "):
        if state.isExpanded(state.cursor) { state.collapse(state.cursor) } else { state.expand(state.cursor) }
    case .character("J"): moveToSibling(&state, forward: true)
    case .character("K"): moveToSibling(&state, forward: false)
    case .character("g"), .home: state.moveCursor(to: 0)
    case .character("G"), .end: state.moveCursor(to: state.rows.count - 1)
    case .control("d"): state.moveCursor(to: state.cursor + half); state.top = min(state.top + half, max(0, state.rows.count - 1)); state.scrollToCursor()
    case .control("u"): state.moveCursor(to: state.cursor - half); state.top = max(0, state.top - half); state.scrollToCursor()
    case .pageDown: state.moveCursor(to: state.cursor + state.treeHeight)
    case .pageUp: state.moveCursor(to: state.cursor - state.treeHeight)
    case .character("e"): expandAll(&state)
    case .character("E"):
        state.expanded = [0: (-1, 0)]
        state.cursor = 0
        state.rebuildRows()
    case .character("/"): state.mode = .editing(LineEditor(), .search)
    case .character("n"): findNext(&state, forward: true)
    case .character("N"): findNext(&state, forward: false)
    case .enter: edit(&state)
    case .character("a"): add(&state)
    case .character("d"):
        guard state.cursor > 0 else { state.say("the root cannot be deleted", error: true); break }
        state.mode = .confirm(Confirmation(
            question: "Delete \(state.cursorPath)?", choices: ["y delete", "n keep"], purpose: .delete(row: state.cursor)))
    case .character("r"): rename(&state)
    case .character("v"): chooseVariant(&state)
    case .character("x"): clear(&state)
    case .character("u"): undo(&state)
    case .control("r"): redo(&state)
    case .character("D"): state.mode = .diff(lines: unifiedDiff(state.saved, state.document, name: state.sourceName), scroll: 0)
    case .control("s"): return saveEffects(&state, path: nil)
    case .character(":"): state.mode = .editing(LineEditor(), .command)
    case .character("q"): return quit(&state)
    case .character("y"):
        let path = state.cursorPath.jq
        state.say("copied \(path)")
        return [.copy(path)]
    case .character("?"), .function(1): state.mode = .help(scroll: 0)
    default: break
    }
    return []
}

private func goToParent(_ state: inout BrowserState) {
    let parent = state.rows[state.cursor].parent
    guard parent >= 0, let r = state.rows.firstIndex(ofNode: parent) else { return }
    state.moveCursor(to: r)
}

private func moveToSibling(_ state: inout BrowserState, forward: Bool) {
    let row = state.rows[state.cursor]
    if forward {
        let next = state.subtreeEnd(of: state.cursor)
        if next < state.rows.count, state.rows[next].parent == row.parent, state.rows[next].depth == row.depth { state.moveCursor(to: next) }
    } else {
        if let r = state.rows.start(before: state.cursor, notDeeperThan: row.depth), state.rows[r].parent == row.parent,
            state.rows[r].depth == row.depth
        {
            state.moveCursor(to: r)
        }
    }
}

/// Expands the cursor's subtree (all of it, up to a bound that keeps the key responsive).
private func expandAll(_ state: inout BrowserState) {
    let limit = 100_000
    if !state.expandSubtree(state.cursor, limit: limit) { state.say("expanded the first \(limit) containers") }
}

// MARK: Find

private func findNext(_ state: inout BrowserState, forward: Bool) {
    guard let query = state.lastSearch, !query.isEmpty else {
        state.say("no search yet: press /", error: true)
        return
    }
    let document = state.document
    let start = JSONDocument.Node(id: state.rows[state.cursor].node)
    guard query.hasPrefix("re:") else {
        // Smart case, as in vim and less: a capital letter makes the search case-sensitive.
        let literal = JSONTextQuery(query, ignoringASCIICase: !query.contains(where: \.isUppercase))
        if let literal, let found = document.nextNode(after: start, forward: forward, containing: literal) {
            reveal(&state, found)
        } else {
            state.say("no match for \(query)", error: true)
        }
        return
    }
    let regex: Regex<AnyRegexOutput>
    do {
        regex = try Regex(String(query.dropFirst(3)))
    } catch {
        state.say("invalid regular expression: \(error)", error: true)
        return
    }
    // A regular expression is tried on every key and value in turn (no byte scan can pre-filter it).
    let count = document.nodeCount
    var id = start.id
    for _ in 0..<count {
        id = forward ? (id + 1) % count : (id - 1 + count) % count
        let node = JSONDocument.Node(id: id)
        let keyMatches = document.key(node).map { $0.contains(regex) } ?? false
        let valueMatches = !document.kind(node).isContainer && (document.string(node) ?? document.rawText(node)).contains(regex)
        if keyMatches || valueMatches {
            reveal(&state, node)
            return
        }
    }
    state.say("no match for \(query)", error: true)
}

/// Expands the ancestors of a node and puts the cursor on it.
func reveal(_ state: inout BrowserState, _ node: JSONDocument.Node) {
    let target = state.document.path(of: node)
    var prefix: [JSONPath.Component] = []
    for component in target.components {
        if let r = state.row(for: JSONPath(prefix)) { state.expand(r) }
        prefix.append(component)
    }
    if let r = state.row(for: target) { state.moveCursor(to: r) }
}

// MARK: Editing

private func edit(_ state: inout BrowserState) {
    let r = state.cursor
    let node = JSONDocument.Node(id: state.rows[r].node)
    var cache = AnnotationCache()
    let annotation = state.annotation(ofRow: r, cache: &cache)
    if let field = annotation.field, annotation.objectPath != nil {
        switch unwrap(field.type) {
        case .bool:
            let current = state.document.bool(node) ?? false
            setField(&state, row: r, to: .bool(!current))
            return
        case .enumeration(_, let known, let isOpen):
            var options = known
            if isOpen { options.append("other…") }
            let current = state.document.string(node).flatMap { known.firstIndex(of: $0) } ?? 0
            state.mode = .menu(Menu(title: field.name, options: options, selected: current, purpose: .enumValue(row: r)))
            return
        case .string, .date, .custom:
            state.mode = .editing(LineEditor(state.document.string(node) ?? ""), .field(row: r, kind: .string))
            return
        case .integer, .double:
            state.mode = .editing(LineEditor(state.document.rawText(node)), .field(row: r, kind: .number))
            return
        default:
            break
        }
    }
    if state.document.kind(node).isContainer {
        if state.isExpanded(r) { state.collapse(r) } else { state.expand(r) }
        return
    }
    state.mode = .editing(LineEditor(state.document.rawText(node)), .rawValue(row: r))
}

private func unwrap(_ type: FieldType) -> FieldType {
    if case .optional(let wrapped) = type { return unwrap(wrapped) }
    return type
}

/// Sets a known field through the model's setter and writes the storage change as document edits.
private func setField(_ state: inout BrowserState, row r: Int, to value: JSONValue?) {
    var cache = AnnotationCache()
    let annotation = state.annotation(ofRow: r, cache: &cache)
    guard let field = annotation.field, let objectPath = annotation.objectPath,
        case .object(let object)? = state.document.value(at: objectPath)
    else {
        state.say("not a known field", error: true)
        return
    }
    do {
        let updated = try field.setting(value, in: object)
        applyUpdate(&state, at: objectPath, to: .object(updated), cursor: state.cursorPath)
    } catch {
        state.say("refused: \(error)", error: true)
    }
}

/// Applies document edits as one undoable change.
func applyUpdate(_ state: inout BrowserState, at path: JSONPath, to value: JSONValue, cursor: JSONPath?) {
    var document = state.document
    do {
        let splices = try document.update(at: path, to: value)
        guard !splices.isEmpty else {
            state.say("unchanged")
            return
        }
        record(&state, splices: splices, document: document, cursor: cursor)
    } catch {
        state.say("refused: \(error)", error: true)
    }
}

private func applyEdit(_ state: inout BrowserState, _ edit: JSONEdit, cursor: JSONPath?) {
    var document = state.document
    do {
        let splice = try document.apply(edit)
        record(&state, splices: [splice], document: document, cursor: cursor)
    } catch {
        state.say("refused: \(error)", error: true)
    }
}

private func record(_ state: inout BrowserState, splices: [JSONSplice], document: JSONDocument, cursor: JSONPath?) {
    if let depth = state.savedDepth, depth > state.undoStack.count { state.savedDepth = nil }
    state.undoStack.append(splices)
    state.redoStack.removeAll()
    state.replaceDocument(document, change: splices.count == 1 ? document.lastChange : nil, cursorPath: cursor)
}

private func undo(_ state: inout BrowserState) {
    guard let splices = state.undoStack.popLast() else {
        state.say("nothing to undo")
        return
    }
    var document = state.document
    do {
        for splice in splices.reversed() { try document.apply(splice.inverse) }
        state.redoStack.append(splices)
        state.replaceDocument(document, change: splices.count == 1 ? document.lastChange : nil)
        state.say("undone")
    } catch {
        state.undoStack.append(splices)
        state.say("cannot undo: \(error)", error: true)
    }
}

private func redo(_ state: inout BrowserState) {
    guard let splices = state.redoStack.popLast() else {
        state.say("nothing to redo")
        return
    }
    var document = state.document
    do {
        for splice in splices { try document.apply(splice) }
        state.undoStack.append(splices)
        state.replaceDocument(document, change: splices.count == 1 ? document.lastChange : nil)
        state.say("redone")
    } catch {
        state.redoStack.append(splices)
        state.say("cannot redo: \(error)", error: true)
    }
}

private func commit(_ state: inout BrowserState, _ text: String, _ purpose: EditPurpose) -> [Effect] {
    switch purpose {
    case .field(let r, let kind):
        let value: JSONValue
        switch kind {
        case .string: value = .string(text)
        case .number:
            guard let number = JSONNumber(literal: text.trimmingSpaces) else {
                state.say("refused: \(text) is not a number", error: true)
                return []
            }
            value = .number(number)
        case .json:
            guard let parsed = parseJSON(&state, text) else { return [] }
            value = parsed
        }
        setField(&state, row: r, to: value)
    case .otherEnumValue(let r):
        setField(&state, row: r, to: .string(text))
    case .rawValue(let r):
        guard let value = parseJSON(&state, text) else { return [] }
        applyEdit(&state, .replace(at: state.path(ofRow: r), with: value), cursor: state.path(ofRow: r))
    case .newKey(let r):
        guard !text.isEmpty else { return [] }
        state.mode = .editing(LineEditor(), .newMemberValue(row: r, key: text))
    case .newMemberValue(let r, let key):
        guard let value = parseJSON(&state, text) else { return [] }
        let path = state.path(ofRow: r)
        applyEdit(&state, .insertMember(in: path, key: key, value: value), cursor: path.appending(.key(key)))
    case .newElement(let r):
        guard let value = parseJSON(&state, text) else { return [] }
        let path = state.path(ofRow: r)
        let count = state.document.node(at: path).map(state.document.childCount) ?? 0
        applyEdit(&state, .insertElement(in: path, value: value), cursor: path.appending(.index(count)))
    case .rename(let r):
        guard !text.isEmpty else { return [] }
        let path = state.path(ofRow: r)
        applyEdit(&state, .renameKey(at: path, to: text), cursor: path.parent?.appending(.key(text)))
    case .search:
        state.lastSearch = text
        findNext(&state, forward: true)
    case .command:
        return runCommand(&state, text.trimmingSpaces)
    }
    return []
}

private func parseJSON(_ state: inout BrowserState, _ text: String) -> JSONValue? {
    do {
        return try JSONValue(parsing: text)
    } catch {
        state.say("refused: not JSON (column \(error.column): \(error.message))", error: true)
        return nil
    }
}

private func chooseMenu(_ state: inout BrowserState, _ menu: Menu) {
    let choice = menu.options[menu.selected]
    switch menu.purpose {
    case .enumValue(let r):
        if choice == "other…" {
            state.mode = .editing(LineEditor(), .otherEnumValue(row: r))
        } else {
            setField(&state, row: r, to: .string(choice))
        }
    case .variant(let r):
        switchVariant(&state, row: r, toCase: choice)
    case .missingField(let r):
        addMissingField(&state, row: r, name: choice)
    }
}

private func add(_ state: inout BrowserState) {
    let r = state.cursor
    let node = JSONDocument.Node(id: state.rows[r].node)
    switch state.document.kind(node) {
    case .object:
        var cache = AnnotationCache()
        if case .model(let schema) = state.context(ofRow: r, cache: &cache), case .object(let object)? = state.smallValue(node, cache: &cache) {
            let missing = schema.fields.filter { !$0.isFlattened && !$0.isReadOnly && !$0.isPresent(in: object) }.map(\.name)
            if !missing.isEmpty {
                state.mode = .menu(Menu(title: "add field", options: missing + ["other key…"], selected: 0, purpose: .missingField(row: r)))
                return
            }
        }
        state.mode = .editing(LineEditor(), .newKey(row: r))
    case .array:
        state.mode = .editing(LineEditor(), .newElement(row: r))
    default:
        state.say("a: move to an object or an array", error: true)
    }
}

private func addMissingField(_ state: inout BrowserState, row r: Int, name: String) {
    guard name != "other key…" else {
        state.mode = .editing(LineEditor(), .newKey(row: r))
        return
    }
    var cache = AnnotationCache()
    guard case .model(let schema) = state.context(ofRow: r, cache: &cache), let field = schema.field(named: name) else { return }
    let path = state.path(ofRow: r)
    guard case .object(let object)? = state.document.value(at: path) else { return }
    // Write the field's default through the setter, then open its editor.
    let initial: JSONValue? = field.value(in: object) ?? defaultJSON(field.type)
    do {
        let updated = try field.setting(initial, in: object)
        applyUpdate(&state, at: path, to: .object(updated), cursor: path.appending(contentsOf: field.path))
    } catch {
        state.say("refused: \(error)", error: true)
    }
}

private func defaultJSON(_ type: FieldType) -> JSONValue {
    switch type {
    case .optional(let wrapped): return defaultJSON(wrapped)
    case .bool: return false
    case .integer, .double: return 0
    case .array: return []
    case .dictionary, .model: return [:]
    case .enumeration(_, let known, _): return .string(known.first ?? "")
    default: return ""
    }
}

private func rename(_ state: inout BrowserState) {
    let r = state.cursor
    guard r > 0, let key = state.document.key(JSONDocument.Node(id: state.rows[r].node)) else {
        state.say("r renames the key of an object member", error: true)
        return
    }
    var cache = AnnotationCache()
    if state.annotation(ofRow: r, cache: &cache).field != nil {
        state.say("a known field's key is the model's; rename kept or untyped members only", error: true)
        return
    }
    state.mode = .editing(LineEditor(key), .rename(row: r))
}

private func chooseVariant(_ state: inout BrowserState) {
    let r = state.cursor
    var cache = AnnotationCache()
    guard case .variant(let schema) = state.annotation(ofRow: r, cache: &cache).context else {
        state.say("v: move to a polymorphic value", error: true)
        return
    }
    state.mode = .menu(Menu(title: schema.name, options: schema.cases.map(\.name), selected: 0, purpose: .variant(row: r)))
}

private func switchVariant(_ state: inout BrowserState, row r: Int, toCase name: String) {
    var cache = AnnotationCache()
    let annotation = state.annotation(ofRow: r, cache: &cache)
    guard case .variant(let schema) = annotation.context, let target = schema.case(named: name),
        case .object(let old)? = state.document.value(at: state.path(ofRow: r))
    else { return }
    // The new variant's tag and payload; the object's other keys stay (shown as kept when the new
    // variant does not know them).
    let content: JSONValue?
    switch (schema.encoding, target.payload) {
    case (.internal(let discriminator), _):
        var rest = old
        rest.removeValue(forKey: discriminator)
        content = .object(rest)
    case (_, .none): content = nil
    case (_, .fields(let fields)): content = .object(JSONObject(fields.map { ($0.label, defaultJSON($0.type)) }))
    case (_, .model): content = .object(JSONObject())
    case (_, .value(let type)): content = defaultJSON(type)
    }
    let new = schema.update(old, with: schema.object(tag: target.tag, content: content))
    if annotation.field != nil {
        setField(&state, row: r, to: .object(new))
    } else {
        applyUpdate(&state, at: state.path(ofRow: r), to: .object(new), cursor: state.path(ofRow: r))
    }
}

private func clear(_ state: inout BrowserState) {
    var cache = AnnotationCache()
    let annotation = state.annotation(ofRow: state.cursor, cache: &cache)
    guard let field = annotation.field, case .optional = field.type else {
        state.say("x clears an optional field", error: true)
        return
    }
    setField(&state, row: state.cursor, to: nil)
}

private func answer(_ state: inout BrowserState, _ confirmation: Confirmation, _ key: Key) -> [Effect] {
    guard case .character(let c) = key else {
        if key == .escape { state.mode = .normal }
        return []
    }
    switch (confirmation.purpose, c) {
    case (.delete(let r), "y"):
        state.mode = .normal
        let path = state.path(ofRow: r)
        applyEdit(&state, .remove(at: path), cursor: path.parent)
    case (.delete, _):
        state.mode = .normal
    case (.quitUnsaved, "s"):
        state.mode = .normal
        let effects = saveEffects(&state, path: nil)
        state.quitAfterSave = !effects.isEmpty
        return effects
    case (.quitUnsaved, "d"):
        return [.quit]
    case (.quitUnsaved, _):
        state.mode = .normal
    case (.overwriteChangedFile(let path), "o"):
        state.mode = .normal
        return [.save(path: path, force: true)]
    case (.overwriteChangedFile, "r"):
        state.mode = .normal
        return [.reload]
    case (.overwriteChangedFile, _):
        state.mode = .normal
    }
    return []
}

private func saveEffects(_ state: inout BrowserState, path: String?) -> [Effect] {
    guard path != nil || state.hasFile else {
        state.say("standard input has no file: save with :w PATH", error: true)
        return []
    }
    return [.save(path: path, force: false)]
}

private func quit(_ state: inout BrowserState) -> [Effect] {
    guard state.isModified else { return [.quit] }
    state.mode = .confirm(Confirmation(
        question: "Unsaved changes.", choices: ["s save", "d discard", "c cancel"], purpose: .quitUnsaved))
    return []
}

private func runCommand(_ state: inout BrowserState, _ command: Substring) -> [Effect] {
    switch command {
    case "w": return saveEffects(&state, path: nil)
    case "q": return quit(&state)
    case "q!": return [.quit]
    case "wq", "x":
        let effects = saveEffects(&state, path: nil)
        state.quitAfterSave = !effects.isEmpty
        return effects
    default:
        if command.hasPrefix("w ") {
            return saveEffects(&state, path: String(command.dropFirst(2).trimmingSpaces))
        }
        state.say("unknown command :\(command)", error: true)
        return []
    }
}

extension String {
    var trimmingSpaces: Substring {
        var text = Substring(self)
        while text.first == " " { text = text.dropFirst() }
        while text.last == " " { text = text.dropLast() }
        return text
    }
}

extension Substring {
    var trimmingSpaces: Substring { String(self).trimmingSpaces }
    var trimmingSpacesString: String { String(trimmingSpaces) }
}

extension JSONNumber {
    init?(literal: Substring) { self.init(literal: String(literal)) }
}

extension JSONPath {
    func appending(contentsOf other: JSONPath) -> JSONPath { JSONPath(components + other.components) }
}
