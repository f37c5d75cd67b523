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

    /// `$.a."b c"[0]` for SQLite's JSON functions, when every key can be written in SQLite's path
    /// syntax (`pathKeys`); nil otherwise.
    static func sqlitePath(_ path: JSONPath) -> String? {
        var text = "$"
        for component in path.components {
            switch component {
            case .index(let index): text += "[\(index)]"
            case .key(let key) where isPlainKey(key): text += "." + key
            case .key(let key) where isQuotableKey(key): text += ".\"" + key + "\""
            case .key: return nil
            }
        }
        return text
    }

    /// `json_extract(json, '$.path')`, the path written into the SQL rather than bound: SQLite uses
    /// an index on an expression only for that same expression, and a bound path is not the same.
    /// A key SQLite's path syntax cannot name is looked up among its object's members instead.
    static func extract(_ path: JSONPath) -> SQL {
        if let path = sqlitePath(path) { return SQL(sql: "json_extract(json, \(literal(path)))") }
        return member(path, column: "value")
    }

    /// `json_type` of the value at a path (as `extract(_:)` finds it).
    static func type(_ path: JSONPath) -> SQL {
        if let path = sqlitePath(path) { return SQL(sql: "json_type(json, \(literal(path)))") }
        return member(path, column: "type")
    }

    /// The expression an index on a path is made of; nil for a path with a key SQLite's path syntax
    /// cannot name (an index cannot hold the lookup that finds it).
    static func extractText(_ path: JSONPath) -> String? {
        sqlitePath(path).map { "json_extract(json, \(literal($0)))" }
    }

    /// A column of `json_each` for the member at a path: the path is walked with SQLite's path
    /// syntax as far as it can write it, then each key it cannot write is found by `json_each`'s
    /// decoded key (bound, never written into the SQL), the last occurrence as keepsake reads it.
    private static func member(_ path: JSONPath, column: String) -> SQL {
        // Qualified: inside a lookup, a bare `json` is json_each's own hidden column.
        var container = SQL(sql: "record.json")
        var steps = "$"
        var last: SQL?
        for (position, component) in path.components.enumerated() {
            let isLast = position == path.components.count - 1
            switch component {
            case .index(let index): steps += "[\(index)]"
            case .key(let key) where isPlainKey(key): steps += "." + key
            case .key(let key) where isQuotableKey(key): steps += ".\"" + key + "\""
            case .key(let key):
                // Only a container is walked into: a string's text is not read as JSON.
                let selected = isLast ? SQL(sql: column) : SQL(sql: "CASE WHEN type IN ('object', 'array') THEN value END")
                let lookup: SQL = "(SELECT \(selected) FROM json_each(\(container), \(sql: literal(steps))) WHERE key = \(key) ORDER BY id DESC LIMIT 1)"
                if isLast { last = lookup }
                container = lookup
                steps = "$"
            }
        }
        if let last { return last }
        let function = column == "type" ? "json_type" : "json_extract"
        return "\(sql: function)(\(container), \(sql: literal(steps)))"
    }

    /// A string as an SQL literal.
    private static func literal(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "''") + "'" }

    /// A key SQLite's JSON path syntax takes without quotes.
    static func isPlainKey(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return key.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
    }

    /// A key SQLite's path syntax takes in double quotes. SQLite (3.40) compares a quoted label with
    /// the key as written in the text, escapes and all, and ends it at the first `"`: a key with a
    /// quote, a backslash, or a character a writer escapes is not one.
    static func isQuotableKey(_ key: String) -> Bool {
        !key.isEmpty && key.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value < 0x7F && $0 != "\"" && $0 != "\\" }
    }

    /// A condition as SQL over the record's text.
    static func sql(_ condition: FieldCondition) -> SQL {
        let extract = Self.extract(condition.path)
        let type = Self.type(condition.path)
        let op = SQL(sql: condition.comparison.rawValue)
        switch condition.value {
        case .null:
            return condition.comparison == .notEqual ? "\(extract) IS NOT NULL" : "\(extract) IS NULL"
        case .bool(let b):
            return "\(type) \(op) \(b ? "true" : "false")"
        case .number(let number):
            if let integer = number.int64 { return "\(extract) \(op) \(integer)" }
            return "\(extract) \(op) \(number.approximateDouble)"
        case .string(let string):
            // json_extract gives arrays and objects as their JSON text: only a string that could be
            // such a text needs the type check (each JSON function call parses the record again).
            if let first = string.first, first == "[" || first == "{" {
                return "(\(type) = 'text' AND \(extract) \(op) \(string))"
            }
            return "\(extract) \(op) \(string)"
        case .array, .object:
            return "\(extract) \(op) json(\(JSONWriter.serialize(condition.value)))"
        }
    }
}
