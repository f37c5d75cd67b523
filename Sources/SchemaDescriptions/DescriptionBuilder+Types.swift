import DictionaryStorage
@_spi(SchemaGraph) import JSONSchema
import LosslessJSON

/// The field type of each schema node: what chooses its editor and describes its children.
extension DescriptionBuilder {

    /// The type that chooses a value's editor and describes its children.
    func fieldType(_ node: SchemaNode) -> FieldType {
        let node = target(node)
        if let known = types[node.location] { return known }
        // (Every node was typed before the freeze: not expected; typed again, not kept.)
        if frozen { return computeFieldType(node) }
        // A placeholder first: a recursive schema refers to itself.
        types[node.location] = .json
        let type = computeFieldType(node)
        types[node.location] = type
        return type
    }

    func computeFieldType(_ node: SchemaNode) -> FieldType {
        if let inner = nullableBranch(node) { return .optional(fieldType(inner)) }
        if let values = enumValues(node) {
            let strings = values.known.compactMap(\.stringValue)
            let type: FieldType = strings.count == values.known.count
                ? .enumeration(name: typeText(node), knownValues: strings, isOpen: values.open)
                : .choices(name: typeText(node), values: values.known, isOpen: values.open)
            // `"type": ["string", "null"]` around the strings, or a branch of null beside them.
            let nullable = allowedTypes(node)?.contains("null") == true || alternatives(node).contains { allowedTypes($0) == ["null"] }
            return nullable ? .optional(type) : type
        }
        let allowed = allowedTypes(node)
        let nullable = allowed?.contains("null") == true
        let nonNull = allowed?.subtracting(["null"])
        var type: FieldType
        if let variants = variants(node) {
            type = .variants(variants)
        } else if nonNull == ["object"] || (nonNull == nil && (describesObjects(node) || alternatives(node).contains(where: describesObjectsOnly))) {
            type = .model(modelName(node))
        } else if let nonNull, nonNull.contains("object"), nonNull.isSubset(of: ["object", "string", "number", "integer", "boolean"]), describesObjects(node) {
            // An object, or a shorter spelling of it (package.json's person: {name, email, url} or
            // "Name <email> (url)"): typed as the object; the schema checks a scalar as it is.
            type = .model(modelName(node))
        } else if nonNull == ["array"] || (nonNull == nil && describesArrays(node)) {
            type = .array(itemsType(node))
        } else if nonNull == ["integer"] {
            type = .integer("integer")
        } else if nonNull == ["integer", "number"] || nonNull == ["number"] {
            type = .double("number")
        } else if nonNull == ["string"] {
            type = .string
        } else if nonNull == ["boolean"] {
            type = .bool
        } else {
            type = .json
        }
        if nullable, nonNull?.isEmpty == false { type = .optional(type) }
        return type
    }

    /// The known values of an `enum` or `const` of scalars, or of a union whose branches offer
    /// scalars (see `unionValues`), and whether other values are allowed (`anyOf: [{enum: […]},
    /// {type: string}]`, the open enumeration `schema export` writes).
    func enumValues(_ node: SchemaNode) -> EnumValues? {
        var answers: [ObjectIdentifier: EnumValues?] = [:]
        return enumValues(node, answers: &answers)
    }

    /// A menu's values; whether others are allowed; and whether some other value is allowed by a
    /// bare type alone (`{"type": "string"}`, the open enumeration of a compiled model's export),
    /// so a value outside the menu is an unknown case, kept — not one a pattern describes.
    typealias EnumValues = (known: [JSONValue], open: Bool, freeform: Bool)

    /// `enumValues(_:)`, each node answered once per question: nested `anyOf`s that reach one
    /// definition along many paths would otherwise ask it again for every path (and a loop of
    /// references, forever — a node asked again while it is being answered has no enumeration).
    private func enumValues(_ node: SchemaNode, answers: inout [ObjectIdentifier: EnumValues?]) -> EnumValues? {
        let key = ObjectIdentifier(node)
        if let answered = answers[key] { return answered }
        answers[key] = .some(nil)
        var answer: EnumValues?
        search: for part in inPlace(node) {
            for check in part.checks {
                switch check.kind {
                case .enumeration(let values) where !values.isEmpty && values.allSatisfy(\.isScalar):
                    answer = (values, false, false)
                    break search
                case .constant(let value) where value.isScalar:
                    answer = ([value], false, false)
                    break search
                case .anyOf(let branches), .oneOf(let branches):
                    if let values = unionValues(branches, within: allowedTypes(node), answers: &answers) {
                        answer = values
                        break search
                    }
                default: break
                }
            }
        }
        answers[key] = .some(answer)
        return answer
    }

