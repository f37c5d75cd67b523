import Foundation
import GRDB
import LosslessJSON
import RecordStore
import Testing

/// Several writers, damaged files, files that are not stores and records deeper than the default
/// limit: a clear error, nothing lost.
@Suite("Record store: versions, damage, files that are not stores")
struct RecordSafetyTests {
    @Test func everyWriteCountsTheVersionUpAndAStaleWriteIsAConflict() throws {
        let database = try TemporaryDatabase()
        let store = try RecordStore(path: database.path)
        try store.put(type: "Note", id: "n1", text: #"{"text": "a"}"#)
        #expect(try store.record(id: "n1")?.version == 1)
        // Two writers read version 1; the first writes, the second's write is refused.
        let other = try RecordStore(path: database.path)
        try other.update(id: "n1", to: ["text": "from the other writer"], expectedVersion: 1)
        #expect(try store.record(id: "n1")?.version == 2)
        #expect {
            try store.update(id: "n1", to: ["text": "mine"], expectedVersion: 1)
        } throws: { error in
            guard case RecordStoreError.conflict(id: "n1", expected: 1, found: 2) = error else { return false }
            return "\(error)".contains("changed by another writer")
        }
        #expect(try store.record(id: "n1")?.json == #"{"text": "from the other writer"}"#)
        // Without a version (a blind write) it goes through, and counts up.
        try store.update(id: "n1", to: ["text": "mine"])
        #expect(try store.record(id: "n1")?.version == 3)
        // An unchanged object writes nothing: the version stays.
        try store.update(id: "n1", to: ["text": "mine"], expectedVersion: 3)
        #expect(try store.record(id: "n1")?.version == 3)
    }

