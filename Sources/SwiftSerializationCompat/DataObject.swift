import DictionaryStorage
import Foundation
import LosslessJSON

/// The data of one stored object (SwiftSerialization's `DataObject`), over a `JSONObject`: keys in
/// their order, numbers as written, and — when written back through `SerializationDatabase` — every
/// key the object's class no longer adds kept in the record.
///
/// Differences from the seed: a value that is missing or of another type is not an assertion
/// failure (a crash in debug builds) but `onFail` (or nil), as in release builds; a nested object
/// that cannot be restored as its stored class is restored as the type asked for.
public final class DataObject {
    /// The key holding the stored class name.
    static let classKey = "object"

    /// The JSON object.
    public private(set) var object: JSONObject
    /// The stored class name ("" when there is none).
    public var objectName: String { object[Self.classKey]?.stringValue ?? "" }

    /// The data of `object`, starting with its class name (as the seed writes it).
    public init(_ object: Storable) {
        self.object = [Self.classKey: .string(object.storedClassName)]
    }

    /// Data parsed from text another `DataObject` wrote; an empty object when it is not a JSON object.
    public convenience init(rawString: String) {
        self.init(object: (try? JSONValue(parsing: rawString))?.objectValue ?? JSONObject())
    }

    /// Data over a JSON object.
    public init(object: JSONObject) {
        self.object = object
    }

    /// The JSON text.
    public var rawData: Data { Data(JSONWriter.serialize(.object(object)).utf8) }

    /// The JSON text.
    public func toRawString() -> String? { JSONWriter.serialize(.object(object)) }

    // MARK: Adding

    /// Adds a value.
    @discardableResult
    public func add<T: DataObjectValue>(key: String, value: T) -> Self { set(key, value.dataObjectJSON) }

    /// Adds a value, or null.
    @discardableResult
    public func add<T: DataObjectValue>(key: String, value: T?) -> Self { set(key, value?.dataObjectJSON ?? .null) }

    /// Adds an array.
    @discardableResult
    public func add<T: DataObjectValue>(key: String, value: [T]) -> Self { set(key, .array(value.map(\.dataObjectJSON))) }

    /// Adds an array with nulls.
    @discardableResult
    public func add<T: DataObjectValue>(key: String, value: [T?]) -> Self { set(key, .array(value.map { $0?.dataObjectJSON ?? .null })) }

    /// Adds a stored object (with its class name).
    @discardableResult
    public func add<T: Storable>(key: String, value: T) -> Self { set(key, .object(value.toDataObject().object)) }

    /// Adds a stored object, or null.
    @discardableResult
    public func add<T: Storable>(key: String, value: T?) -> Self { set(key, value.map { .object($0.toDataObject().object) } ?? .null) }

    /// Adds an array of stored objects.
    @discardableResult
    public func add<T: Storable>(key: String, value: [T]) -> Self { set(key, .array(value.map { .object($0.toDataObject().object) })) }

    /// Adds an array of stored objects with nulls.
    @discardableResult
    public func add<T: Storable>(key: String, value: [T?]) -> Self {
        set(key, .array(value.map { $0.map { .object($0.toDataObject().object) } ?? .null }))
    }

    private func set(_ key: String, _ value: JSONValue) -> Self {
        object[key] = value
        return self
    }

    // MARK: Getting

    /// The first of `key` and `legacyKeys` that is present and not null.
    private func lookup(_ key: String, _ legacyKeys: [String]) -> JSONValue? {
        for candidate in [key] + legacyKeys {
            if let value = object[candidate], !value.isNull { return value }
        }
        return nil
    }

    /// A value, or `onFail` when it is missing or of another type.
    public func get<T: DataObjectValue>(_ key: String, onFail: T = T.valueWhenMissing, legacyKeys: [String] = []) -> T {
        lookup(key, legacyKeys).flatMap(T.init(dataObjectJSON:)) ?? onFail
    }

    /// A value, or nil.
    public func get<T: DataObjectValue>(_ key: String, legacyKeys: [String] = []) -> T? {
        lookup(key, legacyKeys).flatMap(T.init(dataObjectJSON:))
    }

    /// The readable elements of an array (empty when it is missing).
    public func get<T: DataObjectValue>(_ key: String, legacyKeys: [String] = []) -> [T] {
        (lookup(key, legacyKeys)?.arrayValue ?? []).compactMap(T.init(dataObjectJSON:))
    }

    /// The elements of an array, nil where one is null or unreadable.
    public func get<T: DataObjectValue>(_ key: String, legacyKeys: [String] = []) -> [T?] {
        (lookup(key, legacyKeys)?.arrayValue ?? []).map(T.init(dataObjectJSON:))
    }

    /// A stored object, restored as its stored class; made from empty data when it is missing.
    public func getObject<T: Storable>(_ key: String, type: T.Type, legacyKeys: [String] = []) -> T {
        DataObject(object: lookup(key, legacyKeys)?.objectValue ?? JSONObject()).restore(T.self)
    }

    /// A stored object, or nil when it is missing.
    public func getObjectOptional<T: Storable>(_ key: String, type: T.Type, legacyKeys: [String] = []) -> T? {
        lookup(key, legacyKeys)?.objectValue.map { DataObject(object: $0).restore(T.self) }
    }

    /// The objects of an array (elements that are not objects are skipped).
    public func getObjectArray<T: Storable>(_ key: String, type: T.Type, legacyKeys: [String] = []) -> [T] {
        (lookup(key, legacyKeys)?.arrayValue ?? []).compactMap { $0.objectValue.map { DataObject(object: $0).restore(T.self) } }
    }

    // MARK: Restoring

    /// The object, as the class stored with it when that class is a `T` (a subclass), else as `T`.
    func restore<T: Storable>(_ type: T.Type) -> T {
        if !objectName.isEmpty, let stored = StorableTypes.type(named: objectName, near: T.self),
            let restored = stored.init(dataObject: self) as? T
        {
            return restored
        }
        return T(dataObject: self)
    }

    /// `new` written over `old`, keeping what `old` has that `new` does not: keys a class no longer
    /// adds, and inside nested objects (and arrays of objects, element by element) the same.
    static func merge(_ new: JSONValue, over old: JSONValue) -> JSONValue {
        switch (new, old) {
        case (.object(let newObject), .object(let oldObject)):
            var result = JSONObject()
            for member in oldObject.members {
                result.append(key: member.key, value: newObject[member.key].map { merge($0, over: member.value) } ?? member.value)
            }
            for member in newObject.members where oldObject[member.key] == nil {
                result.append(key: member.key, value: member.value)
            }
            return .object(result)
        case (.array(let newElements), .array(let oldElements)) where newElements.count == oldElements.count:
            return .array(zip(newElements, oldElements).map { merge($0, over: $1) })
        default:
            return new
        }
    }
}
