import Foundation
import LosslessJSON

/// Compiles schema locations into `SchemaNode`s, without recursion: a node is made empty when
/// first named (by a parent or a reference) and filled from a work list, so cycles and any depth
/// are safe. References are resolved here, once; a malformed keyword is an error naming its place.
final class SchemaCompiler {
    let index: SchemaIndex
    /// Owns the nodes (released together, cycles and all).
    let graph = SchemaGraph()
    private var nodes: [SchemaLocation: SchemaNode] = [:]
    private var pending: [SchemaNode] = []
    /// Whether any compiled schema has an `unevaluated*` keyword (then annotations are collected).
    private(set) var usesUnevaluated = false
    /// Whether any compiled schema has `$dynamicRef` or `$recursiveRef` (whose targets depend on
    /// the path evaluation took, so a subtree cannot be checked again on its own).
    private(set) var usesDynamicReferences = false
    /// The references that could not be resolved (each left a failing part), in the order met.
    private(set) var unresolvedReferences: [SchemaLoadError] = []

    init(index: SchemaIndex) {
        self.index = index
    }

    /// The compiled schema at a location, with everything it reaches.
    func compile(_ location: SchemaLocation) throws(SchemaLoadError) -> SchemaNode {
        let root = node(for: location)
        while let next = pending.popLast() { try fill(next) }
        return root
    }

    /// The node of a location (made empty and queued the first time).
    private func node(for location: SchemaLocation) -> SchemaNode {
        if let known = nodes[location] { return known }
        // The index's own copy of the location: its children, made from it, then compare with the
        // index's in one step (a shared parent) rather than token by token up to the root.
        let location = index.info.index(forKey: location).map { index.info.keys[$0] } ?? location
        let info = index.info[location] ?? index.nearestInfo(location)
        let node = SchemaNode(location: location, index: index, dialect: info?.dialect ?? index.defaultDialect, resource: info?.resource ?? location)
        nodes[location] = node
        graph.add(node)
        pending.append(node)
        return node
    }

    private func fail(_ location: SchemaLocation, _ message: String) -> SchemaLoadError {
        var error = SchemaLoadError(.invalid, at: index.absolute(location), message)
        if let (line, column) = index.position(of: location) {
            error.line = line
            error.column = column
        }
        return error
    }

    // MARK: Filling a node

    private func fill(_ node: SchemaNode) throws(SchemaLoadError) {
        let location = node.location
        guard let value = index.value(at: location) else { throw fail(location, "no schema here") }
        switch value {
        case .bool(let b):
            // Draft 4 allows a boolean only as additionalItems or additionalProperties.
            let additional = ["additionalItems", "additionalProperties"].contains(location.last ?? "")
            guard node.dialect.allowsBooleanSchemas || additional else { throw fail(location, "a schema must be an object in \(node.dialect.rawValue)") }
            node.constant = b
            return
        case .object(let object):
            node.object = object
            try fill(node, from: object)
        default:
            throw fail(location, "a schema must be an object\(node.dialect.allowsBooleanSchemas ? " or a boolean" : "")")
        }
    }

