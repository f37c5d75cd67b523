import DictionaryStorage
import LosslessJSON

/// What is known about a value, for its children: built from descriptions (model schemas, field
/// types, variant schemas), whether a model type or data (a JSON Schema) made them.
indirect enum SchemaContext: Sendable {
    /// Nothing: the value and its children are untyped.
    case none
    /// An object read by a model.
    case model(ModelSchema)
    /// An array whose elements are of a type.
    case arrayOf(FieldType)
    /// An object whose members' values are of a type (dynamic keys).
    case dictionaryOf(FieldType)
    /// Every child (element or member value) read by a model.
    case each(ModelSchema)
    /// An object whose keys name models, each holding an object of values of that model by key.
    case groupsByModelName
    /// A polymorphic value.
    case variant(VariantSchema)

    /// The context of a value of a field type.
    init(_ type: FieldType, registry: ModelRegistry) {
        switch type {
        case .optional(let wrapped), .flattened(let wrapped): self.init(wrapped, registry: registry)
        case .model(let name): self = registry.schema(named: name).map(SchemaContext.model) ?? .none
        case .array(let element): self = .arrayOf(element)
        case .dictionary(let value): self = .dictionaryOf(value)
        case .variants(let schema): self = .variant(schema)
        default: self = .none
        }
    }

    /// The context of a document's root under a binding.
    init(root binding: RootBinding, kind: JSONKind, registry: ModelRegistry) {
        switch binding {
        case .none: self = .none
        case .model(let schema): self = kind == .array ? .each(schema) : .model(schema)
        case .rows(let schema): self = schema.map(SchemaContext.each) ?? .none
        case .recordsByType: self = .groupsByModelName
        case .typed(let type, _): self.init(type, registry: registry)
        }
    }

    /// How the root's own row names it (`Person`, `[Person]`), or `nil` when nothing is known.
    var rootLabel: String? {
        switch self {
        case .model(let schema): schema.name
        case .each(let schema): "[\(schema.name)]"
        case .arrayOf(let type): "[\(type)]"
        case .dictionaryOf(let type): "[String: \(type)]"
        case .variant(let variants): variants.name
        default: nil
        }
    }
}

extension SchemaContext {
    /// Whether nothing is known (an untyped row's members are not "kept": nothing would read them).
    var isUntyped: Bool {
        if case .none = self { return true }
        return false
    }
}
