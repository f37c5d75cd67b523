import DictionaryStorage
import Foundation
import LosslessJSON

/// One row of the record table: the exact JSON text and its bookkeeping.
public struct StoredRecord: Sendable, Hashable {
    /// The record's id.
    public let id: String
    /// The type name it was written under (possibly a legacy name).
    public let type: String
    /// The JSON text, exactly as stored.
    public let json: String
    /// When it was first written.
    public let createdAt: Date
    /// When it was last written.
    public let updatedAt: Date
    /// How many times it was written: 1 when created, one more for every change. A write that
    /// names the version it read fails if another writer changed the record since.
    public let version: Int

    /// A record as a backend reads it.
    public init(id: String, type: String, json: String, createdAt: Date, updatedAt: Date, version: Int = 1) {
        self.id = id
        self.type = type
        self.json = json
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.version = version
    }

    /// The text as a document (for byte-exact edits), at any depth: the text was checked when it
    /// was stored (`db import --max-depth` takes deeper records than the default), and the parse
    /// builds no value tree.
    public func document() throws(RecordStoreError) -> JSONDocument {
        try parsed(JSONParseOptions(maxDepth: .max))
    }

    /// The JSON object the record holds, as a value tree: within the default depth limit, since
    /// building and freeing a tree takes stack in proportion to its depth.
    public func object() throws(RecordStoreError) -> JSONObject {
        guard case .object(let object) = try parsed(.default).rootValue else { throw .notAnObject(id: id) }
        return object
    }

    private func parsed(_ options: JSONParseOptions) throws(RecordStoreError) -> JSONDocument {
        do {
            return try JSONDocument(json, options: options)
        } catch {
            throw .invalidJSON(id: id, error: error)
        }
    }
}

/// A model with the id it is stored under (SwiftSerialization's `Record`).
public struct Record<Model: DictionaryStorageModel> {
    /// The record's id.
    public var id: String
    /// The model.
    public var data: Model

    /// A record with a new random id.
    public init(data: Model) {
        self.init(id: UUID().uuidString, data: data)
    }

    /// A record with a given id (writing it replaces the record with that id).
    public init(id: String, data: Model) {
        self.id = id
        self.data = data
    }
}

/// A condition on a record's JSON, evaluated by SQLite's JSON functions.
public struct FieldCondition: Sendable, Hashable {
    /// How the value at the path compares.
    public enum Comparison: String, Sendable, Hashable {
        case equal = "=", notEqual = "<>", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
    }

    /// Where in the record's object.
    public var path: JSONPath
    /// How.
    public var comparison: Comparison
    /// With what (`null` matches a missing or null value with `.equal`).
    public var value: JSONValue

    /// Creates a condition.
    public init(_ path: JSONPath, _ comparison: Comparison = .equal, _ value: JSONValue) {
        self.path = path
        self.comparison = comparison
        self.value = value
    }
}

/// How a listing is sorted.
public enum RecordOrder: Sendable, Hashable {
    /// By id.
    case id
    /// By creation time, oldest first.
    case created
    /// By last update, oldest first.
    case updated
    /// By the JSON value at a path.
    case field(JSONPath)
}
