import LosslessJSON

/// One field of a model, erased to JSON for tools that do not know the model's type: what it is
/// called, where it lives, what it holds, and how to read and write it (`FieldAccessor`).
///
/// The macro makes these from a model's properties (`make`), going through the model's own
/// accessors; a description built from data (a JSON Schema) makes them with the public initializer.
public struct FieldSchema: Sendable {
    /// The field's name (the Swift property name for a model type).
    public let name: String
    /// Where the value lives in the object.
    public let path: JSONPath
    /// Legacy keys read when the current key is absent.
    public let legacyKeys: [String]
    /// The type as shown to people: a Swift spelling (`Int?`, `[Usage]`) for a model type, the
    /// description's own (`integer 0…150`) for one built from data.
    public let typeText: String
    /// What kind of value it holds (chooses the browser's editor).
    public let type: FieldType
    /// The default value's source text, if it has one.
    public let defaultValue: String?
    /// Whether a missing value is an error.
    public let isRequired: Bool
    /// The field's strategy, if any.
    public let strategy: ValueStrategy?
    /// Whether reading is lenient.
    public let isLenient: Bool
    /// Whether the field has no setter (a `let` property).
    public var isReadOnly: Bool { accessor.set == nil }
    /// Whether the field is a flattened member sharing the model's object (its path is the root).
    public let isFlattened: Bool
    /// The top-level keys this field owns.
    public let ownedKeys: [String]
    /// How the field is read and written.
    let accessor: FieldAccessor
    /// What a person reads about the field (a schema's title and description), for the status line.
    public var help: String?
    /// The title and description alone (what `help` starts with), for tools that show the default
    /// and examples apart.
    public var summary: String?
    /// Whether a value an open enumeration does not list is an unknown case, kept and marked (a
    /// model's open enum; a schema's `anyOf` of an `enum` and a bare type) — else a value the
    /// description takes as it is (a schema's branch with a `pattern`).
    public var marksUnlistedValues = true
    /// What else a person should know of it (`pattern ^[a-z]+$`, `deprecated: use name`), each
    /// a line of the details pane; also in `help`.
    public var remarks: [String] = []
    /// Example values, each as JSON (a schema's `examples`).
    public var examples: [String] = []
    /// The problems of a candidate value (a schema's bounds, pattern, format), said while it is typed
    /// and marked after it is set; `nil` when the field's type says all there is.
    public var problems: (@Sendable (JSONValue) -> [String])?

    /// Describes a field. `ownedKeys` defaults to the path's first key and the legacy keys.
    public init(
        name: String, path: JSONPath, typeText: String, type: FieldType, accessor: FieldAccessor,
        legacyKeys: [String] = [], defaultValue: String? = nil, isRequired: Bool = false, strategy: ValueStrategy? = nil,
        isLenient: Bool = false, isFlattened: Bool = false, ownedKeys: [String]? = nil
    ) {
        self.name = name
        self.path = path
        self.typeText = typeText
        self.type = type
        self.accessor = accessor
        self.legacyKeys = legacyKeys
        self.defaultValue = defaultValue
        self.isRequired = isRequired
        self.strategy = strategy
        self.isLenient = isLenient
        self.isFlattened = isFlattened
        let first: [String] = path.components.first.flatMap { if case .key(let key) = $0 { [key] } else { nil } } ?? []
        self.ownedKeys = ownedKeys ?? (first + legacyKeys)
    }

    /// Whether the field reads the top-level key `key` of the object (for unknown-field detection).
    func claims(_ key: String, in object: JSONObject) -> Bool { accessor.claims(key, object) }

    /// Whether the object has a value (possibly unreadable) for this field.
    public func isPresent(in object: JSONObject) -> Bool { accessor.isPresent(object) }

    /// Whether the object's value for this field reads as the field's type.
    public func reads(_ object: JSONObject) -> Bool { accessor.reads(object) }

    /// The value as the model's accessor reads it, written back as JSON (`nil` for an absent optional).
    public func value(in object: JSONObject) -> JSONValue? { accessor.get(object) }

    /// The object after setting this field through the model's own setter; `nil` clears an optional.
    /// Throws when the JSON is not a value of the field's type, or the field is read-only.
    public func setting(_ value: JSONValue?, in object: JSONObject) throws(FieldSetError) -> JSONObject {
        guard let set = accessor.set else { throw .readOnly(name) }
        return try set(object, value)
    }
}

/// Why a field could not be set from JSON.
public enum FieldSetError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The JSON is not a value of the field's type.
    case notReadable(field: String, reason: String)
    /// The field is a `let`.
    case readOnly(String)
    /// Only optional fields can be cleared.
    case notOptional(String)

    public var description: String {
        switch self {
        case .notReadable(let field, let reason): "cannot set \(field): \(reason)"
        case .readOnly(let field): "\(field) is read-only"
        case .notOptional(let field): "\(field) is not optional and cannot be cleared"
        }
    }
}
