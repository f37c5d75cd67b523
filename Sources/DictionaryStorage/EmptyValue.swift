import Foundation
import LosslessJSON

/// What a non-optional field with no default reads when its key is absent, as the seed's
/// `var name: String` read `""`: a type's obvious empty value. The macro writes literals for the
/// standard types it can see (`""`, `0`, `false`, `[]`, `[:]`) and calls `emptyValue(_:)` for the
/// rest, whose overloads pick the empty value by what the type is.
extension DictionaryStorage {
    /// An empty model: an empty object.
    public static func emptyValue<T: DictionaryStorageModel>(_ type: T.Type) -> T { T(JSONObject()) }

    /// An empty collection or text (`String`, `Data`, arrays, type aliases of them).
    public static func emptyValue<T: RangeReplaceableCollection>(_ type: T.Type) -> T { T() }

    /// A dictionary with no entries.
    public static func emptyValue<Key, Value>(_ type: [Key: Value].Type) -> [Key: Value] { [:] }

    /// Zero, for any number type (aliases and wrappers included).
    public static func emptyValue<T: Numeric>(_ type: T.Type) -> T { 0 }

    /// `false`.
    public static func emptyValue(_ type: Bool.Type) -> Bool { false }

    /// An empty JSON object.
    public static func emptyValue(_ type: JSONObject.Type) -> JSONObject { JSONObject() }

    /// Any other type has no obvious empty value: the property needs one written, or to be optional.
    @available(*, unavailable, message: "this type has no obvious empty value: give the property a default value (var x: T = …) or make it optional")
    public static func emptyValue<T>(_ type: T.Type) -> T { fatalError("unavailable") }
}