    private func fill(_ node: SchemaNode, from object: JSONObject) throws(SchemaLoadError) {
        let location = node.location
        let dialect = node.dialect
        let info = index.info[location] ?? index.nearestInfo(location)
        let vocabularies = info?.vocabularies ?? dialect.defaultVocabularies
        let base = info?.base ?? URI("")
        func uses(_ vocabulary: Vocabulary) -> Bool { dialect < .draft2019 || vocabularies.contains(vocabulary) }
        var checks: [Check] = []
        var last: [Check] = []

        if dialect >= .draft2019, node.isResourceRoot, object["$recursiveAnchor"] == .bool(true) { node.recursiveAnchor = true }
        if dialect >= .draft2020, node.isResourceRoot {
            for (name, target) in index.dynamicAnchors[location] ?? [:] { node.dynamicAnchors[name] = self.node(for: target) }
        }

        // References.
        if case .string(let reference)? = object["$ref"] {
            checks.append(Check(keyword: "$ref", kind: .ref(try resolve(reference, against: base, at: location.appending("$ref")))))
            if dialect.refOverridesSiblings {
                node.checks = checks
                return
            }
        } else if object["$ref"] != nil {
            throw fail(location.appending("$ref"), "$ref must be a string (a URI reference)")
        }
        if dialect == .draft2019, case .string(let reference)? = object["$recursiveRef"] {
            usesDynamicReferences = true
            checks.append(Check(keyword: "$recursiveRef", kind: .recursiveRef(try resolve(reference, against: base, at: location.appending("$recursiveRef")))))
        }
        if dialect >= .draft2020, case .string(let reference)? = object["$dynamicRef"] {
            let resolved = base.resolving(reference)
            let target = try resolve(reference, against: base, at: location.appending("$dynamicRef"))
            let fragment = resolved.fragment.flatMap { $0.isEmpty || $0.hasPrefix("/") ? nil : $0 }
            usesDynamicReferences = true
            checks.append(Check(keyword: "$dynamicRef", kind: .dynamicRef(target, anchor: fragment)))
        }

        // Validation keywords.
        if uses(.validation) {
            try validationChecks(object, location: location, dialect: dialect, into: &checks)
        }
        if uses(.formatAnnotation) || uses(.formatAssertion), case .string(let format)? = object["format"] {
            checks.append(Check(keyword: "format", kind: .format(format)))
        }

        // Applicators.
        if uses(.applicator) {
            try applicatorChecks(object, location: location, dialect: dialect, into: &checks)
        }
        if dialect >= .draft2019, uses(dialect >= .draft2020 ? .unevaluated : .applicator) {
            if object["unevaluatedItems"] != nil {
                last.append(Check(keyword: "unevaluatedItems", kind: .unevaluatedItems(self.node(for: location.appending("unevaluatedItems")))))
                usesUnevaluated = true
            }
            if object["unevaluatedProperties"] != nil {
                last.append(Check(keyword: "unevaluatedProperties", kind: .unevaluatedProperties(self.node(for: location.appending("unevaluatedProperties")))))
                usesUnevaluated = true
            }
        }
        node.checks = checks + last
        if node.checks.isEmpty { node.constant = true }
    }

    /// A reference's target, compiled.
    private func resolve(_ reference: String, against base: URI, at location: SchemaLocation) throws(SchemaLoadError) -> Reference {
        let uri = base.resolving(reference)
        let result = Reference(uri: uri)
        do {
            result.target = node(for: try index.locate(uri))
        } catch {
            var located = SchemaLoadError(error.kind, at: index.absolute(location), "cannot resolve \"\(reference)\": \(error.message)")
            if let (line, column) = index.position(of: location) {
                located.line = line
                located.column = column
            }
            // A document that cannot be had leaves this reference a failing part, not the whole
            // schema a failure: a value it reaches is undecided, the rest is checked and typed.
            guard case .unresolvable = error.kind else { throw located }
            result.unresolved = located
            unresolvedReferences.append(located)
        }
        return result
    }

    // MARK: Keywords

    private func number(_ value: JSONValue?, _ location: SchemaLocation, _ keyword: String) throws(SchemaLoadError) -> DecimalValue? {
        guard let value else { return nil }
        guard case .number(let n) = value else { throw fail(location.appending(keyword), "\(keyword) must be a number") }
        return DecimalValue(n)
    }

    private func count(_ value: JSONValue?, _ location: SchemaLocation, _ keyword: String) throws(SchemaLoadError) -> Int? {
        guard let value else { return nil }
        guard case .number(let n) = value, let count = DecimalValue(n).int, count >= 0 else {
            throw fail(location.appending(keyword), "\(keyword) must be a non-negative integer")
        }
        return count
    }

    private func pattern(_ text: String, _ location: SchemaLocation) throws(SchemaLoadError) -> ECMARegex {
        do {
            return try ECMARegex.compile(text)
        } catch {
            throw fail(location, "\(error)")
        }
    }

