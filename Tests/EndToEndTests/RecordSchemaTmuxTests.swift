import Foundation
import GRDB
import Testing
import TestSupport

/// The real binary on a record store whose types keep schemas: records typed by their type's
/// schema (a compiled model still wins for its name), a mismatch marked and listed, an enum a
/// menu, and a save of a record that still does not match asked about first.
@Suite("keepsake on record types with schemas, under tmux", .serialized)
struct RecordSchemaTmuxTests {
    @Test func recordsAreTypedAndCheckedByTheirTypesSchema() throws {
        let folder = try scratchFolder()
        let store = folder.appendingPathComponent("shop.sqlite").path
        func keepsake(_ arguments: String...) throws -> Subprocess.Result { try Subprocess.run(TmuxSession.binary, arguments) }
        for number in 1...8 {
            _ = try keepsake("db", "put", store, "Invoice", "--id", "i\(number)", #"{"number": \#(number), "status": "\#(number.isMultiple(of: 2) ? "open" : "paid")"}"#)
        }
        #expect(try keepsake("db", "schema", "infer", store, "Invoice", "--save").status == 0)
        _ = try keepsake("db", "put", store, "Invoice", "--id", "odd", "--no-check", #"{"number": "nine", "status": "lost"}"#)
        _ = try keepsake("db", "put", store, "Person", "--id", "p1", #"{"name": "Ada", "age": 36}"#)

        let session = try TmuxSession([store], width: 120, height: 30)
        session.waitFor("the groups typed, the mismatches counted") {
            $0.contains("[Invoice] records") && $0.contains("[Person] records") && $0.contains("⚠ 2 schema errors (!)")
        }
        try session.send("!")
        session.waitFor("the mismatches listed") { $0.contains(#".Invoice.odd.number: "nine" is not of type "integer""#) }
        try session.send("Enter")
        session.waitFor("the cursor on the mismatch, typed by the type's schema") {
            $0.contains(".Invoice.odd.number") && $0.range(of: #"number +integer +"nine""#, options: .regularExpression) != nil
        }
        try session.send("j", "Enter")
        session.waitFor("the status menu from the schema's enum") { $0.contains("› paid") && $0.contains("open") }
        try session.send("Enter")
        session.waitFor("one mismatch left") { $0.contains("⚠ 1 schema error (!)") }
        try session.send("C-s")
        session.waitFor("the save asks first") { $0.contains("1 schema error (! lists them).") && $0.contains("s save anyway") }
        try session.send("c")
        #expect(try keepsake("db", "get", store, "odd").stdout == #"{"number": "nine", "status": "lost"}"# + "\n")
        try session.send("C-s")
        session.waitFor("asked again") { $0.contains("s save anyway") }
        try session.send("s")
        session.waitFor("saved") { $0.contains("saved") }
        try session.send("q")
        session.waitForExit()
        #expect(try keepsake("db", "get", store, "odd").stdout == #"{"number": "nine", "status": "paid"}"# + "\n")
        #expect(try keepsake("db", "get", store, "p1").stdout == #"{"name": "Ada", "age": 36}"# + "\n")
    }

    @Test func aTablesJSONColumnIsTypedAndCheckedRowByRowByOneSchema() throws {
        let folder = try scratchFolder()
        let path = folder.appendingPathComponent("app.sqlite").path
        do {
            let queue = try DatabaseQueue(path: path)
            try queue.write { db in
                try db.execute(sql: "CREATE TABLE events (slug TEXT PRIMARY KEY, payload TEXT)")
                try db.execute(
                    sql: "INSERT INTO events VALUES (?, ?), (?, ?)",
                    arguments: ["launch", #"{"title": "Launch", "kind": "public"}"#, "party", #"{"title": 7, "kind": "private"}"#])
            }
        }
        let schema = folder.appendingPathComponent("event.schema.json")
        try #"{"type": "object", "properties": {"title": {"type": "string"}, "kind": {"enum": ["public", "private"]}}, "required": ["title"]}"#
            .write(to: schema, atomically: true, encoding: .utf8)
        let session = try TmuxSession([path, "--table", "events", "--column", "payload", "--key", "slug", "--schema", schema.path], width: 120)
        session.waitFor("the rows typed by the schema, the bad one counted") {
            $0.contains("event.schema.json") && $0.contains("⚠ 1 schema error (!)")
        }
        try session.send("!")
        session.waitFor("the row's mismatch listed by its key") { $0.contains(#".party.title: 7 is not of type "string""#) }
        try session.send("Enter")
        session.waitFor("each row typed by the schema, named by its file") {
            $0.contains(".party.title") && $0.range(of: #"party +event +2 keys"#, options: .regularExpression) != nil
                && $0.range(of: #"kind +"public"\|"private" +"private""#, options: .regularExpression) != nil
        }
        try session.send("q")
        session.waitForExit()
    }
}
