import LosslessJSON

/// What a browser needs to know about a model: its fields, their types, and a typed get/set for
/// each that goes through the model's own accessors.
public struct ModelSchema: Sendable {
    /// The model's Swift name.
    public let name: String
    /// The fields, in declaration order.
    public let fields: [FieldSchema]
    /// Top-level keys the fields claim, for scoring and unknown-field detection.
    let claims: [@Sendable (String, JSONObject) -> Bool]
    /// Validates an object as this model (set by the registry, which knows the model's type).
    var validator: (@Sendable (JSONObject) -> [ValidationFinding])?

    /// The model's validation report for an object, as `Model(object).validate()` gives it.
    public func validate(_ object: JSONObject) -> [ValidationFinding] {
        validator?(object) ?? unknownFields(in: object)
    }

    /// Keys read by more than one field (a flattened member's field and another field, say).
    public let keyCollisions: [ValidationFinding]

    /// Creates a schema (the macro writes this).
    public init(name: String, fields: [FieldSchema]) {
        self.name = name
        self.fields = fields
        claims = fields.map(\.claims)
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

/// One field of a model, erased to JSON for tools that do not know the model's type.
public struct FieldSchema: Sendable {
    /// The Swift property name.
    public let name: String
    /// Where the value lives in the object.
    public let path: JSONPath
    /// Legacy keys read when the current key is absent.
    public let legacyKeys: [String]
    /// The Swift type as written (`Int?`, `[Usage]`).
    public let swiftType: String
    /// What kind of value it holds.
    public let type: FieldType
    /// The default value's source text, if it has one.
    public let defaultValue: String?
    /// Whether a missing value is an error.
    public let isRequired: Bool
    /// The field's strategy, if any.
    public let strategy: ValueStrategy?
    /// Whether reading is lenient.
    public let isLenient: Bool
    /// Whether the property is a `let` (no setter).
    public let isReadOnly: Bool
    /// Whether the field is a flattened member sharing the model's object (its path is the root).
    public let isFlattened: Bool
    /// The top-level keys this field owns.
    public let ownedKeys: [String]

    let claims: @Sendable (String, JSONObject) -> Bool
    let isPresentIn: @Sendable (JSONObject) -> Bool
    let readsIn: @Sendable (JSONObject) -> Bool
    let getter: @Sendable (JSONObject) -> JSONValue?
    let setter: (@Sendable (JSONObject, JSONValue?) throws(FieldSetError) -> JSONObject)?

    /// Whether the object has a value (possibly unreadable) for this field.
    public func isPresent(in object: JSONObject) -> Bool { isPresentIn(object) }

    /// Whether the object's value for this field reads as the field's type.
    public func reads(_ object: JSONObject) -> Bool { readsIn(object) }

    /// The value as the model's accessor reads it, written back as JSON (`nil` for an absent optional).
    public func value(in object: JSONObject) -> JSONValue? { getter(object) }

    /// The object after setting this field through the model's own setter; `nil` clears an optional.
    /// Throws when the JSON is not a value of the field's type, or the field is read-only.
    public func setting(_ value: JSONValue?, in object: JSONObject) throws(FieldSetError) -> JSONObject {
        guard let setter else { throw .readOnly(name) }
        return try setter(object, value)
    }

    /// Builds the schema of a property from its key path and field (the macro writes the call).
    public static func make<Model: DictionaryStorageModel, Value: SendableMetatype, Property>(
        _ keyPath: KeyPath<Model, Property>, field: Field<Value>, shape: FieldShape, swiftType: String,
        defaultValue: String?, readOnly: Bool = false
    ) -> FieldSchema {
        let writable = (keyPath as? WritableKeyPath<Model, Property>).map(UncheckedWritableKeyPath.init)
        let type: FieldType
        switch shape {
        case .value: type = field.codec.type
        case .optional: type = .optional(field.codec.type)
        case .array: type = .array(field.codec.type)
        case .optionalArray: type = .optional(.array(field.codec.type))
        case .dictionary: type = .dictionary(field.codec.type)
        case .optionalDictionary: type = .optional(.dictionary(field.codec.type))
        }
        let path = field.path
        let unchecked = UncheckedField(field: field)
        var setter: (@Sendable (JSONObject, JSONValue?) throws(FieldSetError) -> JSONObject)?
        if let writable, !readOnly {
            let key = writable
            setter = { object, json throws(FieldSetError) in
                // Read the JSON through the model's getter on a scratch object, then set it through the setter.
                var scratch = JSONObject()
                if let json { scratch.setValue(json, atPath: path) }
                let scratchModel = Model(scratch)
                if let json, !json.isNull {
                    let problems = unchecked.field.check(in: scratch, shape: shape, returned: scratchModel[keyPath: key.keyPath])
                        .filter { $0.severity == .error || isElementProblem($0) }
                    if let problem = problems.first {
                        throw .notReadable(field: unchecked.field.name, reason: problem.description)
                    }
                } else if !shape.isOptional {
                    throw .notOptional(unchecked.field.name)
                }
                var model = Model(object)
                model[keyPath: key.keyPath] = scratchModel[keyPath: key.keyPath]
                return model.storage
            }
        }
        let readOnlyKey = UncheckedKeyPath(keyPath: keyPath)
        return FieldSchema(
            name: field.name, path: field.jsonPath, legacyKeys: field.legacyKeys, swiftType: swiftType, type: type,
            defaultValue: defaultValue, isRequired: field.required, strategy: field.options.strategy,
            isLenient: field.options.lenient, isReadOnly: readOnly || writable == nil, isFlattened: false,
            ownedKeys: [field.path[0]] + field.legacyKeys,
            claims: { key, object in unchecked.field.claims(key, in: object) },
            isPresentIn: { object in unchecked.field.locate(in: object).map { !$0.value.isNull } ?? false },
            readsIn: { object in
                unchecked.field.check(in: object, shape: shape, returned: ()).allSatisfy { $0.severity != .error }
            },
            getter: { object in
                // Through the model's getter: write the typed value into an empty object via the setter
                // when there is one, else report the stored value the getter reads.
                let model = Model(object)
                guard let writable else { return unchecked.field.locate(in: object)?.value }
                var scratch = Model(JSONObject())
                scratch[keyPath: writable.keyPath] = model[keyPath: readOnlyKey.keyPath]
                return scratch.storage.value(atPath: path)
            },
            setter: setter)
    }
}

extension FieldSchema {
    /// Builds the schema of a flattened member (the macro writes the call).
    public static func makeFlattened<Model: DictionaryStorageModel, Value: SendableMetatype>(
        _ keyPath: WritableKeyPath<Model, Value>, field: FlattenedField<Value>, swiftType: String
    ) -> FieldSchema {
        let key = UncheckedWritableKeyPath(keyPath: keyPath)
        let member = UncheckedFlattened(field: field)
        return FieldSchema(
            name: field.name, path: .root, legacyKeys: [], swiftType: swiftType, type: field.type, defaultValue: nil,
            isRequired: false, strategy: nil, isLenient: false, isReadOnly: false, isFlattened: true,
            ownedKeys: field.ownedKeys.sorted(),
            claims: { name, _ in member.field.claims(name) },
            isPresentIn: { object in object.members.contains { member.field.claims($0.key) } },
            readsIn: { object in member.field.check(in: object).allSatisfy { $0.severity != .error } },
            getter: { object in Model(object)[keyPath: key.keyPath].json(options: .standard) },
            setter: { object, json throws(FieldSetError) in
                guard case .object(let newObject)? = json else {
                    throw .notReadable(field: member.field.name, reason: "a flattened member needs an object")
                }
                var model = Model(object)
                model[keyPath: key.keyPath] = member.field.get(in: newObject)
                return model.storage
            })
    }
}

/// Flattened fields are immutable after creation.
struct UncheckedFlattened<Value: JSONRepresentable>: @unchecked Sendable { let field: FlattenedField<Value> }

private func isElementProblem(_ finding: ValidationFinding) -> Bool {
    if case .unreadableElement = finding.kind { return true }
    return false
}

/// Why a field could not be set from JSON.
public enum FieldSetError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The JSON is not a value of the field's type.
    case notReadable(field: String, reason: String)
    /// The field is a `let`.
    case readOnly(String)
    /// Only optional fields can be cleared.
    case notOptional(String)

    public var description: String {
        switch self {
        case .notReadable(let field, let reason): "cannot set \(field): \(reason)"
        case .readOnly(let field): "\(field) is read-only"
        case .notOptional(let field): "\(field) is not optional and cannot be cleared"
        }
    }
}

/// Fields hold closures that are never mutated after creation; they cross threads read-only.
struct UncheckedField<Value>: @unchecked Sendable { let field: Field<Value> }
/// Key paths are immutable values.
struct UncheckedKeyPath<Root, Value>: @unchecked Sendable { let keyPath: KeyPath<Root, Value> }
/// Writable key paths are immutable values too.
struct UncheckedWritableKeyPath<Root, Value>: @unchecked Sendable { let keyPath: WritableKeyPath<Root, Value> }

/// The registered models, for choosing a model for an object by how well it matches.
public struct ModelRegistry: Sendable {
    /// The registered schemas and how to make their models.
    public private(set) var schemas: [ModelSchema] = []

    /// An empty registry.
    public init() {}

    /// Registers a model type.
    public mutating func register<Model: DictionaryStorageModel>(_ type: Model.Type) {
        guard !schemas.contains(where: { $0.name == Model.schema.name }) else { return }
        var schema = Model.schema
        schema.validator = { Model($0).validate().findings }
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

    /// The best-matching schema if it scores at least `threshold`.
    public func bestMatch(for object: JSONObject, threshold: Double = 0.5) -> ModelSchema? {
        guard let best = ranked(for: object).first, best.score >= threshold else { return nil }
        return best.schema
    }
}
