import DictionaryStorage
import Foundation
import LosslessJSON

/// The record operations, available on the store (each its own transaction, or part of an open
/// explicit one) and on a transaction handle (part of that transaction). Written once, over any
/// backend's `RecordConnection`.
public protocol RecordOperations {
    /// Runs a read.
    func performRead<T>(_ body: (any RecordConnection) throws -> T) throws -> T
    /// Runs a write.
    func performWrite<T>(_ body: (any RecordConnection) throws -> T) throws -> T
    /// The type names a type reads (itself and older names renamed to it).
    func names(for type: String) -> [String]
}

extension RecordStore: RecordOperations {
    /// Runs a read: on a reader connection, or — while an explicit transaction is open — on the
    /// writer's, so the transaction's own uncommitted writes are seen (as the seed's single
    /// connection saw them).
    public func performRead<T>(_ body: (any RecordConnection) throws -> T) throws -> T {
        isInExplicitTransaction ? try backend.write(body) : try backend.read(body)
    }
    public func performWrite<T>(_ body: (any RecordConnection) throws -> T) throws -> T { try backend.write(body) }
}

/// The handle a `transaction { }` closure works through; `transaction` on it nests a savepoint.
public struct RecordTransaction: RecordOperations {
    let connection: any RecordConnection
    let store: RecordStore

    public func performRead<T>(_ body: (any RecordConnection) throws -> T) throws -> T { try body(connection) }
    public func performWrite<T>(_ body: (any RecordConnection) throws -> T) throws -> T { try body(connection) }
    public func names(for type: String) -> [String] { store.names(for: type) }

    /// Runs `body` in a savepoint: rolled back alone if it throws, while the outer transaction goes on
    /// if the error is caught.
    @discardableResult
    public func transaction<T>(_ body: (RecordTransaction) throws -> T) throws -> T {
        try connection.savepoint { try body(self) }
    }
}

extension RecordOperations {
    // MARK: Typed (SerializationDatabase's names)

    /// Writes a record: a new id inserts, an existing id replaces (editing only the changed bytes).
    @discardableResult
    public func write<M: DictionaryStorageModel>(_ record: Record<M>) throws -> Bool {
        try performWrite { connection in
            try connection.put(id: record.id, type: M.schema.name, object: record.data.storage)
            return true
        }
    }

    /// The model stored under an id, `nil` when there is none; throws for another type or bad JSON.
    public func read<M: DictionaryStorageModel>(id: String, as type: M.Type = M.self) throws -> M? {
        guard let stored = try performRead({ connection in try connection.fetch(id: id) }) else { return nil }
        let expected = M.schema.name
        guard stored.type == expected || names(for: expected).contains(stored.type) else {
            throw RecordStoreError.wrongType(id: id, expected: expected, found: stored.type)
        }
        return M(try stored.object())
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
        return try performRead { connection in try connection.ids(types: types) }
    }

    /// The number of records.
    public func count() throws -> Int {
        try performRead { connection in try connection.count(types: nil) }
    }

    /// The number of records of a type (and its older names).
    public func count<M: DictionaryStorageModel>(_ type: M.Type) throws -> Int { try count(type: M.schema.name) }

    /// The number of records of a type name (and its older names).
    public func count(type: String) throws -> Int {
        let types = names(for: type)
        return try performRead { connection in try connection.count(types: types) }
    }

    /// Deletes the record with an id; `true` if there was one.
    @discardableResult
    public func delete(id: String) throws -> Bool {
        try performWrite { connection in try connection.delete(id: id) }
    }

    /// Deletes every record of a type (and its older names); returns how many.
    @discardableResult
    public func delete<M: DictionaryStorageModel>(_ type: M.Type) throws -> Int { try delete(type: M.schema.name) }

    /// Deletes every record of a type name (and its older names); returns how many.
    @discardableResult
    public func delete(type: String) throws -> Int {
        let types = names(for: type)
        return try performWrite { connection in try connection.delete(types: types) }
    }

    /// Deletes every record; returns how many.
    @discardableResult
    public func clearDatabase() throws -> Int {
        try performWrite { connection in try connection.delete(types: nil) }
    }

    // MARK: Untyped (the browser and the command line)

    /// The stored record with an id, exact text included.
    public func record(id: String) throws -> StoredRecord? {
        try performRead { connection in try connection.fetch(id: id) }
    }

    /// Stored records of a type (`nil`: all), filtered, ordered and paged.
    public func list(
        type: String?, where conditions: [FieldCondition] = [], order: RecordOrder = .created, descending: Bool = false,
        limit: Int? = nil, offset: Int = 0
    ) throws -> [StoredRecord] {
        let query = RecordQuery(
            types: type.map { names(for: $0) }, conditions: conditions, order: order, descending: descending, limit: limit, offset: offset)
        return try performRead { connection in try connection.list(query) }
    }

