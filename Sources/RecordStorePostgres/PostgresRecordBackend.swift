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
    let group: MultiThreadedEventLoopGroup
    /// The connection; replaced by a new one when the server (or the network) closed it.
    // Guarded by `lock`.
    var connection: PostgresConnection
    let logger = Logger(label: "keepsake.recordstore.postgres")
    /// Serialises calls (the connection runs one statement at a time); recursive so that a body may
    /// call the store again.
    let lock = NSRecursiveLock()

    /// Runs `body` holding the lock.
    func locked<T>(_ body: () throws(RecordStoreError) -> T) throws(RecordStoreError) -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
    // Guarded by `lock`.
    var explicitTransaction = false
    /// Whether a transaction (explicit or a write's own) is open on the connection.
    var openTransaction = false
    var savepointCounter = 0
    /// Other writers' changes announced to this connection and not yet asked for (see
    /// `PostgresRecordBackend+Changes.swift`).
    let inbox = ChangeInbox()
    /// The listener on the connection, while watching.
    // Guarded by `lock`.
    var listener: PostgresListenContext?

    /// Connects to the database a URL names (see `PostgresLocation`) and, with `createTable`,
    /// creates the table (and the schema the URL names) when missing.
    public convenience init(url: String, readOnly: Bool = false, createTable: Bool = true) throws(RecordStoreError) {
        let location: PostgresLocation
        do {
            location = try PostgresLocation(url: url)
        } catch {
            throw .cannotOpen(path: url, detail: error.description)
        }
        try self.init(location, readOnly: readOnly, createTable: createTable)
    }

    /// Whether the connection only reads.
    public let readOnly: Bool

    /// How long one statement may run (waiting for locks included) before it fails, in seconds.
    public let statementTimeout: Double

    /// Whether opening created the record table (it was missing).
    public private(set) var createdTable = false

    /// Connects to a database and, with `createTable`, creates the table (and schema) when missing;
    /// without, a missing table is `RecordStoreError.noRecordTable`. With `readOnly`, every
    /// transaction of the connection is read-only (a write fails on the server), and a missing
    /// table is never created.
    public init(_ location: PostgresLocation, readOnly: Bool = false, createTable: Bool = true, statementTimeout: Double = 30) throws(RecordStoreError) {
        server = location
        self.readOnly = readOnly
        self.statementTimeout = statementTimeout
        self.location = location.description
        group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        do {
            connection = try Self.connect(location, on: group, logger: logger)
        } catch {
            // The group is ours alone; a failed shutdown of a group that ran nothing loses nothing.
            try? group.syncShutdownGracefully()
            throw .cannotOpen(path: location.description, detail: Self.describe(error))
        }
        // If this throws, the object is fully made, so `deinit` closes the connection.
        try configureSession()
        try prepareTable(create: createTable && !readOnly)
    }

    static func connect(_ location: PostgresLocation, on group: MultiThreadedEventLoopGroup, logger: Logger) throws -> PostgresConnection {
        try PostgresConnection.connect(on: group.next(), configuration: location.configuration, id: 1, logger: logger).wait()
    }

    /// Replaces a connection the server or the network closed with a new one, set up the same way
    /// (watching again if it watched: what others changed meanwhile was not heard, so a change of
    /// any type is announced). Inside an explicit transaction it fails instead: the server rolled
    /// that transaction back with the old connection.
    func reconnect() throws(RecordStoreError) {
        if openTransaction { throw .unavailable(path: location, detail: Self.lostTransaction) }
        do {
            connection = try Self.connect(server, on: group, logger: logger)
        } catch {
            throw .unavailable(path: location, detail: "cannot reach the server again: \(Self.describe(error))")
        }
        try configureSession()
        if listener != nil {
            try listen()
            inbox.add(RecordChanges(mayHaveMissed: true))
        }
    }

    deinit { close() }

    /// Closes the connection and its event loop (after the last call; errors at this point have
    /// no one to tell and leave nothing behind).
    func close() {
        try? connection.close().wait()
        try? group.syncShutdownGracefully()
    }

    /// The connection's settings: the statement timeout, the schema, read-only.
    func configureSession() throws(RecordStoreError) {
        // A statement waiting longer (for a lock another writer holds, say) fails with a clear
        // error instead of hanging the caller.
        try execute("SET statement_timeout = \(Int(statementTimeout * 1000))")
        if let schema = server.schema {
            if !readOnly { try execute("CREATE SCHEMA IF NOT EXISTS \(Self.quoted(schema))") }
            try execute("SET search_path TO \(Self.quoted(schema))")
        }
        if readOnly { try execute("SET default_transaction_read_only = on") }
    }

    /// Finds the record table, creating it (with `create`) when missing, and gives an existing one
    /// the trigger that announces changes when it has none (a table made before there was one).
    func prepareTable(create: Bool) throws(RecordStoreError) {
        let exists = try value(Bool.self, "SELECT to_regclass('record') IS NOT NULL") ?? false
        if !exists {
            guard create else { throw .noRecordTable(path: location) }
            // Two stores created at once may both try: the loser's "already exists" is success.
            do {
                try execute("""
                    CREATE TABLE IF NOT EXISTS record (
                        id text PRIMARY KEY, type text NOT NULL, json text NOT NULL,
                        created_at double precision NOT NULL, updated_at double precision NOT NULL,
                        version bigint NOT NULL DEFAULT 1)
                    """)
                try execute("CREATE INDEX IF NOT EXISTS record_type ON record (type)")
                try execute(PostgresRecordConnection.createTypeSchemaTable)
                createdTable = true
            } catch {
                guard (try? run("SELECT 1 FROM record LIMIT 1")) != nil else { throw error }
            }
        }
        // Otherwise an existing table is not touched: even `CREATE INDEX IF NOT EXISTS` waits for
        // every open write transaction on it. The trigger is added once, and only when missing.
        if !readOnly, try !hasChangeTrigger() { try createChangeTrigger() }
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
        if connection.isClosed { try reconnect() }
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
            throw .unavailable(path: location, detail: "\(error)")
        } catch {
            guard Self.isConnectionLost(error) else { throw .database(path: location, detail: Self.describe(error)) }
            // The server may have said its last words before closing: make sure the next call
            // finds the connection closed and connects again.
            try? connection.close().wait()
            let said = (error as? PSQLError)?.serverInfo?[.message].map { "the server said “\($0)”; " } ?? ""
            throw .unavailable(path: location, detail: said + Self.closedConnection)
        }
    }

    /// What a call on a connection the server (or the network) closed says.
    static let closedConnection = "the connection to the server was lost (the server stopped, or ended it); nothing of this call was committed, and the next call connects again"

    /// Whether an error says the connection is gone (rather than the statement failing).
    static func isConnectionLost(_ error: any Error) -> Bool {
        guard let error = error as? PSQLError else { return false }
        if error.code == .clientClosedConnection || error.code == .serverClosedConnection || error.code == .uncleanShutdown { return true }
        // The server's own last words: a connection exception (class 08), or the connection ended
        // by an administrator, a crash or a shutdown (57P01, 57P02, 57P03).
        guard let state = error.serverInfo?[.sqlState] else { return false }
        return state.hasPrefix("08") || ["57P01", "57P02", "57P03"].contains(state)
    }

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

    func execute(_ sql: String) throws(RecordStoreError) {
        _ = try run(PostgresQuery(unsafeSQL: sql))
    }

    /// What went wrong, in the server's words when it said something (the driver's own description
    /// hides the details).
    static func describe(_ error: any Error) -> String {
        guard let error = error as? PSQLError else { return "\(error)" }
        if error.serverInfo == nil, isConnectionLost(error) { return closedConnection }
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

}
