import LosslessJSON

/// The fallback case of a `@Variants` enum holds the whole object of a variant it does not know:
/// as a `JSONObject`, or as a model of the app's own (KarrotCodableKit's `UndefinedViewItem`), whose
/// storage is that object — so it is written back byte for byte either way. The macro expands to
/// these overloads, picked by the case's payload type.
extension DictionaryStorage {
    /// The fallback payload as the raw object.
    public static func fallbackValue(_ type: JSONObject.Type, _ object: JSONObject) -> JSONObject { object }

    /// The fallback payload as a model over the raw object.
    public static func fallbackValue<T: DictionaryStorageModel>(_ type: T.Type, _ object: JSONObject) -> T { T(object) }

    /// The object a raw fallback payload writes.
    public static func fallbackObject(_ value: JSONObject) -> JSONObject { value }

    /// The object a model fallback payload writes: its storage, whatever was set through it.
    public static func fallbackObject<T: DictionaryStorageModel>(_ value: T) -> JSONObject { value.storage }
}
