import Foundation
import GRDB
import Testing
import TestSupport

@Suite("End to end under tmux: databases", .serialized)
struct TmuxDatabaseTests {
    @Test func editARecordInAStoreChangingOnlyItsBytesInOneTransaction() throws {
        let folder = try scratchFolder()
        try editARecord(in: folder.appendingPathComponent("store.sqlite").path, titled: "store.sqlite")
    }

    @Test func anotherProcesssWriteIsOfferedForReloading() throws {
        let folder = try scratchFolder()
        try offerReload(in: folder.appendingPathComponent("store.sqlite").path, titled: "store.sqlite", saying: "Records changed by someone else")
    }
}

/// Opens a store with one record in the browser; another process adds a record; the browser says
/// so by itself (no key pressed), and reloading shows the new record.
func offerReload(in store: String, titled title: String, saying offer: String) throws {
    func keepsake(_ arguments: String...) throws -> String { try Subprocess.run(TmuxSession.binary, arguments).stdout }
    _ = try keepsake("db", "put", store, "Person", "--id", "p1", #"{"name": "Ada"}"#)
    let session = try TmuxSession([store])
    session.waitFor("the record view") { $0.contains("[Person] records") && $0.contains(title) }
    _ = try keepsake("db", "put", store, "Person", "--id", "p2", #"{"name": "Grace"}"#)
    session.waitFor("the offer to reload") { $0.contains(offer) && $0.contains("r reload") }
    try session.send("r")
    try session.find("Grace", expectingPath: ".Person.p2.name")
    try session.send("q")
    session.waitForExit()
}

/// Puts two records, opens the store in the browser, renames one person, saves and quits: the
/// stored text changes only in the edited value, the other record not at all.
func editARecord(in store: String, titled title: String) throws {
    func keepsake(_ arguments: String...) throws -> String { try Subprocess.run(TmuxSession.binary, arguments).stdout }
    let text = #"{"name": "Ada",  "age": 36.0, "gender": "female", "nickname": "A"}"#
    _ = try keepsake("db", "put", store, "Person", "--id", "p1", text)
    _ = try keepsake("db", "put", store, "Teacher", "--id", "t1", #"{"firstName": "Grace", "salary": 1e5}"#)
    let session = try TmuxSession([store])
    session.waitFor("the record view") { $0.contains("[Person] records") && $0.contains(title) }
    try session.find("Ada", expectingPath: ".Person.p1.name")
    try session.replaceValue(with: "Lovelace")
    session.waitFor("the edit") { $0.contains("\"Lovelace\"") && $0.contains("● modified") }
    try session.save()
    try session.send("q")
    session.waitForExit()
    #expect(try keepsake("db", "get", store, "p1") == text.replacingOccurrences(of: "\"Ada\"", with: "\"Lovelace\"") + "\n")
    #expect(try keepsake("db", "get", "--print-version", store, "p1") == "2\n")
    #expect(try keepsake("db", "get", store, "t1") == #"{"firstName": "Grace", "salary": 1e5}"# + "\n")
}

@Suite("End to end under tmux: foreign tables", .serialized)
struct TmuxForeignTableTests {
    @Test func editAJSONColumnChangingOnlyItsBytes() throws {
        let folder = try scratchFolder()
        let path = folder.appendingPathComponent("app.sqlite").path
        let launch = #"{"title": "Launch",  "n": 1.0, "at": "2026-01-01"}"#
        let party = #"{"title":"Party"}"#
        do {
            let queue = try DatabaseQueue(path: path)
            try queue.write { db in
                try db.execute(sql: "CREATE TABLE events (slug TEXT PRIMARY KEY, payload TEXT, other INTEGER)")
                try db.execute(sql: "INSERT INTO events VALUES (?, ?, ?), (?, ?, ?)", arguments: ["launch", launch, 1, "party", party, 2])
            }
        }
        let session = try TmuxSession([path, "--table", "events", "--column", "payload", "--key", "slug"])
        session.waitFor("the rows by key") { $0.contains("launch") && $0.contains("party") && $0.contains("app.sqlite") }
        try session.find("Launch", expectingPath: ".launch.title")
        try session.replaceValue(with: "\"Liftoff\"")  // an untyped value: its editor takes JSON
        session.waitFor("the edit") { $0.contains("\"Liftoff\"") && $0.contains("● modified") }
        try session.save()
        try session.send("q")
        session.waitForExit()

        let rows = try DatabaseQueue(path: path).read { db in
            try Row.fetchAll(db, sql: "SELECT slug, payload, other FROM events ORDER BY slug")
        }
        #expect(rows.map { $0["payload"] as String } == [launch.replacingOccurrences(of: "Launch", with: "Liftoff"), party])
        #expect(rows.map { $0["other"] as Int } == [1, 2])
    }
}

@Suite("End to end under tmux: JSON Lines", .serialized)
struct TmuxLinesTests {
    @Test func editTwoLinesInTwoSavesChangingOnlyTheirBytes() throws {
        let folder = try scratchFolder()
        let file = folder.appendingPathComponent("rows.jsonl")
        let text = "{\"n\": 1,  \"tag\": \"a\"}\n\n{\"n\": 2.0, \"tag\": \"b\"}\n{\"n\": 3, \"tag\": \"c\"}\n"
        try Data(text.utf8).write(to: file)
        let session = try TmuxSession([file.path])
        session.waitFor("the lines as an array") { $0.contains("3 items") && $0.contains("rows.jsonl") }
        try session.find("b", expectingPath: ".[1].tag")
        try session.replaceValue(with: "B")
        try session.save(showing: "\"B\"")
        try session.find("c", expectingPath: ".[2].tag")
        try session.replaceValue(with: "C")
        try session.save(showing: "\"C\"")
        try session.send("q")
        session.waitForExit()
        #expect(try String(contentsOf: file, encoding: .utf8) == "{\"n\": 1,  \"tag\": \"a\"}\n\n{\"n\": 2.0, \"tag\": \"B\"}\n{\"n\": 3, \"tag\": \"C\"}\n")
    }
}

@Suite(
    "End to end under tmux: a PostgreSQL store", .serialized,
    .enabled(
        if: ProcessInfo.processInfo.environment["KEEPSAKE_POSTGRES_URL"] != nil,
        "KEEPSAKE_POSTGRES_URL is not set: the PostgreSQL browser test is skipped (eval \"$(Scripts/postgres.sh start)\" sets it; .ci/run always does)"))
struct TmuxPostgresTests {
    @Test func editARecordOnTheServerChangingOnlyItsBytes() throws {
        let schema = "tmux_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        try editARecord(in: ProcessInfo.processInfo.environment["KEEPSAKE_POSTGRES_URL"]! + "?schema=" + schema, titled: schema)
    }

    @Test func anotherWritersChangeIsAnnouncedAndOfferedForReloading() throws {
        let schema = "tmux_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        try offerReload(
            in: ProcessInfo.processInfo.environment["KEEPSAKE_POSTGRES_URL"]! + "?schema=" + schema, titled: schema,
            saying: "Person records changed by someone else")
    }

    @Test func aDatabaseWithoutTheTableAsksBeforeCreatingIt() throws {
        let schema = "tmux_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        let store = ProcessInfo.processInfo.environment["KEEPSAKE_POSTGRES_URL"]! + "?schema=" + schema
        let session = try TmuxSession([store])
        session.waitFor("the question") { $0.contains("has no record table. Create it") && $0.contains("[y/N]") }
        try session.type("y")
        try session.send("Enter")
        session.waitFor("the empty store") { $0.contains(schema) && $0.contains("0 keys") }
        try session.send("q")
        session.waitForExit()
        #expect(try Subprocess.run(TmuxSession.binary, ["db", "count", store]).stdout == "0\n")
    }

    /// A server of this test's own (stopping the shared one would fail the other tests): it stops
    /// while a record is being edited, the save says so and keeps the edit, and once the server is
    /// back the retry saves it.
    @Test func aServerThatStopsMidEditKeepsTheEditAndTheRetrySavesIt() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let script = root.appendingPathComponent("Scripts/postgres.sh").path
        let folder = "/tmp/keepsake-pg-retry-\(UUID().uuidString.prefix(8))"
        let port = "54339"
        func cluster(_ command: String) throws {
            let result = try Subprocess.run("/usr/bin/env", ["KEEPSAKE_POSTGRES_PORT=\(port)", "bash", script, command, folder])
            try #require(result.status == 0, "postgres.sh \(command): \(result.stderr)")
        }
        try cluster("start")
        defer {
            try? cluster("stop")
            try? FileManager.default.removeItem(atPath: folder)
        }
        let store = "postgres://keepsake@127.0.0.1:\(port)/keepsake"
        func keepsake(_ arguments: String...) throws -> String { try Subprocess.run(TmuxSession.binary, arguments).stdout }
        _ = try keepsake("db", "put", store, "Person", "--id", "p1", #"{"name": "Ada",  "age": 36}"#)
        let session = try TmuxSession([store])
        session.waitFor("the record view") { $0.contains("[Person] records") }
        try session.find("Ada", expectingPath: ".Person.p1.name")
        try session.replaceValue(with: "Lovelace")
        session.waitFor("the edit") { $0.contains("\"Lovelace\"") && $0.contains("● modified") }
        try cluster("stop")
        try session.send("C-s")
        session.waitFor("the offer to try again") { $0.contains("Not saved (") && $0.contains("r try again") }
        try cluster("start")
        try session.send("r")
        // Saved; and since announcements may have been missed while the server was down, the
        // browser may offer to reload as well: keep this view.
        session.waitFor("the save") { !$0.contains("● modified") && ($0.contains("saved") || $0.contains("while the connection was lost")) }
        if session.screen().contains("k keep this view") { try session.send("k") }
        try session.send("q")
        session.waitForExit()
        #expect(try keepsake("db", "get", store, "p1") == #"{"name": "Lovelace",  "age": 36}"# + "\n")
    }
}
