import Foundation
import LosslessJSON

/// Each keyword of a schema object read into its check, as its dialect defines it.
extension SchemaCompiler {
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
            // What editors run: the pattern as JavaScript reads it without the `u` flag.
            if let lenient = ECMARegex.annexBForm(text), let compiled = try? ECMARegex.compile(lenient) { return compiled }
            throw fail(location, "\(error)")
        }
    }

    func validationChecks(_ object: JSONObject, location: SchemaLocation, dialect: Dialect, into checks: inout [Check]) throws(SchemaLoadError) {
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

    func applicatorChecks(_ object: JSONObject, location: SchemaLocation, dialect: Dialect, into checks: inout [Check]) throws(SchemaLoadError) {
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
