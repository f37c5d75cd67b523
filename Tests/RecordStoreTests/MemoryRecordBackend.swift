import Foundation
import LosslessJSON
import RecordStore
import Synchronization

/// A record backend held in memory, with none of SQLite: the test double that shows the store's
/// operations, lossless writes, renames and transactions are written once above `RecordBackend`.
/// Conditions and orders follow SQLite's JSON semantics closely enough for the tests (NULL sorts
/// first, then numbers, then strings; a condition on a missing value is false).
final class MemoryRecordBackend: RecordBackend {
    /// The records, and the state saved when an explicit transaction began.
    private struct State {
        var records: [String: StoredRecord] = [:]
        var typeSchemas: [String: String] = [:]
        var beforeExplicit: (records: [String: StoredRecord], typeSchemas: [String: String])?
    }

    private let state = Mutex(State())
    let location = "(memory)"
    /// Every statement a connection ran, by name (what a database would have been sent).
    let statements = StatementLog()

    /// Names of statements run, in order.
    final class StatementLog: Sendable {
        private let names = Mutex<[String]>([])
        func append(_ name: String) { names.withLock { $0.append(name) } }
        /// The names logged since the last call, and a clean log.
        func taken() -> [String] { names.withLock { names in defer { names = [] }; return names } }
    }

    func read<T>(_ body: (any RecordConnection) throws -> T) throws -> T {
        let (records, typeSchemas) = state.withLock { ($0.records, $0.typeSchemas) }
        return try body(Connection(records: records, typeSchemas: typeSchemas, statements: statements))
    }

    func write<T>(_ body: (any RecordConnection) throws -> T) throws -> T {
        try state.withLock { state in
            let connection = Connection(records: state.records, typeSchemas: state.typeSchemas, statements: statements)
            let result = try body(connection)
            state.records = connection.records
            state.typeSchemas = connection.schemasByType
            return result
        }
    }

    /// Every lookup reads every record: an index changes nothing here but its name.
    func createFieldIndex(on path: JSONPath) throws(RecordStoreError) -> String { fieldIndexName(path) }

    func beginTransaction() throws(RecordStoreError) {
        state.withLock { $0.beforeExplicit = ($0.records, $0.typeSchemas) }
    }

    func commitTransaction() throws(RecordStoreError) {
        state.withLock { $0.beforeExplicit = nil }
    }

    func rollbackTransaction() throws(RecordStoreError) {
        state.withLock { state in
            if let before = state.beforeExplicit { (state.records, state.typeSchemas) = before }
            state.beforeExplicit = nil
        }
    }

    /// One read or write's view of the records; a write's changes are kept when it returns.
    final class Connection: RecordConnection {
        var records: [String: StoredRecord]
        var schemasByType: [String: String]
        let statements: StatementLog

        init(records: [String: StoredRecord], typeSchemas: [String: String], statements: StatementLog) {
            self.records = records
            self.schemasByType = typeSchemas
            self.statements = statements
        }

        /// Notes one statement.
        private func ran(_ name: String) { statements.append(name) }

        func fetch(id: String) throws -> StoredRecord? {
            ran("fetch")
            return records[id]
        }

        func insert(_ record: StoredRecord) throws -> Bool {
            ran("insert")
            guard records[record.id] == nil else { return false }
            records[record.id] = record
            return true
        }

        func upsert(_ record: StoredRecord) throws {
            ran("upsert")
            let old = records[record.id]
            records[record.id] = StoredRecord(
                id: record.id, type: record.type, json: record.json, createdAt: old?.createdAt ?? record.createdAt, updatedAt: record.updatedAt,
                version: old.map { $0.version + 1 } ?? record.version)
        }

        func update(id: String, type: String, json: String, updatedAt: Date, expectedVersion: Int?) throws -> Int {
            ran("update")
            guard let old = records[id] else {
                if let expectedVersion { throw RecordStoreError.conflict(id: id, expected: expectedVersion, found: nil) }
                throw RecordStoreError.noRecord(id: id)
            }
            if let expectedVersion, old.version != expectedVersion {
                throw RecordStoreError.conflict(id: id, expected: expectedVersion, found: old.version)
            }
            records[id] = StoredRecord(id: id, type: type, json: json, createdAt: old.createdAt, updatedAt: updatedAt, version: old.version + 1)
            return old.version + 1
        }

