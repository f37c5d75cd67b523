#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A JSON value, with no Foundation bridging: numbers keep their literal, objects their member
/// order and duplicate keys, strings their exact Unicode scalars.
///
/// Equality is exact where JSON is: strings and keys compare by Unicode scalars (an NFC and an NFD
/// spelling differ), object members compare in order, numbers compare by decimal value.
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// The kind of the value (`true` and `false` both report their own kind).
    public var kind: JSONKind {
        switch self {
        case .null: .null
        case .bool(let value): value ? .true : .false
        case .number: .number
        case .string: .string
        case .array: .array
        case .object: .object
        }
    }

    /// The string, if this is a string.
    public var stringValue: String? { if case .string(let s) = self { s } else { nil } }
    /// The Boolean, if this is `true` or `false`.
    public var boolValue: Bool? { if case .bool(let b) = self { b } else { nil } }
    /// The number, if this is a number.
    public var numberValue: JSONNumber? { if case .number(let n) = self { n } else { nil } }
    /// The elements, if this is an array.
    public var arrayValue: [JSONValue]? { if case .array(let a) = self { a } else { nil } }
    /// The object, if this is an object.
    public var objectValue: JSONObject? { if case .object(let o) = self { o } else { nil } }
    /// Whether this is `null`.
    public var isNull: Bool { if case .null = self { true } else { false } }

    // Equality and hashing walk with a list of pending values, not by recursion: a value may nest a
    // million levels (a raised `maxDepth`), far past what a thread's stack holds.

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        var pending: [(JSONValue, JSONValue)] = []
        var pair = (lhs, rhs)
        while true {
            switch pair {
            case (.null, .null): break
            case (.bool(let a), .bool(let b)): guard a == b else { return false }
            case (.number(let a), .number(let b)): guard a == b else { return false }
            case (.string(let a), .string(let b)): guard a.unicodeScalarsEqual(b) else { return false }
            case (.array(let a), .array(let b)):
                guard a.count == b.count else { return false }
                pending.append(contentsOf: zip(a, b))
            case (.object(let a), .object(let b)):
                guard a.members.count == b.members.count else { return false }
                for (x, y) in zip(a.members, b.members) {
                    guard x.key.unicodeScalarsEqual(y.key) else { return false }
                    pending.append((x.value, y.value))
                }
            default: return false
            }
            guard let next = pending.popLast() else { return true }
            pair = next
        }
    }

    public func hash(into hasher: inout Hasher) {
        var pending: [JSONValue] = []
        var value = self
        while true {
            switch value {
            case .null: hasher.combine(0)
            case .bool(let b): hasher.combine(b)
            case .number(let n): hasher.combine(n)
            case .string(let s): s.hashByScalars(into: &hasher)
            case .array(let a):
                // The count first, so `[[1], 2]` and `[[1, 2]]` hash apart.
                hasher.combine(1)
                hasher.combine(a.count)
                pending.append(contentsOf: a.reversed())
            case .object(let o):
                hasher.combine(2)
                hasher.combine(o.members.count)
                for member in o.members { member.key.hashByScalars(into: &hasher) }
                pending.append(contentsOf: o.members.reversed().lazy.map(\.value))
            }
            guard let next = pending.popLast() else { return }
            value = next
        }
    }
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .number(JSONNumber(value)) }
    public init(floatLiteral value: Double) { self = .number(JSONNumber(floatLiteral: value)) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) { self = .object(JSONObject(elements)) }
}

extension String {
    /// Equality by Unicode scalars, not canonical equivalence: "é" (U+00E9) differs from "e\u{301}".
    @inlinable
    public func unicodeScalarsEqual(_ other: String) -> Bool {
        let count = utf8.count
        guard count == other.utf8.count else { return false }
        // Native strings are contiguous UTF-8: compare the bytes directly.
        if let result = utf8.withContiguousStorageIfAvailable({ a in
            other.utf8.withContiguousStorageIfAvailable { b in
                count == 0 || memcmp(a.baseAddress!, b.baseAddress!, count) == 0
            }
        }), let equal = result {
            return equal
        }
        return utf8.elementsEqual(other.utf8)
    }

    /// Hashing consistent with `unicodeScalarsEqual`.
    func hashByScalars(into hasher: inout Hasher) {
        hasher.combine(utf8.count)
        for byte in utf8 { hasher.combine(byte) }
    }
}
