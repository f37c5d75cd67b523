/// Values inside a value by path, and the value with one of them replaced, added or removed — what
/// an edit is checked against before and after it is made.
extension JSONValue {
    /// This value with the value at `path` replaced, added (a new member; the item after the
    /// last) or removed (`nil`); nil when the path leads nowhere.
    public func replacing(_ path: JSONPath, with replacement: JSONValue?) -> JSONValue? {
        guard let first = path.components.first else { return replacement ?? .null }
        let rest = JSONPath(Array(path.components.dropFirst()))
        switch self {
        case .object(var object):
            guard case .key(let key) = first else { return nil }
            if rest.isRoot {
                object[key] = replacement
            } else {
                guard let child = object[key], let changed = child.replacing(rest, with: replacement) else { return nil }
                object[key] = changed
            }
            return .object(object)
        case .array(var elements):
            guard let index = first.arrayIndex, index <= elements.count else { return nil }
            if rest.isRoot {
                if let replacement {
                    if index == elements.count { elements.append(replacement) } else { elements[index] = replacement }
                } else {
                    guard index < elements.count else { return nil }
                    elements.remove(at: index)
                }
            } else {
                guard index < elements.count, let changed = elements[index].replacing(rest, with: replacement) else { return nil }
                elements[index] = changed
            }
            return .array(elements)
        default:
            return nil
        }
    }

    /// This value with a member appended to the object at `path`.
    public func replacing(_ path: JSONPath, appending key: String, _ value: JSONValue) -> JSONValue? {
        guard case .object(var object)? = descendant(at: path) else { return nil }
        object.append(key: key, value: value)
        return replacing(path, with: .object(object))
    }

    /// The value at `path`, or nil.
    public func descendant(at path: JSONPath) -> JSONValue? {
        var current = self
        for component in path.components {
            switch (current, component) {
            case (.object(let object), .key(let key)):
                guard let next = object[key] else { return nil }
                current = next
            case (.array(let elements), _):
                guard let index = component.arrayIndex, index < elements.count else { return nil }
                current = elements[index]
            default:
                return nil
            }
        }
        return current
    }

    /// Whether this value holds only what `whole` holds where it stands — the start of a text
    /// read in part: equal scalars, an array's first items, members `whole` has (in any order: a
    /// YAML merge's members stand where the merge puts them).
    public func isPart(of whole: JSONValue) -> Bool {
        switch (self, whole) {
        case (.array(let items), .array(let all)):
            return items.count <= all.count && zip(items, all).allSatisfy { $0.isPart(of: $1) }
        case (.object(let part), .object(let all)):
            // Matched where they stand when the names agree there (mostly so, and two members may
            // share a name), else by name (a linear look).
            return part.members.count <= all.members.count && part.members.enumerated().allSatisfy { index, member in
                let found = all.members[index].key == member.key ? all.members[index].value : all[member.key]
                return found.map { member.value.isPart(of: $0) } ?? false
            }
        default:
            return self == whole
        }
    }
}
