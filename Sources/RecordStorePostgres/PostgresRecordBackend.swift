import Foundation
import LosslessJSON
import PostgresNIO
import RecordStore

/// Records in a PostgreSQL database, through postgres-nio: the same table as the SQLite store —
/// id, type, the exact JSON text (a `text` column: `jsonb` would reorder keys and rewrite
/// numbers), creation and update times, version — so every store operation behaves the same.
///
/// A synchronous façade: one connection, used by one call at a time; each statement waits for the
/// server on the calling thread (the driver's work runs on its own event loop thread, never on the
/// caller's concurrency pool). Reads outside a transaction are single statements, each consistent;
/// writes run in a transaction (a savepoint inside an explicit one).
public final class PostgresRecordBackend: RecordBackend, @unchecked Sendable {
    /// The store's URL, without the password.
    public let location: String
    let server: PostgresLocation
    private let group: MultiThreadedEventLoopGroup
    private let connection: PostgresConnection
    private let logger = Logger(label: "keepsake.recordstore.postgres")
    /// Serialises calls (the connection runs one statement at a time); recursive so that a body may
    /// call the store again.
    private let lock = NSRecursiveLock()
    // Guarded by `lock`.
    private var explicitTransaction = false
    private var savepointCounter = 0

    /// Connects to the database a URL names (see `PostgresLocation`) and creates the table (and
    /// the schema the URL names) when missing.
    public convenience init(url: String, readOnly: Bool = false) throws(RecordStoreError) {
        let location: PostgresLocation
        do {
            location = try PostgresLocation(url: url)
        } catch {
            throw .cannotOpen(path: url, detail: error.description)
        }
        try self.init(location, readOnly: readOnly)
    }

    /// Whether the connection only reads.
    public let readOnly: Bool

    /// How long one statement may run (waiting for locks included) before it fails, in seconds.
    public let statementTimeout: Double

    /// Connects to a database and creates the table (and schema) when missing.
    /// With `readOnly`, every transaction of the connection is read-only: a write fails on the server.
    public init(_ location: PostgresLocation, readOnly: Bool = false, statementTimeout: Double = 30) throws(RecordStoreError) {
        server = location
        self.readOnly = readOnly
        self.statementTimeout = statementTimeout
        self.location = location.description
        group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        do {
            connection = try PostgresConnection.connect(
                on: group.next(), configuration: location.configuration, id: 1, logger: logger
            ).wait()
        } catch {
            // The group is ours alone; a failed shutdown of a group that ran nothing loses nothing.
            try? group.syncShutdownGracefully()
            throw .cannotOpen(path: location.description, detail: Self.describe(error))
        }
        // If this throws, the object is fully made, so `deinit` closes the connection.
        try createSchema()
    }

    deinit { close() }

    /// Closes the connection and its event loop (after the last call; errors at this point have
    /// no one to tell and leave nothing behind).
    private func close() {
        try? connection.close().wait()
        try? group.syncShutdownGracefully()
    }

    private func createSchema() throws(RecordStoreError) {
        // A statement waiting longer (for a lock another writer holds, say) fails with a clear
        // error instead of hanging the caller.
        try execute("SET statement_timeout = \(Int(statementTimeout * 1000))")
        if let schema = server.schema {
            if !readOnly { try execute("CREATE SCHEMA IF NOT EXISTS \(Self.quoted(schema))") }
            try execute("SET search_path TO \(Self.quoted(schema))")
        }
        // An existing table is not touched: even `CREATE INDEX IF NOT EXISTS` would wait for every
        // open write transaction on it.
        let exists = try value(Bool.self, "SELECT to_regclass('record') IS NOT NULL") ?? false
        if readOnly {
            guard exists else { throw .cannotOpen(path: location, detail: "no record table here (a read never creates one)") }
            try execute("SET default_transaction_read_only = on")
            return
        }
        if exists { return }
        // Two stores created at once may both try: the loser's "already exists" is success.
        do {
            try execute("""
                CREATE TABLE IF NOT EXISTS record (
                    id text PRIMARY KEY, type text NOT NULL, json text NOT NULL,
                    created_at double precision NOT NULL, updated_at double precision NOT NULL,
                    version bigint NOT NULL DEFAULT 1)
                """)
            try execute("CREATE INDEX IF NOT EXISTS record_type ON record (type)")
        } catch {
            guard (try? run("SELECT 1 FROM record LIMIT 1")) != nil else { throw error }
        }
    }

