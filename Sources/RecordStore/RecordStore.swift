import DictionaryStorage
import Foundation
import LosslessJSON
import Synchronization

/// Dictionary-backed models as records in a database: SQLite through GRDB by default
/// (`init(path:)`), or any `RecordBackend`.
///
/// The operations of SwiftSerialization's `SerializationDatabase`, done properly: WAL mode (readers
/// never block the writer), a versioned schema, thrown errors that name the file, type renames, and
/// the JSON text of every record kept exactly — a record read and written back unchanged is
/// byte-identical, and a model edit changes only the edited values' bytes.
///
/// Safe to share between threads. Explicit transactions (`startTransaction()` …
/// `commitTransaction()`) cover every write made through the store until they end, as in
/// SwiftSerialization; `transaction { }` runs a closure in its own transaction (a savepoint when
/// nested) and is the better tool.
public final class RecordStore: Sendable {
    /// The database under the store.
    public let backend: any RecordBackend
    private let renames = Mutex<[String: String]>([:])
    private let explicitTransaction = Mutex(false)

    /// Where the records live (the database file, ":memory:", or the backend's location).
    public var path: String { backend.location }

    /// Opens (creating if needed) a record store in the SQLite file at `path`, in WAL mode.
    ///
    /// - Parameters:
    ///   - readOnly: open without writing (also chosen when the file is not writable).
    ///   - busyTimeout: how long a write waits for another connection's lock before failing.
    public convenience init(path: String, readOnly: Bool = false, busyTimeout: TimeInterval = 10) throws(RecordStoreError) {
        self.init(backend: try SQLiteRecordBackend(path: path, readOnly: readOnly, busyTimeout: busyTimeout))
    }

    /// A store in memory (SQLite), for tests and scratch work.
    public convenience init() throws(RecordStoreError) {
        self.init(backend: try SQLiteRecordBackend())
    }

    /// A store over any backend.
    public init(backend: any RecordBackend) {
        self.backend = backend
    }

    /// What a quick check of the database finds damaged; empty when it is sound. Damaged pages
    /// can read without an error, so callers that show records check this first.
    public func integrityProblems() throws(RecordStoreError) -> [String] {
        try backend.integrityProblems()
    }

    /// Starts watching for changes other connections (processes, machines) make to the records;
    /// nil when the backend cannot tell. The store's own writes are not reported.
    public func watchChanges() throws(RecordStoreError) -> (any RecordChangeWatch)? {
        try backend.watchChanges()
    }

    /// Creates (when missing) an index on the value at `path` in every record, so that queries and
    /// orders on that field (`list(type:where:order:)`) need not read every record. Returns its name.
    @discardableResult
    public func createIndex(on path: JSONPath) throws(RecordStoreError) -> String {
        try backend.createFieldIndex(on: path)
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

    // MARK: Transactions

    /// Runs `body` in one transaction: it commits when `body` returns and rolls back when it throws.
    /// Calls to `transaction` on the handle nest as savepoints.
    @discardableResult
    public func transaction<T>(_ body: (RecordTransaction) throws -> T) throws -> T {
        try backend.write { connection in try body(RecordTransaction(connection: connection, store: self)) }
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
            try backend.beginTransaction()
        } catch {
            explicitTransaction.withLock { $0 = false }
            throw error
        }
    }

    /// Whether an explicit transaction (`startTransaction()`) is open.
    public var isInExplicitTransaction: Bool { explicitTransaction.withLock { $0 } }

    /// Commits the explicit transaction.
    public func commitTransaction() throws(RecordStoreError) {
        try endTransaction()
        try backend.commitTransaction()
    }

    /// Rolls the explicit transaction back: none of its writes remain.
    public func rollbackTransaction() throws(RecordStoreError) {
        try endTransaction()
        try backend.rollbackTransaction()
    }

    private func endTransaction() throws(RecordStoreError) {
        let wasOpen = explicitTransaction.withLock { open -> Bool in
            defer { open = false }
            return open
        }
        guard wasOpen else { throw .noTransaction }
    }
}
