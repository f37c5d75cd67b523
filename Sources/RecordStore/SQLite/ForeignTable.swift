import Foundation
import GRDB
import LosslessJSON

/// Any SQLite table with a JSON text column, opened for browsing and editing with the record
/// store's guarantees: edits change only the edited values' bytes, in one transaction.
public final class ForeignTable: Sendable {
    /// The database file.
    public let path: String
    /// The table.
    public let table: String
    /// The column holding JSON text.
    public let jsonColumn: String
    /// The column identifying rows.
    public let keyColumn: String
    let writer: any DatabaseWriter

    /// Opens a table of an existing database; nothing is created or migrated.
    public init(path: String, table: String, jsonColumn: String, keyColumn: String) throws(RecordStoreError) {
        self.path = path
        self.table = table
        self.jsonColumn = jsonColumn
        self.keyColumn = keyColumn
        guard FileManager.default.fileExists(atPath: path) else {
            throw .cannotOpen(path: path, detail: "no such file")
        }
        do {
            var configuration = Configuration()
            configuration.busyMode = .timeout(10)
            configuration.readonly = !FileManager.default.isWritableFile(atPath: path)
            writer = try DatabaseQueue(path: path, configuration: configuration)
            let columns = try writer.read { db -> [String] in
                guard try db.tableExists(table) else { return [] }
                return try db.columns(in: table).map(\.name)
            }
            guard !columns.isEmpty else { throw RecordStoreError.noSuchTable("\(path): no table \"\(table)\"") }
            for column in [jsonColumn, keyColumn] where !columns.contains(column) {
                throw RecordStoreError.noSuchTable("\(path): table \"\(table)\" has no column \"\(column)\" (it has \(columns.joined(separator: ", ")))")
            }
        } catch {
            throw RecordStoreError.wrap(error, path: path)
        }
    }

    private var quotedTable: String { table.quotedDatabaseIdentifier }
    private var quotedJSON: String { jsonColumn.quotedDatabaseIdentifier }
    private var quotedKey: String { keyColumn.quotedDatabaseIdentifier }

    /// The number of rows.
    public func count() throws(RecordStoreError) -> Int {
        do {
            return try writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(quotedTable)") ?? 0 }
        } catch {
            throw RecordStoreError.wrap(error, path: path)
        }
    }

    /// What a JSON column's cell holds, whatever its SQL type.
    public enum Cell: Sendable, Hashable {
        /// SQL NULL.
        case null
        /// Text (a number cell as its digits): JSON, or not — the caller parses it.
        case text(String)
        /// Bytes that are not UTF-8.
        case bytes(Int)

        init(_ value: DatabaseValue) {
            switch value.storage {
            case .null: self = .null
            case .string(let text): self = .text(text)
            case .int64(let number): self = .text(String(number))
            case .double(let number): self = .text(String(number))
            case .blob(let data): self = String(validating: data, as: UTF8.self).map(Cell.text) ?? .bytes(data.count)
            }
        }
    }

    /// Rows as (key, cell), in key order, paged.
    public func cells(limit: Int? = nil, offset: Int = 0) throws(RecordStoreError) -> [(key: String, cell: Cell)] {
        do {
            return try writer.read { db in
                try Row.fetchAll(
                    db,
                    sql: "SELECT CAST(\(quotedKey) AS TEXT) AS k, \(quotedJSON) AS j FROM \(quotedTable) ORDER BY \(quotedKey) LIMIT ? OFFSET ?",
                    arguments: [limit ?? -1, offset]
                ).map { row in (Self.key(of: row), Cell(row["j"])) }
            }
        } catch {
            throw RecordStoreError.wrap(error, path: path)
        }
    }

    /// A row's key as text (a NULL key reads as "").
    private static func key(of row: Row) -> String {
        if case .text(let key) = Cell(row["k"]) { return key }
        return ""
    }

    /// Rows as (key, JSON text), in key order, paged. A NULL cell reads as "null"; bytes that are not
    /// UTF-8 as "" (not JSON).
    public func rows(limit: Int? = nil, offset: Int = 0) throws(RecordStoreError) -> [(key: String, json: String)] {
        try cells(limit: limit, offset: offset).map { row in
            switch row.cell {
            case .null: (row.key, "null")
            case .text(let text): (row.key, text)
            case .bytes: (row.key, "")
            }
        }
    }

    /// The JSON text of the row with a key.
    public func json(key: String) throws(RecordStoreError) -> String? {
        do {
            return try writer.read { db in
                try String.fetchOne(
                    db, sql: "SELECT \(quotedJSON) FROM \(quotedTable) WHERE CAST(\(quotedKey) AS TEXT) = ?", arguments: [key])
            }
        } catch {
            throw RecordStoreError.wrap(error, path: path)
        }
    }

    /// Makes rows' JSON equal new values, editing only the changed bytes of each, all in one
    /// transaction (all rows change, or none). A cell that is SQL NULL or holds text that is not
    /// JSON has no bytes to keep: it is given the new value's text.
    public func update(_ changes: [(key: String, value: JSONValue)]) throws(RecordStoreError) {
        do {
            try writer.write { db in
                for change in changes {
                    guard let row = try Row.fetchOne(
                        db, sql: "SELECT \(quotedJSON) AS j FROM \(quotedTable) WHERE CAST(\(quotedKey) AS TEXT) = ?", arguments: [change.key])
                    else { throw RecordStoreError.noRecord(id: change.key) }
                    var text: String?
                    if case .text(let stored) = Cell(row["j"]) { text = stored }
                    let edited: String
                    // Stored text that does not parse (the person was told when the table opened).
                    if let text, var document = try? JSONDocument(text, options: JSONParseOptions(maxDepth: .max)) {
                        try document.update(at: .root, to: change.value)
                        edited = document.text.string
                    } else {
                        edited = JSONWriter.serialize(change.value, style: .pretty)
                    }
                    guard edited != text else { continue }
                    try db.execute(
                        sql: "UPDATE \(quotedTable) SET \(quotedJSON) = ? WHERE CAST(\(quotedKey) AS TEXT) = ?",
                        arguments: [edited, change.key])
                }
            }
        } catch {
            throw RecordStoreError.wrap(error, path: path)
        }
    }
}
