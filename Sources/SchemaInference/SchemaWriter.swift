import LosslessJSON

/// Writes the JSON Schema (2020-12) that every sample a shape saw validates against, in the forms
/// other tools read the same way: nullable as a type list (or a `null` branch), a map as
/// `additionalProperties` without `properties`, a tagged union as `oneOf` whose branches fix the
/// tag with `const`, a format only when every string passed its strict check, an `enum` only for a
/// small set of strings seen many times.
struct SchemaWriter {
    /// Whether a kind seen rarely at a place is left out (`OutlierPolicy.leftOut`).
    var leavesOutOutliers = false
    /// At most this many distinct strings make an `enum`…
    static let enumLimit = 16
    /// …and only when seen this many times over per value (a set repeated, not a list of names).
    static let enumRepeats = 3
    /// Objects with more keys than this, all holding values of one kind, are a map.
    static let mapKeys = 32
    /// Names a tag member is likely to have, preferred when several members could be the tag.
    static let tagNames = ["type", "kind", "tag", "@type", "_type", "$type", "event", "op", "action", "variant", "category"]

    /// The schema for the values a shape saw.
    func schema(_ shape: ValueShape) -> JSONValue {
        let kept = leavesOutOutliers ? Self.commonKinds(shape) : Set(ValueKind.allCases)
        var branches: [JSONObject] = []
        if shape.booleans > 0, kept.contains(.boolean) { branches.append(["type": "boolean"]) }
        if shape.integers + shape.fractions > 0, kept.contains(.number) { branches.append(["type": shape.fractions > 0 ? "number" : "integer"]) }
        if let strings = shape.strings, kept.contains(.string) { branches.append(schema(strings)) }
        if let arrays = shape.arrays, kept.contains(.array) { branches.append(schema(arrays)) }
        if let objects = shape.objects, kept.contains(.object) { branches.append(schema(objects)) }
        let nullable = shape.nulls > 0
        switch branches.count {
        case 0: return nullable ? .object(["type": "null"]) : .object([:])
        case 1 where !nullable: return .object(branches[0])
        case 1: return .object(Self.nullable(branches[0]))
        default: return .object(["anyOf": .array((branches + (nullable ? [["type": "null"]] : [])).map(JSONValue.object))])
        }
    }

    /// The kinds of value besides `null`, as `OutlierPolicy.leftOut` weighs them.
    enum ValueKind: CaseIterable {
        case boolean, number, string, array, object
    }

    /// The kinds a place's schema keeps when outliers are left out: every kind, unless one kind
    /// holds at least 90% of at least 8 values that are not `null` — then that kind alone (a few
    /// `null`s stay: they read as an optional value, not a mistake).
    static func commonKinds(_ shape: ValueShape) -> Set<ValueKind> {
        let counts: [(ValueKind, Int)] = [
            (.boolean, shape.booleans), (.number, shape.integers + shape.fractions), (.string, shape.strings?.count ?? 0),
            (.array, shape.arrays?.count ?? 0), (.object, shape.objects?.count ?? 0),
        ]
        let values = counts.reduce(0) { $0 + $1.1 }
        guard values >= 8, let (kind, most) = counts.max(by: { $0.1 < $1.1 }), most * 10 >= values * 9 else { return Set(ValueKind.allCases) }
        return [kind]
    }

    /// A branch that also takes `null`: its type as a list (and `null` in its enum), else `anyOf`.
    private static func nullable(_ branch: JSONObject) -> JSONObject {
        guard case .string(let type)? = branch["type"], branch["oneOf"] == nil else {
            return ["anyOf": [.object(branch), ["type": "null"]]]
        }
        var result = branch
        result["type"] = [.string(type), "null"]
        if case .array(let values)? = branch["enum"] { result["enum"] = .array(values + [.null]) }
        return result
    }

    private func schema(_ strings: StringShape) -> JSONObject {
        var result: JSONObject = ["type": "string"]
        if let format = strings.format {
            result["format"] = .string(format)
        } else if strings.distinct != nil, strings.order.count <= Self.enumLimit, strings.count >= max(6, Self.enumRepeats * strings.order.count) {
            result["enum"] = .array(strings.order.map(JSONValue.string))
        }
        return result
    }

