import DictionaryStorage
import Foundation
import GRDB
import LosslessJSON
import Synchronization

/// Dictionary-backed models as records in an SQLite database, through GRDB.
///
/// The operations of SwiftSerialization's `SerializationDatabase`, done properly: WAL mode and a
/// `DatabasePool` (readers never block the writer), a versioned schema, thrown errors that name the
/// file, type renames, and the JSON text of every record kept exactly — a record read and written
/// back unchanged is byte-identical, and a model edit changes only the edited values' bytes.
///
/// Safe to share between threads. Explicit transactions (`startTransaction()` …
/// `commitTransaction()`) cover every write made through the store until they end, as in
/// SwiftSerialization; `transaction { }` runs a closure in its own transaction (a savepoint when
/// nested) and is the better tool.
public final class RecordStore: Sendable {
    /// The database file, or ":memory:".
    public let path: String
    let writer: any DatabaseWriter
    private let renames = Mutex<[String: String]>([:])
    private let explicitTransaction = Mutex(false)

    /// Opens (creating if needed) a record store at a path the caller chooses, in WAL mode.
    ///
    /// - Parameters:
    ///   - readOnly: open without writing (also chosen when the file is not writable).
    ///   - busyTimeout: how long a write waits for another connection's lock before failing.
    public init(path: String, readOnly: Bool = false, busyTimeout: TimeInterval = 10) throws(RecordStoreError) {
        self.path = path
        do {
            var configuration = Configuration()
            configuration.busyMode = .timeout(busyTimeout)
            // Explicit transactions (startTransaction … commitTransaction) stay open across calls.
            configuration.allowsUnsafeTransactions = true
            let writable = !readOnly && (FileManager.default.fileExists(atPath: path)
                ? FileManager.default.isWritableFile(atPath: path) : true)
            if !writable { configuration.readonly = true }
            writer = try Self.openPool(path: path, configuration: configuration, writable: writable, busyTimeout: busyTimeout)
        } catch {
            throw RecordStoreError.wrap(error, path: path)
        }
    }

    /// Opens the pool and brings the schema up to date, retrying while another process holds the
    /// lock: switching a new file to WAL (`PRAGMA journal_mode`) and a first migration fail at once
    /// with SQLITE_BUSY instead of waiting in the busy handler, so two processes creating the same
    /// store at the same moment would otherwise see "locked".
    private static func openPool(path: String, configuration: Configuration, writable: Bool, busyTimeout: TimeInterval) throws -> DatabasePool {
        let deadline = Date().addingTimeInterval(busyTimeout)
        while true {
            do {
                let pool = try DatabasePool(path: path, configuration: configuration)
                if writable { try migrate(pool) } else { try checkSchema(pool, path: path) }
                return pool
            } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY && Date() < deadline {
                usleep(20_000)
            }
        }
    }

    /// A store in memory, for tests and scratch work.
    public init() throws(RecordStoreError) {
        path = ":memory:"
        do {
            var configuration = Configuration()
            configuration.allowsUnsafeTransactions = true
            let queue = try DatabaseQueue(configuration: configuration)
            writer = queue
            try Self.migrator.migrate(queue)
        } catch {
            throw RecordStoreError.wrap(error, path: ":memory:")
        }
    }

