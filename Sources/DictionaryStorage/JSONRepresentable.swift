import LosslessJSON

/// A type a dictionary-backed field can hold: read from and written to a `JSONValue`.
///
/// Conform your own types to use them as fields (the preferred way; the seed's
/// `DictionaryStorage.decode/encode` overloads work too).
public protocol JSONRepresentable {
    /// Reads a value; `nil` when the JSON does not hold a value of this type (a type mismatch).
    init?(json: JSONValue, options: FieldOptions)
    /// The JSON for this value.
    func json(options: FieldOptions) -> JSONValue
    /// How a schema describes the type.
    static var fieldType: FieldType { get }
    /// The JSON for this value written over `old`, the JSON it replaces: a type with more than one
    /// spelling keeps the one `old` used (a date stored as a string of seconds stays a string).
    func json(options: FieldOptions, over old: JSONValue) -> JSONValue
}

extension JSONRepresentable {
    /// By default the value's own spelling.
    public func json(options: FieldOptions, over old: JSONValue) -> JSONValue { json(options: options) }

    /// Reads a value with the standard options.
    public init?(json: JSONValue) { self.init(json: json, options: .standard) }
    /// The JSON for this value with the standard options.
    public var json: JSONValue { json(options: .standard) }
}

extension Bool: JSONRepresentable {
    public init?(json: JSONValue, options: FieldOptions) {
        switch json {
        case .bool(let value): self = value
        case .number(let number) where options.lenient:
            switch number.int {
            case 1: self = true
            case 0: self = false
            default: return nil
            }
        case .string(let text) where options.lenient:
            switch text.lowercased() {
            case "yes", "true", "1", "y", "on": self = true
            case "no", "false", "0", "n", "off": self = false
            default: return nil
            }
        default: return nil
        }
    }
    public func json(options: FieldOptions) -> JSONValue { .bool(self) }
    public static var fieldType: FieldType { .bool }
}

extension String: JSONRepresentable {
    public init?(json: JSONValue, options: FieldOptions) {
        switch json {
        case .string(let value): self = value
        case .number(let number) where options.lenient: self = number.literal
        case .bool(let value) where options.lenient: self = value ? "true" : "false"
        default: return nil
        }
    }
    public func json(options: FieldOptions) -> JSONValue { .string(self) }
    public static var fieldType: FieldType { .string }
}

/// Integers read exactly: `1.0` and `1e3` read, `1.5` and out-of-range values do not.
public protocol JSONInteger: FixedWidthInteger, JSONRepresentable {}

extension JSONInteger {
    public init?(json: JSONValue, options: FieldOptions) {
        switch json {
        case .number(let number):
            guard let value = number.integer(Self.self) else { return nil }
            self = value
        case .string(let text) where options.lenient:
            guard let number = JSONNumber(literal: text.trimmingSpaces), let value = number.integer(Self.self) else { return nil }
            self = value
        default: return nil
        }
    }
    public func json(options: FieldOptions) -> JSONValue { .number(JSONNumber(self)) }
    public static var fieldType: FieldType { .integer(String(describing: Self.self)) }
}

extension Int: JSONInteger {}
extension Int8: JSONInteger {}
extension Int16: JSONInteger {}
extension Int32: JSONInteger {}
extension Int64: JSONInteger {}
extension UInt: JSONInteger {}
extension UInt8: JSONInteger {}
extension UInt16: JSONInteger {}
extension UInt32: JSONInteger {}
extension UInt64: JSONInteger {}

extension Double: JSONRepresentable {
    /// Any finite JSON number reads as the nearest `Double`.
    public init?(json: JSONValue, options: FieldOptions) {
        switch json {
        case .number(let number):
            let value = number.approximateDouble
            guard value.isFinite else { return nil }
            self = value
        case .string(let text) where options.lenient:
            guard let number = JSONNumber(literal: text.trimmingSpaces), number.approximateDouble.isFinite else { return nil }
            self = number.approximateDouble
        default: return nil
        }
    }
    public func json(options: FieldOptions) -> JSONValue { JSONNumber(self).map(JSONValue.number) ?? .null }
    public static var fieldType: FieldType { .double("Double") }
}

extension Float: JSONRepresentable {
    public init?(json: JSONValue, options: FieldOptions) {
        guard let double = Double(json: json, options: options) else { return nil }
        let value = Float(double)
        guard value.isFinite else { return nil }
        self = value
    }
    public func json(options: FieldOptions) -> JSONValue {
        guard isFinite, let number = JSONNumber(literal: description) else { return .null }
        return .number(number)
    }
    public static var fieldType: FieldType { .double("Float") }
}

extension JSONValue: JSONRepresentable {
    public init?(json: JSONValue, options: FieldOptions) { self = json }
    public func json(options: FieldOptions) -> JSONValue { self }
    public static var fieldType: FieldType { .json }
}

extension JSONObject: JSONRepresentable {
    public init?(json: JSONValue, options: FieldOptions) {
        guard case .object(let object) = json else { return nil }
        self = object
    }
    public func json(options: FieldOptions) -> JSONValue { .object(self) }
    public static var fieldType: FieldType { .json }
}

extension JSONNumber: JSONRepresentable {
    public init?(json: JSONValue, options: FieldOptions) {
        guard case .number(let number) = json else { return nil }
        self = number
    }
    public func json(options: FieldOptions) -> JSONValue { .number(self) }
    public static var fieldType: FieldType { .double("JSONNumber") }
}

extension Optional: JSONRepresentable where Wrapped: JSONRepresentable {
    /// `null` reads as `nil`; anything else must read as `Wrapped`.
    public init?(json: JSONValue, options: FieldOptions) {
        if case .null = json {
            self = .none
            return
        }
        guard let value = Wrapped(json: json, options: options) else { return nil }
        self = .some(value)
    }
    public func json(options: FieldOptions) -> JSONValue { self.map { $0.json(options: options) } ?? .null }
    public static var fieldType: FieldType { .optional(Wrapped.fieldType) }
}

extension Array: JSONRepresentable where Element: JSONRepresentable {
    /// Reads when every element reads (fields of array type keep unreadable elements separately).
    public init?(json: JSONValue, options: FieldOptions) {
        guard case .array(let elements) = json else { return nil }
        var values: [Element] = []
        values.reserveCapacity(elements.count)
        for element in elements {
            guard let value = Element(json: element, options: options) else { return nil }
            values.append(value)
        }
        self = values
    }
    public func json(options: FieldOptions) -> JSONValue { .array(map { $0.json(options: options) }) }
    public static var fieldType: FieldType { .array(Element.fieldType) }
}

extension String {
    var trimmingSpaces: Substring {
        let scalars = unicodeScalars
        var start = scalars.startIndex
        var end = scalars.endIndex
        while start < end, scalars[start].properties.isWhitespace { start = scalars.index(after: start) }
        while end > start, scalars[scalars.index(before: end)].properties.isWhitespace { end = scalars.index(before: end) }
        return self[start..<end]
    }
}

extension JSONNumber {
    init?(literal: Substring) { self.init(literal: String(literal)) }
}
