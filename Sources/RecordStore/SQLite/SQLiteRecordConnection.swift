import Foundation
import GRDB
import LosslessJSON

/// The record table's SQL on one GRDB connection. Field conditions and orders use SQLite's JSON
/// functions (`json_extract`, `json_type`) on the stored text.
struct SQLiteRecordConnection: RecordConnection {
    let db: Database

    // The statements every write and read by id runs are cached by their text.
    private static let columns = "id, type, json, createdAt, updatedAt, version"
    private static let insertSQL = "INSERT INTO record (\(columns)) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT(id) DO NOTHING"
    private static let upsertSQL = """
        INSERT INTO record (\(columns)) VALUES (?, ?, ?, ?, ?, ?)
        ON CONFLICT(id) DO UPDATE SET type = excluded.type, json = excluded.json, updatedAt = excluded.updatedAt,
        version = record.version + 1
        """
    private static let updateSQL = "UPDATE record SET type = ?, json = ?, updatedAt = ?, version = version + 1 WHERE id = ? RETURNING version"
    private static let updateVersionSQL = "UPDATE record SET type = ?, json = ?, updatedAt = ?, version = version + 1 WHERE id = ? AND version = ? RETURNING version"
    private static let deleteVersionSQL = "DELETE FROM record WHERE id = ? AND version = ?"
    private static let fetchSQL = "SELECT \(columns) FROM record WHERE id = ?"

    private static func record(_ row: Row) -> StoredRecord {
        StoredRecord(
            id: row["id"], type: row["type"], json: row["json"],
            createdAt: Date(timeIntervalSince1970: row["createdAt"]), updatedAt: Date(timeIntervalSince1970: row["updatedAt"]),
            version: row["version"])
    }

    private static func arguments(_ record: StoredRecord) -> StatementArguments {
        [record.id, record.type, record.json, record.createdAt.timeIntervalSince1970, record.updatedAt.timeIntervalSince1970, record.version]
    }

    func fetch(id: String) throws -> StoredRecord? {
        try Row.fetchOne(db.cachedStatement(sql: Self.fetchSQL), arguments: [id]).map(Self.record)
    }

    func insert(_ record: StoredRecord) throws -> Bool {
        try db.cachedStatement(sql: Self.insertSQL).execute(arguments: Self.arguments(record))
        return db.changesCount > 0
    }

    func upsert(_ record: StoredRecord) throws {
        try db.cachedStatement(sql: Self.upsertSQL).execute(arguments: Self.arguments(record))
    }

    func update(id: String, type: String, json: String, updatedAt: Date, expectedVersion: Int?) throws -> Int {
        guard let expectedVersion else {
            let version = try Int.fetchOne(db.cachedStatement(sql: Self.updateSQL), arguments: [type, json, updatedAt.timeIntervalSince1970, id])
            guard let version else { throw RecordStoreError.noRecord(id: id) }
            return version
        }
        let version = try Int.fetchOne(
            db.cachedStatement(sql: Self.updateVersionSQL), arguments: [type, json, updatedAt.timeIntervalSince1970, id, expectedVersion])
        guard let version else { throw RecordStoreError.conflict(id: id, expected: expectedVersion, found: try fetch(id: id)?.version) }
        return version
    }

    func delete(id: String, expectedVersion: Int) throws -> Bool {
        try db.cachedStatement(sql: Self.deleteVersionSQL).execute(arguments: [id, expectedVersion])
        if db.changesCount > 0 { return true }
        guard let found = try fetch(id: id) else { return false }
        throw RecordStoreError.conflict(id: id, expected: expectedVersion, found: found.version)
    }

    func list(_ query: RecordQuery) throws -> [StoredRecord] {
        try SQLRequest<Row>(literal: Self.listSQL(query)).fetchAll(db).map(Self.record)
    }

    func plan(_ query: RecordQuery) throws -> String {
        try SQLRequest<Row>(literal: "EXPLAIN QUERY PLAN " + Self.listSQL(query)).fetchAll(db)
            .map { row in row["detail"] as String? ?? "" }.joined(separator: "\n")
    }

