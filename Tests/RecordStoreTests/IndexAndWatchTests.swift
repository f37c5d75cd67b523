import Foundation
import LosslessJSON
import RecordStore
@testable import RecordStorePostgres
import Testing

/// Field indexes (the same answers, served by the index) and watches on other writers' changes,
/// on each backend that has them.
@Suite("Field indexes and change watches")
struct IndexAndWatchTests {
    /// Three hundred users with an email, an age and a city.
    func users(in store: RecordStore) throws {
        try store.transaction { tx in
            for i in 0..<300 {
                let city = ["Oslo", "Rome", "Lima"][i % 3]
                _ = try tx.put(type: "User", id: "u\(i)", text: #"{"email": "u\#(i % 50)@x", "age": \#(i % 90), "address": {"city": "\#(city)"}}"#)
            }
        }
    }

    @Test(arguments: Backend.available)
    func anIndexOnAFieldServesItsQueriesWithTheSameAnswers(backend: Backend) throws {
        let store = try backend.store()
        try users(in: store)
        let queries: [[FieldCondition]] = try [[".email=\"u7@x\""], [".age>=30", ".age<40"], [".address.city=\"Rome\"", ".age<10"]]
            .map { try $0.map { try FieldCondition(parsing: $0) } }
        let age = try JSONPath(parsing: ".age")
        func answers() throws -> [[String]] {
            try queries.map { try store.list(type: "User", where: $0, order: .field(age)).map(\.id) }
        }
        let before = try answers()
        #expect(before.map(\.count) == [6, 30, 12])
        let email = try store.createIndex(on: JSONPath(parsing: ".email"))
        #expect(try store.createIndex(on: JSONPath(parsing: ".email")) == email, "creating it again is a no-op")
        try store.createIndex(on: age)
        try store.createIndex(on: JSONPath(parsing: ".address.city"))
        #expect(try answers() == before)

        let plan = { () throws -> String in try store.plan(type: nil, where: queries[0]) }
        switch backend {
        case .sqlite:
            let plan = try plan()
            #expect(plan.contains(email), "SQLite's plan: \(plan)")
        case .postgres:
            // A table of a few pages is read whole whatever the indexes; with that option off, the
            // plan shows whether the index matches the query's expression at all.
            let postgres = try #require(store.backend as? PostgresRecordBackend)
            try postgres.execute("SET enable_seqscan = off")
            let plan = try plan()
            #expect(plan.contains(email), "PostgreSQL's plan: \(plan)")
        case .memory:
            #expect(try plan() == "reads every record")
        }
    }

    @Test func anSQLiteStoreSeesAnotherConnectionsCommitsButNotItsOwn() throws {
        let folder = try TemporaryDatabase()
        let store = try RecordStore(path: folder.path)
        let other = try RecordStore(path: folder.path)
        let watch = try #require(try store.watchChanges())
        #expect(try watch.changesByOthers() == nil)
        try store.put(type: "Mine", id: "m", text: "{}")
        #expect(try watch.changesByOthers() == nil, "its own write")
        try other.put(type: "Student", id: "s", text: "{}")
        // SQLite does not say which records: the change names no type.
        #expect(try watch.changesByOthers() == RecordChanges())
        #expect(try watch.changesByOthers() == nil, "told once")
    }

    @Test func aStoreSourceOffersWhatOthersChangedAfterItsLoad() throws {
        let folder = try TemporaryDatabase()
        let other = try RecordStore(path: folder.path)
        try other.put(type: "Student", id: "before", text: "{}")
        var source = RecordStoreSource(store: try RecordStore(path: folder.path))
        let loaded = try source.load(progress: LoadProgress())
        #expect(source.changesByOthers() == nil, "what was there before the load is in it")
        try other.put(type: "Student", id: "after", text: "{}")
        #expect(source.changesByOthers() == "Records changed by someone else.")
        // Its own save is not someone else's change.
        var edited = loaded
        _ = try edited.apply(.set(at: JSONPath(parsing: ".Student.before.n"), to: .number(1)))
        _ = try source.save(edited, since: loaded, overrides: [])
        #expect(source.changesByOthers() == nil)
    }
}

/// What only a server shows: announcements of other writers' changes, reconnection, a missing table.
@Suite("PostgreSQL changes and connections", .enabled(
    if: Backend.postgresURL != nil,
    "KEEPSAKE_POSTGRES_URL is not set: the PostgreSQL tests are skipped (eval \"$(Scripts/postgres.sh start)\" sets it; .ci/run always does)"))
struct PostgresChangeTests {
    /// A URL of a new schema of the test server.
    func newSchemaURL() throws -> String {
        let url = try #require(Backend.postgresURL)
        return url + (url.contains("?") ? "&" : "?") + "schema=t_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
    }

