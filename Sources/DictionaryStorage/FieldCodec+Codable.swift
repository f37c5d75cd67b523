import Foundation
import LosslessJSON

/// Fields of plain `Codable` types (neither a model nor `JSONRepresentable`): coded through
/// `JSONEncoder`/`JSONDecoder` over the stored value. This is the one place a model can lose
/// something: keys inside such a value that its `Codable` conformance does not know are dropped when
/// the value is written (the object's other fields, and its unknown fields, are kept as always).
/// Member order and the text of unchanged members are kept where the value stays an object; a new
/// object's keys are written in sorted order.
extension DictionaryStorage {
    /// Decodes a `Decodable` value from a bridged `Any` (for seed-style code calling `decode`).
    @_disfavoredOverload
    public static func decode<T: Decodable>(_ type: T.Type, value: Any?) -> T? {
        if let probe = value as? CustomCodingProbe {
            probe.reachedBuiltIn = true
            return nil
        }
        return AnyBridge.json(value).flatMap { CodableBridge.decode(T.self, from: $0) }
    }

    /// Encodes an `Encodable` value as a bridged `Any`.
    @_disfavoredOverload
    public static func encode<T: Encodable>(_ value: T?) -> Any? {
        guard let value, let json = CodableBridge.encode(value) else { return nil }
        return AnyBridge.any(json)
    }

    /// A plain `Codable` type, coded through Foundation's JSON coders (a custom seed-style `decode`
    /// overload for the type still wins, as for every other type).
    @_disfavoredOverload
    public static func codec<T: Codable>(
        _ type: T.Type, decode: @escaping (T.Type, Any?) -> T?, encode: @escaping (T?) -> Any?
    ) -> FieldCodec<T> {
        guard usesBuiltInDecode(T.self, decode) else { return customCodec(T.self, decode, encode) }
        return FieldCodec(
            type: .custom(String(describing: T.self)),
            read: { json, _ in CodableBridge.decode(T.self, from: json) },
            write: { value, _ in CodableBridge.encode(value) ?? .null },
            update: { value, old, _ in
                guard let new = CodableBridge.encode(value) else { return old }
                return CodableBridge.merge(new, over: old)
            })
    }
}

/// JSON values through Foundation's coders: bytes in between, no `Any`.
enum CodableBridge {
    static func decode<T: Decodable>(_ type: T.Type, from json: JSONValue) -> T? {
        try? JSONDecoder().decode(T.self, from: Data(JSONWriter.serialize(json).utf8))
    }

    /// Sorted keys: Foundation's encoder otherwise orders a new object's keys differently from one
    /// process to the next (its keyed container is a hashed dictionary).
    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()

    /// The value's JSON, or `nil` when its encoding fails (a non-finite double, a throwing `encode`).
    static func encode<T: Encodable>(_ value: T) -> JSONValue? {
        guard let data = try? encoder.encode(value) else { return nil }
        return try? JSONValue(parsing: data)
    }

    /// `new` written over `old`: members of both keep old's order, and old's text where equal.
    static func merge(_ new: JSONValue, over old: JSONValue) -> JSONValue {
        guard case .object(let newObject) = new, case .object(let oldObject) = old else { return new == old ? old : new }
        var result = JSONObject()
        for member in oldObject.members {
            guard let value = newObject[member.key] else { continue }
            result.append(key: member.key, value: merge(value, over: member.value))
        }
        for member in newObject.members where oldObject[member.key] == nil {
            result.append(key: member.key, value: member.value)
        }
        return .object(result)
    }
}
