import DictionaryStorage
import Foundation
import GRDB
import LosslessJSON
import RecordStore
import RecordStorePostgres
import Testing

@DictionaryStorage
struct Student {
    var firstName: String = ""
    var lastName: String = ""
    var debt: Double = 0
    var subjectNames: [String] = []
    var homework: [Homework] = []
}

@DictionaryStorage
struct Teacher {
    var firstName: String = ""
    var salary: Double = 0
}

@DictionaryStorage
struct Homework {
    var answers: String = ""
    var grade: Int?
}

/// A temporary folder with a database path, removed afterwards.
final class TemporaryDatabase {
    let folder: URL
    var path: String { folder.appendingPathComponent("store.sqlite").path }

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("keepsake-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }
}

/// The backends every backend-independent test runs on: SQLite (GRDB) and the memory double.
enum Backend: String, CaseIterable, CustomTestStringConvertible {
    case sqlite, memory, postgres

    /// The PostgreSQL server the tests use (`Scripts/postgres.sh start` prints it; `.ci/run` sets it).
    static let postgresURL = ProcessInfo.processInfo.environment["KEEPSAKE_POSTGRES_URL"]

    /// The backends to test: PostgreSQL only when a server is given.
    static let available: [Backend] = postgresURL == nil ? [.sqlite, .memory] : allCases

    func store() throws -> RecordStore {
        switch self {
        case .sqlite: try RecordStore()
        case .memory: RecordStore(backend: MemoryRecordBackend())
        case .postgres: RecordStore(backend: try Self.postgresBackend())
        }
    }

    /// A backend over a schema of its own, so tests running at once never see each other's records.
    static func postgresBackend() throws -> PostgresRecordBackend {
        guard let url = postgresURL else { throw RecordStoreError.cannotOpen(path: "postgres", detail: "KEEPSAKE_POSTGRES_URL is not set") }
        let schema = "t_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        return try PostgresRecordBackend(url: url + (url.contains("?") ? "&" : "?") + "schema=" + schema)
    }

