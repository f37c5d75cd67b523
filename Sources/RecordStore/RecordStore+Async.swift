import DictionaryStorage
import GRDB
import LosslessJSON

extension RecordStore {
    /// Writes a record without blocking the caller's thread.
    @discardableResult
    public func write<M: DictionaryStorageModel & Sendable>(_ record: Record<M>) async throws -> Bool {
        let id = record.id
        let object = record.data.storage
        do {
            try await writer.write { db in try RecordTable.put(db, id: id, type: M.schema.name, object: object) }
        } catch {
            throw RecordStoreError.wrap(error, path: path)
        }
        return true
    }

    /// Reads a stored record without blocking the caller's thread.
    public func record(id: String) async throws -> StoredRecord? {
        do {
            return try await writer.read { db in try RecordTable.fetch(db, id: id) }
        } catch {
            throw RecordStoreError.wrap(error, path: path)
        }
    }

    /// Lists stored records without blocking the caller's thread.
    public func list(
        type: String?, where conditions: [FieldCondition] = [], order: RecordOrder = .created, descending: Bool = false,
        limit: Int? = nil, offset: Int = 0
    ) async throws -> [StoredRecord] {
        let types = type.map { names(for: $0) }
        do {
            return try await writer.read { db in
                try RecordTable.list(db, types: types, conditions: conditions, order: order, descending: descending, limit: limit, offset: offset)
            }
        } catch {
            throw RecordStoreError.wrap(error, path: path)
        }
    }

    /// Counts records without blocking the caller's thread.
    public func count() async throws -> Int {
        do {
            return try await writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM record") ?? 0 }
        } catch {
            throw RecordStoreError.wrap(error, path: path)
        }
    }
}
