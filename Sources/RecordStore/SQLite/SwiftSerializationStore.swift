import DictionaryStorage
import Foundation
import GRDB
import LosslessJSON

/// The SQLite file SwiftSerialization's `SerializationDatabase` writes: one table `record(id,
/// objectName, createdAt, data)` — the same table name as a Keepsake store, other columns. Opening
/// one as a store would find "record" and show nothing of it, so it is recognised and refused, and
/// converted only when asked.
enum SwiftSerializationStore {
    /// The name the seed's table is kept under after a conversion (its rows are never deleted).
    static let keptTable = "swiftserialization_record"
    /// Its name while a conversion runs: a conversion interrupted between its steps resumes.
    static let convertingTable = "swiftserialization_record_converting"

    /// Whether the database holds the seed's table (and not a Keepsake one), or a conversion that
    /// did not finish.
    static func isOne(_ db: Database) throws -> Bool {
        if try db.tableExists(convertingTable) { return true }
        guard try db.tableExists("record") else { return false }
        let columns = Set(try db.columns(in: "record").map(\.name))
        return columns.contains("objectName") && columns.contains("data") && !columns.contains("json")
    }

    /// Converts the seed's table: it is renamed aside (one transaction), the store's schema is
    /// created (the migrations), and every row becomes a record with the same id, its class name
    /// as the type, its JSON text exactly and its creation time, after which the seed's table takes
    /// its final name `keptTable` (one transaction). Each step can be interrupted and run again.
    static func convert(_ queue: DatabaseQueue) throws -> Int {
        guard try queue.read(isOne) else { return 0 }
        try queue.write { db in
            if try !db.tableExists(convertingTable) { try db.rename(table: "record", to: convertingTable) }
        }
        try SQLiteRecordBackend.migrator.migrate(queue)
        return try queue.write { db in
            let rows = try Row.fetchAll(db, sql: "SELECT id, objectName, createdAt, data FROM \(convertingTable)")
            for row in rows {
                let id: String = row["id"] ?? UUID().uuidString
                let created = (row["createdAt"] as String?).flatMap { Date(json: .string($0), options: FieldOptions(strategy: .iso8601)) }
                let time = (created ?? Date()).timeIntervalSince1970
                try db.execute(
                    sql: "INSERT OR IGNORE INTO record (id, type, json, createdAt, updatedAt, version) VALUES (?, ?, ?, ?, ?, 1)",
                    arguments: [id, (row["objectName"] as String?) ?? "", (row["data"] as String?) ?? "", time, time])
            }
            try db.rename(table: convertingTable, to: keptTable)
            return rows.count
        }
    }
}

extension RecordStore {
    /// Converts a SwiftSerialization database file in place into a record store (see
    /// `SwiftSerializationStore`): every row becomes a record — same id, the class name as its type,
    /// the JSON text exactly — and the seed's table stays in the file as `swiftserialization_record`.
    /// Returns the number of records converted; 0 when the file is not a SwiftSerialization database.
    @discardableResult
    public static func convertSwiftSerializationStore(at path: String) throws(RecordStoreError) -> Int {
        // No file (or an empty one) holds no rows, and opening it here would create it.
        guard let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size > 0 else { return 0 }
        do {
            let queue = try DatabaseQueue(path: path)
            return try SwiftSerializationStore.convert(queue)
        } catch {
            throw RecordStoreError.wrap(error, path: path)
        }
    }
}
