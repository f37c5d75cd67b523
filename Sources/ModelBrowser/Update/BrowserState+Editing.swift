import DictionaryStorage
import LosslessJSON

extension BrowserState {
    /// Opens the editor for the value under the cursor, chosen by what is known about it.
    mutating func edit() {
        let r = cursor
        let node = rows[r].node
        var cache = AnnotationCache()
        let annotation = annotation(ofRow: r, cache: &cache)
        if let field = annotation.field, annotation.objectPath != nil {
            switch field.type.unwrapped {
            case .bool:
                setField(row: r, to: .bool(!(document.bool(node) ?? false)))
                return
            case .enumeration, .choices:
                if let menu = valueMenu(field.type, title: field.name, row: r) { mode = .menu(menu) }
                return
            case .string, .date, .custom:
                mode = .editing(LineEditor(document.string(node) ?? ""), .field(row: r, kind: .string))
                return
            case .integer, .double:
                mode = .editing(LineEditor(document.rawText(node)), .field(row: r, kind: .number))
                return
            default:
                break
            }
        }
        // An element (or a map's value) of an enumerated type: the same menu, set by its path.
        if annotation.field == nil, let type = annotation.valueType, let menu = valueMenu(type, title: document.key(node) ?? path(ofRow: r).jq, row: r) {
            mode = .menu(menu)
            return
        }
        if document.kind(node).isContainer {
            if isExpanded(r) { collapse(r) } else { expand(r) }
            return
        }
        mode = .editing(LineEditor(document.rawText(node)), .rawValue(row: r))
    }

    /// The menu of an enumerated type's values (each as JSON writes it when they are of several
    /// kinds, so 1 and "1" differ), with "other…" when it is open; nil for another type.
    private func valueMenu(_ type: FieldType, title: String, row r: Int) -> Menu? {
        let node = rows[r].node
        switch type.unwrapped {
        case .enumeration(_, let known, let isOpen):
            var options = known.map { Menu.Option(label: $0, choice: .enumValue(.string($0))) }
            if isOpen { options.append(Menu.Option(label: "other…", choice: .otherEnumValue)) }
            return Menu(title: title, options: options, selected: document.string(node).flatMap { known.firstIndex(of: $0) } ?? 0, row: r)
        case .choices(_, let values, let isOpen):
            var options = values.map { Menu.Option(label: JSONWriter.serialize($0), choice: .enumValue($0)) }
            if isOpen { options.append(Menu.Option(label: "other…", choice: .otherEnumValue)) }
            return Menu(title: title, options: options, selected: values.firstIndex(of: document.value(node)) ?? 0, row: r)
        default:
            return nil
        }
    }

    /// Sets a value chosen from a menu: a field through its setter, an element at its path.
    private mutating func setChosen(row r: Int, to value: JSONValue) {
        var cache = AnnotationCache()
        if annotation(ofRow: r, cache: &cache).field != nil { return setField(row: r, to: value) }
        applyEdit(.replace(at: path(ofRow: r), with: value), cursor: path(ofRow: r))
    }

    /// What the field's description says is wrong with the text being typed for it, if anything
    /// (a schema's bounds, pattern or format): shown while typing; the value may still be set.
    func problems(ofCandidate text: String, kind: FieldEditKind, row r: Int) -> String? {
        guard r < rows.count else { return nil }
        var cache = AnnotationCache()
        guard let problems = annotation(ofRow: r, cache: &cache).field?.problems else { return nil }
        let value: JSONValue
        switch kind {
        case .string: value = .string(text)
        case .number:
            guard let number = JSONNumber(literal: String(text.trimmingSpaces)) else { return nil }
            value = .number(number)
        }
        return problems(value).first
    }

    /// Sets a known field through the model's setter and writes the storage change as document edits.
    mutating func setField(row r: Int, to value: JSONValue?) {
        var cache = AnnotationCache()
        let annotation = annotation(ofRow: r, cache: &cache)
        guard let field = annotation.field, let objectPath = annotation.objectPath, case .object(let object)? = document.value(at: objectPath) else {
            say("not a known field", error: true)
            return
        }
        do {
            let updated = try field.setting(value, in: object)
            applyUpdate(at: objectPath, to: .object(updated), cursor: cursorPath)
        } catch {
            say("refused: \(error)", error: true)
        }
    }

    /// Acts on the text of a prompt or editor.
    mutating func commit(_ text: String, _ purpose: EditPurpose) -> [Effect] {
        switch purpose {
        case .field(let r, .string):
            setField(row: r, to: .string(text))
        case .field(let r, .number):
            guard let number = JSONNumber(literal: String(text.trimmingSpaces)) else {
                say("refused: \(text) is not a number", error: true)
                return []
            }
            setField(row: r, to: .number(number))
        case .otherEnumValue(let r):
            setChosen(row: r, to: otherValue(text, row: r))
        case .comment(let r):
            commitComment(text, row: r)
        case .rawValue(let r):
            guard let value = parseJSON(text) else { return [] }
            applyEdit(.replace(at: path(ofRow: r), with: value), cursor: path(ofRow: r))
        case .newKey(let r):
            guard !text.isEmpty else { return [] }
            mode = .editing(LineEditor(), .newMemberValue(row: r, key: text))
        case .newMemberValue(let r, let key):
            guard let value = parseJSON(text) else { return [] }
            let path = path(ofRow: r)
            applyEdit(.insertMember(in: path, key: key, value: value), cursor: path.appending(.key(key)))
        case .newElement(let r):
            guard let value = parseJSON(text) else { return [] }
            let path = path(ofRow: r)
            unfold(along: path)
            let count = document.node(at: path).map(document.childCount) ?? 0
            applyEdit(.insertElement(in: path, value: value), cursor: path.appending(.index(count)))
        case .rename(let r):
            guard !text.isEmpty else { return [] }
            let path = path(ofRow: r)
            applyEdit(.renameKey(at: path, to: text), cursor: path.parent?.appending(.key(text)))
        case .search:
            lastSearch = text
            moveOrWait(.find(forward: true))
        case .command:
            return run(command: text.trimmingSpaces)
        case .schemaPath:
            return saveInferredSchema(to: text)
        case .tableFilter:
            filterTable(text)
        }
        return []
    }

