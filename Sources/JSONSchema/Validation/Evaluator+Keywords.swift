import LosslessJSON

/// Each compiled keyword applied to a value: the evaluator's one switch over `Check.Kind`.
extension Evaluator {
    /// Applies one keyword of `schema` to the value at `node`, recording a failure in `outcome`.
    func apply(_ check: UnsafeMutablePointer<Check>, _ schema: SchemaNode, _ node: JSONDocument.Node, _ kind: JSONKind, _ outcome: inout Outcome) {
        func fail(_ message: @autoclosure () -> String) {
            outcome.valid = false
            report(check.pointee.keyword, node, schema: schema, message())
        }
        switch check.pointee.kind {
        case .types(let mask):
            if !matches(kind, node, mask) { fail("\(shown(node)) is not of type \(mask.names.sorted().map { "\"\($0)\"" }.joined(separator: " or "))") }
        case .enumeration(let values):
            let value = document.value(node)
            if !values.contains(where: { JSONSemantics.equal($0, value) }) {
                fail("\(shown(node)) is not one of \(values.prefix(8).map { JSONWriter.serialize($0) }.joined(separator: ", "))\(values.count > 8 ? ", …" : "")")
            }
        case .constant(let expected):
            if !JSONSemantics.equal(expected, document.value(node)) { fail("\(shown(node)) is not \(JSONWriter.serialize(expected))") }
        case .multipleOf(let divisor):
            if kind == .number, let number = document.number(node), !DecimalValue(number).isMultiple(of: divisor) {
                fail("\(shown(node)) is not a multiple of \(divisor)")
            }
        case .maximum(let limit, let exclusive):
            if kind == .number {
                let order = compare(node, to: limit)
                if exclusive ? order >= 0 : order > 0 {
                    fail("\(shown(node)) is \(exclusive ? "not below" : "above") the maximum \(limit)")
                }
            }
        case .minimum(let limit, let exclusive):
            if kind == .number {
                let order = compare(node, to: limit)
                if exclusive ? order <= 0 : order < 0 {
                    fail("\(shown(node)) is \(exclusive ? "not above" : "below") the minimum \(limit)")
                }
            }
        case .maxLength(let limit):
            if kind == .string, let length = scalarCount(node), length > limit { fail("\(shown(node)) is longer than \(limit) characters (\(length))") }
        case .minLength(let limit):
            if kind == .string, let length = scalarCount(node), length < limit { fail("\(shown(node)) is shorter than \(limit) characters (\(length))") }
        case .pattern(let regex):
            guard kind == .string else { break }
            let answer = regex.matches(stringAt: node, in: reader)
            if !patternHolds(answer, for: regex, at: node, keyword: check.pointee.keyword, schema: schema) {
                // Undecided: failed here (so `not` cannot turn it into a pass unnoticed), and said in
                // the `undecided` list rather than as an error.
                if answer == nil { outcome.valid = false } else { fail("\(shown(node)) does not match the pattern \(JSONStringQuote(regex.source))") }
            }
        case .format(let format):
            if assertFormat, kind == .string, let string = document.string(node), !Formats.check(format, string) {
                fail("\(shown(node)) is not a valid \(format)")
            }
        case .maxItems(let limit):
            if kind == .array, document.childCount(node) > limit { fail("the array has more than \(limit) items (\(document.childCount(node)))") }
        case .minItems(let limit):
            if kind == .array, document.childCount(node) < limit { fail("the array has fewer than \(limit) items (\(document.childCount(node)))") }
        case .uniqueItems:
            if kind == .array, let (first, second) = duplicate(in: node) { fail("items \(first) and \(second) are equal; the items must be unique") }
        case .contains(let subschema, let minimum, let maximum):
            guard kind == .array else { return }
            var matched = 0
            var position = 0
            for child in reader.children(node) {
                if quietly({ evaluate(subschema, child: child, .index(position)).valid }) {
                    matched += 1
                    if annotate { outcome.containsIndices.insert(position) }
                }
                position += 1
            }
            if matched < minimum {
                fail(minimum == 1 ? "no item is valid for contains" : "only \(matched) items are valid for contains; at least \(minimum) must be")
            }
            if let maximum, matched > maximum { fail("\(matched) items are valid for contains; at most \(maximum) may be") }
        case .maxProperties(let limit):
            if kind == .object, document.childCount(node) > limit { fail("the object has more than \(limit) properties") }
        case .minProperties(let limit):
            if kind == .object, document.childCount(node) < limit { fail("the object has fewer than \(limit) properties") }
        case .required(let names):
            guard kind == .object else { return }
            // One pass over the members marks the names found.
            var found = PositionSet()
            var count = 0
            for child in reader.children(node) {
                if let position = names.position(ofKeyOf: child, in: reader), !found.contains(position) {
                    found.insert(position)
                    count += 1
                }
            }
            guard count < names.names.count else { return }
            for (position, name) in names.names.enumerated() where !found.contains(position) {
                fail("the required property \(JSONStringQuote(name)) is missing")
                if !collecting { return }
            }
        case .dependentRequired(let dependencies):
            guard kind == .object else { return }
            for (name, needed) in dependencies where document.member(node, name) != nil {
                for other in needed where document.member(node, other) == nil {
                    fail("\(JSONStringQuote(other)) is required when \(JSONStringQuote(name)) is present")
                }
            }
        case .dependentSchemas(let dependencies):
            guard kind == .object else { return }
            for (name, subschema) in dependencies where document.member(node, name) != nil {
                if collecting { keywordPath.append(name) }
                let result = evaluate(subschema, node)
                if collecting { keywordPath.removeLast() }
                outcome.valid = outcome.valid && result.valid
                outcome.absorb(result)
            }
        case .properties(let properties):
            guard kind == .object else { return }
            var position = -1
            for child in reader.children(node) {
                position += 1
                guard let found = properties.keys.position(ofKeyOf: child, in: reader) else { continue }
                let key = collecting ? properties.order[found] : ""
                if collecting { keywordPath.append(key) }
                let result = evaluate(properties.schemas[found], child: child, .key(key))
                if collecting { keywordPath.removeLast() }
                if !result.valid {
                    outcome.valid = false
                    if !collecting { return }
                }
                if annotate { outcome.properties.insert(position) }
            }
        case .patternProperties(let list):
            guard kind == .object else { return }
            var position = -1
            for child in reader.children(node) {
                position += 1
                guard let key = document.key(child) else { continue }
                for (regex, subschema) in list where patternHolds(regex.matches(key), for: regex, at: child, keyword: check.pointee.keyword, schema: schema) {
                    if collecting { keywordPath.append(regex.source) }
                    let result = evaluate(subschema, child: child, .key(key))
                    if collecting { keywordPath.removeLast() }
                    if !result.valid {
                        outcome.valid = false
                        if !collecting { return }
                    }
                    if annotate { outcome.properties.insert(position) }
                }
            }
        case .additionalProperties(let subschema, let named, let patterns):
            guard kind == .object else { return }
            for child in reader.children(node) {
                guard !named.contains(keyOf: child, in: reader) else { continue }
                let key = patterns.isEmpty && !collecting ? "" : document.key(child) ?? ""
                guard !patterns.contains(where: { patternHolds($0.matches(key), for: $0, at: child, keyword: check.pointee.keyword, schema: schema) }) else { continue }
                let result = evaluate(subschema, child: child, .key(key))
                if !result.valid {
                    outcome.valid = false
                    if subschema.constant == false { errors.removeLastIfCollecting(collecting); report(check.pointee.keyword, child, schema: schema, "the property \(JSONStringQuote(key)) is not allowed") }
                    if !collecting { return }
                }
            }
            if annotate { outcome.allProperties = true }
        case .propertyNames(let subschema):
            guard kind == .object else { return }
            for child in reader.children(node) {
                guard let key = document.key(child) else { continue }
                if !propertyName(key, isValidFor: subschema) {
                    fail("the property name \(JSONStringQuote(key)) is not valid")
                    if !collecting { return }
                }
            }
        case .prefixItems(let list):
            guard kind == .array else { return }
            var position = 0
            for child in reader.children(node) {
                guard position < list.count else { break }
                if collecting { keywordPath.append(String(position)) }
                let result = evaluate(list[position], child: child, .index(position))
                if collecting { keywordPath.removeLast() }
                if !result.valid {
                    outcome.valid = false
                    if !collecting { return }
                }
                position += 1
            }
            if annotate { outcome.items = max(outcome.items, position) }
        case .items(let subschema, let after):
            guard kind == .array else { return }
            var position = 0
            for child in reader.children(node) {
                defer { position += 1 }
                guard position >= after else { continue }
                let result = evaluate(subschema, child: child, .index(position))
                if !result.valid {
                    outcome.valid = false
                    if !collecting { return }
                }
            }
            if annotate, position > after { outcome.allItems = true }
        case .unevaluatedItems(let subschema):
            guard kind == .array else { return }
            var position = 0
            for child in reader.children(node) {
                defer { position += 1 }
                guard !outcome.evaluated(item: position) else { continue }
                let result = evaluate(subschema, child: child, .index(position))
                if !result.valid {
                    outcome.valid = false
                    if subschema.constant == false { errors.removeLastIfCollecting(collecting); report(check.pointee.keyword, child, schema: schema, "item \(position) is not allowed (not evaluated by any other keyword)") }
                    if !collecting { return }
                }
            }
            outcome.allItems = true
        case .unevaluatedProperties(let subschema):
            guard kind == .object else { return }
            var position = -1
            for child in reader.children(node) {
                position += 1
                guard !outcome.evaluated(property: position) else { continue }
                let key = document.key(child) ?? ""
                let result = evaluate(subschema, child: child, .key(key))
                if !result.valid {
                    outcome.valid = false
                    if subschema.constant == false { errors.removeLastIfCollecting(collecting); report(check.pointee.keyword, child, schema: schema, "the property \(JSONStringQuote(key)) is not allowed (not evaluated by any other keyword)") }
                    if !collecting { return }
                }
            }
            outcome.allProperties = true
        case .allOf(let list):
            for (position, subschema) in list.enumerated() {
                if collecting { keywordPath.append(String(position)) }
                let result = evaluate(subschema, node)
                if collecting { keywordPath.removeLast() }
                if !result.valid {
                    outcome.valid = false
                    if !collecting { return }
                }
                outcome.absorb(result)
            }
        case .anyOf(let list):
            applyAnyOrOne(check, schema, node, list, exactlyOne: false, &outcome)
        case .oneOf(let list):
            applyAnyOrOne(check, schema, node, list, exactlyOne: true, &outcome)
        case .not(let subschema):
            if quietly({ evaluate(subschema, node).valid }) { fail("\(shown(node)) must not be valid against the schema in not") }
        case .conditional(let condition, let then, let otherwise):
            let test = quietly { evaluate(condition, node) }
            if test.valid {
                outcome.absorb(test)
                if let then { absorbSubschema(then, keyword: "then", node, &outcome) }
            } else if let otherwise {
                absorbSubschema(otherwise, keyword: "else", node, &outcome)
            }
        case .ref(let reference):
            guard let target = resolved(reference, node, schema: schema, keyword: check.pointee.keyword, &outcome) else { return }
            let result = follow(target, node)
            if !result.valid { outcome.valid = false }
            outcome.absorb(result)
        case .dynamicRef(let reference, let anchor):
            guard var target = resolved(reference, node, schema: schema, keyword: check.pointee.keyword, &outcome) else { return }
            // Bookended: only a target that is itself a dynamic anchor is looked for in the dynamic scope.
            if let anchor, target.object?["$dynamicAnchor"] == .string(anchor),
                let outermost = dynamicScope.first(where: { $0.dynamicAnchors[anchor] != nil })
            {
                target = outermost.dynamicAnchors[anchor] ?? target
            }
            let result = follow(target, node)
            if !result.valid { outcome.valid = false }
            outcome.absorb(result)
        case .recursiveRef(let reference):
            guard var target = resolved(reference, node, schema: schema, keyword: check.pointee.keyword, &outcome) else { return }
            if target.recursiveAnchor {
                // The outermost resource of the dynamic scope that also has $recursiveAnchor: true.
                if let outermost = dynamicScope.first(where: { $0.recursiveAnchor }) { target = outermost }
            }
            let result = follow(target, node)
            if !result.valid { outcome.valid = false }
            outcome.absorb(result)
        }
    }
}