        func list(_ query: RecordQuery) throws -> [StoredRecord] {
            ran("list")
            var selected = records.values.filter { record in
                (query.types?.contains(record.type) ?? true) && query.conditions.allSatisfy { Self.holds($0, in: record) }
            }
            selected.sort { a, b in
                let order: (SortKey, SortKey)
                switch query.order {
                case .id: order = (.none, .none)
                case .created: order = (.number(a.createdAt.timeIntervalSince1970), .number(b.createdAt.timeIntervalSince1970))
                case .updated: order = (.number(a.updatedAt.timeIntervalSince1970), .number(b.updatedAt.timeIntervalSince1970))
                case .field(let path): order = (SortKey(Self.value(at: path, in: a)), SortKey(Self.value(at: path, in: b)))
                }
                if order.0 != order.1 { return query.descending ? order.1 < order.0 : order.0 < order.1 }
                return query.descending ? a.id > b.id : a.id < b.id
            }
            let paged = selected.dropFirst(query.offset)
            return Array(query.limit.map { paged.prefix($0) } ?? paged)
        }

        func ids(types: [String]) throws -> [String] {
            try list(RecordQuery(types: types)).map(\.id)
        }

        func count(types: [String]?) throws -> Int {
            records.values.filter { types?.contains($0.type) ?? true }.count
        }

        func types() throws -> [(type: String, count: Int)] {
            ran("types")
            return Dictionary(grouping: records.values, by: \.type).map { ($0.key, $0.value.count) }.sorted { $0.type < $1.type }
        }

        func delete(id: String) throws -> Bool {
            ran("delete")
            return records.removeValue(forKey: id) != nil
        }

        func delete(id: String, expectedVersion: Int) throws -> Bool {
            ran("delete")
            guard let old = records[id] else { return false }
            guard old.version == expectedVersion else { throw RecordStoreError.conflict(id: id, expected: expectedVersion, found: old.version) }
            records[id] = nil
            return true
        }

        func delete(types: [String]?) throws -> Int {
            let doomed = records.values.filter { types?.contains($0.type) ?? true }.map(\.id)
            for id in doomed { records[id] = nil }
            return doomed.count
        }

        func savepoint<T>(_ body: () throws -> T) throws -> T {
            let before = (records, schemasByType)
            do {
                return try body()
            } catch {
                (records, schemasByType) = before
                throw error
            }
        }

        func typeSchema(for type: String) throws -> String? {
            ran("typeSchema")
            return schemasByType[type]
        }

        func typeSchemas() throws -> [(type: String, schema: String)] {
            ran("typeSchemas")
            return schemasByType.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        }

        func setTypeSchema(_ schema: String, for type: String, at time: Date) throws {
            ran("setTypeSchema")
            schemasByType[type] = schema
        }

        func removeTypeSchema(for type: String) throws -> Bool {
            ran("removeTypeSchema")
            return schemasByType.removeValue(forKey: type) != nil
        }

        private static func value(at path: JSONPath, in record: StoredRecord) -> JSONValue? {
            (try? JSONValue(parsing: record.json)).flatMap { value in
                var current: JSONValue? = value
                for component in path.components {
                    switch (component, current) {
                    case (.key(let key), .object(let object)?): current = object[key]
                    case (.index(let index), .array(let array)?): current = index < array.count ? array[index] : nil
                    default: return nil
                    }
                }
                return current
            }
        }

        private static func holds(_ condition: FieldCondition, in record: StoredRecord) -> Bool {
            let found = value(at: condition.path, in: record)
            if condition.value == .null {
                let absent = found == nil || found == .null
                return condition.comparison == .notEqual ? !absent : absent
            }
            guard let found, found != .null else { return false }
            let (a, b) = (SortKey(found), SortKey(condition.value))
            switch condition.comparison {
            case .equal: return a == b
            case .notEqual: return a != b
            case .less: return a < b
            case .lessOrEqual: return a < b || a == b
            case .greater: return b < a
            case .greaterOrEqual: return b < a || a == b
            }
        }
    }
}

/// A value as SQLite orders what `json_extract` returns: NULL, then numbers, then text.
enum SortKey: Equatable, Comparable {
    case none
    case number(Double)
    case text(String)

    init(_ value: JSONValue?) {
        switch value {
        case .number(let number)?: self = .number(number.approximateDouble)
        case .string(let string)?: self = .text(string)
        case .bool(let bool)?: self = .number(bool ? 1 : 0)
        case .array?, .object?: self = .text(JSONWriter.serialize(value ?? .null))
        case .null?, nil: self = .none
        }
    }

    static func < (a: SortKey, b: SortKey) -> Bool {
        switch (a, b) {
        case (.none, .none): false
        case (.none, _): true
        case (_, .none): false
        case (.number(let x), .number(let y)): x < y
        case (.number, .text): true
        case (.text, .number): false
        case (.text(let x), .text(let y)): Array(x.utf8).lexicographicallyPrecedes(Array(y.utf8))
        }
    }
}
