import Foundation
import LosslessJSON

/// A type that can be made from and turned into a `[String: Any]` dictionary (the seed protocol).
///
/// Conform manually for hand-written polymorphism (the seed README's `Usage`); `@DictionaryStorage`
/// types conform through `DictionaryStorageModel`.
public protocol DictionaryRepresentable {
    /// Creates a value from a dictionary.
    init(_ dictionary: [String: Any])
    /// The dictionary this value stands for.
    var rawDictionary: [String: Any] { get }
}

/// A dictionary-backed model: typed accessors over a `JSONObject` that keeps everything it holds.
///
/// `@DictionaryStorage` makes a struct conform. Such a model is `Codable` by its storage, so a model
/// inside a `Codable` type keeps its unknown fields through `JSONEncoder`/`JSONDecoder` (member order
/// is whatever the coder gives; use LosslessJSON documents where order matters).
public protocol DictionaryStorageModel: DictionaryRepresentable, JSONRepresentable, Codable, SendableMetatype {
    /// Wraps an object; nothing is read or checked until a field is accessed.
    init(_ storage: JSONObject)
    /// The object itself, with every field the model knows and every field it does not.
    var storage: JSONObject { get set }
    /// The model's fields, for browsers and tools.
    static var schema: ModelSchema { get }
    /// What the typed accessors could not read, and the fields the model keeps without knowing.
    func validate() -> ValidationReport
}

extension DictionaryStorageModel {
    public init?(json: JSONValue, options: FieldOptions) {
        guard case .object(let object) = json else { return nil }
        self.init(object)
    }

    public func json(options: FieldOptions) -> JSONValue { .object(storage) }

    /// Reads a model from JSON text, which must be an object; nothing else is checked until read.
    public init(parsing text: String) throws(ModelParseError) {
        let value: JSONValue
        do { value = try JSONValue(parsing: text) } catch { throw .invalidJSON(error) }
        guard case .object(let object) = value else { throw .notAnObject(found: value.kind.description) }
        self.init(object)
    }

    public static var fieldType: FieldType { .model(schema.name) }

    /// Wraps an object and checks it first, as the kits' mandatory keys do: throws the report when a
    /// field declared `required:` is missing or null, or a value cannot be read as its type
    /// (findings of severity `.error`). Fields kept without being known are not errors.
    public init(checking storage: JSONObject) throws(ModelValidationError) {
        self.init(storage)
        let report = validate()
        if report.hasErrors { throw ModelValidationError(model: Self.schema.name, report: report) }
    }

    public init(from decoder: any Decoder) throws {
        guard case .object(let object) = try JSONValue(from: decoder) else {
            throw DecodingError.typeMismatch(
                JSONObject.self, .init(codingPath: decoder.codingPath, debugDescription: "expected a JSON object"))
        }
        self.init(object)
    }

    public func encode(to encoder: any Encoder) throws {
        try JSONValue.object(storage).encode(to: encoder)
    }
}

/// A model's object failed its check (`init(checking:)`): the errors, with their paths.
public struct ModelValidationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The model's name.
    public var model: String
    /// Every finding; `report.findings(.error)` are the ones that made the check fail.
    public var report: ValidationReport

    public var description: String {
        "\(model): " + report.findings(.error).map(\.description).joined(separator: "; ")
    }
}

/// Why JSON text could not become a model.
public enum ModelParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The text is not JSON.
    case invalidJSON(JSONParseError)
    /// The text is JSON, but not an object (`found` names what it is).
    case notAnObject(found: String)

    public var description: String {
        switch self {
        case .invalidJSON(let error): "\(error)"
        case .notAnObject(let found): "expected a JSON object, found \(found)"
        }
    }
}

/// A string enum that keeps values it does not know (`@StringRawRepresentation` with a payload case).
public protocol StringRawRepresentable: RawRepresentable where RawValue == String {
    /// The raw values of the known cases.
    static var knownRawValues: [String] { get }
}

extension StringRawRepresentable {
    /// Whether this value is one of the known cases.
    public var isKnownValue: Bool { Self.knownRawValues.contains(rawValue) }
}

extension JSONValue: Codable {
    /// Decodes any JSON. Numbers come from the coder without their literal (JSONDecoder gives none):
    /// integers, then unsigned, then decimals, then doubles are tried.
    public init(from decoder: any Decoder) throws {
        if var array = try? decoder.unkeyedContainer() {
            var elements: [JSONValue] = []
            while !array.isAtEnd { elements.append(try array.decode(JSONValue.self)) }
            self = .array(elements)
            return
        }
        if let keyed = try? decoder.container(keyedBy: AnyCodingKey.self) {
            var object = JSONObject()
            for key in keyed.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
                object.append(key: key.stringValue, value: try keyed.decode(JSONValue.self, forKey: key))
            }
            self = .object(object)
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            self = .null
        } else if let b = try? single.decode(Bool.self) {
            self = .bool(b)
        } else if let i = try? single.decode(Int64.self) {
            self = .number(JSONNumber(i))
        } else if let u = try? single.decode(UInt64.self) {
            self = .number(JSONNumber(u))
        } else if let d = try? single.decode(Double.self), let n = JSONNumber(d) {
            self = .number(n)
        } else {
            self = .string(try single.decode(String.self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var c = encoder.singleValueContainer()
            try c.encodeNil()
        case .bool(let b):
            var c = encoder.singleValueContainer()
            try c.encode(b)
        case .number(let n):
            var c = encoder.singleValueContainer()
            if let i = n.int64 {
                try c.encode(i)
            } else if let u = n.uint64 {
                try c.encode(u)
            } else if let decimal = Decimal(string: n.literal, locale: Locale(identifier: "en_US_POSIX")), n.double == nil {
                try c.encode(decimal)
            } else {
                try c.encode(n.approximateDouble)
            }
        case .string(let s):
            var c = encoder.singleValueContainer()
            try c.encode(s)
        case .array(let elements):
            var c = encoder.unkeyedContainer()
            for element in elements { try c.encode(element) }
        case .object(let object):
            var c = encoder.container(keyedBy: AnyCodingKey.self)
            for member in object.members { try c.encode(member.value, forKey: AnyCodingKey(member.key)) }
        }
    }
}

/// A coding key for any string.
struct AnyCodingKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { stringValue = String(intValue) }
}
