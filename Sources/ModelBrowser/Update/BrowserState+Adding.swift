import DictionaryStorage
import LosslessJSON

extension BrowserState {
    /// Adds to the container under the cursor: a menu of a model's missing fields (each with its
    /// type, default and description; all the required ones at once first, when several are
    /// missing), a key prompt, or an element prompt.
    mutating func add() {
        let r = cursor
        let node = rows[r].node
        switch document.kind(node) {
        case .object:
            var cache = AnnotationCache()
            if let schema = objectModel(ofRow: r, cache: &cache), case .object(let object)? = smallValue(node, cache: &cache) {
                let resolved = schema.resolved(for: object)
                let missing = resolved.fields.filter { !$0.isFlattened && !$0.isReadOnly && !$0.isPresent(in: object) }
                    .enumerated().sorted { ($0.element.isRequired ? 0 : 1, $0.offset) < ($1.element.isRequired ? 0 : 1, $1.offset) }.map(\.element)
                if !missing.isEmpty {
                    let required = missing.filter(\.isRequired).count
                    var options = required > 1 ? [Menu.Option(label: "all \(required) required fields", choice: .allRequiredFields)] : []
                    options += missing.map { field in
                        Menu.Option(label: field.name + (field.isRequired ? "  (required)" : ""), choice: .field(field.name), detail: Self.menuDetail(field))
                    }
                    options.append(Menu.Option(label: "other key…", choice: .otherKey))
                    mode = .menu(Menu(title: "add field", options: options, selected: 0, row: r))
                    return
                }
            }
            mode = .editing(LineEditor(), .newKey(row: r))
        case .array:
            mode = .editing(LineEditor(), .newElement(row: r))
        default:
            say("a: move to an object or an array", error: true)
        }
    }

    /// What an add-field menu shows beside a field's name: its type, default and description's start.
    static func menuDetail(_ field: FieldSchema) -> String {
        var parts = [field.typeText]
        if let value = field.defaultValue { parts.append("default " + (value.count > 24 ? value.prefix(23) + "…" : value)) }
        if let summary = field.summary { parts.append(summary) }
        return parts.joined(separator: " · ")
    }

    /// The model an object row is read by: its model, or its variant's active case's payload.
    func objectModel(ofRow r: Int, cache: inout AnnotationCache) -> ModelSchema? {
        objectModel(of: rows[r].node, context: context(ofRow: r, cache: &cache), cache: &cache)
    }

    /// The model an object in a context is read by.
    func objectModel(of node: Node, context: SchemaContext, cache: inout AnnotationCache) -> ModelSchema? {
        switch context {
        case .model(let schema): return schema
        case .variant(let variants):
            guard case .object(let object)? = smallValue(node, cache: &cache), let tag = variants.readTag(object).tagValue,
                case .model(let payload)? = variants.case(tagged: tag)?.payload
            else { return nil }
            return payload
        default: return nil
        }
    }

    /// Adds the field the placeholder under the cursor stands for.
    mutating func addPlaceholderField() {
        guard let name = rows[cursor].missingField, let object = rows.firstIndex(ofNode: rows[cursor].node) else { return }
        addMissingField(row: object, name: name)
    }

    /// Writes a missing field's current or default value through its setter.
    mutating func addMissingField(row r: Int, name: String) {
        var cache = AnnotationCache()
        guard let unresolved = objectModel(ofRow: r, cache: &cache) else { return }
        let path = path(ofRow: r)
        guard case .object(let object)? = document.value(at: path), let field = unresolved.resolved(for: object).field(named: name) else { return }
        do {
            let updated = try field.setting(Self.initialValue(of: field, in: object), in: object)
            applyUpdate(at: path, to: .object(updated), cursor: path.appending(contentsOf: field.path))
        } catch {
            say("refused: \(error)", error: true)
        }
    }

    /// `A`: adds every required field the object under the cursor (or the placeholder's object, or
    /// the member's object) lacks, each with its default, as one change that undoes at once.
    mutating func addRequiredFields() {
        var r = cursor
        if rows[r].missingField != nil, let object = rows.firstIndex(ofNode: rows[r].node) {
            r = object
        } else if document.kind(rows[r].node) != .object, let parent = rows[r].parent, let object = rows.firstIndex(ofNode: parent) {
            r = object
        }
        addRequiredFields(row: r)
    }

    /// Adds every required field an object row lacks.
    mutating func addRequiredFields(row r: Int) {
        var cache = AnnotationCache()
        let path = path(ofRow: r)
        guard let unresolved = objectModel(ofRow: r, cache: &cache), case .object(var object)? = document.value(at: path) else {
            say("A: move to an object a model or schema describes", error: true)
            return
        }
        let missing = unresolved.resolved(for: object).fields.filter { $0.isRequired && !$0.isFlattened && !$0.isReadOnly && !$0.isPresent(in: object) }
        guard !missing.isEmpty else {
            say("no required field is missing here")
            return
        }
        do {
            // One field at a time through its setter, then one update: one change to undo.
            for field in missing { object = try field.setting(Self.initialValue(of: field, in: object), in: object) }
            applyUpdate(at: path, to: .object(object), cursor: path.appending(contentsOf: missing[0].path))
            say("added " + missing.map(\.name).joined(separator: ", "))
        } catch {
            say("refused: \(error)", error: true)
        }
    }

    /// A field's value when added: what it reads already, else its default (a schema's `default`,
    /// a model's default value when it is JSON), else its type's empty value.
    static func initialValue(of field: FieldSchema, in object: JSONObject) -> JSONValue? {
        if let value = field.value(in: object) { return value }
        if let text = field.defaultValue, let declared = try? JSONValue(parsing: text) { return declared }  // a Swift expression is no JSON
        return field.type.emptyValue
    }
}
