import LosslessJSON

/// How a field is read and written, as closures over the model's JSON object: what a description
/// built from data supplies, and what the macro builds from a model's own accessors.
public struct FieldAccessor: Sendable {
    /// Whether the field reads a top-level key of the object (unknown-field detection).
    public var claims: @Sendable (_ key: String, _ object: JSONObject) -> Bool
    /// Whether the object holds a value for the field (readable or not); null counts as absent.
    public var isPresent: @Sendable (JSONObject) -> Bool
    /// Whether the object's value reads as the field's type.
    public var reads: @Sendable (JSONObject) -> Bool
    /// The value as the field reads it (`nil` when absent).
    public var get: @Sendable (JSONObject) -> JSONValue?
    /// The object with the field set (`nil` clears it); `nil` for a read-only field.
    public var set: (@Sendable (JSONObject, JSONValue?) throws(FieldSetError) -> JSONObject)?

    /// An accessor from its closures.
    public init(
        claims: @escaping @Sendable (_ key: String, _ object: JSONObject) -> Bool,
        isPresent: @escaping @Sendable (JSONObject) -> Bool,
        reads: @escaping @Sendable (JSONObject) -> Bool,
        get: @escaping @Sendable (JSONObject) -> JSONValue?,
        set: (@Sendable (JSONObject, JSONValue?) throws(FieldSetError) -> JSONObject)?
    ) {
        self.claims = claims
        self.isPresent = isPresent
        self.reads = reads
        self.get = get
        self.set = set
    }

    /// The value at a key path of the object, read and written as it is: it reads when `type`
    /// accepts it, and a set refuses a value `type` does not accept (`nil` removes the key, for an
    /// optional type). `readOnly` leaves out the setter.
    public static func json(at path: [String], type: FieldType, name: String, readOnly: Bool = false) -> FieldAccessor {
        let set: @Sendable (JSONObject, JSONValue?) throws(FieldSetError) -> JSONObject = { object, value throws(FieldSetError) in
            var object = object
            guard let value else {
                guard case .optional = type else { throw .notOptional(name) }
                object.removeValue(atPath: path)
                return object
            }
            guard type.accepts(value) else {
                throw .notReadable(field: name, reason: "\(JSONWriter.serialize(value)) is not \(type)")
            }
            object.setValue(value, atPath: path)
            return object
        }
        return FieldAccessor(
            claims: { key, _ in key == path.first },
            isPresent: { object in object.value(atPath: path).map { !$0.isNull } ?? false },
            reads: { object in object.value(atPath: path).map(type.accepts) ?? true },
            get: { object in object.value(atPath: path) },
            set: readOnly ? nil : set)
    }
}

extension FieldType {
    /// Whether a JSON value is a value of this type, by its JSON shape (a nested model or variant
    /// needs an object; an open enumeration takes any string).
    public func accepts(_ value: JSONValue) -> Bool {
        switch (self, value) {
        // A value-typed union's schema judges its values (several branches may take one).
        case (.json, _), (.custom, _), (.byValue, _): true
        case (.optional, .null): true
        case (.optional(let wrapped), _), (.flattened(let wrapped), _): wrapped.accepts(value)
        case (.bool, .bool): true
        case (.integer, .number(let number)): number.isInteger
        case (.double, .number): true
        case (.string, .string), (.date, .string): true
        case (.enumeration(_, let known, let isOpen), .string(let raw)): isOpen || known.contains(raw)
        case (.choices(_, let values, let isOpen), _): isOpen || values.contains(value)
        case (.array(let element), .array(let elements)): elements.allSatisfy(element.accepts)
        case (.dictionary(let element), .object(let object)): object.members.allSatisfy { element.accepts($0.value) }
        case (.model, .object), (.variants, .object): true
        default: false
        }
    }
}
