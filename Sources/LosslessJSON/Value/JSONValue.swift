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

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.number(let a), .number(let b)): a == b
        case (.string(let a), .string(let b)): a.unicodeScalarsEqual(b)
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)): a == b
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let b): hasher.combine(b)
        case .number(let n): hasher.combine(n)
        case .string(let s): s.hashByScalars(into: &hasher)
        case .array(let a): hasher.combine(a)
        case .object(let o): hasher.combine(o)
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
