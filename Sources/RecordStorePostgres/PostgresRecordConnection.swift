import Foundation
import LosslessJSON
import PostgresNIO
import RecordStore

/// The record table's SQL on the backend's connection. Field conditions and orders read the stored
/// text through PostgreSQL's JSON operators (`json::jsonb #> path`); the text itself is never
/// rewritten.
struct PostgresRecordConnection: RecordConnection {
    let backend: PostgresRecordBackend

    private static let columns = "id, type, json, created_at, updated_at, version"

    private func records(_ query: PostgresQuery) throws -> [StoredRecord] {
        try backend.run(query).rows.map { row in
            let (id, type, json, created, updated, version) = try backend.decode(row, (String, String, String, Double, Double, Int64).self)
            return StoredRecord(
                id: id, type: type, json: json, createdAt: Date(timeIntervalSince1970: created),
                updatedAt: Date(timeIntervalSince1970: updated), version: Int(version))
        }
    }

    private func integer(_ query: PostgresQuery) throws -> Int {
        Int(try backend.value(Int64.self, query) ?? 0)
    }

    func fetch(id: String) throws -> StoredRecord? {
        try records("SELECT id, type, json, created_at, updated_at, version FROM record WHERE id = \(id)").first
    }

    func insert(_ record: StoredRecord) throws -> Bool {
        let result = try backend.run("""
            INSERT INTO record (id, type, json, created_at, updated_at, version)
            VALUES (\(record.id), \(record.type), \(record.json), \(record.createdAt.timeIntervalSince1970),
                \(record.updatedAt.timeIntervalSince1970), \(Int64(record.version)))
            ON CONFLICT (id) DO NOTHING
            """)
        return (result.metadata.rows ?? 0) > 0
    }

    /// One multi-row INSERT per call (a round trip per thousand records, not per record).
    func insertAll(_ records: [StoredRecord]) throws {
        guard !records.isEmpty else { return }
        var binds = PostgresBindings(capacity: records.count * 6)
        var rows: [String] = []
        rows.reserveCapacity(records.count)
        for (position, record) in records.enumerated() {
            let first = position * 6 + 1
            rows.append("($\(first), $\(first + 1), $\(first + 2), $\(first + 3), $\(first + 4), $\(first + 5))")
            binds.append(record.id)
            binds.append(record.type)
            binds.append(record.json)
            binds.append(record.createdAt.timeIntervalSince1970)
            binds.append(record.updatedAt.timeIntervalSince1970)
            binds.append(Int64(record.version))
        }
        // No ON CONFLICT: a taken id fails the statement with the server's message naming it.
        _ = try backend.run(PostgresQuery(unsafeSQL: "INSERT INTO record (\(Self.columns)) VALUES " + rows.joined(separator: ", "), binds: binds))
    }

    func upsert(_ record: StoredRecord) throws {
        _ = try backend.run("""
            INSERT INTO record (id, type, json, created_at, updated_at, version)
            VALUES (\(record.id), \(record.type), \(record.json), \(record.createdAt.timeIntervalSince1970),
                \(record.updatedAt.timeIntervalSince1970), \(Int64(record.version)))
            ON CONFLICT (id) DO UPDATE SET type = EXCLUDED.type, json = EXCLUDED.json, updated_at = EXCLUDED.updated_at,
                version = record.version + 1
            """)
    }

    func update(id: String, type: String, json: String, updatedAt: Date, expectedVersion: Int?) throws -> Int {
        let time = updatedAt.timeIntervalSince1970
        guard let expectedVersion else {
            let result = try backend.run(
                "UPDATE record SET type = \(type), json = \(json), updated_at = \(time), version = version + 1 WHERE id = \(id) RETURNING version")
            guard let version = try result.rows.first?.decode(Int64.self) else { throw RecordStoreError.noRecord(id: id) }
            return Int(version)
        }
        let result = try backend.run("""
            UPDATE record SET type = \(type), json = \(json), updated_at = \(time), version = version + 1
            WHERE id = \(id) AND version = \(Int64(expectedVersion)) RETURNING version
            """)
        guard let version = try result.rows.first?.decode(Int64.self) else {
            throw RecordStoreError.conflict(id: id, expected: expectedVersion, found: try fetch(id: id)?.version)
        }
        return Int(version)
    }

    func list(_ query: RecordQuery) throws -> [StoredRecord] {
        try records(Self.listQuery(query))
    }

    func plan(_ query: RecordQuery) throws -> String {
        let list = Self.listQuery(query)
        return try backend.run(PostgresQuery(unsafeSQL: "EXPLAIN " + list.sql, binds: list.binds)).rows.map { row in
            try backend.decode(row, String.self)
        }.joined(separator: "\n")
    }

