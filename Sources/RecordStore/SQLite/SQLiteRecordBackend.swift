import Foundation
import GRDB
import Synchronization
import LosslessJSON

/// Records in an SQLite database through GRDB: a `DatabasePool` in WAL mode for a file (readers
/// never block the writer), a `DatabaseQueue` in memory, and a versioned schema.
public final class SQLiteRecordBackend: RecordBackend {
    /// The database file, or ":memory:".
    public let path: String
    let writer: any DatabaseWriter

    public var location: String { path }

    /// Opens (creating if needed) the database at a path, in WAL mode.
    ///
    /// - Parameters:
    ///   - readOnly: open without writing (also chosen when the file is not writable).
    ///   - busyTimeout: how long a write waits for another connection's lock before failing.
    public init(path: String, readOnly: Bool = false, busyTimeout: TimeInterval = 10) throws(RecordStoreError) {
        self.path = path
        // SQLite takes an empty file for a new database; a file someone made (or truncated) is not
        // a store to fill silently.
        if Self.isEmptyFileNotBeingCreated(path) {
            throw .cannotOpen(path: path, detail: "an empty file, not a record store (remove it to create a store there)")
        }
        do {
            var configuration = Configuration()
            configuration.busyMode = .timeout(busyTimeout)
            // Explicit transactions (beginTransaction … commitTransaction) stay open across calls.
            configuration.allowsUnsafeTransactions = true
            let writable = !readOnly && (FileManager.default.fileExists(atPath: path)
                ? FileManager.default.isWritableFile(atPath: path) : true)
            if !writable { configuration.readonly = true }
            writer = try Self.openPool(path: path, configuration: configuration, writable: writable, busyTimeout: busyTimeout)
        } catch {
            throw RecordStoreError.wrap(error, path: path)
        }
    }

    /// Whether `path` is an empty file that no SQLite connection is making into a database. A store
    /// another process is creating at this moment is empty too — its first pages are in the WAL
    /// file until a checkpoint — so an empty file without a WAL is watched for half a second.
    private static func isEmptyFileNotBeingCreated(_ path: String) -> Bool {
        let files = FileManager.default
        let deadline = Date().addingTimeInterval(0.5)
        while true {
            guard let size = (try? files.attributesOfItem(atPath: path))?[.size] as? Int, size == 0 else { return false }
            if files.fileExists(atPath: path + "-wal") { return false }
            if Date() >= deadline { return true }
            usleep(10_000)
        }
    }

    /// A database in memory, for tests and scratch work.
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

    /// Opens the pool and brings the schema up to date, retrying while another process holds the
    /// lock: switching a new file to WAL (`PRAGMA journal_mode`) and a first migration fail at once
    /// with SQLITE_BUSY instead of waiting in the busy handler, so two processes creating the same
    /// store at the same moment would otherwise see "locked".
    private static func openPool(path: String, configuration: Configuration, writable: Bool, busyTimeout: TimeInterval) throws -> DatabasePool {
        let deadline = Date().addingTimeInterval(busyTimeout)
        while true {
            do {
                let pool = try DatabasePool(path: path, configuration: configuration)
                if try pool.read(SwiftSerializationStore.isOne) {
                    throw RecordStoreError.cannotOpen(
                        path: path,
                        detail: "a SwiftSerialization database (its table \"record\" has objectName and data), not a Keepsake record store; "
                            + "convert it with RecordStore.convertSwiftSerializationStore(at:) or open it with SwiftSerializationCompat's SerializationDatabase(path:) (its rows are kept)")
                }
                if writable { try migrate(pool) } else { try checkSchema(pool, path: path) }
                return pool
            } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY && Date() < deadline {
                usleep(20_000)
            }
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
        migrator.registerMigration("v2 record versions") { db in
            try db.alter(table: "record") { table in
                table.add(column: "version", .integer).notNull().defaults(to: 1)
            }
        }
        migrator.registerMigration("v3 record type schemas") { db in
            try SQLiteRecordConnection.createTypeSchemaTable(db)
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

    /// What SQLite's `quick_check` finds wrong with the database file (empty when it is sound):
    /// damaged pages read without an error, so a read alone would not tell.
    public func integrityProblems() throws(RecordStoreError) -> [String] {
        do {
            let lines = try writer.read { db in try String.fetchAll(db, sql: "PRAGMA quick_check") }
            return lines == ["ok"] ? [] : lines
        } catch {
            throw RecordStoreError.wrap(error, path: path)
        }
    }

    // MARK: Indexes and changes

    public func createFieldIndex(on path: JSONPath) throws(RecordStoreError) -> String {
        let name = fieldIndexName(path)
        guard let expression = SQLiteRecordConnection.extractText(path) else {
            throw RecordStoreError.database(path: self.path, detail: "SQLite cannot index \(path.jq): a key with a quote, a backslash or a control character is found by a lookup an index cannot hold (queries on it still work)")
        }
        try run { db in
            try db.execute(sql: "CREATE INDEX IF NOT EXISTS \"\(name)\" ON record (\(expression))")
        }
        return name
    }

    public func watchChanges() throws(RecordStoreError) -> (any RecordChangeWatch)? {
        try SQLiteChangeWatch(backend: self)
    }

    /// SQLite's count of commits by other connections (`PRAGMA data_version`), read on the writer
    /// connection, whose own commits do not count.
    func dataVersion() throws(RecordStoreError) -> Int {
        do {
            return try writer.writeWithoutTransaction { db in try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0 }
        } catch {
            throw RecordStoreError.wrap(error, path: path)
        }
    }

    // MARK: Running

    public func read<T>(_ body: (any RecordConnection) throws -> T) throws -> T {
        do {
            return try writer.read { db in try body(SQLiteRecordConnection(db: db)) }
        } catch let error as DatabaseError {
            throw RecordStoreError.wrap(error, path: path)
        }
    }

    public func write<T>(_ body: (any RecordConnection) throws -> T) throws -> T {
        do {
            return try writer.writeWithoutTransaction { db in
                let connection = SQLiteRecordConnection(db: db)
                return try connection.savepoint { try body(connection) }
            }
        } catch let error as DatabaseError {
            throw RecordStoreError.wrap(error, path: path)
        }
    }

    public func beginTransaction() throws(RecordStoreError) {
        try run { try $0.beginTransaction() }
    }

    public func commitTransaction() throws(RecordStoreError) {
        try run { try $0.commit() }
    }

    public func rollbackTransaction() throws(RecordStoreError) {
        try run { try $0.rollback() }
    }

    private func run(_ statement: (Database) throws -> Void) throws(RecordStoreError) {
        do {
            try writer.writeWithoutTransaction { db in try statement(db) }
        } catch {
            throw RecordStoreError.wrap(error, path: path)
        }
    }
}

/// Another connection's commits to an SQLite store, seen as a change of its data version: SQLite
/// does not say which records changed, so the changes name no type.
final class SQLiteChangeWatch: RecordChangeWatch {
    private let backend: SQLiteRecordBackend
    private let seen: Mutex<Int>

    init(backend: SQLiteRecordBackend) throws(RecordStoreError) {
        self.backend = backend
        seen = Mutex(try backend.dataVersion())
    }

    func changesByOthers() throws(RecordStoreError) -> RecordChanges? {
        let now = try backend.dataVersion()
        let changed = seen.withLock { seen in
            defer { seen = now }
            return seen != now
        }
        return changed ? RecordChanges() : nil
    }
}