    @Test func creatingAnIdThatExistsFailsUnlessReplacing() throws {
        let store = try RecordStore()
        try store.put(type: "Note", id: "n1", text: #"{"a": 1}"#, replacing: false)
        #expect {
            try store.put(type: "Note", id: "n1", text: #"{"a": 2}"#, replacing: false)
        } throws: { error in
            guard case RecordStoreError.exists(id: "n1", version: 1) = error else { return false }
            return true
        }
        try store.put(type: "Note", id: "n1", text: #"{"a": 3}"#, expectedVersion: 1)
        #expect(try store.record(id: "n1")?.json == #"{"a": 3}"#)
        #expect(throws: RecordStoreError.self) { try store.put(type: "Note", id: "n1", text: #"{"a": 4}"#, expectedVersion: 1) }
    }

    @Test func aStoreMadeBeforeVersionsOpensWithEveryRecordAtVersionOne() throws {
        let database = try TemporaryDatabase()
        // The first schema, as a store written by an earlier keepsake has it.
        let queue = try DatabaseQueue(path: database.path)
        try queue.write { db in
            try db.execute(sql: """
                CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
                INSERT INTO grdb_migrations VALUES ('v1 records');
                CREATE TABLE record (id TEXT PRIMARY KEY, type TEXT NOT NULL, json TEXT NOT NULL, createdAt DOUBLE NOT NULL, updatedAt DOUBLE NOT NULL);
                INSERT INTO record VALUES ('old', 'Note', '{"kept": true}', 0, 0);
                """)
        }
        try queue.close()
        let store = try RecordStore(path: database.path)
        #expect(try store.record(id: "old")?.version == 1)
        #expect(try store.record(id: "old")?.json == #"{"kept": true}"#)
        try store.update(id: "old", to: ["kept": false], expectedVersion: 1)
        #expect(try store.record(id: "old")?.version == 2)
    }

    @Test func anEmptyFileIsNotTakenForANewStore() throws {
        let database = try TemporaryDatabase()
        #expect(FileManager.default.createFile(atPath: database.path, contents: Data()))
        #expect {
            _ = try RecordStore(path: database.path)
        } throws: { error in
            "\(error)".contains("an empty file, not a record store")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: database.path)).isEmpty)
    }

    @Test func aSwiftSerializationFileIsRefusedClearlyThenConvertedWhenAsked() throws {
        let database = try TemporaryDatabase()
        let queue = try DatabaseQueue(path: database.path)
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE record(id TEXT PRIMARY KEY, objectName TEXT, createdAt TEXT, data TEXT)")
            try db.execute(
                sql: "INSERT INTO record VALUES ('a', 'Person', '2023-01-05T10:20:30.123Z', ?)",
                arguments: [#"{"object":"Person", "name": "Ada", "n": 1.50}"#])
        }
        try queue.close()
        do {
            _ = try RecordStore(path: database.path)
            Issue.record("a SwiftSerialization file opened as an (empty) store")
        } catch {
            #expect(error.description.contains("a SwiftSerialization database"))
            #expect(error.description.contains("convertSwiftSerializationStore"))
        }
        #expect(try RecordStore.convertSwiftSerializationStore(at: database.path) == 1)
        let store = try RecordStore(path: database.path)
        let record = try #require(try store.record(id: "a"))
        #expect(record.type == "Person")
        #expect(record.json == #"{"object":"Person", "name": "Ada", "n": 1.50}"#)
        #expect(record.createdAt == Date(timeIntervalSince1970: 1_672_914_030.123))
        // Converting again finds nothing to do; a Keepsake store is never touched.
        #expect(try RecordStore.convertSwiftSerializationStore(at: database.path) == 0)
        #expect(try store.count() == 1)
    }

    @Test func damagedPagesAreFoundByTheQuickCheck() throws {
        let database = try TemporaryDatabase()
        do {
            let store = try RecordStore(path: database.path)
            #expect(try store.integrityProblems().isEmpty)
            try store.transaction { tx in
                for n in 0..<2_000 { try tx.put(type: "Note", id: "n\(n)", text: #"{"text": "\#(String(repeating: "x", count: 200))"}"#) }
            }
        }
        try Self.damage(database.path)
        let store = try RecordStore(path: database.path, readOnly: true)
        #expect(try !store.integrityProblems().isEmpty)
        var source = RecordStoreSource(store: store)
        #expect {
            _ = try source.load(progress: LoadProgress())
        } throws: { error in
            "\(error)".contains("the database is damaged")
        }
    }

    /// Overwrites a page in the middle of a database file (after folding its WAL into it).
    static func damage(_ path: String) throws {
        let queue = try DatabaseQueue(path: path)
        try queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE); PRAGMA journal_mode=DELETE") }
        try queue.close()
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        let size = try handle.seekToEnd()
        try handle.seek(toOffset: size / 2 / 4096 * 4096 + 8)
        try handle.write(contentsOf: Data(repeating: 0xA5, count: 3000))
        try handle.close()
    }

    @Test func theBrowserSourceRefusesToOverwriteAnotherWritersChange() throws {
        let database = try TemporaryDatabase()
        let store = try RecordStore(path: database.path)
        try store.put(type: "Note", id: "n1", text: #"{"text": "a"}"#)
        var source = RecordStoreSource(store: store)
        let loaded = try source.load(progress: LoadProgress())
        var edited = loaded
        try edited.apply(.set(at: ["Note", "n1", "text"], to: "mine"))
        // Another process changes the record after the browser loaded it.
        try RecordStore(path: database.path).update(id: "n1", to: ["text": "theirs"])
        #expect {
            _ = try source.save(edited, since: loaded, overrides: [])
        } throws: { error in
            (error as? DocumentSourceError)?.kind == .changedOnDisk && "\(error)".contains("changed by another writer")
        }
        #expect(try store.record(id: "n1")?.json == #"{"text": "theirs"}"#)
        // Overwriting is the person's choice.
        let saved = try source.save(edited, since: loaded, overrides: .overwriteChanges)
        #expect(try store.record(id: "n1")?.json == #"{"text": "mine"}"#)
        // The next save is based on what this one wrote.
        var again = saved
        try again.apply(.set(at: ["Note", "n1", "text"], to: "again"))
        _ = try source.save(again, since: saved, overrides: [])
        #expect(try store.record(id: "n1")?.json == #"{"text": "again"}"#)
    }

    @Test(arguments: Backend.available)
    func aModelWrittenOverARecordDeeperThanTheDefaultLimitEditsItInPlace(backend: Backend) throws {
        let store = try backend.store()
        // Stored as `db import --max-depth` stores it; reading it again for the byte-exact edit
        // used the default limit (1,024 levels) and refused the record.
        let deep = String(repeating: #"{"a":"#, count: 5_000) + "1" + String(repeating: "}", count: 5_000)
        _ = try store.put(type: "Teacher", id: "t", text: #"{"firstName": "Grace", "notes": "# + deep + "}")
        // A value tree is built only within the default limit.
        #expect(throws: RecordStoreError.self) { try store.read(id: "t", as: Teacher.self) }
        try store.write(Record(id: "t", data: Teacher(firstName: "Ada", salary: 2)))
        // The member the model does not hold is removed, the others edited where they stand.
        #expect(try store.record(id: "t")?.json == #"{"firstName": "Ada", "salary": 2.0}"#)
    }
}
