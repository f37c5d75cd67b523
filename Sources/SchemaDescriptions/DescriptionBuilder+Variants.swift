import DictionaryStorage
@_spi(SchemaGraph) import JSONSchema
import LosslessJSON

/// Which branches of a union an object takes, and unions as variants switched by a tag.
extension DescriptionBuilder {
    /// The branches an object takes: the one its tag names, else those it is valid for — every one
    /// of an `anyOf` (each applies: tsconfig's files, include and references branches, whose
    /// members are then known together), the one of a `oneOf` — else the closest (named as ambiguous).
    func activeBranches(_ branches: [SchemaNode], of owner: SchemaNode, in object: JSONObject, severalMayHold: Bool) -> ([Int], String)? {
        if let (property, tags) = discriminator(branches, of: owner), case .string(let tag)? = object[property], let position = tags.firstIndex(of: tag) {
            return ([position], Evaluator.branchName(branches[position], position))
        }
        if let tags = externalTags(branches), let position = tags.firstIndex(where: { object[$0.tag] != nil }) {
            return ([position], Evaluator.branchName(branches[position], position))
        }
        let value = JSONValue.object(object)
        let results = branches.map { schema.errors(of: $0, for: value, collecting: true) }
        let valid = results.indices.filter { results[$0].valid }
        if severalMayHold, !valid.isEmpty {
            // A branch the object fails but uses — it declares a member the object has and no
            // valid branch declares (tsconfig's files, with a duplicate entry) — applies too: its
            // members are typed, and the check marks what is wrong with them.
            var chosen = valid
            var declared = Set(valid.flatMap { layout(branches[$0], object: nil, skipping: true).properties.map(\.key) })
            for position in branches.indices where !results[position].valid {
                let keys = layout(branches[position], object: nil, skipping: true).properties.map(\.key)
                guard keys.contains(where: { object[$0] != nil && !declared.contains($0) }) else { continue }
                chosen.append(position)
                declared.formUnion(keys)
            }
            chosen.sort()
            return (chosen, chosen.map { Evaluator.branchName(branches[$0], $0) }.joined(separator: " + "))
        }
        if valid.count == 1 {
            return (valid, Evaluator.branchName(branches[valid[0]], valid[0]))
        }
        let failures = results.indices.filter { !results[$0].valid }.map { (position: $0, errors: results[$0].errors) }
        guard let closest = valid.first.map({ (position: $0, errors: [ValidationError]()) }) ?? Evaluator.closest(failures, in: branches, depth: 0) else { return nil }
        return ([closest.position], Evaluator.branchName(branches[closest.position], closest.position) + " (ambiguous)")
    }

    /// The tag property of branches and each branch's value of it: OpenAPI's `discriminator` next
    /// to them (its `propertyName`; a branch's value from `mapping`, else its `$ref`'s last name),
    /// else the property every branch fixes with `const` or a one-value `enum`.
    /// One branch may fix no value: it takes the other tags (its tag is `nil`), as the last branch
    /// of an exported model's variants does.
    func discriminator(_ branches: [SchemaNode], of owner: SchemaNode) -> (property: String, tags: [String?])? {
        if case .object(let declared)? = owner.object?["discriminator"], let property = declared["propertyName"]?.stringValue {
            let mapping = (declared["mapping"]?.objectValue?.members ?? []).compactMap { member in member.value.stringValue.map { (tag: member.key, target: $0) } }
            let tags = branches.map { branch -> String? in
                guard let reference = branch.object?["$ref"]?.stringValue else { return nil }
                let name = String(reference.split(separator: "/").last ?? "")
                return mapping.first { $0.target == reference || $0.target == name }?.tag ?? name
            }
            let found = tags.compactMap { $0 }
            if found.count == branches.count, Set(found).count == found.count { return (property, found) }
        }
        var candidates: [String: [String?]] = [:]
        for (position, branch) in branches.enumerated() {
            let fixed = layout(branch, object: nil, skipping: true)
            for (key, schemas) in fixed.properties {
                for part in schemas.flatMap(inPlace) {
                    for check in part.checks {
                        let fixedValue: String?
                        switch check.kind {
                        case .constant(.string(let value)): fixedValue = value
                        case .enumeration(let values) where values.count == 1: fixedValue = values[0].stringValue
                        default: fixedValue = nil
                        }
                        guard let fixedValue else { continue }
                        if candidates[key] == nil { candidates[key] = Array(repeating: nil, count: branches.count) }
                        candidates[key]?[position] = fixedValue
                    }
                }
            }
        }
        for (key, values) in candidates.sorted(by: { $0.key < $1.key }) {
            let tags = values.compactMap { $0 }
            if tags.count >= max(2, values.count - 1), Set(tags).count == tags.count { return (key, values) }
        }
        return nil
    }