    /// How the database would list these records (its query plan), to see whether an index
    /// (`RecordStore.createIndex(on:)`) serves a condition or an order.
    public func plan(
        type: String?, where conditions: [FieldCondition] = [], order: RecordOrder = .created, descending: Bool = false
    ) throws -> String {
        let query = RecordQuery(types: type.map { names(for: $0) }, conditions: conditions, order: order, descending: descending)
        return try performRead { connection in try connection.plan(query) }
    }

    /// The type names in the store with their record counts, by name.
    public func types() throws -> [(type: String, count: Int)] {
        try performRead { connection in try connection.types() }
    }

    /// Writes an object under an id and a type name: a new id inserts; an existing record is
    /// edited to equal `object` (only the changed values' bytes, nothing when equal) and takes the type.
    public func write(id: String, type: String, object: JSONObject) throws {
        try performWrite { connection in try connection.put(id: id, type: type, object: object) }
    }

    /// Stores a JSON object text exactly as given, under an id or a new random id. An existing
    /// record with the id is replaced when `replacing` (the default), only if it is still at
    /// `expectedVersion` when that is given, and otherwise the write fails with `.exists`.
    @discardableResult
    public func put(type: String, id: String? = nil, text: String, replacing: Bool = true, expectedVersion: Int? = nil) throws -> String {
        let id = id ?? UUID().uuidString
        try performWrite { connection in
            try connection.putText(id: id, type: type, text: text, replacing: replacing, expectedVersion: expectedVersion)
        }
        return id
    }

    /// Stores each JSON object text exactly as given as a new record of `type` with a new random id,
    /// sent in batches (one statement per thousand records on PostgreSQL) — `db import`. Every text
    /// is checked to be a JSON object before anything is written. Returns how many were stored.
    @discardableResult
    public func insertAll(type: String, texts: [String]) throws -> Int {
        let now = Date()
        var records: [StoredRecord] = []
        records.reserveCapacity(texts.count)
        for (position, text) in texts.enumerated() {
            // Named by its place among the texts: its new id means nothing to the person yet.
            try requireObjectText(text, id: "#\(position + 1) of \(texts.count)")
            records.append(StoredRecord(id: UUID().uuidString, type: type, json: text, createdAt: now, updatedAt: now))
        }
        try performWrite { connection in
            for start in stride(from: 0, to: records.count, by: 1_000) {
                try connection.insertAll(Array(records[start..<min(start + 1_000, records.count)]))
            }
        }
        return records.count
    }

    /// Writes a record's text exactly as given in one statement: an existing record at
    /// `expectedVersion` (nil: at whatever version) is updated, a new one inserted (`isNew`; an id
    /// already there is a conflict, `.exists`, unless `replacing`). The text must be a JSON object
    /// (the caller has parsed it). Returns the version it leaves.
    @discardableResult
    public func writeText(id: String, type: String, text: String, expectedVersion: Int?, isNew: Bool, replacing: Bool = false) throws -> Int {
        try performWrite { connection in
            let now = Date()
            if isNew {
                if try connection.insert(StoredRecord(id: id, type: type, json: text, createdAt: now, updatedAt: now)) { return 1 }
                guard replacing else { throw RecordStoreError.exists(id: id, version: try connection.fetch(id: id)?.version ?? 1) }
            }
            return try connection.update(id: id, type: type, json: text, updatedAt: now, expectedVersion: expectedVersion)
        }
    }

    /// Deletes the record with an id in one statement, only if it is still at `expectedVersion`
    /// (nil: at whatever version); `true` if there was one.
    @discardableResult
    public func delete(id: String, expectedVersion: Int?) throws -> Bool {
        try performWrite { connection in
            if let expectedVersion { return try connection.delete(id: id, expectedVersion: expectedVersion) }
            return try connection.delete(id: id)
        }
    }

    /// Makes a stored record's object equal `object`, editing only the changed values' bytes; with
    /// `expectedVersion`, only if no other writer changed it since that version was read.
    public func update(id: String, to object: JSONObject, expectedVersion: Int? = nil) throws {
        try performWrite { connection in
            guard let existing = try connection.fetch(id: id) else {
                if let expectedVersion { throw RecordStoreError.conflict(id: id, expected: expectedVersion, found: nil) }
                throw RecordStoreError.noRecord(id: id)
            }
            try connection.put(id: id, type: existing.type, object: object, expectedVersion: expectedVersion)
        }
    }
}
