import LosslessJSON

/// How one field's values are read from and written to JSON; built once per field by
/// `DictionaryStorage.field(_:…)`, whose overloads pick the right coding for the type.
public struct FieldCodec<Value>: @unchecked Sendable {
    /// Reads a value, or `nil` when the JSON is not one.
    public let read: (JSONValue, FieldOptions) -> Value?
    /// Writes a value.
    public let write: (Value, FieldOptions) -> JSONValue
    /// The type as a schema shows it.
    public let type: FieldType
    /// For open enums: the raw value when the value is not a known case.
    @usableFromInline let unknownValue: (Value) -> String?
    /// For nested models: the nested model's own findings.
    @usableFromInline let nestedFindings: (Value) -> [ValidationFinding]
    /// Writes a value over the JSON it replaces, keeping what it can of the old text (member order).
    @usableFromInline let update: ((Value, JSONValue, FieldOptions) -> JSONValue)?

    /// Creates a codec.
    @inlinable
    public init(
        type: FieldType,
        read: @escaping (JSONValue, FieldOptions) -> Value?,
        write: @escaping (Value, FieldOptions) -> JSONValue,
        unknownValue: @escaping (Value) -> String? = { _ in nil },
        nestedFindings: @escaping (Value) -> [ValidationFinding] = { _ in [] },
        update: ((Value, JSONValue, FieldOptions) -> JSONValue)? = nil
    ) {
        self.update = update
        self.type = type
        self.read = read
        self.write = write
        self.unknownValue = unknownValue
        self.nestedFindings = nestedFindings
    }
}

/// Passed once to a field's `decode` function when its codec is built: only the built-in generic
/// `decode` recognises it, so a custom overload is told apart (it sees an unknown value and returns nil).
final class CustomCodingProbe: @unchecked Sendable {
    var reachedBuiltIn = false
}

/// The seed's namespace for custom coding, and the entry points the macros expand to.
///
/// Seed-era custom types keep working through overloads written in an extension:
/// `static func decode(_: UUID.Type, value: Any?) -> UUID?` and `static func encode(_: UUID?) -> Any?`.
/// Conforming the type to `JSONRepresentable` is the preferred way.
public struct DictionaryStorage {}

extension DictionaryStorage {
    // MARK: Seed API: decode/encode through Any

    /// Decodes a `JSONRepresentable` value from a bridged `Any`.
    public static func decode<T: JSONRepresentable>(_ type: T.Type, value: Any?) -> T? {
        if let probe = value as? CustomCodingProbe {
            probe.reachedBuiltIn = true
            return nil
        }
        return AnyBridge.json(value).flatMap { T(json: $0, options: .standard) }
    }

    /// Decodes a `DictionaryRepresentable` value from a `[String: Any]`.
    public static func decode<T: DictionaryRepresentable>(_ type: T.Type, value: Any?) -> T? {
        (value as? [String: Any]).map(T.init)
    }

    /// Decodes a dictionary-backed model (preferred over the two overloads above, which both apply).
    public static func decode<T: DictionaryStorageModel>(_ type: T.Type, value: Any?) -> T? {
        (value as? [String: Any]).map(T.init)
    }

    /// Decodes a raw-representable value from its raw value.
    public static func decode<T: RawRepresentable>(_ type: T.Type, value: Any?) -> T? where T.RawValue: JSONRepresentable {
        AnyBridge.json(value).flatMap { T.RawValue(json: $0, options: .standard) }.flatMap(T.init(rawValue:))
    }

    /// Encodes a `JSONRepresentable` value as a bridged `Any`.
    public static func encode<T: JSONRepresentable>(_ value: T?) -> Any? {
        value.map { AnyBridge.any($0.json(options: .standard)) }
    }

    /// Encodes a `DictionaryRepresentable` value as its dictionary.
    public static func encode<T: DictionaryRepresentable>(_ value: T?) -> Any? { value?.rawDictionary }

    /// Encodes a dictionary-backed model as its dictionary.
    public static func encode<T: DictionaryStorageModel>(_ value: T?) -> Any? { value?.rawDictionary }

    /// Encodes a raw-representable value as its raw value.
    public static func encode<T: RawRepresentable>(_ value: T?) -> Any? where T.RawValue: JSONRepresentable {
        value.map { AnyBridge.any($0.rawValue.json(options: .standard)) }
    }

    // MARK: Codecs, chosen by overload at the expansion site

