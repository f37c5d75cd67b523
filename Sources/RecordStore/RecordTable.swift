import DictionaryStorage
import Foundation
import GRDB
import LosslessJSON

/// The SQL of the record table, shared by the store and by transaction handles.
enum RecordTable {
    static let columns = "id, type, json, createdAt, updatedAt"
    // Statement texts are built once: the statement cache is keyed by them.
    static let insertSQL = "INSERT INTO record (\(columns)) VALUES (?, ?, ?, ?, ?) ON CONFLICT(id) DO NOTHING"
    static let updateSQL = "UPDATE record SET type = ?, json = ?, updatedAt = ? WHERE id = ?"
    static let fetchSQL = "SELECT \(columns) FROM record WHERE id = ?"
    static let typeAndTextSQL = "SELECT type, json FROM record WHERE id = ?"

    static func record(_ row: Row) -> StoredRecord {
        StoredRecord(
            id: row["id"], type: row["type"], json: row["json"],
            createdAt: Date(timeIntervalSince1970: row["createdAt"]), updatedAt: Date(timeIntervalSince1970: row["updatedAt"]))
    }

    static func fetch(_ db: Database, id: String) throws -> StoredRecord? {
        try Row.fetchOne(db.cachedStatement(sql: fetchSQL), arguments: [id]).map(record)
    }

    /// Writes an object under an id: a new record is serialized compactly; an existing record's text
    /// is edited in place so only the changed values' bytes change (and nothing is written when
    /// nothing changed).
    static func put(_ db: Database, id: String, type: String, object: JSONObject) throws {
        let now = Date().timeIntervalSince1970
        // The common case, a new id, costs one statement; an existing id falls through to the edit.
        let insert = try db.cachedStatement(sql: insertSQL)
        try insert.execute(arguments: [id, type, JSONWriter.serialize(.object(object)), now, now])
        guard db.changesCount == 0, let existing = try fetch(db, id: id) else { return }
        var document = try existing.document()
        if case .object = document.rootValue {
            try document.update(at: .root, to: .object(object))
        } else {
            try document.apply(.replace(at: .root, with: .object(object)))
        }
        let text = document.text
        guard text != existing.json || type != existing.type else { return }
        try db.cachedStatement(sql: updateSQL)
            .execute(arguments: [type, text, now, id])
    }

    /// The type and text of a record, for typed reads.
    static func typeAndText(_ db: Database, id: String) throws -> (type: String, json: String)? {
        try Row.fetchOne(db.cachedStatement(sql: typeAndTextSQL), arguments: [id])
            .map { ($0[0], $0[1]) }
    }

    /// Stores a JSON text exactly as given (it must be a valid JSON object).
    static func putText(_ db: Database, id: String, type: String, text: String) throws {
        let document: JSONDocument
        do {
            document = try JSONDocument(text)
        } catch {
            throw RecordStoreError.invalidJSON(id: id, error: error)
        }
        guard case .object = document.kind(document.root) else { throw RecordStoreError.notAnObject(id: id) }
        let now = Date().timeIntervalSince1970
        try db.execute(
            sql: """
                INSERT INTO record (\(columns)) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT(id) DO UPDATE SET type = excluded.type, json = excluded.json, updatedAt = excluded.updatedAt
                """,
            arguments: [id, type, text, now, now])
    }

    static func placeholders(_ count: Int) -> String { Array(repeating: "?", count: count).joined(separator: ", ") }

    /// A listing of records, filtered by types and JSON conditions, ordered and paged.
    static func list(
        _ db: Database, types: [String]?, conditions: [FieldCondition], order: RecordOrder, descending: Bool,
        limit: Int?, offset: Int
    ) throws -> [StoredRecord] {
        var sql = "SELECT \(columns) FROM record"
        var arguments: [(any DatabaseValueConvertible)?] = []
        var clauses: [String] = []
        if let types {
            clauses.append("type IN (\(placeholders(types.count)))")
            arguments += types.map { $0 }
        }
        for condition in conditions {
            let (clause, values) = sqlCondition(condition)
            clauses.append(clause)
            arguments += values
        }
        if !clauses.isEmpty { sql += " WHERE " + clauses.joined(separator: " AND ") }
        let direction = descending ? "DESC" : "ASC"
        switch order {
        case .id: sql += " ORDER BY id \(direction)"
        case .created: sql += " ORDER BY createdAt \(direction), id \(direction)"
        case .updated: sql += " ORDER BY updatedAt \(direction), id \(direction)"
        case .field(let path):
            sql += " ORDER BY json_extract(json, ?) \(direction), id \(direction)"
            arguments.append(sqlitePath(path))
        }
        if let limit {
            sql += " LIMIT ? OFFSET ?"
            arguments += [limit, offset]
        } else if offset > 0 {
            sql += " LIMIT -1 OFFSET ?"
            arguments.append(offset)
        }
        return try Row.fetchAll(db, sql: sql, arguments: StatementArguments(arguments)).map(record)
    }

    /// `$.a."b c"[0]` for SQLite's JSON functions.
    static func sqlitePath(_ path: JSONPath) -> String {
        var text = "$"
        for component in path.components {
            switch component {
            case .index(let index): text += "[\(index)]"
            case .key(let key):
                if JSONPath.isPlainKey(key) {
                    text += "." + key
                } else {
                    text += ".\"" + key.replacingOccurrences(of: "\"", with: "\\\"") + "\""
                }
            }
        }
        return text
    }

    static func sqlCondition(_ condition: FieldCondition) -> (String, [(any DatabaseValueConvertible)?]) {
        let extract = "json_extract(json, ?)"
        let path = sqlitePath(condition.path)
        switch condition.value {
        case .null:
            return (condition.comparison == .notEqual ? "\(extract) IS NOT NULL" : "\(extract) IS NULL", [path])
        case .bool(let b):
            return ("json_type(json, ?) \(condition.comparison.rawValue) ?", [path, b ? "true" : "false"])
        case .number(let number):
            let value: any DatabaseValueConvertible = number.int64.map { $0 as any DatabaseValueConvertible } ?? number.approximateDouble
            return ("\(extract) \(condition.comparison.rawValue) ?", [path, value])
        case .string(let string):
            // json_extract gives arrays and objects as their JSON text: only a string that could be
            // such a text needs the type check (each JSON function call parses the record again).
            if let first = string.first, first == "[" || first == "{" {
                return ("(json_type(json, ?) = 'text' AND \(extract) \(condition.comparison.rawValue) ?)", [path, path, string])
            }
            return ("\(extract) \(condition.comparison.rawValue) ?", [path, string])
        case .array, .object:
            return ("\(extract) \(condition.comparison.rawValue) json(?)", [path, JSONWriter.serialize(condition.value)])
        }
    }
}

extension JSONPath {
    /// A key SQLite's JSON path syntax takes without quotes.
    static func isPlainKey(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return key.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
    }
}
