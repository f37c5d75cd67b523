import Foundation
import GRDB

/// Record types' schemas in SQLite: the table `record_schema`, one row per type name.
extension SQLiteRecordConnection {
    /// Creates the table of type schemas when missing (a migration of the store's schema, and a
    /// write to a store opened before it ran).
    static func createTypeSchemaTable(_ db: Database) throws {
        try db.execute(sql: "CREATE TABLE IF NOT EXISTS record_schema (type TEXT PRIMARY KEY NOT NULL, schema TEXT NOT NULL, updatedAt DOUBLE NOT NULL)")
    }

    /// Whether the store has the table (a store opened read-only before its migration has none).
    private func hasTypeSchemaTable() throws -> Bool {
        try db.tableExists("record_schema")
    }

    func typeSchema(for type: String) throws -> String? {
        guard try hasTypeSchemaTable() else { return nil }
        return try SQLRequest<String>(literal: "SELECT schema FROM record_schema WHERE type = \(type)").fetchOne(db)
    }

    func typeSchemas() throws -> [(type: String, schema: String)] {
        guard try hasTypeSchemaTable() else { return [] }
        return try Row.fetchAll(db, sql: "SELECT type, schema FROM record_schema ORDER BY type").map { ($0["type"], $0["schema"]) }
    }

    func setTypeSchema(_ schema: String, for type: String, at time: Date) throws {
        try Self.createTypeSchemaTable(db)
        try db.execute(
            literal: """
                INSERT INTO record_schema (type, schema, updatedAt) VALUES (\(type), \(schema), \(time.timeIntervalSince1970))
                ON CONFLICT(type) DO UPDATE SET schema = excluded.schema, updatedAt = excluded.updatedAt
                """)
    }

    func removeTypeSchema(for type: String) throws -> Bool {
        guard try hasTypeSchemaTable() else { return false }
        try db.execute(literal: "DELETE FROM record_schema WHERE type = \(type)")
        return db.changesCount > 0
    }
}
