import Foundation
import LosslessJSON

/// The database under a record store: one table of records — id, type name, the exact JSON text,
/// creation and update times — and transactions over it.
///
/// A backend knows its database and its SQL; it knows nothing of models, renames or lossless
/// editing, which `RecordStore` keeps above it, written once for every backend. The SQLite backend
/// (`SQLiteRecordBackend`, through GRDB) is the default.
public protocol RecordBackend: Sendable {
    /// Where the records live (a file path, a URL), for messages.
    var location: String { get }

    /// Runs `body` with a connection that sees a consistent state of the records. Errors of the
    /// database are thrown as `RecordStoreError`; errors `body` throws pass through unchanged.
    func read<T>(_ body: (any RecordConnection) throws -> T) throws -> T

    /// Runs `body` as one write: committed when it returns, rolled back when it throws. Inside an
    /// open explicit transaction it is a savepoint of that transaction instead. Errors as for `read`.
    func write<T>(_ body: (any RecordConnection) throws -> T) throws -> T

    /// Begins a transaction that spans the writes made through the backend until it ends.
    func beginTransaction() throws(RecordStoreError)
    /// Commits the open explicit transaction.
    func commitTransaction() throws(RecordStoreError)
    /// Rolls the open explicit transaction back.
    func rollbackTransaction() throws(RecordStoreError)

    /// What a quick check of the database finds damaged (empty when it is sound, or when the
    /// backend has no such check).
    func integrityProblems() throws(RecordStoreError) -> [String]

    /// Starts watching for other connections' changes to the records (PostgreSQL's LISTEN/NOTIFY,
    /// SQLite's data version); nil when the backend cannot tell.
    func watchChanges() throws(RecordStoreError) -> (any RecordChangeWatch)?

    /// Creates (when missing) an index on the value at `path` in every record's JSON, the same
    /// expression that field queries and orders on that path use, so they need not read every
    /// record. Returns the index's name.
    @discardableResult
    func createFieldIndex(on path: JSONPath) throws(RecordStoreError) -> String
}

extension RecordBackend {
    /// No check: nothing found.
    public func integrityProblems() throws(RecordStoreError) -> [String] { [] }

    /// No watch.
    public func watchChanges() throws(RecordStoreError) -> (any RecordChangeWatch)? { nil }
}

extension RecordConnection {
    /// No database to ask: every record is read.
    public func plan(_ query: RecordQuery) throws -> String { "reads every record" }
}

/// The name of the index on a path's value: readable where the path is plain, and told apart from
/// every other path's by a checksum of its text.
public func fieldIndexName(_ path: JSONPath) -> String {
    let text = path.description
    var hash: UInt32 = 2_166_136_261  // FNV-1a: stable across runs and platforms, unlike Hasher
    for byte in text.utf8 {
        hash = (hash ^ UInt32(byte)) &* 16_777_619
    }
    let letters = text.unicodeScalars.map { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) ? Character($0) : "_" }
    let readable = String(letters.drop { $0 == "_" }.prefix(32))
    return "record_field_\(readable)_\(String(hash, radix: 16))"
}

/// The operations of one connection on the record table, inside a read or a write.
public protocol RecordConnection {
    /// The record with an id.
    func fetch(id: String) throws -> StoredRecord?
    /// Inserts a new record; `false` (and nothing written) when the id exists.
    func insert(_ record: StoredRecord) throws -> Bool
    /// Inserts a record, or replaces the type, text and update time of the one with its id (and
    /// counts its version up).
    func upsert(_ record: StoredRecord) throws
    /// Replaces the type and text of an existing record, sets its update time and counts its
    /// version up — one statement; with `expectedVersion`, only if the record is still at that
    /// version (else `RecordStoreError.conflict`). Returns the version it leaves.
    @discardableResult
    func update(id: String, type: String, json: String, updatedAt: Date, expectedVersion: Int?) throws -> Int
    /// The records a query selects, in its order.
    func list(_ query: RecordQuery) throws -> [StoredRecord]
    /// How the database would run a query (its EXPLAIN), to see whether an index serves it.
    func plan(_ query: RecordQuery) throws -> String
    /// The ids of the records of these types, oldest first.
    func ids(types: [String]) throws -> [String]
    /// The number of records of these types (`nil`: of all types).
    func count(types: [String]?) throws -> Int
    /// The type names in use with their record counts, by name.
    func types() throws -> [(type: String, count: Int)]
    /// Deletes the record with an id; `true` if there was one.
    func delete(id: String) throws -> Bool
    /// Deletes the record with an id in one statement, only if it is still at `expectedVersion`
    /// (else `RecordStoreError.conflict`); `false` when there was none.
    func delete(id: String, expectedVersion: Int) throws -> Bool
    /// Deletes the records of these types (`nil`: every record); returns how many.
    func delete(types: [String]?) throws -> Int
    /// Runs `body` in a savepoint: rolled back alone when it throws.
    func savepoint<T>(_ body: () throws -> T) throws -> T
    /// Inserts new records in as few statements as the backend allows; an id already taken fails
    /// the call (and the caller's transaction).
    func insertAll(_ records: [StoredRecord]) throws

    /// The JSON Schema text kept for a record type, `nil` when it has none (or the store predates
    /// the table of type schemas).
    func typeSchema(for type: String) throws -> String?
    /// Every record type's schema text, by type name (empty for a store that predates the table).
    func typeSchemas() throws -> [(type: String, schema: String)]
    /// Keeps `schema` as a record type's schema, replacing one it had; a store that predates the
    /// table of type schemas gains it here.
    func setTypeSchema(_ schema: String, for type: String, at time: Date) throws
    /// Forgets a record type's schema; `true` if it had one.
    func removeTypeSchema(for type: String) throws -> Bool
}

extension RecordConnection {
    /// One statement per record: what a backend whose statements are cheap (SQLite, in process) needs.
    public func insertAll(_ records: [StoredRecord]) throws {
        for record in records where try !insert(record) {
            throw RecordStoreError.exists(id: record.id, version: try fetch(id: record.id)?.version ?? 1)
        }
    }
}

/// A selection of records: by type, by conditions on their JSON, ordered and paged.
public struct RecordQuery: Sendable, Hashable {
    /// The type names to list (`nil`: every type).
    public var types: [String]?
    /// Conditions every listed record meets.
    public var conditions: [FieldCondition]
    /// The order.
    public var order: RecordOrder
    /// Whether the order is reversed.
    public var descending: Bool
    /// At most this many records.
    public var limit: Int?
    /// Records skipped first.
    public var offset: Int

    /// A query.
    public init(
        types: [String]? = nil, conditions: [FieldCondition] = [], order: RecordOrder = .created, descending: Bool = false,
        limit: Int? = nil, offset: Int = 0
    ) {
        self.types = types
        self.conditions = conditions
        self.order = order
        self.descending = descending
        self.limit = limit
        self.offset = offset
    }
}
