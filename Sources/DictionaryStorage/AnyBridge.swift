import Foundation
import LosslessJSON

/// Conversions between `JSONValue` and the `Any` values of `[String: Any]` dictionaries, shaped like
/// `JSONSerialization`'s output so seed-era code (`value as? Double`, `as? [String: Any]`) keeps working.
public enum AnyBridge {
    /// A JSON value as `Any`: `NSNull`, `Bool`, `NSNumber`, `String`, `[Any]`, `[String: Any]`.
    ///
    /// Integers that fit 64 bits become integer `NSNumber`s, other numbers a `Double` when exact, and
    /// otherwise an `NSDecimalNumber` with every digit (never a silently rounded double).
    public static func any(_ value: JSONValue) -> Any {
        switch value {
        case .null: return NSNull()
        case .bool(let b): return b
        case .number(let n):
            if let i = n.int64 { return NSNumber(value: i) }
            if let u = n.uint64 { return NSNumber(value: u) }
            if let d = n.double { return NSNumber(value: d) }
            return NSDecimalNumber(string: n.literal, locale: Locale(identifier: "en_US_POSIX"))
        case .string(let s): return s
        case .array(let elements): return elements.map(any)
        case .object(let object): return dictionary(object)
        }
    }

    /// An object as a dictionary (for duplicate keys the last occurrence wins, as in reading).
    public static func dictionary(_ object: JSONObject) -> [String: Any] {
        var result: [String: Any] = [:]
        result.reserveCapacity(object.members.count)
        for member in object.members { result[member.key] = any(member.value) }
        return result
    }

    /// An `Any` as JSON, or `nil` for values JSON cannot hold (NaN, infinities, other types).
    public static func json(_ value: Any?) -> JSONValue? {
        guard let value else { return .null }
        switch value {
        case let v as JSONValue: return v
        case let v as JSONObject: return .object(v)
        case is NSNull: return .null
        // Before the Swift number casts: on Linux an `NSNumber` holding `true` also casts to `Int`
        // (1), and `NSNumber(1)` to `Bool`; only the object's own class says which it is.
        case let v as NSNumber where type(of: value) is NSNumber.Type: return number(v)
        case let v as Bool where type(of: value) == Bool.self: return .bool(v)
        case let v as String: return .string(v)
        case let v as Substring: return .string(String(v))
        case let v as Int: return .number(JSONNumber(v))
        case let v as Int8: return .number(JSONNumber(v))
        case let v as Int16: return .number(JSONNumber(v))
        case let v as Int32: return .number(JSONNumber(v))
        case let v as Int64: return .number(JSONNumber(v))
        case let v as UInt: return .number(JSONNumber(v))
        case let v as UInt8: return .number(JSONNumber(v))
        case let v as UInt16: return .number(JSONNumber(v))
        case let v as UInt32: return .number(JSONNumber(v))
        case let v as UInt64: return .number(JSONNumber(v))
        case let v as Double: return JSONNumber(v).map(JSONValue.number)
        case let v as Float: return v.json(options: .standard)
        case let v as Decimal: return v.json(options: .standard)
        case let v as [Any]: return array(v)
        case let v as [Any?]: return array(v.map { $0 as Any })
        case let v as [String: Any]: return .object(object(v))
        case let v as JSONRepresentable: return v.json(options: .standard)
        default: return nil
        }
    }

    /// A dictionary as an object; keys in sorted order (a dictionary has none of its own).
    public static func object(_ dictionary: [String: Any]) -> JSONObject {
        JSONObject(dictionary.keys.sorted().map { ($0, json(dictionary[$0]) ?? .null) })
    }

    private static func array(_ elements: [Any]) -> JSONValue {
        .array(elements.map { json($0) ?? .null })
    }

    /// The class of the `NSNumber`s that hold booleans.
    private static let booleanClass: NSNumber.Type = type(of: NSNumber(value: true))

    private static func number(_ number: NSNumber) -> JSONValue? {
        if let decimal = number as? NSDecimalNumber {
            return JSONNumber(literal: decimal.description(withLocale: Locale(identifier: "en_US_POSIX"))).map(JSONValue.number)
        }
        // `JSONSerialization` gives booleans as the one boolean subclass (`__NSCFBoolean` on macOS
        // and Linux); a `char` NSNumber shares its `objCType` ("c"), so the class is what tells.
        if type(of: number) == booleanClass { return .bool(number.boolValue) }
        let type = String(cString: number.objCType)
        switch type {
        case "B":
            return .bool(number.boolValue)
        case "f", "d":
            return JSONNumber(number.doubleValue).map(JSONValue.number)
        case "Q":
            return .number(JSONNumber(number.uint64Value))
        default:
            return .number(JSONNumber(number.int64Value))
        }
    }
}

extension JSONObject {
    /// An object from a `[String: Any]` dictionary (keys sorted).
    public init(bridging dictionary: [String: Any]) { self = AnyBridge.object(dictionary) }

    /// The object as a `[String: Any]` dictionary, shaped like `JSONSerialization`'s output.
    public var bridgedDictionary: [String: Any] { AnyBridge.dictionary(self) }

    /// Merges a bridged dictionary into this object: members keep their order and, where the value
    /// is unchanged, their exact JSON; removed keys go; new keys are appended in sorted order.
    public func merging(bridged dictionary: [String: Any]) -> JSONObject {
        var result = JSONObject()
        var seen = Set<String>()
        for member in members {
            guard let newAny = dictionary[member.key] else { continue }
            seen.insert(member.key)
            let newValue = AnyBridge.json(newAny) ?? .null
            result.append(key: member.key, value: newValue == member.value ? member.value : newValue)
        }
        for key in dictionary.keys.sorted() where !seen.contains(key) {
            result.append(key: key, value: AnyBridge.json(dictionary[key]) ?? .null)
        }
        return result
    }
}
