import DictionaryStorage
import Foundation
import LosslessJSON

/// A value `DataObject` stores under a key: the types SwiftSerialization's `add`/`get` overloads
/// list (`String`, `Int`, `Double`, `Bool`, `Date`), with the value `get` returns when the key is
/// missing or holds something else.
public protocol DataObjectValue {
    /// What `get` returns when there is nothing to read (`""`, `0`, `0.0`, `false`, now).
    static var valueWhenMissing: Self { get }
    /// The value from JSON, or nil.
    init?(dataObjectJSON json: JSONValue)
    /// The JSON for the value.
    var dataObjectJSON: JSONValue { get }
}

extension String: DataObjectValue {
    public static var valueWhenMissing: String { "" }
    public init?(dataObjectJSON json: JSONValue) { self.init(json: json) }
    public var dataObjectJSON: JSONValue { .string(self) }
}

extension Int: DataObjectValue {
    public static var valueWhenMissing: Int { 0 }
    public init?(dataObjectJSON json: JSONValue) { self.init(json: json) }
    public var dataObjectJSON: JSONValue { json }
}

extension Double: DataObjectValue {
    public static var valueWhenMissing: Double { 0 }
    public init?(dataObjectJSON json: JSONValue) { self.init(json: json) }
    public var dataObjectJSON: JSONValue { json }
}

extension Bool: DataObjectValue {
    public static var valueWhenMissing: Bool { false }
    public init?(dataObjectJSON json: JSONValue) { self.init(json: json) }
    public var dataObjectJSON: JSONValue { .bool(self) }
}

extension Date: DataObjectValue {
    /// The seed's default for a missing date: now.
    public static var valueWhenMissing: Date { Date() }
    /// `2023-01-05T10:20:30.123Z`, the seed's spelling (other ISO 8601 spellings read too).
    public init?(dataObjectJSON json: JSONValue) { self.init(json: json, options: FieldOptions(strategy: .iso8601WithFractionalSeconds)) }
    public var dataObjectJSON: JSONValue { json(options: FieldOptions(strategy: .iso8601WithFractionalSeconds)) }
}
