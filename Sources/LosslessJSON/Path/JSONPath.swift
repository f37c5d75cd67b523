/// A location in a JSON document: a list of object keys and array indices.
///
/// Parsed from and printed as jq paths (`.`, `.a.b[3]`, `."key with spaces"`, `.["k"]`) or RFC 6901
/// JSON Pointers (`/a/b/3`, `~0` for `~`, `~1` for `/`). A pointer token cannot tell a key from an
/// index, so pointer tokens parse as keys, and a key that is a canonical decimal number (`3`, not
/// `03`) also addresses that element of an array.
public struct JSONPath: Sendable, Hashable, CustomStringConvertible, ExpressibleByArrayLiteral {
    /// One step of a path.
    public enum Component: Sendable, Hashable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
        case key(String)
        case index(Int)

        public init(stringLiteral value: String) { self = .key(value) }
        public init(integerLiteral value: Int) { self = .index(value) }

        /// The array index this component addresses, if any (see the type's note on pointer tokens).
        public var arrayIndex: Int? {
            switch self {
            case .index(let i): return i
            case .key(let key):
                let bytes = Array(key.utf8)
                guard !bytes.isEmpty, bytes.count <= 18, bytes.allSatisfy({ $0 &- 0x30 < 10 }),
                    bytes.count == 1 || bytes[0] != UInt8(ascii: "0")
                else { return nil }
                return Int(key)
            }
        }

        public static func == (lhs: Component, rhs: Component) -> Bool {
            switch (lhs, rhs) {
            case (.key(let a), .key(let b)): a.unicodeScalarsEqual(b)
            case (.index(let a), .index(let b)): a == b
            default: false
            }
        }

        public func hash(into hasher: inout Hasher) {
            switch self {
            case .key(let key): hasher.combine(0); key.hashByScalars(into: &hasher)
            case .index(let index): hasher.combine(1); hasher.combine(index)
            }
        }
    }

    /// The steps from the root.
    public var components: [Component]

    /// The root.
    public static let root = JSONPath([])

    /// A path with the given steps.
    public init(_ components: [Component]) { self.components = components }

    public init(arrayLiteral elements: Component...) { components = elements }

    /// Whether this is the root.
    public var isRoot: Bool { components.isEmpty }

    /// The parent path, or `nil` for the root.
    public var parent: JSONPath? { components.isEmpty ? nil : JSONPath(Array(components.dropLast())) }

    /// The last step, or `nil` for the root.
    public var last: Component? { components.last }

    /// This path with one more step.
    public func appending(_ component: Component) -> JSONPath { JSONPath(components + [component]) }

    /// Whether this path leads to a value that holds the one at `other` (a proper prefix of it).
    public func isAncestor(of other: JSONPath) -> Bool {
        components.count < other.components.count && zip(components, other.components).allSatisfy { $0 == $1 }
    }

    /// The jq spelling (`.a.b[3]`, `."x y"`, `.` for the root).
    public var description: String { jq }

    /// The jq spelling.
    public var jq: String {
        if components.isEmpty { return "." }
        var text = ""
        for component in components {
            switch component {
            case .index(let i): text += (text.isEmpty ? ".[" : "[") + "\(i)]"
            case .key(let key):
                if Self.isIdentifier(key) {
                    text += "." + key
                } else {
                    text += "." + JSONWriter.quoted(key)
                }
            }
        }
        return text
    }

    /// A JSON Pointer of keys (a keyword path, a schema location), each escaped as `pointer` does.
    public static func pointer(keys: some Sequence<String>) -> String {
        var text = ""
        for key in keys { text += "/" + pointerToken(key) }
        return text
    }

    /// One key as a JSON Pointer token: `~` as `~0`, `/` as `~1` (copied only when it holds one:
    /// a deep path writes every token of every error).
    static func pointerToken(_ key: String) -> String {
        guard key.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else { return key }
        var out = ""
        for scalar in key.unicodeScalars {
            switch scalar {
            case "~": out += "~0"
            case "/": out += "~1"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// The RFC 6901 spelling (`/a/b/3`, `""` for the root).
    public var pointer: String {
        var text = ""
        for component in components {
            text += "/"
            switch component {
            case .index(let i): text += String(i)
            case .key(let key):
                text += Self.pointerToken(key)
            }
        }
        return text
    }

    /// Whether a key is written bare in a jq path (`.name`), not quoted (`."a b"`).
    public static func isIdentifier(_ key: String) -> Bool {
        guard let first = key.utf8.first, first &- 0x30 >= 10 else { return false }
        return key.utf8.allSatisfy { c in
            (c | 0x20) &- 0x61 < 26 || c &- 0x30 < 10 || c == UInt8(ascii: "_")
        }
    }
}

extension String {
}
