import LosslessJSON

/// A property whose model (or variant) shares the containing object (`@Flattened`), as
/// MacroCodableKit's `@AllOfCodable` composes types.
///
/// Reading makes the member from the whole object. Writing merges: keys the member owns take the
/// new value's members (or go, if it has none); other keys keep their place and value unless the new
/// value has them too. Keys of the containing model are never lost through a member.
public struct FlattenedField<Value: JSONRepresentable>: @unchecked Sendable {
    /// The Swift property name.
    public let name: String
    /// The member's type as a schema shows it.
    public let type: FieldType
    let make: (JSONObject) -> Value
    let ownedKeys: Set<String>
    let merge: (JSONObject, JSONObject) -> JSONObject
    let findings: (Value, JSONObject) -> [ValidationFinding]

    /// The member, made from the whole object.
    public func get(in object: JSONObject) -> Value { make(object) }

    /// Writes the member back into the object.
    public func set(_ value: Value, in object: inout JSONObject) {
        guard case .object(let new) = value.json(options: .standard) else { return }
        let merged = merge(object, new)
        if merged != object { object = merged }
    }

    /// The member's findings, paths from the containing object (its unknown fields are the
    /// container's business and are left out).
    public func check(in object: JSONObject) -> [ValidationFinding] {
        findings(make(object), object).filter { $0.kind != .unknownField }
    }

    /// Whether this member owns a top-level key.
    public func claims(_ key: String) -> Bool { ownedKeys.contains(key) }
}

extension DictionaryStorage {
    /// A flattened model: its fields' keys are its own.
    public static func flattened<T: DictionaryStorageModel>(_ type: T.Type, name: String) -> FlattenedField<T> {
        let owned = Set(T.schema.fields.flatMap { field -> [String] in
            guard case .key(let key)? = field.path.components.first else { return [] }
            return [key] + field.legacyKeys
        })
        return FlattenedField(
            name: name, type: .flattened(.model(T.schema.name)), make: { T($0) }, ownedKeys: owned,
            merge: { old, new in mergeOwned(old, new, owned: owned) },
            findings: { value, _ in value.validate().findings })
    }

    /// A flattened variant (an adjacently or internally tagged enum whose tag shares the object).
    public static func flattened<T: VariantRepresentable>(_ type: T.Type, name: String) -> FlattenedField<T> {
        let schema = T.variantSchema
        return FlattenedField(
            name: name, type: .flattened(.variants(schema)),
            make: { T(object: $0) }, ownedKeys: schema.ownedKeys,
            merge: { old, new in schema.update(old, with: new) },
            findings: { value, object in value.variantFindings(in: object) })
    }

    static func mergeOwned(_ old: JSONObject, _ new: JSONObject, owned: Set<String>) -> JSONObject {
        var result = JSONObject()
        var written = Set<String>()
        for member in old.members {
            if let value = new[member.key] {
                if written.insert(member.key).inserted { result.append(key: member.key, value: value) }
            } else if !owned.contains(member.key) {
                result.append(key: member.key, value: member.value)
            }
        }
        for member in new.members where written.insert(member.key).inserted {
            result.append(key: member.key, value: member.value)
        }
        return result
    }

    /// A variant field's codec: unknown variants and payload findings are reported, and writing
    /// over an object keeps the keys no variant owns.
    public static func codec<T: VariantRepresentable>(
        _ type: T.Type, decode: @escaping (T.Type, Any?) -> T?, encode: @escaping (T?) -> Any?
    ) -> FieldCodec<T> {
        let schema = T.variantSchema
        return FieldCodec(
            type: .variants(schema),
            read: { T(json: $0, options: $1) },
            write: { $0.json(options: $1) },
            nestedFindings: { value in
                guard case .object(let object) = value.json(options: .standard) else { return [] }
                return value.variantFindings(in: object)
            },
            update: { value, old, options in
                let new = value.json(options: options)
                guard case .object(let oldObject) = old, case .object(let newObject) = new else { return new }
                return .object(schema.update(oldObject, with: newObject))
            })
    }

    /// What a variant case's payload is, for the schema: a model's schema, or a value's type.
    public static func variantPayload<T: DictionaryStorageModel>(_ codec: FieldCodec<T>) -> VariantSchema.Case.Payload {
        .model(T.schema)
    }

    /// What a variant case's payload is, for a non-model type.
    public static func variantPayload<T>(_ codec: FieldCodec<T>) -> VariantSchema.Case.Payload {
        .value(codec.type)
    }

    /// A model payload's findings, paths from the variant's object.
    public static func payloadFindings<T: DictionaryStorageModel>(_ payload: T, schema: VariantSchema, tag: String) -> [ValidationFinding] {
        let findings = payload.validate().findings
        switch schema.encoding {
        case .internal(let key):
            // The discriminator is the variant's, not an unknown field of the payload.
            return findings.filter { $0.kind != .unknownField || $0.path != [.key(key)] }
        case .adjacent(_, let content):
            return findings.map { $0.prefixed(by: [.key(content)]) }
        case .external:
            return findings.map { $0.prefixed(by: [.key(tag)]) }
        }
    }

    /// A non-model payload has no findings of its own.
    public static func payloadFindings<T>(_ payload: T, schema: VariantSchema, tag: String) -> [ValidationFinding] { [] }
}
