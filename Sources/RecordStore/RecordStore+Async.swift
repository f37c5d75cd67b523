import DictionaryStorage
import Dispatch
import LosslessJSON

extension RecordStore {
    /// Runs a store operation on a background queue, so an async caller's thread is not blocked.
    private func detached<T: Sendable>(_ operation: @escaping @Sendable (RecordStore) throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try operation(self) })
            }
        }
    }

    /// Writes a record without blocking the caller's thread.
    @discardableResult
    public func write<M: DictionaryStorageModel & Sendable>(_ record: Record<M>) async throws -> Bool {
        let id = record.id
        let object = record.data.storage
        return try await detached { store in
            try store.performWrite { connection in try connection.put(id: id, type: M.schema.name, object: object) }
            return true
        }
    }

    /// Reads a stored record without blocking the caller's thread.
    public func record(id: String) async throws -> StoredRecord? {
        try await detached { store in try store.record(id: id) }
    }

    /// Lists stored records without blocking the caller's thread.
    public func list(
        type: String?, where conditions: [FieldCondition] = [], order: RecordOrder = .created, descending: Bool = false,
        limit: Int? = nil, offset: Int = 0
    ) async throws -> [StoredRecord] {
        try await detached { store in
            try store.list(type: type, where: conditions, order: order, descending: descending, limit: limit, offset: offset)
        }
    }

    /// Counts records without blocking the caller's thread.
    public func count() async throws -> Int {
        try await detached { store in try store.count() }
    }
}
