import LosslessJSON

/// What a browser needs to know about a model: its fields, their types, and a typed get/set for
/// each that goes through the model's own accessors.
public struct ModelSchema: Sendable {
    /// The model's name (a Swift type's name, or a name a description built from data chose).
    public let name: String
    /// The fields, in declaration order.
    public let fields: [FieldSchema]
    /// Top-level keys the fields claim, for scoring and unknown-field detection.
    let claims: [@Sendable (String, JSONObject) -> Bool]
    /// Validates an object as this model (given, or set by the registry, which knows the model's type).
    var validator: (@Sendable (JSONObject) -> [ValidationFinding])?
    /// Whether keys no field claims are errors (a JSON Schema's `additionalProperties: false`)
    /// rather than kept.
    public var disallowsUnknownKeys = false
    /// What a person reads about the model (a schema's title and description).
    public var help: String?
    /// Whether a value of the model may also be written as a scalar (a schema's object-or-string
    /// type: package.json's person, `{"name": …}` or `"Name <email>"`).
    public var takesScalars = false

    /// The model as it applies to one object, for descriptions whose fields depend on the value (a
    /// JSON Schema's conditionals and variants); `nil` for a model whose fields are fixed.
    public var resolver: (@Sendable (JSONObject) -> ModelSchema)?

    /// The model as it applies to an object: its resolved form, or itself.
    public func resolved(for object: JSONObject) -> ModelSchema {
        resolver?(object) ?? self
    }

    /// The model's validation report for an object, as `Model(object).validate()` gives it.
    public func validate(_ object: JSONObject) -> [ValidationFinding] {
        validator?(object) ?? unknownFields(in: object)
    }

    /// Keys read by more than one field (a flattened member's field and another field, say).
    public let keyCollisions: [ValidationFinding]

    /// Creates a schema from its fields (the macro writes this for a model type; a description built
    /// from data, such as a JSON Schema, calls it too). `validate`, when given, produces the model's
    /// findings for an object; without it an object's findings are its unknown fields.
    public init(name: String, fields: [FieldSchema], validate: (@Sendable (JSONObject) -> [ValidationFinding])? = nil) {
        self.name = name
        self.fields = fields
        validator = validate
        claims = fields.map(\.accessor.claims)
        var owners: [String: Int] = [:]
        var order: [String] = []
        // Fields at nested key paths may share their first key ("meta.created", "meta.count").
        for field in fields where field.isFlattened || field.path.components.count == 1 {
            for key in field.ownedKeys {
                if owners[key] == nil { order.append(key) }
                owners[key, default: 0] += 1
            }
        }
        keyCollisions = order.filter { owners[$0, default: 0] > 1 }
            .map { ValidationFinding(path: [.key($0)], kind: .keyCollision($0)) }
    }

    /// The top-level keys of an object no field claims: kept, written back untouched.
    public func unknownFields(in object: JSONObject) -> [ValidationFinding] {
        ValidationReport.unknownFields(in: object, claimedBy: claims)
    }

    /// The field with this Swift name.
    public func field(named name: String) -> FieldSchema? { fields.first { $0.name == name } }

    /// The field stored at this top-level key (or key path).
    public func field(forPath path: JSONPath) -> FieldSchema? { fields.first { $0.path == path } }

    /// How well an object matches this model, from 0 to 1: the share of the object's keys and the
    /// model's fields that meet, with each readable field counted fully and each unreadable one half.
    public func score(_ object: JSONObject) -> Double {
        guard !fields.isEmpty || !object.isEmpty else { return 0 }
        var matched = 0.0
        for field in fields where field.isPresent(in: object) {
            matched += field.reads(object) ? 1 : 0.5
        }
        let unknown = object.members.filter { member in !claims.contains { $0(member.key, object) } }.count
        return matched / Double(fields.count + unknown)
    }
}