    /// A value of one's own for an open menu: the text itself for a menu of strings; for one of
    /// several kinds, JSON when the text is JSON (`3`, `true`, `"3"`), else the text as a string.
    private func otherValue(_ text: String, row r: Int) -> JSONValue {
        var cache = AnnotationCache()
        let annotation = annotation(ofRow: r, cache: &cache)
        guard case .choices? = (annotation.field?.type ?? annotation.valueType)?.unwrapped else { return .string(text) }
        do {
            return try JSONValue(parsingEntered: text)
        } catch {
            return .string(text)
        }
    }

    private mutating func parseJSON(_ text: String) -> JSONValue? {
        do {
            return try JSONValue(parsingEntered: text)
        } catch {
            say("refused: not JSON (column \(error.column): \(error.message))", error: true)
            return nil
        }
    }

    /// Acts on a menu choice for row `r`.
    mutating func choose(_ choice: Menu.Choice, row r: Int) {
        switch choice {
        case .enumValue(let value): setChosen(row: r, to: value)
        case .otherEnumValue: mode = .editing(LineEditor(), .otherEnumValue(row: r))
        case .variant(let name): switchVariant(row: r, toCase: name)
        case .field(let name): addMissingField(row: r, name: name)
        case .allRequiredFields: addRequiredFields(row: r)
        case .otherKey: mode = .editing(LineEditor(), .newKey(row: r))
        case .goTo(let path): goTo(path)
        }
    }

    /// Prompts for a new key of an untyped member.
    mutating func rename() {
        let r = cursor
        guard r > 0, let key = document.key(rows[r].node) else {
            say("r renames the key of an object member", error: true)
            return
        }
        var cache = AnnotationCache()
        if annotation(ofRow: r, cache: &cache).field != nil {
            say("a known field's key is the model's; rename kept or untyped members only", error: true)
            return
        }
        mode = .editing(LineEditor(key), .rename(row: r))
    }

    /// Offers the variants of the polymorphic value under the cursor.
    mutating func chooseVariant() {
        let r = cursor
        var cache = AnnotationCache()
        guard case .variant(let schema) = annotation(ofRow: r, cache: &cache).context else {
            say("v: move to a polymorphic value", error: true)
            return
        }
        mode = .menu(Menu(title: schema.name, options: schema.cases.map { Menu.Option(label: $0.name, choice: .variant($0.name)) }, selected: 0, row: r))
    }

    private mutating func switchVariant(row r: Int, toCase name: String) {
        var cache = AnnotationCache()
        let annotation = annotation(ofRow: r, cache: &cache)
        guard case .variant(let schema) = annotation.context, let target = schema.case(named: name),
            case .object(let old)? = document.value(at: path(ofRow: r))
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
        case (_, .fields(let fields)): content = .object(JSONObject(fields.map { ($0.label, $0.type.emptyValue) }))
        case (_, .model): content = .object(JSONObject())
        case (_, .value(let type)): content = type.emptyValue
        }
        if schema.switchWritesTagOnly, case .internal(let discriminator) = schema.encoding {
            // Only the tag changes; what only the old branch knew stays, kept. The new branch's
            // required fields are offered next.
            var tagged = old
            tagged[discriminator] = .string(target.tag)
            applyUpdate(at: path(ofRow: r), to: .object(tagged), cursor: path(ofRow: r))
            if case .model(let payload) = target.payload,
                payload.resolved(for: tagged).fields.contains(where: { $0.isRequired && !$0.isPresent(in: tagged) })
            {
                add()
            }
            return
        }
        let new = schema.update(old, with: schema.object(tag: target.tag, content: content))
        if annotation.field != nil {
            setField(row: r, to: .object(new))
        } else {
            applyUpdate(at: path(ofRow: r), to: .object(new), cursor: path(ofRow: r))
        }
    }

    /// Clears the optional field under the cursor.
    mutating func clear() {
        var cache = AnnotationCache()
        guard let field = annotation(ofRow: cursor, cache: &cache).field, case .optional = field.type else {
            say("x clears an optional field", error: true)
            return
        }
        setField(row: cursor, to: nil)
    }
}

extension FieldType {
    /// The value a new field of this type starts with: `false`, `0`, `""`, `[]`, `{}`, the first
    /// known value of an enumeration.
    var emptyValue: JSONValue {
        switch self {
        case .optional(let wrapped), .flattened(let wrapped): wrapped.emptyValue
        case .bool: false
        case .integer, .double: 0
        case .array: []
        case .dictionary, .model, .variants: [:]
        case .enumeration(_, let known, _): .string(known.first ?? "")
        case .choices(_, let values, _): values.first ?? .null
        case .string, .date, .custom, .json, .byValue: ""
        }
    }
}

extension JSONPath {
    func appending(contentsOf other: JSONPath) -> JSONPath { JSONPath(components + other.components) }
}