    /// A type with only seed-style custom `decode`/`encode` functions. (Disfavoured, like the
    /// `Codable` codec, so any constrained overload that applies wins.)
    @_disfavoredOverload
    public static func codec<T>(
        _ type: T.Type, decode: @escaping (T.Type, Any?) -> T?, encode: @escaping (T?) -> Any?
    ) -> FieldCodec<T> {
        customCodec(T.self, decode, encode)
    }

    /// A `JSONRepresentable` type. If the code using it declares its own seed-style
    /// `decode(_: T.Type, value:)` overload (say, dates as seconds), that overload wins, as it did in
    /// the seed: a probe value tells the built-in generic `decode` from a custom one.
    @inlinable
    public static func codec<T: JSONRepresentable>(
        _ type: T.Type, decode: @escaping (T.Type, Any?) -> T?, encode: @escaping (T?) -> Any?
    ) -> FieldCodec<T> {
        guard usesBuiltInDecode(T.self, decode) else {
            let custom = customCodec(T.self, decode, encode)
            return FieldCodec(type: T.fieldType, read: custom.read, write: custom.write)
        }
        // Built here, in the model's module, so the closures are specialised for T.
        return FieldCodec(
            type: T.fieldType, read: { T(json: $0, options: $1) }, write: { $0.json(options: $1) },
            update: { value, old, options in value.json(options: options, over: old) })
    }

    /// Whether `decode` is the built-in generic function rather than a custom overload.
    @usableFromInline
    static func usesBuiltInDecode<T>(_ type: T.Type, _ decode: (T.Type, Any?) -> T?) -> Bool {
        let probe = CustomCodingProbe()
        _ = decode(T.self, probe)
        return probe.reachedBuiltIn
    }

    /// Coding through seed-style functions and the `Any` bridge.
    @usableFromInline
    static func customCodec<T>(_ type: T.Type, _ decode: @escaping (T.Type, Any?) -> T?, _ encode: @escaping (T?) -> Any?) -> FieldCodec<T> {
        FieldCodec(
            type: .custom(String(describing: T.self)),
            read: { json, _ in decode(T.self, AnyBridge.any(json)) },
            write: { value, _ in AnyBridge.json(encode(value)) ?? .null })
    }

    /// A raw-representable type, coded by its raw value.
    public static func codec<T: RawRepresentable>(
        _ type: T.Type, decode: @escaping (T.Type, Any?) -> T?, encode: @escaping (T?) -> Any?
    ) -> FieldCodec<T> where T.RawValue: JSONRepresentable {
        FieldCodec(
            type: .enumeration(name: String(describing: T.self), knownValues: [], isOpen: false),
            read: { json, options in T.RawValue(json: json, options: options).flatMap(T.init(rawValue:)) },
            write: { value, options in value.rawValue.json(options: options) })
    }

    /// An open string enum: unknown raw values read into its payload case and are reported.
    public static func codec<T: StringRawRepresentable>(
        _ type: T.Type, decode: @escaping (T.Type, Any?) -> T?, encode: @escaping (T?) -> Any?
    ) -> FieldCodec<T> {
        FieldCodec(
            type: .enumeration(name: String(describing: T.self), knownValues: T.knownRawValues, isOpen: true),
            read: { json, options in String(json: json, options: options).flatMap(T.init(rawValue:)) },
            write: { value, _ in .string(value.rawValue) },
            unknownValue: { $0.isKnownValue ? nil : $0.rawValue })
    }

    /// A manually conforming `DictionaryRepresentable` type, coded through `[String: Any]`.
    public static func codec<T: DictionaryRepresentable>(
        _ type: T.Type, decode: @escaping (T.Type, Any?) -> T?, encode: @escaping (T?) -> Any?
    ) -> FieldCodec<T> {
        FieldCodec(
            type: .model(String(describing: T.self)),
            read: { json, _ in
                guard case .object(let object) = json else { return nil }
                return T(object.bridgedDictionary)
            },
            write: { value, _ in .object(AnyBridge.object(value.rawDictionary)) },
            update: { value, old, _ in
                guard case .object(let object) = old else { return .object(AnyBridge.object(value.rawDictionary)) }
                return .object(object.merging(bridged: value.rawDictionary))
            })
    }

    /// A dictionary-backed model, coded by its storage (nothing bridged, nothing lost).
    public static func codec<T: DictionaryStorageModel>(
        _ type: T.Type, decode: @escaping (T.Type, Any?) -> T?, encode: @escaping (T?) -> Any?
    ) -> FieldCodec<T> {
        FieldCodec(
            type: .model(String(describing: T.self)),
            read: { json, _ in
                guard case .object(let object) = json else { return nil }
                return T(object)
            },
            write: { value, _ in .object(value.storage) },
            nestedFindings: { $0.validate().findings })
    }
}
