import Foundation
import LosslessJSON
import PostgresNIO
import RecordStore

/// The record backend's operations: reads, writes, explicit transactions, the integrity check.
extension PostgresRecordBackend {

    public func read<T>(_ body: (any RecordConnection) throws -> T) throws -> T {
        try lock.withLock { try body(PostgresRecordConnection(backend: self)) }
    }

    public func write<T>(_ body: (any RecordConnection) throws -> T) throws -> T {
        try lock.withLock {
            let records = PostgresRecordConnection(backend: self)
            if explicitTransaction { return try records.savepoint { try body(records) } }
            try begin()
            do {
                let result = try body(records)
                try end(commit: true)
                return result
            } catch {
                try end(commit: false)
                throw error
            }
        }
    }

    public func beginTransaction() throws(RecordStoreError) {
        lock.lock()
        defer { lock.unlock() }
        try begin()
        explicitTransaction = true
    }

    public func commitTransaction() throws(RecordStoreError) {
        lock.lock()
        defer { lock.unlock() }
        explicitTransaction = false
        try end(commit: true)
    }

    public func rollbackTransaction() throws(RecordStoreError) {
        lock.lock()
        defer { lock.unlock() }
        explicitTransaction = false
        try end(commit: false)
    }

    func begin() throws(RecordStoreError) {
        try execute("BEGIN")
        openTransaction = true
    }

    /// Commits or rolls back the open transaction. A connection lost meanwhile took the
    /// transaction with it (the server rolled it back): a commit then fails — a new connection
    /// would "commit" nothing and say it succeeded — and a rollback has nothing left to do.
    func end(commit: Bool) throws(RecordStoreError) {
        defer { openTransaction = false }
        if connection.isClosed {
            guard !commit else { throw .unavailable(path: location, detail: Self.lostTransaction) }
            return
        }
        try execute(commit ? "COMMIT" : "ROLLBACK")
    }

    /// What a transaction whose connection was lost says.
    static let lostTransaction = "the connection to the server was lost inside a transaction, which the server rolled back; nothing of it was committed"
}