    /// Collects what a watch reports until `done` holds of it, or ten seconds pass (notifications
    /// arrive on the connection after the writer's commit, not at once).
    func collect(_ watch: any RecordChangeWatch, until done: (Set<String>) -> Bool) throws -> Set<String> {
        var seen = Set<String>()
        let deadline = Date().addingTimeInterval(10)
        while !done(seen), Date() < deadline {
            if let changes = try watch.changesByOthers() { seen.formUnion(changes.types) }
            usleep(5_000)
        }
        return seen
    }

    @Test func otherWritersChangesAreAnnouncedByTypeAndItsOwnAndOtherSchemasAreNot() throws {
        let url = try newSchemaURL()
        let store = RecordStore(backend: try PostgresRecordBackend(url: url))
        let other = RecordStore(backend: try PostgresRecordBackend(url: url))
        let elsewhere = RecordStore(backend: try PostgresRecordBackend(url: try newSchemaURL()))
        let watch = try #require(try store.watchChanges())
        try store.put(type: "Mine", id: "m", text: "{}")
        try elsewhere.put(type: "Elsewhere", id: "e", text: "{}")
        try other.put(type: "Student", id: "s", text: "{}")
        try other.transaction { tx in
            for i in 0..<50 { _ = try tx.put(type: "Post", id: "p\(i)", text: "{}") }
        }
        try other.update(id: "s", to: ["n": 1])
        _ = try other.delete(id: "p0")
        // Notifications come in commit order: once the last writer's sentinel is here, anything
        // of the store's own or of the other schema's would have come before it.
        try other.put(type: "Sentinel", id: "z", text: "{}")
        let seen = try collect(watch) { $0.contains("Sentinel") }
        #expect(seen == ["Student", "Post", "Sentinel"])
    }

    @Test func aDroppedConnectionIsReplacedOutsideATransactionAndReportedInsideOne() throws {
        let url = try newSchemaURL()
        let backend = try PostgresRecordBackend(url: url)
        let store = RecordStore(backend: backend)
        let admin = try PostgresRecordBackend(url: url)
        let watch = try #require(try store.watchChanges())
        try store.put(type: "T", id: "a", text: "{}")

        // Outside a transaction: the next call connects again (and the watch listens again,
        // telling of changes it may have missed meanwhile).
        #expect(try admin.terminateConnection(serverProcessID: backend.serverProcessID()))
        do {
            try store.put(type: "T", id: "b", text: "{}")
        } catch RecordStoreError.unavailable {
            // The first call may be the one that finds the connection gone; the next connects again.
            try store.put(type: "T", id: "b", text: "{}")
        }
        #expect(try store.list(type: "T").map(\.id) == ["a", "b"])
        #expect(try watch.changesByOthers() == RecordChanges(mayHaveMissed: true))
        try admin.execute("INSERT INTO record (id, type, json, created_at, updated_at) VALUES ('x', 'Admin', '{}', 0, 0)")
        #expect(try collect(watch) { $0.contains("Admin") } == ["Admin"], "listening on the new connection")

        // Inside a transaction: lost with its connection; the commit says so instead of
        // committing nothing on a new connection.
        try store.startTransaction()
        try store.put(type: "T", id: "c", text: "{}")
        #expect(try admin.terminateConnection(serverProcessID: backend.serverProcessID()))
        #expect {
            try store.put(type: "T", id: "d", text: "{}")
            try store.commitTransaction()
        } throws: { error in
            guard case RecordStoreError.unavailable(_, let detail) = error else { return false }
            return detail.contains("connection to the server was lost")
        }
        if store.isInExplicitTransaction { try store.rollbackTransaction() }
        #expect(try store.list(type: "T").map(\.id) == ["a", "b"])
        try store.put(type: "T", id: "e", text: "{}")
        #expect(try store.list(type: "T").map(\.id) == ["a", "b", "e"])
    }

    @Test func aMissingTableIsCreatedOnlyWhenAskedAndATableWithoutTheTriggerGetsIt() throws {
        let url = try newSchemaURL()
        #expect {
            _ = try PostgresRecordBackend(url: url, createTable: false)
        } throws: { error in
            guard case RecordStoreError.noRecordTable = error else { return false }
            return "\(error)".contains("keepsake db init")
        }
        #expect(throws: RecordStoreError.self) { _ = try PostgresRecordBackend(url: url, readOnly: true) }
        let created = try PostgresRecordBackend(url: url)
        #expect(created.createdTable)
        #expect(try created.hasChangeTrigger())
        // A table from before there was a trigger gets it when a writer opens it; a reader leaves it.
        try created.execute("DROP TRIGGER record_notify ON record")
        let reader = try PostgresRecordBackend(url: url, readOnly: true)
        #expect(!reader.createdTable)
        #expect(try !reader.hasChangeTrigger())
        let writer = try PostgresRecordBackend(url: url)
        #expect(!writer.createdTable)
        #expect(try writer.hasChangeTrigger())
    }
}
