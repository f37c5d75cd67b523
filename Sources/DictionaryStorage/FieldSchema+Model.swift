import LosslessJSON

extension FieldSchema {
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
        let accessor = FieldAccessor(
            claims: { key, object in unchecked.field.claims(key, in: object) },
            isPresent: { object in unchecked.field.locate(in: object).map { !$0.value.isNull } ?? false },
            // Whether the value itself reads; what is wrong inside it is shown where it is.
            reads: { object in
                unchecked.field.check(in: object, shape: shape, returned: ()).allSatisfy { $0.severity != .error || $0.path != unchecked.field.jsonPath }
            },
            get: { object in
                // Through the model's getter: write the typed value into an empty object via the setter
                // when there is one, else report the stored value the getter reads.
                let model = Model(object)
                guard let writable else { return unchecked.field.locate(in: object)?.value }
                var scratch = Model(JSONObject())
                scratch[keyPath: writable.keyPath] = model[keyPath: readOnlyKey.keyPath]
                return scratch.storage.value(atPath: path)
            },
            set: setter)
        return FieldSchema(
            name: field.name, path: field.jsonPath, typeText: swiftType, type: type, accessor: accessor,
            legacyKeys: field.legacyKeys, defaultValue: defaultValue, isRequired: field.required,
            strategy: field.options.strategy, isLenient: field.options.lenient, ownedKeys: [field.path[0]] + field.legacyKeys)
    }
}

extension FieldSchema {
    /// Builds the schema of a flattened member (the macro writes the call).
    public static func makeFlattened<Model: DictionaryStorageModel, Value: SendableMetatype>(
        _ keyPath: WritableKeyPath<Model, Value>, field: FlattenedField<Value>, swiftType: String
    ) -> FieldSchema {
        let key = UncheckedWritableKeyPath(keyPath: keyPath)
        let member = UncheckedFlattened(field: field)
        let accessor = FieldAccessor(
            claims: { name, _ in member.field.claims(name) },
            isPresent: { object in object.members.contains { member.field.claims($0.key) } },
            reads: { object in member.field.check(in: object).allSatisfy { $0.severity != .error } },
            get: { object in Model(object)[keyPath: key.keyPath].json(options: .standard) },
            set: { object, json throws(FieldSetError) in
                guard case .object(let newObject)? = json else {
                    throw .notReadable(field: member.field.name, reason: "a flattened member needs an object")
                }
                var model = Model(object)
                model[keyPath: key.keyPath] = member.field.get(in: newObject)
                return model.storage
            })
        return FieldSchema(
            name: field.name, path: .root, typeText: swiftType, type: field.type, accessor: accessor, isFlattened: true,
            ownedKeys: field.ownedKeys.sorted())
    }
}

/// Flattened fields are immutable after creation.
struct UncheckedFlattened<Value: JSONRepresentable>: @unchecked Sendable { let field: FlattenedField<Value> }

private func isElementProblem(_ finding: ValidationFinding) -> Bool {
    if case .unreadableElement = finding.kind { return true }
    return false
}

/// Fields hold closures that are never mutated after creation; they cross threads read-only.
struct UncheckedField<Value>: @unchecked Sendable { let field: Field<Value> }
/// Key paths are immutable values.
struct UncheckedKeyPath<Root, Value>: @unchecked Sendable { let keyPath: KeyPath<Root, Value> }
/// Writable key paths are immutable values too.
struct UncheckedWritableKeyPath<Root, Value>: @unchecked Sendable { let keyPath: WritableKeyPath<Root, Value> }