    var testDescription: String { rawValue }
}

@Suite("Record store")
struct RecordStoreTests {
    @Test(arguments: Backend.available)
    func fieldConditionsFindKeysWithQuotesBackslashesAndEscapes(backend: Backend) throws {
        let store = try backend.store()
        // Keys SQLite's path syntax cannot name (it compares a quoted label with the key as written,
        // escapes and all, and ends it at the first quote): each record is found by each of its keys.
        let texts = [
            #"{"a\\b": 1, "q\"x": 2, "\u00e9": 3, "o": {"x y": {"z\"w": 4}}, "s": "{\"k\": 5}"}"#,
            #"{"a\\b": 9, "q\"x": 9, "é": 9, "o": {"x y": {"z\"w": 9}}, "s": 9}"#,
        ]
        #expect(try store.transaction { tx in try tx.insertAll(type: "Odd", texts: texts) } == 2)
        func count(_ path: [String], _ value: JSONValue) throws -> Int {
            try store.list(type: "Odd", where: [FieldCondition(JSONPath(path.map { .key($0) }), .equal, value)]).count
        }
        #expect(try count(["a\\b"], 1) == 1)
        #expect(try count(["q\"x"], 2) == 1)
        #expect(try count(["é"], 3) == 1)  // written \u00e9 in the first record, é in the second
        #expect(try count(["é"], 9) == 1)
        #expect(try count(["o", "x y", "z\"w"], 4) == 1)
        #expect(try count(["q\"x"], 7) == 0)
        // A string's text is not walked into as JSON.
        #expect(try count(["s", "k"], 5) == 0)
        #expect(try count(["q\"x"], nil) == 0)
        // As `--where` reads them: an escaped quote does not end a quoted key.
        let parsed = try FieldCondition(parsing: #"."q\"x"=2"#)
        #expect(parsed.path == JSONPath([.key("q\"x")]) && parsed.value == 2)
        #expect(try store.list(type: "Odd", where: [parsed]).count == 1)
    }

    @Test(arguments: Backend.available)
    func manyTextsAreStoredExactlyInBatchesOrNoneAre(backend: Backend) throws {
        let store = try backend.store()
        // 2,500 texts: three batches of PostgreSQL's multi-row insert, the last one short.
        let texts = (0..<2_500).map { #"{"n": \#($0), "s":  "x\#($0)" , "d": 1.50}"# }
        #expect(try store.transaction { tx in try tx.insertAll(type: "Row", texts: texts) } == 2_500)
        #expect(try store.count(type: "Row") == 2_500)
        let stored = try store.list(type: "Row").map(\.json)
        #expect(Set(stored) == Set(texts))  // byte for byte: spacing and 1.50 kept
        // One text that is not an object: nothing of the call is stored.
        #expect(throws: RecordStoreError.self) { try store.transaction { tx in try tx.insertAll(type: "Other", texts: [#"{"a": 1}"#, "[1, 2]"]) } }
        #expect(try store.count(type: "Other") == 0)
    }

    @Test(arguments: Backend.available)
    func serializationDatabaseOperations(backend: Backend) throws {
        let store = try backend.store()
        let ada = Student(firstName: "Ada", lastName: "Lovelace", debt: 1.5, subjectNames: ["math"])
        #expect(try store.write(Record(id: "s1", data: ada)))
        try store.write(Record(data: Student(firstName: "Bo")))
        try store.write(Record(id: "t1", data: Teacher(firstName: "Grace", salary: 100)))
        #expect(try store.read(id: "s1", as: Student.self)?.lastName == "Lovelace")
        #expect(try store.read(id: "missing", as: Student.self) == nil)
        #expect(throws: RecordStoreError.self) { try store.read(id: "t1", as: Student.self) }
        #expect(try store.read(Student.self).map(\.firstName) == ["Ada", "Bo"])
        #expect(try store.readIDs(Student.self).first == "s1")
        #expect(try store.readIDs(Student.self).count == 2)
        #expect(try store.count() == 3)
        #expect(try store.count(Student.self) == 2)
        #expect(try store.count(Teacher.self) == 1)
        // Replace by id.
        try store.write(Record(id: "s1", data: Student(firstName: "Ada", lastName: "King")))
        #expect(try store.read(id: "s1", as: Student.self)?.lastName == "King")
        #expect(try store.count(Student.self) == 2)
        #expect(try store.delete(id: "s1"))
        #expect(try !store.delete(id: "s1"))
        #expect(try store.delete(Student.self) == 1)
        #expect(try store.clearDatabase() == 1)
        #expect(try store.count() == 0)
    }

    @Test func fileStoreUsesWALAndMigrations() throws {
        let database = try TemporaryDatabase()
        let store = try RecordStore(path: database.path)
        try store.write(Record(id: "a", data: Teacher(firstName: "G")))
        let queue = try DatabaseQueue(path: database.path)
        #expect(try queue.read { try String.fetchOne($0, sql: "PRAGMA journal_mode") } == "wal")
        #expect(try queue.read { try String.fetchAll($0, sql: "SELECT identifier FROM grdb_migrations") } == ["v1 records", "v2 record versions", "v3 record type schemas"])
        #expect(try queue.read { try Bool.fetchOne($0, sql: "SELECT COUNT(*) > 0 FROM sqlite_master WHERE name = 'record_type'") } == true)
        // Reopening keeps the records.
        #expect(try RecordStore(path: database.path).count() == 1)
    }

    @Test(arguments: Backend.available)
    func jsonTextIsKeptExactlyAndEditsChangeOnlyTheirBytes(backend: Backend) throws {
        let store = try backend.store()
        let text = #"{"firstName": "Ada",  "debt": 1.50, "big": 12345678901234567890, "extra": {"keep": [1, 2.0]}}"#
        try store.put(type: "Student", id: "s", text: text)
        var student = try #require(try store.read(id: "s", as: Student.self))
        #expect(student.debt == 1.5)
        try store.write(Record(id: "s", data: student))  // unchanged: not even rewritten
        #expect(try store.record(id: "s")?.json == text)
        student.debt = 2
        try store.write(Record(id: "s", data: student))
        #expect(try store.record(id: "s")?.json == text.replacingOccurrences(of: "1.50", with: "2.0"))
        student.homework.append(Homework(answers: "42"))
        try store.write(Record(id: "s", data: student))
        let stored = try #require(try store.record(id: "s")?.json)
        #expect(stored.hasPrefix(#"{"firstName": "Ada",  "debt": 2.0, "big": 12345678901234567890, "extra": {"keep": [1, 2.0]}"#))
        #expect(stored.hasSuffix(#"},  "homework": [{"answers": "42"}]}"#))  // the object's own separator
    }

    @Test func explicitTransactionsCommitAndRollBack() throws {
        let database = try TemporaryDatabase()
        try checkExplicitTransactions(try RecordStore(path: database.path))
        try checkExplicitTransactions(RecordStore(backend: MemoryRecordBackend()))
        if Backend.postgresURL != nil { try checkExplicitTransactions(RecordStore(backend: try Backend.postgresBackend())) }
    }

    private func checkExplicitTransactions(_ store: RecordStore) throws {
        try store.startTransaction()
        #expect(throws: RecordStoreError.self) { try store.startTransaction() }
        try store.write(Record(id: "a", data: Teacher(firstName: "A")))
        try store.write(Record(id: "b", data: Teacher(firstName: "B")))
        // Reads inside the transaction see its own writes.
        #expect(try store.count() == 2)
        #expect(try store.read(id: "a", as: Teacher.self)?.firstName == "A")
        #expect(try store.read(Teacher.self).count == 2)
        try store.rollbackTransaction()
        #expect(try store.count() == 0)
        try store.startTransaction()
        try store.write(Record(id: "c", data: Teacher(firstName: "C")))
        try store.commitTransaction()
        #expect(try store.count() == 1)
        #expect(throws: RecordStoreError.self) { try store.commitTransaction() }
    }

    @Test(arguments: Backend.available)
    func closureTransactionsRollBackOnErrorAndNestAsSavepoints(backend: Backend) throws {
        let store = try backend.store()
        struct Stop: Error {}
        #expect(throws: Stop.self) {
            try store.transaction { tx in
                try tx.write(Record(id: "a", data: Teacher(firstName: "A")))
                throw Stop()
            }
        }
        #expect(try store.count() == 0)
        try store.transaction { tx in
            try tx.write(Record(id: "outer", data: Teacher(firstName: "O")))
            do {
                try tx.transaction { inner in
                    try inner.write(Record(id: "inner", data: Teacher(firstName: "I")))
                    #expect(try inner.count() == 2)
                    throw Stop()
                }
            } catch is Stop {}
            #expect(try tx.count() == 1)
            _ = try tx.transaction { inner in try inner.write(Record(id: "kept", data: Teacher(firstName: "K"))) }
        }
        #expect(try store.list(type: nil).map(\.id).sorted() == ["kept", "outer"])
    }

    @Test(arguments: Backend.available)
    func legacyTypeNamesReadAsTheNewName(backend: Backend) throws {
        let store = try backend.store()
        try store.put(type: "Person", id: "p", text: #"{"firstName": "Old"}"#)
        try store.put(type: "Human", id: "h", text: #"{"firstName": "Mid"}"#)
        #expect(try store.count(Teacher.self) == 0)
        store.addTypeRename(old: "Person", new: "Human")
        store.register(Teacher.self, legacyNames: ["Human"])
        #expect(store.names(for: "Teacher").sorted() == ["Human", "Person", "Teacher"])
        #expect(try store.count(Teacher.self) == 2)
        #expect(try store.read(Teacher.self).map(\.firstName).sorted() == ["Mid", "Old"])
        #expect(try store.read(id: "p", as: Teacher.self)?.firstName == "Old")
        var teacher = try #require(try store.read(id: "p", as: Teacher.self))
        teacher.salary = 5
        try store.write(Record(id: "p", data: teacher))
        #expect(try store.record(id: "p")?.type == "Teacher")
    }

    @Test(arguments: Backend.available)
    func queriesByFieldArePagedAndOrdered(backend: Backend) throws {
        let store = try backend.store()
        for i in 0..<30 {
            try store.put(type: "Student", id: String(format: "s%02d", i),
                          text: #"{"firstName": "S\#(i)", "debt": \#(i % 5), "active": \#(i % 2 == 0), "grade": \#(i % 3 == 0 ? "null" : "1"), "tag": "\#(i % 3 == 0 ? "x" : "y")"}"#)
        }
        try store.put(type: "Teacher", id: "t", text: #"{"firstName": "T", "debt": 4}"#)
        #expect(try store.list(type: "Student", where: [FieldCondition(["debt"], .equal, 4)]).count == 6)
        #expect(try store.list(type: nil, where: [FieldCondition(["debt"], .equal, 4)]).count == 7)
        #expect(try store.list(type: "Student", where: [FieldCondition(["debt"], .greaterOrEqual, 3)]).count == 12)
        #expect(try store.list(type: "Student", where: [FieldCondition(["active"], .equal, true)]).count == 15)
        #expect(try store.list(type: "Student", where: [FieldCondition(["grade"], .equal, nil)]).count == 10)
        #expect(try store.list(type: "Student", where: [FieldCondition(["tag"], .equal, "x"), FieldCondition(["debt"], .less, 2)]).count == 4)
        let page = try store.list(type: "Student", order: .field(["debt"]), descending: true, limit: 5, offset: 5)
        #expect(page.count == 5)
        #expect(page.allSatisfy { (try? $0.object()["debt"]) == 4 || (try? $0.object()["debt"]) == 3 })
        let typed = try store.records(Student.self, where: [FieldCondition(["firstName"], .equal, "S7")])
        #expect(typed.map(\.id) == ["s07"])
        #expect(try store.types().map(\.type) == ["Student", "Teacher"])
        #expect(try store.types().map(\.count) == [30, 1])
    }

    @Test func eightThreadsWriteAndReadAtOnce() throws {
        let database = try TemporaryDatabase()
        let store = try RecordStore(path: database.path)
        let perThread = 50
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for i in 0..<perThread {
                do {
                    try store.write(Record(id: "t\(thread)-\(i)", data: Teacher(firstName: "T\(thread)", salary: Double(i))))
                    _ = try store.count(Teacher.self)
                    _ = try store.read(id: "t\(thread)-\(i)", as: Teacher.self)
                } catch {
                    Issue.record("thread \(thread): \(error)")
                }
            }
        }
        #expect(try store.count(Teacher.self) == 8 * perThread)
        for thread in 0..<8 {
            #expect(try store.list(type: "Teacher", where: [FieldCondition(["firstName"], .equal, .string("T\(thread)"))]).count == perThread)
        }
    }

    @Test func asyncVariants() async throws {
        let store = try RecordStore()
        try await store.write(Record(id: "a", data: Teacher(firstName: "A")))
        #expect(try await store.count() == 1)
        #expect(try await store.record(id: "a")?.type == "Teacher")
        #expect(try await store.list(type: "Teacher").count == 1)
    }
}

extension Teacher: @unchecked Sendable {}

@Suite("Record store: bad input")
struct RecordStoreBadInputTests {
    @Test func aFileThatIsNotADatabase() throws {
        let database = try TemporaryDatabase()
        try Data("this is not sqlite, just text that is long enough to look like a file header.............".utf8)
            .write(to: URL(fileURLWithPath: database.path))
        do {
            _ = try RecordStore(path: database.path)
            Issue.record("opened a text file")
        } catch {
            #expect(String(describing: error) == "\(database.path): not an SQLite database")
        }
        #expect(try String(contentsOfFile: database.path, encoding: .utf8).hasPrefix("this is not sqlite"))
    }

    @Test func aCorruptDatabase() throws {
        let database = try TemporaryDatabase()
        do {
            let store = try RecordStore(path: database.path)
            for i in 0..<200 { try store.put(type: "T", id: "r\(i)", text: #"{"n": \#(i), "pad": "\#(String(repeating: "x", count: 200))"}"#) }
        }
        // Keep the header, damage the pages after it.
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: database.path))
        try handle.seek(toOffset: 4096)
        try handle.write(contentsOf: Data(repeating: 0xA5, count: 8192))
        try handle.close()
        try? FileManager.default.removeItem(atPath: database.path + "-wal")
        try? FileManager.default.removeItem(atPath: database.path + "-shm")
        do {
            let store = try RecordStore(path: database.path)
            _ = try store.list(type: nil)
            Issue.record("read a damaged database")
        } catch {
            let text = String(describing: error)
            #expect(text.hasPrefix(database.path))
            #expect(text.contains("damaged") || text.contains("not an SQLite database") || text.contains("malformed"), "\(text)")
        }
    }

    @Test func aLockedDatabase() throws {
        let database = try TemporaryDatabase()
        let store = try RecordStore(path: database.path, busyTimeout: 0.2)
        var configuration = Configuration()
        configuration.allowsUnsafeTransactions = true  // this connection holds a lock across calls on purpose
        let other = try DatabaseQueue(path: database.path, configuration: configuration)
        try other.writeWithoutTransaction { db in try db.execute(sql: "BEGIN IMMEDIATE") }
        do {
            try store.write(Record(id: "a", data: Teacher(firstName: "A")))
            Issue.record("wrote through a lock")
        } catch {
            #expect(String(describing: error) == "\(database.path): the database is locked by another connection")
        }
        try other.writeWithoutTransaction { db in try db.execute(sql: "ROLLBACK") }
        try store.write(Record(id: "a", data: Teacher(firstName: "A")))
        #expect(try store.count() == 1)
    }

    @Test func aReadOnlyDatabase() throws {
        let database = try TemporaryDatabase()
        try RecordStore(path: database.path).write(Record(id: "a", data: Teacher(firstName: "A")))
        let store = try RecordStore(path: database.path, readOnly: true)
        #expect(try store.count() == 1)
        do {
            try store.write(Record(id: "b", data: Teacher(firstName: "B")))
            Issue.record("wrote to a read-only store")
        } catch {
            #expect(String(describing: error) == "\(database.path): the database is read-only")
        }
        #expect(try store.count() == 1)
    }

    @Test func aRecordWhoseTextIsNotJSON() throws {
        let database = try TemporaryDatabase()
        let store = try RecordStore(path: database.path)
        try store.put(type: "Teacher", id: "good", text: #"{"firstName": "G"}"#)
        let raw = try DatabaseQueue(path: database.path)
        try raw.write { db in
            try db.execute(sql: "INSERT INTO record (id, type, json, createdAt, updatedAt) VALUES ('bad', 'Teacher', '{\"firstName\": ', 0, 0)")
        }
        do {
            _ = try store.read(id: "bad", as: Teacher.self)
            Issue.record("read invalid JSON")
        } catch {
            #expect(String(describing: error).hasPrefix("record bad: stored text is not valid JSON: 1:15"))
        }
        #expect(throws: RecordStoreError.self) { try store.write(Record(id: "bad", data: Teacher(firstName: "X"))) }
        #expect(try store.record(id: "bad")?.json == #"{"firstName": "#)
        #expect(throws: RecordStoreError.self) { try store.put(type: "Teacher", id: "x", text: "[1, 2") }
        #expect(throws: RecordStoreError.self) { try store.put(type: "Teacher", id: "x", text: "[1, 2]") }
        #expect(try store.record(id: "x") == nil)
    }
}
