import DictionaryStorage
import LosslessJSON

/// What the browser knows about a source's root: the description bound to it, chosen from the
/// source's layout, the registry and an optional model name.
public enum RootBinding: Sendable {
    /// Nothing is known: every value is untyped (and editable as JSON).
    case none
    /// A model bound to the root object, or to each element of a root array (`ModelBinding`).
    case model(ModelSchema)
    /// A record store: the root's keys are type names, each an object of records of that type.
    case recordsByType
    /// A table's rows by key, each bound to a model when one is given or matches.
    case rows(ModelSchema?)
    /// A description of the whole root value (a JSON Schema's), named for the title bar.
    case typed(FieldType, name: String)

    /// The binding for a document from a source of `layout`: the named model, else the registry's
    /// best match (for a document or a table's rows).
    public init(layout: RootLayout, document: JSONDocument, registry: ModelRegistry, modelName: String?) {
        switch layout {
        case .recordsByType:
            self = .recordsByType
        case .document:
            let model = modelName.map { registry.schema(named: $0) } ?? registry.bestMatch(for: document)
            self = model.map(RootBinding.model) ?? .none
        case .rowsByKey:
            let first = document.children(document.root).first { _ in true }
            let sample = first.flatMap { document.range($0).count < 1 << 20 ? document.value($0).objectValue : nil }
            self = .rows(modelName.map { registry.schema(named: $0) } ?? sample.flatMap { registry.bestMatch(for: $0) })
        }
    }

    /// Whether the documents are a database's (records or rows) rather than a file's.
    public var isDatabase: Bool {
        switch self {
        case .recordsByType, .rows: true
        case .none, .model, .typed: false
        }
    }

    /// The model bound to documents (the root, each element, or each row), if any.
    public var model: ModelSchema? {
        switch self {
        case .model(let schema): schema
        case .rows(let schema): schema
        case .none, .recordsByType, .typed: nil
        }
    }
}