    /// The versioned schema: records keyed by id, with type, exact JSON text and times.
    static let migrator: DatabaseMigrator = {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1 records") { db in
            try db.create(table: "record") { table in
                table.column("id", .text).primaryKey()
                table.column("type", .text).notNull()
                table.column("json", .text).notNull()
                table.column("createdAt", .double).notNull()
                table.column("updatedAt", .double).notNull()
            }
            try db.create(index: "record_type", on: "record", columns: ["type"])
        }
        return migrator
    }()

    /// Brings the schema up to date. Two processes creating one store can both find it empty and
    /// both migrate; the slower one then fails (the table exists), and the schema is nonetheless
    /// complete — that is success, not an error.
    private static func migrate(_ pool: DatabasePool) throws {
        do {
            try migrator.migrate(pool)
        } catch {
            guard try pool.read({ db in try migrator.hasCompletedMigrations(db) }) else { throw error }
        }
    }

    private static func checkSchema(_ reader: any DatabaseReader, path: String) throws {
        let exists = try reader.read { db in try db.tableExists("record") }
        if !exists { throw RecordStoreError.cannotOpen(path: path, detail: "read-only, and not a Keepsake record store") }
    }

    // MARK: Types

    /// Records written under `old` read as `new` (SwiftSerialization's `Legacy.addClassRefactor`).
    public func addTypeRename(old: String, new: String) {
        renames.withLock { $0[old] = new }
    }

    /// Registers a model type with the names earlier versions stored it under.
    public func register<M: DictionaryStorageModel>(_ type: M.Type, legacyNames: [String]) {
        for old in legacyNames { addTypeRename(old: old, new: M.schema.name) }
    }

    /// The type name a model is stored under.
    public static func typeName<M: DictionaryStorageModel>(_ type: M.Type) -> String { M.schema.name }

    /// A type name and every older name renamed to it (transitively).
    public func names(for type: String) -> [String] {
        let table = renames.withLock { $0 }
        var result = [type]
        var index = 0
        while index < result.count {
            let current = result[index]
            for (old, new) in table where new == current && !result.contains(old) { result.append(old) }
            index += 1
        }
        return result
    }

    // MARK: Running

    func read<T>(_ body: (Database) throws -> T) throws(RecordStoreError) -> T {
        do {
            return try writer.read(body)
        } catch {
            throw RecordStoreError.wrap(error, path: path)
        }
    }

    /// Runs a write inside a savepoint: alone it is its own transaction, inside an explicit
    /// transaction it joins it.
    func write<T>(_ body: (Database) throws -> T) throws(RecordStoreError) -> T {
        do {
            return try writer.writeWithoutTransaction { db in try db.savepoint { try body(db) } }
        } catch {
            throw RecordStoreError.wrap(error, path: path)
        }
    }

    // MARK: Transactions

    /// Runs `body` in one transaction: it commits when `body` returns and rolls back when it throws.
    /// Calls to `transaction` on the handle nest as savepoints.
    @discardableResult
    public func transaction<T>(_ body: (RecordTransaction) throws -> T) throws -> T {
        do {
            return try writer.writeWithoutTransaction { db in try db.savepoint { try body(RecordTransaction(db: db, store: self)) } }
        } catch let error as RecordStoreError {
            throw error
        } catch let error as DatabaseError {
            throw RecordStoreError.wrap(error, path: path)
        }
    }

    /// Begins an explicit transaction spanning the writes made through this store until
    /// `commitTransaction()` or `rollbackTransaction()`.
    public func startTransaction() throws(RecordStoreError) {
        let alreadyOpen = explicitTransaction.withLock { open -> Bool in
            defer { open = true }
            return open
        }
        guard !alreadyOpen else { throw .transactionAlreadyOpen }
        do {
            try writer.writeWithoutTransaction { db in try db.beginTransaction() }
        } catch {
            explicitTransaction.withLock { $0 = false }
            throw RecordStoreError.wrap(error, path: path)
        }
    }

    /// Commits the explicit transaction.
    public func commitTransaction() throws(RecordStoreError) {
        try endTransaction { try $0.commit() }
    }

    /// Rolls the explicit transaction back: none of its writes remain.
    public func rollbackTransaction() throws(RecordStoreError) {
        try endTransaction { try $0.rollback() }
    }

    private func endTransaction(_ end: (Database) throws -> Void) throws(RecordStoreError) {
        let wasOpen = explicitTransaction.withLock { open -> Bool in
            defer { open = false }
            return open
        }
        guard wasOpen else { throw .noTransaction }
        do {
            try writer.writeWithoutTransaction { db in try end(db) }
        } catch {
            throw RecordStoreError.wrap(error, path: path)
        }
    }
}

extension Database {
    /// Runs `body` in a savepoint, committed when it returns and rolled back when it throws (a
    /// transaction of its own outside one, a nested savepoint inside one).
    func savepoint<T>(_ body: () throws -> T) throws -> T {
        var result: T?
        try inSavepoint {
            result = try body()
            return .commit
        }
        guard let result else { throw DatabaseError(message: "savepoint produced no result") }
        return result
    }
}
