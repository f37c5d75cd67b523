import DictionaryStorage
@_spi(SchemaGraph) import JSONSchema
import LosslessJSON

/// Unions of kinds typed by the value they hold: package.json's `exports` is a path, an object of
/// conditions or an array of fallbacks, an eslint rule a severity or an array — a schema node that
/// cannot be typed alone (`any`) is typed, for one value, by the branch its kind selects.
extension DescriptionBuilder {
    /// The branch of a union of kinds (`oneOf`/`anyOf`, nested, through references) that admits
    /// the value's kind, when exactly one does; nil when none or several do, or the node is no
    /// union.
    func branch(of node: SchemaNode, for value: JSONValue) -> SchemaNode? {
        var leaves: [SchemaNode] = []
        var seen: Set<SchemaLocation> = []
        var stack = [node]
        while let next = stack.popLast() {
            let next = target(next)
            // A bound: a union of unions is a few dozen branches at most in real schemas.
            guard seen.insert(next.location).inserted, seen.count <= 64 else { continue }
            let branches = alternatives(next)
            if branches.isEmpty || nullableBranch(next) != nil || enumValues(next) != nil { leaves.append(next) } else { stack += branches.reversed() }
        }
        guard leaves.count > 1 || leaves.first.map({ $0.location != target(node).location }) == true else { return nil }
        let admitting = leaves.filter { admits($0, value) }
        return admitting.count == 1 ? admitting[0] : nil
    }

    /// A node's type, or, for a union of kinds that is untyped alone, one typing each value by the
    /// branch its kind selects, with the branch's description when the node has none.
    func valueTyped(_ node: SchemaNode) -> FieldType {
        let type = fieldType(node)
        guard isUnionOfKinds(node, typed: type) else { return type }
        let summary = summary(node)
        let text = typeText(node)
        return .byValue(ValueTyping(name: text) { [self] value in
            guard let branch = branch(of: node, for: value) else {
                // Several object branches: the union's own model, which chooses among them per object.
                if value.objectValue != nil, case .model = type { return ValueTyping.TypedValue(type: type, typeText: text, summary: summary) }
                return nil
            }
            return ValueTyping.TypedValue(type: fieldType(branch), typeText: typeText(branch), summary: summary ?? self.summary(branch))
        })
    }

    /// Whether a node is a union whose branches are of different kinds, so that no one type is
    /// right for every value: untyped alone, or typed as the object its object branches describe.
    func isUnionOfKinds(_ node: SchemaNode, typed type: FieldType) -> Bool {
        let node = target(node)
        guard allowedTypes(node) == nil, !alternatives(node).isEmpty else { return false }
        switch type {
        case .json, .model: return true
        default: return false
        }
    }

    /// Whether a value is typed by its kind's branch rather than by its node's type: the node is
    /// untyped alone, or typed as the object of a union and the value is no object.
    func takesKindBranches(_ type: FieldType, _ value: JSONValue) -> Bool {
        switch type.unwrapped {
        case .json: true
        case .model: value.objectValue == nil
        default: false
        }
    }

    /// Whether a branch is written for values of this one's kind: its `type` names the kind, or,
    /// without a `type`, its keywords are those of objects (for an object) or arrays (for an array).
    private func admits(_ node: SchemaNode, _ value: JSONValue) -> Bool {
        guard let allowed = allowedTypes(node) else {
            switch value {
            case .object: return describesObjects(node)
            case .array: return describesArrays(node)
            default: return enumValues(node)?.known.contains(value) == true
            }
        }
        switch value {
        case .null: return allowed.contains("null")
        case .bool: return allowed.contains("boolean")
        case .number(let number): return allowed.contains(number.isInteger ? "integer" : "number")
        case .string: return allowed.contains("string")
        case .array: return allowed.contains("array")
        case .object: return allowed.contains("object")
        }
    }
}
