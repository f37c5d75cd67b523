import Foundation
import GRDB
import LosslessJSON
import RecordStore
import Testing

@Suite("Record sources")
struct RecordSourceTests {
    @Test(arguments: Backend.available)
    func aStoreIsOneDocumentOfVerbatimRecordsAndSavesInOneTransaction(backend: Backend) throws {
        let store = try backend.store()
        let ada = #"{"firstName": "Ada",   "debt": 1.50}"#
        try store.put(type: "Student", id: "s1", text: ada)
        try store.put(type: "Student", id: "s2", text: #"{"firstName": "Bo"}"#)
        try store.put(type: "Teacher", id: "t1", text: #"{"firstName": "Grace"}"#)
        var source = RecordStoreSource(store: store)
        #expect(source.layout == .recordsByType && source.canSaveInPlace)
        let loaded = try source.load(progress: LoadProgress())
        #expect(loaded.rawText(try #require(loaded.node(at: ["Student", "s1"]))) == ada)
        #expect(loaded.value(at: ["Teacher", "t1", "firstName"]) == "Grace")

        var edited = loaded
        try edited.apply(.replace(at: ["Student", "s1", "debt"], with: 2))
        try edited.apply(.remove(at: ["Student", "s2"]))
        try edited.apply(.insertMember(in: ["Student"], key: "s3", value: ["firstName": "Cy"]))
        try edited.apply(.remove(at: ["Teacher"]))
        _ = try source.save(edited, since: loaded, overrides: [])
        #expect(try store.record(id: "s1")?.json == #"{"firstName": "Ada",   "debt": 2}"#)
        #expect(try store.record(id: "s2") == nil)
        #expect(try store.record(id: "s3")?.type == "Student")
        #expect(try store.count(type: "Teacher") == 0)
    }

    @Test func aLoadIsOneQueryAndASaveOneStatementPerChangedRecordWithItsTextAsHeld() throws {
        let backend = MemoryRecordBackend()
        let store = RecordStore(backend: backend)
        for type in ["Person", "Place", "Thing"] {
            for n in 0..<50 { try store.put(type: type, id: "\(type)-\(n)", text: #"{"n": \#(n),   "name": "x"}"#) }
        }
        var source = RecordStoreSource(store: store)
        _ = backend.statements.taken()
        let loaded = try source.load(progress: LoadProgress())
        #expect(backend.statements.taken() == ["list"])
        var edited = loaded
        try edited.apply(.replace(at: ["Person", "Person-7", "name"], with: "Ada"))
        try edited.apply(.remove(at: ["Thing", "Thing-3"]))
        try edited.apply(.insertMember(in: ["Place"], key: "Place-new", value: ["n": 1]))
        // A change and its undo inside one record: its bytes are as saved, nothing is sent for it.
        let splice = try edited.apply(.replace(at: ["Place", "Place-9", "n"], with: 10))
        try edited.apply(splice.inverse)
        _ = backend.statements.taken()
        _ = try source.save(edited, since: loaded, overrides: [])
        #expect(backend.statements.taken().sorted() == ["delete", "insert", "update"])
        // The exact text the browser holds, spacing and all.
        #expect(try store.record(id: "Person-7")?.json == #"{"n": 7,   "name": "Ada"}"#)
        #expect(try store.record(id: "Person-7")?.version == 2)
        #expect(try store.record(id: "Place-new")?.json == edited.rawText(try #require(edited.node(at: ["Place", "Place-new"]))))
        #expect(try store.record(id: "Thing-3") == nil)
        #expect(try store.record(id: "Place-9")?.version == 1)
        // A second save of the same document sends nothing.
        _ = backend.statements.taken()
        _ = try source.save(edited, since: edited, overrides: [])
        #expect(backend.statements.taken().isEmpty)
    }

    @Test(arguments: Backend.available)
    func aFailedSaveWritesNothing(backend: Backend) throws {
        let store = try backend.store()
        try store.put(type: "Student", id: "s1", text: #"{"n": 1}"#)
        var source = RecordStoreSource(store: store)
        let loaded = try source.load(progress: LoadProgress())
        var edited = loaded
        try edited.apply(.replace(at: ["Student", "s1", "n"], with: 2))
        try edited.apply(.insertMember(in: ["Student"], key: "s2", value: [1, 2]))  // not an object
        let error = #expect(throws: DocumentSourceError.self) { try source.save(edited, since: loaded, overrides: []) }
        #expect(error?.message.contains("record s2") == true)
        #expect(try store.record(id: "s1")?.json == #"{"n": 1}"#)
    }

    @Test func aTableSavesChangedRowsOnlyAndCannotGainRows() throws {
        let database = try TemporaryDatabase()
        let queue = try DatabaseQueue(path: database.path)
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE events (id INTEGER PRIMARY KEY, payload TEXT)")
            try db.execute(sql: #"INSERT INTO events VALUES (1, '{"kind": "click",  "x": 1.0}'), (2, '{"kind": "view"}')"#)
        }
        var source = ForeignTableSource(table: try ForeignTable(path: database.path, table: "events", jsonColumn: "payload", keyColumn: "id"))
        #expect(source.layout == .rowsByKey)
        let loaded = try source.load(progress: LoadProgress())
        #expect(loaded.rawText(try #require(loaded.node(at: ["1"]))) == #"{"kind": "click",  "x": 1.0}"#)
        var edited = loaded
        try edited.apply(.replace(at: ["1", "kind"], with: "tap"))
        _ = try source.save(edited, since: loaded, overrides: [])
        #expect(try source.table.json(key: "1") == #"{"kind": "tap",  "x": 1.0}"#)
        #expect(try source.table.json(key: "2") == #"{"kind": "view"}"#)
        var grown = edited
        try grown.apply(.insertMember(in: .root, key: "3", value: [:]))
        let error = #expect(throws: DocumentSourceError.self) { try source.save(grown, since: edited, overrides: []) }
        #expect(error?.message.contains("cannot be added or removed") == true)
    }

    @Test func aTableWithNullAndNonJSONRowsOpensAndSavesEveryEdit() throws {
        let database = try TemporaryDatabase()
        let queue = try DatabaseQueue(path: database.path)
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE events (id INTEGER PRIMARY KEY, payload)")
            try db.execute(sql: #"INSERT INTO events VALUES (1, '{"kind": "click"}'), (2, NULL), (3, 'not json {'), (4, 42), (5, X'FF00')"#)
        }
        var source = ForeignTableSource(table: try ForeignTable(path: database.path, table: "events", jsonColumn: "payload", keyColumn: "id"))
        let loaded = try source.load(progress: LoadProgress())
        // Every row opens: NULL as null, the rows that are not JSON as null and named by their keys.
        #expect(loaded.value(at: ["2"]) == .null)
        #expect(loaded.value(at: ["3"]) == .null)
        #expect(loaded.value(at: ["4"]) == 42)
        let notice = try #require(source.notice)
        #expect(notice.contains(#""3" (column"#) && notice.contains(#""5" (2 bytes that are not UTF-8)"#), "\(notice)")
        #expect(notice.contains("2 rows are not JSON"))
        // Edits to the NULL row, the row that was not JSON and a JSON row are all saved.
        var edited = loaded
        try edited.apply(.replace(at: ["1", "kind"], with: "tap"))
        try edited.apply(.replace(at: ["2"], with: ["new": true]))
        try edited.apply(.replace(at: ["3"], with: "fixed"))
        _ = try source.save(edited, since: loaded, overrides: [])
        #expect(try source.table.json(key: "1") == #"{"kind": "tap"}"#)
        #expect(try source.table.json(key: "2").map { try JSONValue(parsing: $0) } == ["new": true])
        #expect(try source.table.json(key: "3") == #""fixed""#)
        // The unreadable row nobody edited keeps its bytes.
        let kept = try queue.read { db in try Data.fetchOne(db, sql: "SELECT payload FROM events WHERE id = 5") }
        #expect(kept == Data([0xFF, 0x00]))
    }
}
