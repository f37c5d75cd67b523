import Foundation
import LosslessJSON
import RecordStore
import Synchronization

/// SwiftSerialization's record database, over a Keepsake `RecordStore` (SQLite through GRDB, WAL).
///
/// The same calls return the same `Bool`s and counts; what differs:
/// - An error is not only `false`: it is kept in `lastError` (and a store that could not be opened
///   fails every call, with `lastError` saying why, where the seed stopped the app).
/// - Writing over a record keeps the keys its stored JSON has that the new data does not add (an
///   older or newer app version's fields), and changes only the bytes of changed values.
/// - A file written by SwiftSerialization itself is converted on open: every row becomes a record
///   (same id, class name and JSON text) and the seed's table stays in the file, renamed.
/// - Reads inside an open transaction see its writes (one connection, as in the seed).
public final class SerializationDatabase: DatabaseTarget, @unchecked Sendable {
    private let store: RecordStore?
    private let state = Mutex<(error: RecordStoreError?, transaction: Bool)>((nil, false))

    /// Where the records are: the database file.
    public let path: String

    /// The last error a call ran into (nil after a call that succeeded).
    public var lastError: RecordStoreError? { state.withLock { $0.error } }

    /// Whether a transaction (`startTransaction`) is open.
    public var transactionActive: Bool { state.withLock { $0.transaction } }

    /// The store's default file: `records.sqlite` in the user's Library folder (as the seed), or
    /// under `$XDG_DATA_HOME` (`~/.local/share`) where there is no Library folder.
    public static var defaultPath: String {
        #if canImport(Darwin)
        let folder = FileManager.default.urls(for: .libraryDirectory, in: .userDomainMask).first
        #else
        let environment = ProcessInfo.processInfo.environment
        let folder: URL? = environment["XDG_DATA_HOME"].map { URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: NSHomeDirectory()).appendingPathComponent(".local/share")
        #endif
        return (folder ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)).appendingPathComponent("records.sqlite").path
    }

    /// Opens (creating if needed) the default store file.
    public convenience init() {
        self.init(path: Self.defaultPath)
    }

    /// Opens (creating if needed) the store file at `path`; a SwiftSerialization file is converted.
    public init(path: String) {
        self.path = path
        do {
            try FileManager.default.createDirectory(
                at: URL(fileURLWithPath: path).deletingLastPathComponent(), withIntermediateDirectories: true)
            try RecordStore.convertSwiftSerializationStore(at: path)
            store = try RecordStore(path: path)
        } catch let error as RecordStoreError {
            store = nil
            state.withLock { $0.error = error }
        } catch {
            store = nil
            state.withLock { $0.error = .cannotOpen(path: path, detail: "\(error)") }
        }
    }

    /// Runs `body` on the store, keeping its error; `fallback` when it throws.
    private func run<T>(_ fallback: T, _ body: (RecordStore) throws -> T) -> T {
        guard let store else { return fallback }
        do {
            let result = try body(store)
            state.withLock { $0.error = nil }
            return result
        } catch let error as RecordStoreError {
            state.withLock { $0.error = error }
        } catch {
            state.withLock { $0.error = .database(path: path, detail: "\(error)") }
        }
        return fallback
    }

    /// The type names a class's records are stored under: its own and its old names (`Legacy`).
    private func typeNames(_ type: Any.Type) -> [String] {
        let name = String(describing: type)
        return [name] + (Legacy.oldClassNames[name] ?? [])
    }

    /// The object a stored record holds, restored as `T` (or the subclass stored with it).
    private func restore<T: Storable>(_ text: String, as type: T.Type) throws -> T {
        do {
            guard case .object(let object) = try JSONValue(parsing: text) else { throw RecordStoreError.notAnObject(id: "") }
            return DataObject(object: object).restore(T.self)
        } catch let error as JSONParseError {
            throw RecordStoreError.invalidJSON(id: "", error: error)
        }
    }

    // MARK: DatabaseTarget

    /// Writes a record; a record with the id is replaced (keeping keys the new data does not add).
    @discardableResult
    public func write<T: Storable>(_ record: Record<T>) -> Bool {
        run(false) { store in
            let new = record.data.toDataObject().object
            try store.transaction { transaction in
                var object = new
                if let existing = try transaction.record(id: record.id), case .object(let old) = try JSONValue(parsing: existing.json) {
                    object = DataObject.merge(.object(new), over: .object(old)).objectValue ?? new
                }
                try transaction.write(id: record.id, type: record.data.storedClassName, object: object)
            }
            return true
        }
    }

    /// Every stored object of a type (and its old names), oldest first.
    public func read<T: Storable>() -> [T] {
        run([]) { store in
            try typeNames(T.self).flatMap { try store.list(type: $0) }.map { try restore($0.json, as: T.self) }
        }
    }

    /// The stored object with an id; nil when there is none or it is not a `T`.
    public func read<T: Storable>(id: String) -> T? {
        run(nil) { store in
            guard let stored = try store.record(id: id) else { return nil }
            return try restore(stored.json, as: T.self)
        }
    }

    /// The ids of the records of a type (and its old names).
    public func readIDs<T: Storable>(_ allOf: T.Type) -> [String] {
        run([]) { store in try typeNames(T.self).flatMap { try store.list(type: $0).map(\.id) } }
    }

    /// Deletes the records of a type (and its old names); returns how many.
    @discardableResult
    public func delete<T: Storable>(_ allOf: T.Type) -> Int {
        run(0) { store in try typeNames(T.self).reduce(0) { $0 + (try store.delete(type: $1)) } }
    }

    /// Deletes the record with an id; whether there was one.
    @discardableResult
    public func delete(id: String) -> Bool {
        run(false) { store in try store.delete(id: id) }
    }

    /// Deletes every record; returns how many.
    @discardableResult
    public func clearDatabase() -> Int {
        run(0) { store in try store.clearDatabase() }
    }

    /// The number of records.
    public func count() -> Int {
        run(0) { store in try store.count() }
    }

    /// The number of records of a type (and its old names).
    public func count<T: Storable>(_ allOf: T.Type) -> Int {
        run(0) { store in try typeNames(T.self).reduce(0) { $0 + (try store.count(type: $1)) } }
    }

    /// Begins a transaction covering the calls until `commitTransaction` or `rollbackTransaction`.
    /// With one already open, `override` (the default) rolls it back first, as the seed documents;
    /// without it the call fails and the open one goes on.
    @discardableResult
    public func startTransaction(override: Bool = true) -> Bool {
        run(false) { store in
            if transactionActive {
                guard override else { return false }
                try store.rollbackTransaction()
                state.withLock { $0.transaction = false }
            }
            try store.startTransaction()
            state.withLock { $0.transaction = true }
            return true
        }
    }

    /// Commits the open transaction; false when there is none.
    @discardableResult
    public func commitTransaction() -> Bool {
        run(false) { store in
            guard transactionActive else { return false }
            state.withLock { $0.transaction = false }
            try store.commitTransaction()
            return true
        }
    }

    /// Rolls the open transaction back; false when there is none.
    @discardableResult
    public func rollbackTransaction() -> Bool {
        run(false) { store in
            guard transactionActive else { return false }
            state.withLock { $0.transaction = false }
            try store.rollbackTransaction()
            return true
        }
    }
}