    private func validationChecks(_ object: JSONObject, location: SchemaLocation, dialect: Dialect, into checks: inout [Check]) throws(SchemaLoadError) {
        if let type = object["type"] {
            let names: [String]
            switch type {
            case .string(let name): names = [name]
            case .array(let list) where list.allSatisfy({ $0.stringValue != nil }): names = list.compactMap(\.stringValue)
            default: throw fail(location.appending("type"), "type must be a type name or an array of them")
            }
            let known: Set<String> = ["null", "boolean", "object", "array", "number", "string", "integer"]
            if let unknown = names.first(where: { !known.contains($0) }) { throw fail(location.appending("type"), "\"\(unknown)\" is not a JSON Schema type") }
            checks.append(Check(keyword: "type", kind: .types(TypeMask(names: names))))
        }
        if let values = object["enum"] {
            guard case .array(let list) = values else { throw fail(location.appending("enum"), "enum must be an array") }
            checks.append(Check(keyword: "enum", kind: .enumeration(list)))
        }
        // `const`, `contains`, `propertyNames` and `if`/`then`/`else` are honoured in every dialect,
        // as editors honour them: they only add to what earlier drafts say, and schemas written
        // for draft-04 use them (docs/DESIGN.md, "Later keywords in earlier dialects").
        if let value = object["const"] { checks.append(Check(keyword: "const", kind: .constant(value))) }
        if let divisor = try number(object["multipleOf"], location, "multipleOf") {
            guard !divisor.negative, !divisor.isZero else { throw fail(location.appending("multipleOf"), "multipleOf must be greater than 0") }
            checks.append(Check(keyword: "multipleOf", kind: .multipleOf(divisor)))
        }
        if dialect == .draft4 {
            if let maximum = try number(object["maximum"], location, "maximum") {
                checks.append(Check(keyword: "maximum", kind: .maximum(NumberLimit(maximum), exclusive: object["exclusiveMaximum"] == .bool(true))))
            }
            if let minimum = try number(object["minimum"], location, "minimum") {
                checks.append(Check(keyword: "minimum", kind: .minimum(NumberLimit(minimum), exclusive: object["exclusiveMinimum"] == .bool(true))))
            }
        } else {
            if let maximum = try number(object["maximum"], location, "maximum") { checks.append(Check(keyword: "maximum", kind: .maximum(NumberLimit(maximum), exclusive: false))) }
            if let maximum = try number(object["exclusiveMaximum"], location, "exclusiveMaximum") {
                checks.append(Check(keyword: "exclusiveMaximum", kind: .maximum(NumberLimit(maximum), exclusive: true)))
            }
            if let minimum = try number(object["minimum"], location, "minimum") { checks.append(Check(keyword: "minimum", kind: .minimum(NumberLimit(minimum), exclusive: false))) }
            if let minimum = try number(object["exclusiveMinimum"], location, "exclusiveMinimum") {
                checks.append(Check(keyword: "exclusiveMinimum", kind: .minimum(NumberLimit(minimum), exclusive: true)))
            }
        }
        if let n = try count(object["maxLength"], location, "maxLength") { checks.append(Check(keyword: "maxLength", kind: .maxLength(n))) }
        if let n = try count(object["minLength"], location, "minLength") { checks.append(Check(keyword: "minLength", kind: .minLength(n))) }
        if let value = object["pattern"] {
            guard case .string(let text) = value else { throw fail(location.appending("pattern"), "pattern must be a string") }
            checks.append(Check(keyword: "pattern", kind: .pattern(try pattern(text, location.appending("pattern")))))
        }
        if let n = try count(object["maxItems"], location, "maxItems") { checks.append(Check(keyword: "maxItems", kind: .maxItems(n))) }
        if let n = try count(object["minItems"], location, "minItems") { checks.append(Check(keyword: "minItems", kind: .minItems(n))) }
        if object["uniqueItems"] == .bool(true) { checks.append(Check(keyword: "uniqueItems", kind: .uniqueItems)) }
        if let n = try count(object["maxProperties"], location, "maxProperties") { checks.append(Check(keyword: "maxProperties", kind: .maxProperties(n))) }
        if let n = try count(object["minProperties"], location, "minProperties") { checks.append(Check(keyword: "minProperties", kind: .minProperties(n))) }
        if let value = object["required"] {
            guard case .array(let list) = value, list.allSatisfy({ $0.stringValue != nil }) else {
                throw fail(location.appending("required"), "required must be an array of property names")
            }
            if !list.isEmpty { checks.append(Check(keyword: "required", kind: .required(KeyMatcher(list.compactMap(\.stringValue))))) }
        }
        if dialect >= .draft2019, case .object(let map)? = object["dependentRequired"] {
            checks.append(Check(keyword: "dependentRequired", kind: .dependentRequired(map.members.map { ($0.key, ($0.value.arrayValue ?? []).compactMap(\.stringValue)) })))
        }
        // `dependencies` is draft 4–7's; later dialects split it, and keepsake still reads it there.
        if case .object(let map)? = object["dependencies"] {
            let required = map.members.compactMap { member in member.value.arrayValue.map { (member.key, $0.compactMap(\.stringValue)) } }
            if !required.isEmpty { checks.append(Check(keyword: "dependencies", kind: .dependentRequired(required))) }
        }
    }

