import LosslessJSON

/// The registered models, for choosing a model for an object by how well it matches.
public struct ModelRegistry: Sendable {
    /// The registered schemas and how to make their models.
    public private(set) var schemas: [ModelSchema] = []

    /// Whether `bestMatch` chooses a model by how an object looks; when false, models are bound
    /// only by name (a model named on the command line, a record type's name).
    public var matchesByShape = true

    /// An empty registry.
    public init() {}

    /// The same models, bound only by name: `bestMatch` finds none.
    public func bindingByNameOnly() -> ModelRegistry {
        var registry = self
        registry.matchesByShape = false
        return registry
    }

    /// Registers a model type: its schema, validated by the model's own `validate()`.
    public mutating func register<Model: DictionaryStorageModel>(_ type: Model.Type) {
        var schema = Model.schema
        schema.validator = { Model($0).validate().findings }
        register(schema)
    }

    /// Registers a description (a schema built from data); a name already registered is kept.
    public mutating func register(_ schema: ModelSchema) {
        guard !schemas.contains(where: { $0.name == schema.name }) else { return }
        schemas.append(schema)
    }

    /// The schema with this name.
    public func schema(named name: String) -> ModelSchema? { schemas.first { $0.name == name } }

    /// Every schema with its score for the object, best first (ties keep registration order).
    public func ranked(for object: JSONObject) -> [(schema: ModelSchema, score: Double)] {
        schemas.map { ($0, $0.score(object)) }.enumerated()
            .sorted { $0.element.1 != $1.element.1 ? $0.element.1 > $1.element.1 : $0.offset < $1.offset }
            .map(\.element)
    }

    /// The best-matching schema if it scores at least `threshold` (none when `matchesByShape` is off).
    public func bestMatch(for object: JSONObject, threshold: Double = 0.5) -> ModelSchema? {
        guard matchesByShape, let best = ranked(for: object).first, best.score >= threshold else { return nil }
        return best.schema
    }
}