    /// The statement that lists a query's records.
    static func listSQL(_ query: RecordQuery) -> SQL {
        var clauses: [SQL] = []
        if let types = query.types { clauses.append("type IN \(types)") }
        clauses += query.conditions.map(Self.sql)
        var sql: SQL = "SELECT \(sql: Self.columns) FROM record"
        if !clauses.isEmpty { sql += " WHERE " + clauses.joined(separator: " AND ") }
        let direction: SQL = query.descending ? "DESC" : "ASC"
        switch query.order {
        case .id: sql += " ORDER BY id \(direction)"
        case .created: sql += " ORDER BY createdAt \(direction), id \(direction)"
        case .updated: sql += " ORDER BY updatedAt \(direction), id \(direction)"
        case .field(let path): sql += " ORDER BY \(Self.extract(path)) \(direction), id \(direction)"
        }
        if let limit = query.limit {
            sql += " LIMIT \(limit) OFFSET \(query.offset)"
        } else if query.offset > 0 {
            sql += " LIMIT -1 OFFSET \(query.offset)"
        }
        return sql
    }

    func ids(types: [String]) throws -> [String] {
        try SQLRequest<String>(literal: "SELECT id FROM record WHERE type IN \(types) ORDER BY createdAt, id").fetchAll(db)
    }

    func count(types: [String]?) throws -> Int {
        let request: SQLRequest<Int> =
            if let types { "SELECT COUNT(*) FROM record WHERE type IN \(types)" } else { "SELECT COUNT(*) FROM record" }
        return try request.fetchOne(db) ?? 0
    }

    func types() throws -> [(type: String, count: Int)] {
        try Row.fetchAll(db, sql: "SELECT type, COUNT(*) AS n FROM record GROUP BY type ORDER BY type").map { ($0["type"], $0["n"]) }
    }

    func delete(id: String) throws -> Bool {
        try db.execute(literal: "DELETE FROM record WHERE id = \(id)")
        return db.changesCount > 0
    }

    func delete(types: [String]?) throws -> Int {
        if let types { try db.execute(literal: "DELETE FROM record WHERE type IN \(types)") } else { try db.execute(sql: "DELETE FROM record") }
        return db.changesCount
    }

    func savepoint<T>(_ body: () throws -> T) throws -> T {
        var result: T?
        try db.inSavepoint {
            result = try body()
            return .commit
        }
        guard let result else { throw DatabaseError(message: "savepoint produced no result") }
        return result
    }

    // MARK: JSON in SQLite

    /// `$.a."b c"[0]` for SQLite's JSON functions.
    static func sqlitePath(_ path: JSONPath) -> String {
        var text = "$"
        for component in path.components {
            switch component {
            case .index(let index): text += "[\(index)]"
            case .key(let key):
                if isPlainKey(key) {
                    text += "." + key
                } else {
                    text += ".\"" + key.replacingOccurrences(of: "\"", with: "\\\"") + "\""
                }
            }
        }
        return text
    }

    /// `json_extract(json, '$.path')`, the path written into the SQL rather than bound: SQLite uses
    /// an index on an expression only for that same expression, and a bound path is not the same.
    static func extract(_ path: JSONPath) -> SQL {
        SQL(sql: extractText(path))
    }

    /// The text of `extract(_:)`.
    static func extractText(_ path: JSONPath) -> String {
        "json_extract(json, '\(sqlitePath(path).replacingOccurrences(of: "'", with: "''"))')"
    }

    /// A key SQLite's JSON path syntax takes without quotes.
    static func isPlainKey(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return key.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
    }

    /// A condition as SQL over the record's text.
    static func sql(_ condition: FieldCondition) -> SQL {
        let path = sqlitePath(condition.path)
        let extract = Self.extract(condition.path)
        let op = SQL(sql: condition.comparison.rawValue)
        switch condition.value {
        case .null:
            return condition.comparison == .notEqual ? "\(extract) IS NOT NULL" : "\(extract) IS NULL"
        case .bool(let b):
            return "json_type(json, \(path)) \(op) \(b ? "true" : "false")"
        case .number(let number):
            if let integer = number.int64 { return "\(extract) \(op) \(integer)" }
            return "\(extract) \(op) \(number.approximateDouble)"
        case .string(let string):
            // json_extract gives arrays and objects as their JSON text: only a string that could be
            // such a text needs the type check (each JSON function call parses the record again).
            if let first = string.first, first == "[" || first == "{" {
                return "(json_type(json, \(path)) = 'text' AND \(extract) \(op) \(string))"
            }
            return "\(extract) \(op) \(string)"
        case .array, .object:
            return "\(extract) \(op) json(\(JSONWriter.serialize(condition.value)))"
        }
    }
}
