import Foundation

/// What a SwiftSerialization database does (the seed's protocol), so code written against it works.
public protocol DatabaseTarget {
    /// Writes a record, replacing one with the same id; whether it worked.
    func write<T: Storable>(_ record: Record<T>) -> Bool
    /// Every stored object of a type.
    func read<T: Storable>() -> [T]
    /// The stored object with an id.
    func read<T: Storable>(id: String) -> T?
    /// Deletes every record of a type; how many.
    func delete<T: Storable>(_ allOf: T.Type) -> Int
    /// Deletes the record with an id; whether there was one.
    func delete(id: String) -> Bool
    /// Deletes every record; how many.
    func clearDatabase() -> Int
    /// The number of records.
    func count() -> Int
    /// Begins a transaction.
    func startTransaction(override: Bool) -> Bool
    /// Commits the open transaction.
    func commitTransaction() -> Bool
    /// Rolls back the open transaction.
    func rollbackTransaction() -> Bool
}

/// The seed's earlier name for the SQLite database.
public typealias SQLiteDatabase = SerializationDatabase