    private func schema(_ arrays: ArrayShape) -> JSONObject {
        var result: JSONObject = ["type": "array"]
        if arrays.elements.count > 0 { result["items"] = schema(arrays.elements) }
        return result
    }

    private func schema(_ objects: ObjectShape) -> JSONObject {
        objects.settle()
        if let values = objects.mapValues ?? mapValues(objects) {
            return ["type": "object", "additionalProperties": schema(values)]
        }
        if let (key, groups) = tag(of: objects) {
            let branches = groups.sorted { $0.tag < $1.tag }.map { tag, group in
                var branch = properties(group, fixing: (key, tag))
                branch["type"] = nil
                return JSONValue.object(branch)
            }
            return ["type": "object", "oneOf": .array(branches)]
        }
        return properties(objects, fixing: nil)
    }

    /// `properties` in the order first seen, and `required` for the members every object held.
    private func properties(_ objects: ObjectShape, fixing tag: (key: String, value: String)?) -> JSONObject {
        objects.settle()
        var properties = JSONObject()
        var required: [JSONValue] = []
        for member in objects.members {
            let key = member.key
            properties[key] = key == tag?.key ? ["const": .string(tag?.value ?? "")] : schema(member.shape)
            if member.count == objects.count { required.append(.string(key)) }
        }
        var result: JSONObject = ["type": "object"]
        if !properties.isEmpty { result["properties"] = .object(properties) }
        if !required.isEmpty { result["required"] = .array(required) }
        return result
    }

    /// The one shape of every value when the objects are a map: many keys, values of one kind.
    private func mapValues(_ objects: ObjectShape) -> ValueShape? {
        guard objects.members.count > Self.mapKeys else { return nil }
        let shapes = objects.members.map(\.shape)
        let kinds = Set(shapes.map(Self.kinds))
        guard kinds.count == 1 else { return nil }
        let merged = ValueShape(level: objects.level + 1)
        for shape in shapes { merged.merge(shape) }
        return merged
    }

    private static func kinds(_ shape: ValueShape) -> [Bool] {
        [shape.nulls > 0, shape.booleans > 0, shape.integers + shape.fractions > 0, shape.strings != nil, shape.arrays != nil, shape.objects != nil]
    }

    /// The member that tags the objects, if one does: every object holds it as a string, it takes
    /// two or more values, the groups it makes differ in their members (one group always holds a
    /// member another never does), and — unless its name is a tag's (`type`, `kind` …) — each value
    /// was seen at least twice (a name or an id on every object is no tag). Likely names first,
    /// then the fewest values.
    private func tag(of objects: ObjectShape) -> (String, [(tag: String, group: ObjectShape)])? {
        let candidates = (objects.candidates ?? []).filter { candidate in
            candidate.groups.count >= 2 && candidate.groups.reduce(0) { $0 + $1.count } == objects.count
                && (Self.tagNames.contains(candidate.key) || candidate.groups.allSatisfy { $0.count >= 2 })
                && Self.groupsDiffer(candidate.groups, besides: candidate.key)
        }
        return candidates.min { a, b in
            let rankA = Self.tagNames.firstIndex(of: a.key) ?? Self.tagNames.count
            let rankB = Self.tagNames.firstIndex(of: b.key) ?? Self.tagNames.count
            return (rankA, a.groups.count, a.key) < (rankB, b.groups.count, b.key)
        }.map { candidate in (candidate.key, Array(zip(candidate.texts, candidate.groups))) }
    }

    private static func groupsDiffer(_ groups: [ObjectShape], besides tag: String) -> Bool {
        for group in groups { group.settle() }
        for group in groups {
            let always = group.members.filter { $0.key != tag && $0.count == group.count }
            for other in groups where other !== group {
                if always.contains(where: { other.member(named: $0.key) == nil }) { return true }
            }
        }
        return false
    }
}
