import DictionaryStorage
@_spi(SchemaGraph) import JSONSchema
import LosslessJSON

extension DescriptionBuilder {
    /// What a schema of objects says about their members, collected from every schema that applies
    /// in place — for one object (conditionals and branches decided by it) or for any.
    struct PropertyLayout {
        /// Declared properties in order, each with the schemas that constrain it.
        var properties: [(key: String, schemas: [SchemaNode])] = []
        var patterns: [(ECMARegex, SchemaNode)] = []
        var additional: [SchemaNode] = []
        /// `additionalProperties` or `unevaluatedProperties` is false.
        var closed = false
        var required: Set<String> = []
        /// The active branch of a `oneOf`/`anyOf`, when one was chosen (its name).
        var branch: String?

        mutating func declare(_ key: String, _ schema: SchemaNode) {
            if let index = properties.firstIndex(where: { $0.key == key }) {
                properties[index].schemas.append(schema)
            } else {
                properties.append((key, [schema]))
            }
        }
    }

    /// The layout of a schema: fixed (`object == nil`), or for one object.
    func layout(_ node: SchemaNode, object: JSONObject?, skipping skipBranches: Bool = false) -> PropertyLayout {
        var layout = PropertyLayout()
        var seen: Set<SchemaLocation> = []
        var stack = [node]
        let value = object.map(JSONValue.object)
        func holds(_ subschema: SchemaNode) -> Bool {
            guard let value else { return false }
            return schema.errors(of: subschema, for: value, collecting: false).valid
        }
        while let next = stack.popLast() {
            guard seen.insert(next.location).inserted else { continue }
            for check in next.checks {
                switch check.kind {
                case .properties(let properties): for (key, subschema) in zip(properties.order, properties.schemas) { layout.declare(key, subschema) }
                case .patternProperties(let list): layout.patterns += list
                case .additionalProperties(let subschema, _, _), .unevaluatedProperties(let subschema):
                    if subschema.constant == false { layout.closed = true } else if subschema.constant != true { layout.additional.append(subschema) }
                case .required(let names): layout.required.formUnion(names.names)
                case .ref(let reference), .dynamicRef(let reference, _), .recursiveRef(let reference):
                    if let target = reference.target { stack.append(target) }
                case .allOf(let list): stack += list.reversed()
                case .conditional(let condition, let then, let otherwise):
                    guard object != nil else { continue }
                    if holds(condition) {
                        stack.append(condition)
                        if let then { stack.append(then) }
                    } else if let otherwise {
                        stack.append(otherwise)
                    }
                case .dependentSchemas(let list):
                    for (key, subschema) in list where object?[key] != nil { stack.append(subschema) }
                case .anyOf(let branches), .oneOf(let branches):
                    guard let object, !skipBranches else { continue }
                    var isAnyOf = false
                    if case .anyOf = check.kind { isAnyOf = true }
                    if let (positions, name) = activeBranches(branches, of: next, in: object, severalMayHold: isAnyOf) {
                        stack += positions.reversed().map { branches[$0] }
                        layout.branch = name
                    }
                default: break
                }
            }
        }
        return layout
    }

    // MARK: Models and fields

    /// The model of a schema of objects, resolved for each object it applies to.
    func model(_ node: SchemaNode, named name: String) -> ModelSchema {
        let fixed = layout(node, object: nil)
        var model = ModelSchema(name: name, fields: fields(fixed, object: nil)) { [self] object in
            schemaFindings(node, object)
        }
        model.disallowsUnknownKeys = fixed.closed
        model.takesScalars = allowedTypes(node).map { !$0.subtracting(["object", "null"]).isEmpty } ?? false
        let modelHelp = help(node)
        model.help = modelHelp
        model.resolver = { [self] object in
            let resolved = layout(node, object: object)
            var specific = ModelSchema(name: resolved.branch.map { "\(name) · \($0)" } ?? name, fields: fields(resolved, object: object)) { [self] object in
                schemaFindings(node, object)
            }
            specific.disallowsUnknownKeys = resolved.closed
            specific.help = modelHelp
            return specific
        }
        return model
    }

