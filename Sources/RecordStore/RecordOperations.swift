import DictionaryStorage
import Foundation
import GRDB
import LosslessJSON

/// The record operations, available on the store (each its own transaction, or part of an open
/// explicit one) and on a transaction handle (part of that transaction).
public protocol RecordOperations {
    /// Runs a read.
    func performRead<T>(_ body: (Database) throws -> T) throws -> T
    /// Runs a write.
    func performWrite<T>(_ body: (Database) throws -> T) throws -> T
    /// The type names a type reads (itself and older names renamed to it).
    func names(for type: String) -> [String]
}

extension RecordStore: RecordOperations {
    public func performRead<T>(_ body: (Database) throws -> T) throws -> T { try read(body) }
    public func performWrite<T>(_ body: (Database) throws -> T) throws -> T { try write(body) }
}

/// The handle a `transaction { }` closure works through; `transaction` on it nests a savepoint.
public struct RecordTransaction: RecordOperations {
    let db: Database
    let store: RecordStore

    public func performRead<T>(_ body: (Database) throws -> T) throws -> T { try body(db) }
    public func performWrite<T>(_ body: (Database) throws -> T) throws -> T { try body(db) }
    public func names(for type: String) -> [String] { store.names(for: type) }

    /// Runs `body` in a savepoint: rolled back alone if it throws, while the outer transaction goes on
    /// if the error is caught.
    @discardableResult
    public func transaction<T>(_ body: (RecordTransaction) throws -> T) throws -> T {
        try db.savepoint { try body(self) }
    }
}

extension RecordOperations {
    // MARK: Typed (SerializationDatabase's names)

    /// Writes a record: a new id inserts, an existing id replaces (editing only the changed bytes).
    @discardableResult
    public func write<M: DictionaryStorageModel>(_ record: Record<M>) throws -> Bool {
        try performWrite { db in
            try RecordTable.put(db, id: record.id, type: M.schema.name, object: record.data.storage)
            return true
        }
    }

    /// The model stored under an id, `nil` when there is none; throws for another type or bad JSON.
    public func read<M: DictionaryStorageModel>(id: String, as type: M.Type = M.self) throws -> M? {
        guard let stored = try performRead({ db in try RecordTable.typeAndText(db, id: id) }) else { return nil }
        let expected = M.schema.name
        guard stored.type == expected || names(for: expected).contains(stored.type) else {
            throw RecordStoreError.wrongType(id: id, expected: expected, found: stored.type)
        }
        let document: JSONDocument
        do {
            document = try JSONDocument(stored.json)
        } catch {
            throw RecordStoreError.invalidJSON(id: id, error: error)
        }
        guard case .object(let object) = document.rootValue else { throw RecordStoreError.notAnObject(id: id) }
        return M(object)
    }

    /// Every model of a type (and its older names), oldest first.
    public func read<M: DictionaryStorageModel>(_ type: M.Type = M.self) throws -> [M] {
        try records(M.self).map(\.data)
    }

    /// Every record of a type, with ids, filtered, ordered and paged.
    public func records<M: DictionaryStorageModel>(
        _ type: M.Type, where conditions: [FieldCondition] = [], order: RecordOrder = .created, descending: Bool = false,
        limit: Int? = nil, offset: Int = 0
    ) throws -> [Record<M>] {
        try list(type: M.schema.name, where: conditions, order: order, descending: descending, limit: limit, offset: offset)
            .map { Record(id: $0.id, data: M(try $0.object())) }
    }

    /// The ids of every record of a type.
    public func readIDs<M: DictionaryStorageModel>(_ type: M.Type) throws -> [String] {
        let types = names(for: M.schema.name)
        return try performRead { db in
            try String.fetchAll(
                db, sql: "SELECT id FROM record WHERE type IN (\(RecordTable.placeholders(types.count))) ORDER BY createdAt, id",
                arguments: StatementArguments(types))
        }
    }

    /// The number of records.
    public func count() throws -> Int {
        try performRead { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM record") ?? 0 }
    }

    /// The number of records of a type (and its older names).
    public func count<M: DictionaryStorageModel>(_ type: M.Type) throws -> Int { try count(type: M.schema.name) }

    /// The number of records of a type name (and its older names).
    public func count(type: String) throws -> Int {
        let types = names(for: type)
        return try performRead { db in
            try Int.fetchOne(
                db, sql: "SELECT COUNT(*) FROM record WHERE type IN (\(RecordTable.placeholders(types.count)))",
                arguments: StatementArguments(types)) ?? 0
        }
    }

    /// Deletes the record with an id; `true` if there was one.
    @discardableResult
    public func delete(id: String) throws -> Bool {
        try performWrite { db in
            try db.execute(sql: "DELETE FROM record WHERE id = ?", arguments: [id])
            return db.changesCount > 0
        }
    }

    /// Deletes every record of a type (and its older names); returns how many.
    @discardableResult
    public func delete<M: DictionaryStorageModel>(_ type: M.Type) throws -> Int { try delete(type: M.schema.name) }

    /// Deletes every record of a type name (and its older names); returns how many.
    @discardableResult
    public func delete(type: String) throws -> Int {
        let types = names(for: type)
        return try performWrite { db in
            try db.execute(
                sql: "DELETE FROM record WHERE type IN (\(RecordTable.placeholders(types.count)))", arguments: StatementArguments(types))
            return db.changesCount
        }
    }

    /// Deletes every record; returns how many.
    @discardableResult
    public func clearDatabase() throws -> Int {
        try performWrite { db in
            try db.execute(sql: "DELETE FROM record")
            return db.changesCount
        }
    }

    // MARK: Untyped (the browser and the command line)

    /// The stored record with an id, exact text included.
    public func record(id: String) throws -> StoredRecord? {
        try performRead { db in try RecordTable.fetch(db, id: id) }
    }

    /// Stored records of a type (`nil`: all), filtered, ordered and paged.
    public func list(
        type: String?, where conditions: [FieldCondition] = [], order: RecordOrder = .created, descending: Bool = false,
        limit: Int? = nil, offset: Int = 0
    ) throws -> [StoredRecord] {
        let types = type.map { names(for: $0) }
        return try performRead { db in
            try RecordTable.list(db, types: types, conditions: conditions, order: order, descending: descending, limit: limit, offset: offset)
        }
    }

    /// The type names in the store with their record counts, by name.
    public func types() throws -> [(type: String, count: Int)] {
        try performRead { db in
            try Row.fetchAll(db, sql: "SELECT type, COUNT(*) AS n FROM record GROUP BY type ORDER BY type").map { ($0["type"], $0["n"]) }
        }
    }

    /// Stores a JSON object text exactly as given, under an id (replacing) or a new random id.
    @discardableResult
    public func put(type: String, id: String? = nil, text: String) throws -> String {
        let id = id ?? UUID().uuidString
        try performWrite { db in try RecordTable.putText(db, id: id, type: type, text: text) }
        return id
    }

    /// Makes a stored record's object equal `object`, editing only the changed values' bytes.
    public func update(id: String, to object: JSONObject) throws {
        try performWrite { db in
            guard let existing = try RecordTable.fetch(db, id: id) else { throw RecordStoreError.noRecord(id: id) }
            try RecordTable.put(db, id: id, type: existing.type, object: object)
        }
    }
}