    /// The values a union offers, as editors offer them: every branch's `enum`/`const` values
    /// together (a `oneOf` of `const`s, prettier's `"none"|"es5"|"all"`; eslint's severities
    /// `0|1|2|"off"|"warn"|"error"`), a boolean branch's `true` and `false`; open when a branch
    /// takes other scalars too — a string, number or integer type, or only such keywords
    /// (`pattern`) under the node's own type (tsconfig's `target`); null branches add nothing.
    /// Nil when a branch takes objects, arrays or anything at all: that union is not a menu.
    private func unionValues(_ branches: [SchemaNode], within outer: Set<String>?, answers: inout [ObjectIdentifier: EnumValues?]) -> EnumValues? {
        var known: [JSONValue] = []
        var seen: Set<JSONValue> = []
        var open = false
        var freeform = false
        for branch in branches {
            if let values = enumValues(branch, answers: &answers) {
                for value in values.known where seen.insert(value).inserted { known.append(value) }
                open = open || values.open
                freeform = freeform || values.freeform
                continue
            }
            let own = allowedTypes(branch)
            let allowed = own.map { types in outer.map { types.intersection($0) } ?? types } ?? outer
            guard let scalars = allowed?.subtracting(["null"]) else { return nil }
            if scalars.isEmpty { continue }
            guard scalars.isSubset(of: ["string", "number", "integer", "boolean"]) else { return nil }
            if scalars == ["boolean"] {
                for value: JSONValue in [true, false] where seen.insert(value).inserted { known.append(value) }
            } else {
                open = true
                freeform = freeform || inPlace(branch).allSatisfy { part in part.checks.allSatisfy { if case .types = $0.kind { true } else { false } } }
            }
        }
        return known.isEmpty ? nil : (known, open, freeform)
    }

    /// The other branch of `anyOf`/`oneOf: [{"type": "null"}, S]` (S or null), if the node is one.
    func nullableBranch(_ node: SchemaNode) -> SchemaNode? {
        for part in inPlace(node) {
            for check in part.checks {
                let branches: [SchemaNode]
                switch check.kind {
                case .anyOf(let list), .oneOf(let list): branches = list
                default: continue
                }
                guard branches.count == 2 else { continue }
                let isNull = branches.map { allowedTypes($0) == ["null"] }
                if isNull[0] != isNull[1] { return isNull[0] ? branches[1] : branches[0] }
            }
        }
        return nil
    }

    /// The branches of the node's `oneOf`/`anyOf`, if it has one.
    func alternatives(_ node: SchemaNode) -> [SchemaNode] {
        for part in inPlace(node) {
            for check in part.checks {
                switch check.kind {
                case .anyOf(let list), .oneOf(let list): return list
                default: continue
                }
            }
        }
        return []
    }

    /// Whether a branch is one of objects (`"type": "object"`, or properties and the like without a type).
    func describesObjectsOnly(_ node: SchemaNode) -> Bool {
        let allowed = allowedTypes(node)
        return allowed == ["object"] || (allowed == nil && describesObjects(node))
    }

    func describesObjects(_ node: SchemaNode) -> Bool {
        inPlace(node).contains { part in
            part.checks.contains { check in
                switch check.kind {
                case .properties, .patternProperties, .additionalProperties, .required, .unevaluatedProperties, .propertyNames: true
                default: false
                }
            }
        }
    }

    func describesArrays(_ node: SchemaNode) -> Bool {
        inPlace(node).contains { part in
            part.checks.contains { check in
                switch check.kind {
                case .items, .prefixItems, .contains, .uniqueItems, .minItems, .maxItems: true
                default: false
                }
            }
        }
    }

    /// The elements' type: their schema's, or — for a union of kinds no one type describes — the
    /// branch each element's kind selects (`byValue`).
    func itemsType(_ node: SchemaNode) -> FieldType {
        for part in inPlace(node) {
            for check in part.checks {
                if case .items(let items, _) = check.kind { return valueTyped(items) }
            }
        }
        return .json
    }
}

extension JSONValue {
    /// Whether the value is a string, number, boolean or null (a menu can offer it).
    var isScalar: Bool {
        switch self {
        case .array, .object: false
        default: true
        }
    }
}
