import Foundation
import PostgresNIO
import RecordStore

/// Record types' schemas in PostgreSQL: the table `record_schema` beside `record`, one row per
/// type name.
extension PostgresRecordConnection {
    /// The statement that creates the table of type schemas when missing.
    static let createTypeSchemaTable = """
        CREATE TABLE IF NOT EXISTS record_schema (type text PRIMARY KEY, schema text NOT NULL, updated_at double precision NOT NULL)
        """

    /// Whether the store has the table (one created before type schemas has none until its first).
    private func hasTypeSchemaTable() throws -> Bool {
        try backend.value(Bool.self, "SELECT to_regclass('record_schema') IS NOT NULL") ?? false
    }

    func typeSchema(for type: String) throws -> String? {
        guard try hasTypeSchemaTable() else { return nil }
        return try backend.value(String.self, "SELECT schema FROM record_schema WHERE type = \(type)")
    }

    func typeSchemas() throws -> [(type: String, schema: String)] {
        guard try hasTypeSchemaTable() else { return [] }
        return try backend.run("SELECT type, schema FROM record_schema ORDER BY type COLLATE \"C\"").rows.map { row in
            try backend.decode(row, (String, String).self)
        }
    }

    func setTypeSchema(_ schema: String, for type: String, at time: Date) throws {
        if try !hasTypeSchemaTable() { try backend.execute(Self.createTypeSchemaTable) }
        _ = try backend.run("""
            INSERT INTO record_schema (type, schema, updated_at) VALUES (\(type), \(schema), \(time.timeIntervalSince1970))
            ON CONFLICT (type) DO UPDATE SET schema = excluded.schema, updated_at = excluded.updated_at
            """)
    }

    func removeTypeSchema(for type: String) throws -> Bool {
        guard try hasTypeSchemaTable() else { return false }
        return (try backend.run("DELETE FROM record_schema WHERE type = \(type)").metadata.rows ?? 0) > 0
    }
}