    /// The fields of a layout: its declared properties, then the object's other keys that a pattern
    /// or `additionalProperties` describes.
    func fields(_ layout: PropertyLayout, object: JSONObject?) -> [FieldSchema] {
        var result = layout.properties.map { field($0.key, $0.schemas, required: layout.required.contains($0.key), value: object?[$0.key]) }
        guard let object else { return result }
        let declared = Set(layout.properties.map(\.key))
        for member in object.members where !declared.contains(member.key) && !result.contains(where: { $0.name == member.key }) {
            let matching = layout.patterns.filter { $0.0.matches(member.key) ?? true }.map(\.1)  // undecided: shown as it may apply
            let schemas = matching.isEmpty ? layout.additional : matching
            if !schemas.isEmpty { result.append(field(member.key, schemas, required: false, value: member.value)) }
        }
        return result
    }

    /// One property's field: typed by its first schema — for a union of kinds that cannot be typed
    /// alone, by the branch the member's value selects (`branch(of:for:)`) —, checked against all
    /// of them.
    func field(_ key: String, _ schemas: [SchemaNode], required: Bool, value: JSONValue? = nil) -> FieldSchema {
        let primary = schemas[0]
        var typed = primary
        if let value, takesKindBranches(fieldType(primary), value), let branch = branch(of: primary, for: value) { typed = branch }
        let type = fieldType(typed)
        let readOnly = schemas.contains { keyword($0, "readOnly") == .bool(true) }
        let schema = self.schema
        let errors: @Sendable (JSONValue) -> [ValidationError] = { value in
            schemas.flatMap { schema.errors(of: $0, for: value, collecting: true).errors }
        }
        let check: @Sendable (JSONValue) -> [String] = { value in errors(value).map(\.message) }
        // Any JSON may be set: a value the schema refuses is marked, not refused (the browser asks
        // before saving a document with errors).
        let write: @Sendable (JSONObject, JSONValue?) throws(FieldSetError) -> JSONObject = { object, value throws(FieldSetError) in
            var object = object
            if let value { object[key] = value } else { object.removeValue(forKey: key) }
            return object
        }
        let accessor = FieldAccessor(
            claims: { candidate, _ in candidate == key },
            isPresent: { object in object[key].map { !$0.isNull } ?? false },
            // Errors inside the value are shown on the rows they are at.
            reads: { object in object[key].map { value in errors(value).allSatisfy { !$0.instancePath.isRoot } } ?? true },
            get: { object in object[key] },
            set: readOnly ? nil : write)
        var field = FieldSchema(
            name: key, path: [.key(key)], typeText: typeText(typed), type: type, accessor: accessor,
            defaultValue: keyword(primary, "default").map { JSONWriter.serialize($0) }, isRequired: required)
        field.help = help(primary)
        field.summary = summary(primary) ?? (typed !== primary ? summary(typed) : nil)
        field.remarks = remarks(primary)
        // Only an open menu has values it does not list.
        switch type.unwrapped {
        case .enumeration(_, _, true), .choices(_, _, true): field.marksUnlistedValues = enumValues(primary)?.freeform ?? true
        default: break
        }
        if case .array(let examples)? = keyword(primary, "examples") { field.examples = examples.map { JSONWriter.serialize($0) } }
        field.problems = check
        return field
    }

    /// What the schema finds wrong with an object, as model findings (for `validate()` and the browser).
    func schemaFindings(_ node: SchemaNode, _ object: JSONObject) -> [ValidationFinding] {
        schema.errors(of: node, for: .object(object), collecting: true).errors.map { error in
            ValidationFinding(path: error.instancePath, kind: .typeMismatch(expected: error.message, found: error.keyword))
        }
    }
}
