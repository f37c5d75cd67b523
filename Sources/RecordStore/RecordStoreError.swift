import GRDB
import LosslessJSON

/// Why a record store operation failed. Nothing was written when one is thrown.
public enum RecordStoreError: Error, Sendable, CustomStringConvertible {
    /// The file is not an SQLite database.
    case notADatabase(path: String)
    /// The database file is damaged.
    case corrupt(path: String, detail: String)
    /// Another connection holds a lock longer than the busy timeout.
    case locked(path: String)
    /// The file (or its folder) cannot be written.
    case readOnly(path: String)
    /// The file cannot be opened.
    case cannotOpen(path: String, detail: String)
    /// A stored record's text is not valid JSON.
    case invalidJSON(id: String, error: JSONParseError)
    /// A stored record's JSON is not an object.
    case notAnObject(id: String)
    /// No record has this id.
    case noRecord(id: String)
    /// The record exists but is of another type.
    case wrongType(id: String, expected: String, found: String)
    /// A table or column of a foreign table does not exist.
    case noSuchTable(String)
    /// No explicit transaction is open.
    case noTransaction
    /// An explicit transaction is already open.
    case transactionAlreadyOpen
    /// Another writer changed the record after the version this write was based on.
    case conflict(id: String, expected: Int, found: Int?)
    /// A record with this id exists, and the write was to create one.
    case exists(id: String, version: Int)
    /// The database server cannot be reached, or the connection to it was lost; nothing was
    /// written, and trying again once it is back may work.
    case unavailable(path: String, detail: String)
    /// The database has no record table, and this open does not create one.
    case noRecordTable(path: String)
    /// A record type's schema text is not a JSON Schema document (an object or a boolean).
    case invalidTypeSchema(type: String, detail: String)
    /// Any other database error, with the database's message.
    case database(path: String, detail: String)

    public var description: String {
        switch self {
        case .notADatabase(let path): "\(path): not an SQLite database"
        case .corrupt(let path, let detail): "\(path): the database is damaged (\(detail))"
        case .locked(let path): "\(path): the database is locked by another connection"
        case .readOnly(let path): "\(path): the database is read-only"
        case .cannotOpen(let path, let detail): "\(path): cannot open: \(detail)"
        case .invalidJSON(let id, let error): "record \(id): stored text is not valid JSON: \(error)"
        case .notAnObject(let id): "record \(id): stored JSON is not an object"
        case .noRecord(let id): "no record with id \(id)"
        case .wrongType(let id, let expected, let found): "record \(id) is a \(found), not a \(expected)"
        case .noSuchTable(let detail): detail
        case .invalidTypeSchema(let type, let detail): "the schema for \(type) is not kept: \(detail)"
        case .noTransaction: "no transaction is open"
        case .transactionAlreadyOpen: "a transaction is already open; nest with transaction { } instead"
        case .conflict(let id, let expected, let found):
            found.map { "record \(id) was changed by another writer (it is at version \($0), this write was based on version \(expected)); nothing written" }
                ?? "record \(id) was deleted by another writer; nothing written"
        case .exists(let id, let version): "record \(id) exists already (version \(version)); nothing written"
        case .unavailable(let path, let detail): "\(path): \(detail)"
        case .noRecordTable(let path): "\(path): no record table here (`keepsake db init \(path)` creates it)"
        case .database(let path, let detail): "\(path): \(detail)"
        }
    }

    /// Maps a GRDB error to a clear one naming the file.
    static func wrap(_ error: any Error, path: String) -> RecordStoreError {
        if let error = error as? RecordStoreError { return error }
        guard let error = error as? DatabaseError else { return .database(path: path, detail: "\(error)") }
        switch error.resultCode {
        case .SQLITE_NOTADB: return .notADatabase(path: path)
        case .SQLITE_CORRUPT: return .corrupt(path: path, detail: error.message ?? "corrupt")
        case .SQLITE_BUSY, .SQLITE_LOCKED: return .locked(path: path)
        case .SQLITE_READONLY: return .readOnly(path: path)
        case .SQLITE_CANTOPEN: return .cannotOpen(path: path, detail: error.message ?? "unable to open")
        default: return .database(path: path, detail: error.message ?? "\(error)")
        }
    }
}
