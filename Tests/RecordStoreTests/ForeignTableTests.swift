import Foundation
import GRDB
import LosslessJSON
import RecordStore
import Testing

@Suite("Foreign tables")
struct ForeignTableTests {
    @Test func browseAndEditAnyTableWithAJSONColumn() throws {
        let database = try TemporaryDatabase()
        let queue = try DatabaseQueue(path: database.path)
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE events (event_id INTEGER PRIMARY KEY, payload TEXT, other TEXT)")
            try db.execute(sql: #"INSERT INTO events VALUES (1, '{"kind": "click",  "x": 1.0, "meta": {"keep": true}}', 'a')"#)
            try db.execute(sql: #"INSERT INTO events VALUES (2, '{"kind": "view"}', 'b')"#)
        }
        let table = try ForeignTable(path: database.path, table: "events", jsonColumn: "payload", keyColumn: "event_id")
        #expect(try table.count() == 2)
        #expect(try table.rows().map(\.key) == ["1", "2"])
        try table.update([(key: "1", value: ["kind": "tap", "x": 1, "meta": ["keep": true]])])
        #expect(try table.json(key: "1") == #"{"kind": "tap",  "x": 1.0, "meta": {"keep": true}}"#)
        #expect(try table.json(key: "2") == #"{"kind": "view"}"#)
        // All or nothing: one bad key rolls the whole update back.
        #expect(throws: RecordStoreError.self) {
            try table.update([(key: "2", value: ["kind": "changed"]), (key: "99", value: [:])])
        }
        #expect(try table.json(key: "2") == #"{"kind": "view"}"#)
        #expect(throws: RecordStoreError.self) {
            _ = try ForeignTable(path: database.path, table: "nope", jsonColumn: "payload", keyColumn: "event_id")
        }
        do {
            _ = try ForeignTable(path: database.path, table: "events", jsonColumn: "json", keyColumn: "event_id")
            Issue.record("opened a missing column")
        } catch {
            #expect(String(describing: error).contains("has no column \"json\""))
        }
    }
}