    private func applicatorChecks(_ object: JSONObject, location: SchemaLocation, dialect: Dialect, into checks: inout [Check]) throws(SchemaLoadError) {
        func schemas(_ keyword: String) throws(SchemaLoadError) -> [SchemaNode]? {
            guard let value = object[keyword] else { return nil }
            guard case .array(let list) = value, !list.isEmpty else { throw fail(location.appending(keyword), "\(keyword) must be a non-empty array of schemas") }
            return list.indices.map { node(for: location.appending(keyword, String($0))) }
        }
        func schema(_ keyword: String) -> SchemaNode? {
            object[keyword] == nil ? nil : node(for: location.appending(keyword))
        }
        if let list = try schemas("allOf") { checks.append(Check(keyword: "allOf", kind: .allOf(list))) }
        if let list = try schemas("anyOf") { checks.append(Check(keyword: "anyOf", kind: .anyOf(list))) }
        if let list = try schemas("oneOf") { checks.append(Check(keyword: "oneOf", kind: .oneOf(list))) }
        if let not = schema("not") { checks.append(Check(keyword: "not", kind: .not(not))) }
        if let condition = schema("if") {
            checks.append(Check(keyword: "if", kind: .conditional(condition: condition, then: schema("then"), otherwise: schema("else"))))
        }

        // Objects.
        var named: [String] = []
        if case .object(let map)? = object["properties"] {
            named = map.members.map(\.key)
            let schemas = named.map { node(for: location.appending("properties", $0)) }
            checks.append(Check(keyword: "properties", kind: .properties(PropertySchemas(names: named, schemas: schemas))))
        }
        var patterns: [ECMARegex] = []
        if case .object(let map)? = object["patternProperties"] {
            var list: [(ECMARegex, SchemaNode)] = []
            for member in map.members {
                let regex = try pattern(member.key, location.appending("patternProperties", member.key))
                patterns.append(regex)
                list.append((regex, node(for: location.appending("patternProperties", member.key))))
            }
            checks.append(Check(keyword: "patternProperties", kind: .patternProperties(list)))
        }
        if let additional = schema("additionalProperties") {
            checks.append(Check(keyword: "additionalProperties", kind: .additionalProperties(additional, named: KeyMatcher(named), patterns: patterns)))
        }
        if let names = schema("propertyNames") { checks.append(Check(keyword: "propertyNames", kind: .propertyNames(names))) }
        for keyword in dialect >= .draft2019 ? ["dependentSchemas", "dependencies"] : ["dependencies"] {
            guard case .object(let map)? = object[keyword] else { continue }
            let list = map.members.filter { $0.value.arrayValue == nil }.map { ($0.key, node(for: location.appending(keyword, $0.key))) }
            if !list.isEmpty { checks.append(Check(keyword: keyword, kind: .dependentSchemas(list))) }
        }

        // Arrays.
        if dialect >= .draft2020 {
            var prefix = 0
            if let list = try schemas("prefixItems") {
                prefix = list.count
                checks.append(Check(keyword: "prefixItems", kind: .prefixItems(list)))
            }
            if let items = schema("items") { checks.append(Check(keyword: "items", kind: .items(items, after: prefix))) }
        } else if let items = object["items"] {
            if case .array(let list) = items {
                let nodes = list.indices.map { node(for: location.appending("items", String($0))) }
                checks.append(Check(keyword: "items", kind: .prefixItems(nodes)))
                if let additional = schema("additionalItems") { checks.append(Check(keyword: "additionalItems", kind: .items(additional, after: nodes.count))) }
            } else {
                checks.append(Check(keyword: "items", kind: .items(node(for: location.appending("items")), after: 0)))
            }
        }
        if let contains = schema("contains") {
            let minimum = dialect >= .draft2019 ? try count(object["minContains"], location, "minContains") ?? 1 : 1
            let maximum = dialect >= .draft2019 ? try count(object["maxContains"], location, "maxContains") : nil
            checks.append(Check(keyword: "contains", kind: .contains(contains, min: minimum, max: maximum)))
        }
    }
}