    /// The statement that lists a query's records.
    static func listQuery(_ query: RecordQuery) -> PostgresQuery {
        var binds = PostgresBindings()
        var clauses: [String] = []
        if let types = query.types {
            binds.append(types)
            clauses.append("type = ANY($\(binds.count))")
        }
        for condition in query.conditions { clauses.append(Self.sql(condition, binds: &binds)) }
        var sql = "SELECT \(Self.columns) FROM record"
        if !clauses.isEmpty { sql += " WHERE " + clauses.joined(separator: " AND ") }
        let direction = query.descending ? "DESC" : "ASC"
        switch query.order {
        case .id: sql += " ORDER BY id COLLATE \"C\" \(direction)"
        case .created: sql += " ORDER BY created_at \(direction), id COLLATE \"C\" \(direction)"
        case .updated: sql += " ORDER BY updated_at \(direction), id COLLATE \"C\" \(direction)"
        case .field(let path):
            binds.append(Self.pathArray(path))
            sql += " ORDER BY json::jsonb #> $\(binds.count) \(direction), id COLLATE \"C\" \(direction)"
        }
        if let limit = query.limit { sql += " LIMIT \(limit)" }
        if query.offset > 0 { sql += " OFFSET \(query.offset)" }
        return PostgresQuery(unsafeSQL: sql, binds: binds)
    }

    func ids(types: [String]) throws -> [String] {
        try backend.run("SELECT id FROM record WHERE type = ANY(\(types)) ORDER BY created_at, id COLLATE \"C\"").rows.map { row in
            try backend.decode(row, (String).self)
        }
    }

    func count(types: [String]?) throws -> Int {
        if let types { return try integer("SELECT COUNT(*) FROM record WHERE type = ANY(\(types))") }
        return try integer("SELECT COUNT(*) FROM record")
    }

    func types() throws -> [(type: String, count: Int)] {
        try backend.run("SELECT type, COUNT(*) FROM record GROUP BY type ORDER BY type COLLATE \"C\"").rows.map { row in
            let (type, count) = try backend.decode(row, (String, Int64).self)
            return (type, Int(count))
        }
    }

    func delete(id: String) throws -> Bool {
        (try backend.run("DELETE FROM record WHERE id = \(id)").metadata.rows ?? 0) > 0
    }

    func delete(id: String, expectedVersion: Int) throws -> Bool {
        if (try backend.run("DELETE FROM record WHERE id = \(id) AND version = \(Int64(expectedVersion))").metadata.rows ?? 0) > 0 { return true }
        guard let found = try fetch(id: id) else { return false }
        throw RecordStoreError.conflict(id: id, expected: expectedVersion, found: found.version)
    }

    func delete(types: [String]?) throws -> Int {
        let result = try types.map { try backend.run("DELETE FROM record WHERE type = ANY(\($0))") } ?? backend.run("DELETE FROM record")
        return result.metadata.rows ?? 0
    }

    func savepoint<T>(_ body: () throws -> T) throws -> T {
        let name = backend.nextSavepoint()
        _ = try backend.run(PostgresQuery(unsafeSQL: "SAVEPOINT \(name)"))
        do {
            let result = try body()
            _ = try backend.run(PostgresQuery(unsafeSQL: "RELEASE SAVEPOINT \(name)"))
            return result
        } catch {
            _ = try backend.run(PostgresQuery(unsafeSQL: "ROLLBACK TO SAVEPOINT \(name)"))
            _ = try backend.run(PostgresQuery(unsafeSQL: "RELEASE SAVEPOINT \(name)"))
            throw error
        }
    }

    // MARK: JSON in PostgreSQL

    /// A path as the `text[]` that `#>` takes (indices as their digits).
    static func pathArray(_ path: JSONPath) -> [String] {
        path.components.map { component in
            switch component {
            case .key(let key): key
            case .index(let index): String(index)
            }
        }
    }

    /// A condition as SQL over the record's text, its values bound. Equality compares JSON values
    /// (`1.0` equals `1`); an ordering compares numbers with numbers and strings with strings
    /// (by code point), and is false for values of another kind.
    static func sql(_ condition: FieldCondition, binds: inout PostgresBindings) -> String {
        binds.append(pathArray(condition.path))
        let value = "(json::jsonb #> $\(binds.count))"
        let op = condition.comparison.rawValue
        let ordering = condition.comparison != .equal && condition.comparison != .notEqual
        switch condition.value {
        case .null:
            return condition.comparison == .notEqual
                ? "(\(value) IS NOT NULL AND \(value) <> 'null'::jsonb)" : "(\(value) IS NULL OR \(value) = 'null'::jsonb)"
        case .string(let string) where ordering:
            binds.append(string)
            return "(jsonb_typeof(\(value)) = 'string' AND (\(value) #>> '{}') COLLATE \"C\" \(op) $\(binds.count))"
        case .number where ordering:
            binds.append(JSONWriter.serialize(condition.value))
            return "(jsonb_typeof(\(value)) = 'number' AND \(value) \(op) $\(binds.count)::jsonb)"
        default:
            binds.append(JSONWriter.serialize(condition.value))
            return "\(value) \(op) $\(binds.count)::jsonb"
        }
    }
}