    /// A quoted SQL identifier.
    static func quoted(_ identifier: String) -> String {
        "\"" + identifier.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    // MARK: Statements

    /// Runs a query and returns its rows, errors as `RecordStoreError.database` naming the store.
    ///
    /// A connection the server closed fails at once; a statement with no answer within the
    /// statement timeout (plus a margin for the network) closes the connection and fails, so no
    /// call waits forever on a server that went away.
    func run(_ query: PostgresQuery) throws(RecordStoreError) -> PostgresQueryResult {
        guard !connection.isClosed else {
            throw .database(path: location, detail: Self.closedConnection)
        }
        let future = connection.query(query, logger: logger)
        let answered = future.eventLoop.makePromise(of: PostgresQueryResult.self)
        let limit = statementTimeout + 10
        let alarm = future.eventLoop.scheduleTask(in: .milliseconds(Int64(limit * 1000))) {
            answered.fail(NoAnswer(seconds: limit))
        }
        future.whenComplete { result in
            alarm.cancel()
            answered.completeWith(result)
        }
        do {
            return try answered.futureResult.wait()
        } catch let error as NoAnswer {
            let closing: EventLoopFuture<Void> = connection.close()  // its answer may still come; nothing waits for it
            _ = closing
            throw .database(path: location, detail: "\(error)")
        } catch {
            throw .database(path: location, detail: Self.describe(error))
        }
    }

    /// What a call on a connection the server (or the network) closed says.
    static let closedConnection = "the connection to the server was closed (the server stopped, or ended it); open the store again"

    /// No answer came from the server in time.
    struct NoAnswer: Error, CustomStringConvertible {
        var seconds: Double
        var description: String { "the server did not answer in \(Int(seconds)) s; the connection was closed" }
    }

    /// Decodes a row's columns, a failure as `RecordStoreError.database` naming the store.
    func decode<each Column: PostgresDecodable>(_ row: PostgresRow, _ types: (repeat each Column).Type) throws(RecordStoreError) -> (repeat each Column) {
        do {
            return try row.decode(types)
        } catch {
            throw .database(path: location, detail: Self.describe(error))
        }
    }

    /// The first column of a query's first row, or nil when it returns no row.
    func value<Column: PostgresDecodable>(_ type: Column.Type, _ query: PostgresQuery) throws(RecordStoreError) -> Column? {
        guard let row = try run(query).rows.first else { return nil }
        do {
            return try row.decode(Column.self)
        } catch {
            throw .database(path: location, detail: Self.describe(error))
        }
    }

    private func execute(_ sql: String) throws(RecordStoreError) {
        _ = try run(PostgresQuery(unsafeSQL: sql))
    }

    /// What went wrong, in the server's words when it said something (the driver's own description
    /// hides the details).
    static func describe(_ error: any Error) -> String {
        guard let error = error as? PSQLError else { return "\(error)" }
        if error.code == .clientClosedConnection || error.code == .serverClosedConnection || error.code == .uncleanShutdown {
            return Self.closedConnection
        }
        if let message = error.serverInfo?[.message] {
            let state = error.serverInfo?[.sqlState].map { " (SQLSTATE \($0))" } ?? ""
            return message + state
        }
        if let underlying = error.underlying { return "\(error.code): \(underlying)" }
        return "\(error.code)"
    }

    /// The server process serving this store's connection (`pg_backend_pid()`), for logs and
    /// `pg_stat_activity`.
    public func serverProcessID() throws(RecordStoreError) -> Int {
        lock.lock()
        defer { lock.unlock() }
        guard let pid = try value(Int32.self, "SELECT pg_backend_pid()") else {
            throw .database(path: location, detail: "the server did not say its process id")
        }
        return Int(pid)
    }

    /// Ends another connection to the server by its process id (an administrator's tool; the tests
    /// drop a store's connection with it). Returns whether one was ended.
    @discardableResult
    public func terminateConnection(serverProcessID pid: Int) throws(RecordStoreError) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return try value(Bool.self, "SELECT pg_terminate_backend(\(Int32(pid)))") ?? false
    }

    /// A new savepoint name on this connection.
    func nextSavepoint() -> String {
        lock.withLock {
            savepointCounter += 1
            return "keepsake_\(savepointCounter)"
        }
    }

    // MARK: RecordBackend

    public func read<T>(_ body: (any RecordConnection) throws -> T) throws -> T {
        try lock.withLock { try body(PostgresRecordConnection(backend: self)) }
    }

    public func write<T>(_ body: (any RecordConnection) throws -> T) throws -> T {
        try lock.withLock {
            let connection = PostgresRecordConnection(backend: self)
            if explicitTransaction { return try connection.savepoint { try body(connection) } }
            try execute("BEGIN")
            do {
                let result = try body(connection)
                try execute("COMMIT")
                return result
            } catch {
                try execute("ROLLBACK")
                throw error
            }
        }
    }

    public func beginTransaction() throws(RecordStoreError) {
        lock.lock()
        defer { lock.unlock() }
        try execute("BEGIN")
        explicitTransaction = true
    }

    public func commitTransaction() throws(RecordStoreError) {
        lock.lock()
        defer { lock.unlock() }
        explicitTransaction = false
        try execute("COMMIT")
    }

    public func rollbackTransaction() throws(RecordStoreError) {
        lock.lock()
        defer { lock.unlock() }
        explicitTransaction = false
        try execute("ROLLBACK")
    }
}