    /// The key each branch requires alone, when every branch requires exactly one key of its own
    /// (`{"image": {…}}` or `{"video": {…}}`: externally tagged variants), with its schema.
    func externalTags(_ branches: [SchemaNode]) -> [(tag: String, schema: SchemaNode?)]? {
        var found: [(tag: String, schema: SchemaNode?)] = []
        for branch in branches {
            let fixed = layout(branch, object: nil, skipping: true)
            guard fixed.required.count == 1, let tag = fixed.required.first else { return nil }
            found.append((tag, fixed.properties.first { $0.key == tag }?.schemas.first))
        }
        return Set(found.map(\.tag)).count == found.count ? found : nil
    }

    /// A `oneOf`/`anyOf` of objects with a tag property, as variants switched by the tag.
    func variants(_ node: SchemaNode) -> VariantSchema? {
        for part in inPlace(node) {
            for check in part.checks {
                guard case .oneOf(let branches) = check.kind, branches.count > 1 else {
                    if case .anyOf(let branches) = check.kind, branches.count > 1, let found = variantSchema(node, branches, owner: part) { return found }
                    continue
                }
                if let found = variantSchema(node, branches, owner: part) { return found }
            }
        }
        return nil
    }

    private func variantSchema(_ node: SchemaNode, _ branches: [SchemaNode], owner: SchemaNode) -> VariantSchema? {
        guard let (property, tags) = discriminator(branches, of: owner) else { return externalVariants(node, branches) }
        let name = modelName(node)
        let outer = layout(node, object: nil, skipping: true)
        let fallback = tags.firstIndex(of: nil).map { Evaluator.branchName(branches[$0], $0).trimmingCharacters(in: ["\""]) } ?? "unknown"
        let cases = branches.enumerated().compactMap { position, branch -> VariantSchema.Case? in
            guard let tag = tags[position] else { return nil }
            let caseName = Evaluator.branchName(branch, position).trimmingCharacters(in: ["\""])
            var combined = outer
            let own = layout(branch, object: nil, skipping: true)
            for (key, schemas) in own.properties { for schema in schemas { combined.declare(key, schema) } }
            combined.required.formUnion(own.required)
            combined.closed = combined.closed || own.closed
            var model = ModelSchema(name: "\(name).\(caseName)", fields: fields(combined, object: nil))
            model.disallowsUnknownKeys = combined.closed
            let layout = combined
            model.resolver = { [self] object in
                var resolved = ModelSchema(name: "\(name).\(caseName)", fields: fields(layout, object: object))
                resolved.disallowsUnknownKeys = layout.closed
                return resolved
            }
            registry.register(model)
            return VariantSchema.Case(name: caseName, tag: tag, payload: .model(model))
        }
        return VariantSchema(name: name, encoding: .internal(discriminator: property), cases: cases, fallbackCase: fallback, switchWritesTagOnly: true)
    }

    /// Branches each requiring one key of its own, as externally tagged variants (switching one
    /// writes the new case's empty payload under its key).
    private func externalVariants(_ node: SchemaNode, _ branches: [SchemaNode]) -> VariantSchema? {
        // A last branch that requires none of the keys (`not: {anyOf: [{required: …}]}`) takes the others.
        var named = branches
        var fallback = "unknown"
        if let last = branches.last, layout(last, object: nil, skipping: true).required.isEmpty, branches.count > 2 {
            named.removeLast()
            fallback = Evaluator.branchName(last, branches.count - 1).trimmingCharacters(in: ["\""])
        }
        guard let tags = externalTags(named) else { return nil }
        let name = modelName(node)
        let cases = zip(named.indices, tags).map { position, tag -> VariantSchema.Case in
            let caseName = Evaluator.branchName(named[position], position).trimmingCharacters(in: ["\""])
            guard let payload = tag.schema else { return VariantSchema.Case(name: caseName, tag: tag.tag, payload: .value(.json)) }
            if case .model(let modelName) = fieldType(payload), let model = registry.schema(named: modelName) {
                return VariantSchema.Case(name: caseName, tag: tag.tag, payload: .model(model))
            }
            return VariantSchema.Case(name: caseName, tag: tag.tag, payload: .value(fieldType(payload)))
        }
        return VariantSchema(name: name, encoding: .external, cases: cases, fallbackCase: fallback)
    }
}
