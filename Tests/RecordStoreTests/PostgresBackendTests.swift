import DictionaryStorage
import Foundation
import LosslessJSON
import RecordStore
import RecordStorePostgres
import Testing

/// What only a server shows: several connections writing, the text as the server holds it, and
/// the errors of bad conditions. Every other store behaviour runs on PostgreSQL through the
/// parameterized suites (`Backend.available`).
@Suite("PostgreSQL backend", .enabled(
    if: Backend.postgresURL != nil,
    "KEEPSAKE_POSTGRES_URL is not set: the PostgreSQL tests are skipped (eval \"$(Scripts/postgres.sh start)\" sets it; .ci/run always does)"))
struct PostgresBackendTests {
    /// Two stores on one schema: two writers, as two app servers would be.
    func twoWriters() throws -> (RecordStore, RecordStore, String) {
        let schema = "t_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        let url = Backend.postgresURL! + "?schema=" + schema
        return (RecordStore(backend: try PostgresRecordBackend(url: url)), RecordStore(backend: try PostgresRecordBackend(url: url)), url)
    }

    @Test func theTextIsKeptExactlyAndAnUnchangedWriteChangesNothing() throws {
        let (store, other, _) = try twoWriters()
        let text = #"{"firstName": "Ada",  "n": 1.50, "big": 12345678901234567890, "é": "\u00e9", "z": [ ]}"#
        try store.put(type: "Student", id: "s", text: text)
        #expect(try other.record(id: "s")?.json == text)
        var model = try #require(try other.read(id: "s", as: Student.self))
        model.firstName = "Ada"
        try other.write(Record(id: "s", data: model))
        #expect(try store.record(id: "s")?.json == text)
        #expect(try store.record(id: "s")?.version == 1)
        model.firstName = "Grace"
        try other.write(Record(id: "s", data: model))
        #expect(try store.record(id: "s")?.json == text.replacingOccurrences(of: "\"Ada\"", with: "\"Grace\""))
        #expect(try store.record(id: "s")?.version == 2)
    }

    /// A store made before type schemas (its `record_schema` dropped by psql, as such a store has
    /// none) reads no schemas, and gains the table on its first `setTypeSchema`.
    @Test func aStoreMadeBeforeTypeSchemasGainsTheirTableOnItsFirstWrite() throws {
        let schema = "t_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        let url = Backend.postgresURL! + "?schema=" + schema
        let store = RecordStore(backend: try PostgresRecordBackend(url: url))
        try store.put(type: "Invoice", id: "a", text: #"{"number": 1}"#)
        let psql = Process()
        psql.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        psql.arguments = ["psql", Backend.postgresURL!, "-q", "-v", "ON_ERROR_STOP=1", "-c", "DROP TABLE \(schema).record_schema"]
        try psql.run()
        psql.waitUntilExit()
        #expect(psql.terminationStatus == 0, "psql could not drop the table")
        let reader = RecordStore(backend: try PostgresRecordBackend(url: url, readOnly: true))
        #expect(try reader.typeSchemas().isEmpty)
        #expect(try reader.typeSchema(for: "Invoice") == nil)
        #expect(try reader.record(id: "a")?.json == #"{"number": 1}"#)
        let writer = RecordStore(backend: try PostgresRecordBackend(url: url))
        try writer.setTypeSchema(#"{"type": "object"}"#, for: "Invoice")
        #expect(try reader.typeSchema(for: "Invoice") == #"{"type": "object"}"#)
    }

    @Test func aStaleWriteIsAConflictNotAnOverwrite() throws {
        let (store, other, _) = try twoWriters()
        try store.put(type: "Student", id: "s", text: #"{"firstName": "A"}"#)
        let seen = try #require(try other.record(id: "s")).version
        try store.update(id: "s", to: ["firstName": "B"], expectedVersion: seen)
        #expect {
            try other.update(id: "s", to: ["firstName": "C"], expectedVersion: seen)
        } throws: { error in
            guard case RecordStoreError.conflict(let id, let expected, let found) = error else { return false }
            return id == "s" && expected == seen && found == seen + 1
        }
        #expect(try other.record(id: "s")?.json == #"{"firstName": "B"}"#)
    }

    @Test func eightWritersOnDisjointRecordsLoseNothing() throws {
        let (seed, _, url) = try twoWriters()
        for index in 0..<8 { try seed.put(type: "Counter", id: "c\(index)", text: #"{"n": 0}"#) }
        DispatchQueue.concurrentPerform(iterations: 8) { index in
            do {
                let store = RecordStore(backend: try PostgresRecordBackend(url: url))
                for round in 1...25 {
                    let record = try #require(try store.record(id: "c\(index)"))
                    try store.update(id: "c\(index)", to: ["n": .number(JSONNumber(round))], expectedVersion: record.version)
                }
            } catch {
                Issue.record("writer \(index): \(error)")
            }
        }
        for index in 0..<8 { #expect(try seed.record(id: "c\(index)")?.json == #"{"n": 25}"#) }
    }

    /// The test server signs in one role with a password (Scripts/postgres.sh): a wrong one is
    /// said in the server's words, and the right one (in the URL, or in a password file) opens.
    @Test func aWrongPasswordIsSaidAndTheRightOneOpens() throws {
        let server = try PostgresLocation(url: try #require(Backend.postgresURL))
        let schema = "pw_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        func url(_ password: String) -> String {
            "postgres://keepsake_pw:\(password)@\(server.host):\(server.port)/\(server.database)?schema=\(schema)"
        }
        #expect {
            _ = try PostgresRecordBackend(url: url("wrong"))
        } throws: { error in
            guard case RecordStoreError.cannotOpen(let path, let detail) = error else { return false }
            return detail.contains("password authentication failed") && !path.contains("wrong")
        }
        let store = RecordStore(backend: try PostgresRecordBackend(url: url("right-password")))
        try store.put(type: "T", id: "a", text: "{}")
        #expect(try store.count() == 1)
    }

    @Test func badConditionsGetClearErrors() throws {
        // Nothing listens on port 9 (discard): refused at once.
        #expect {
            _ = try PostgresRecordBackend(url: "postgres://keepsake@127.0.0.1:9/keepsake")
        } throws: { error in
            "\(error)".contains("postgres://keepsake@127.0.0.1:9/keepsake") && "\(error)".contains("cannot open")
        }
        let (_, other, url) = try twoWriters()
        #expect {
            _ = try PostgresRecordBackend(url: url.replacingOccurrences(of: "/keepsake?", with: "/no_such_database?"))
        } throws: { error in
            "\(error)".contains("no_such_database") && "\(error)".contains("does not exist")
        }
        // A connection the server drops inside a transaction (only this store's: other tests run at
        // the same time): the next call fails with an error that says so; the data is intact.
        let backend = try PostgresRecordBackend(url: url)
        let dropped = RecordStore(backend: backend)
        try dropped.put(type: "T", id: "a", text: "{}")
        #expect(try other.list(type: nil).count == 1)
        try dropped.startTransaction()
        try dropped.put(type: "T", id: "b", text: "{}")
        let admin = try PostgresRecordBackend(url: url)
        #expect(try admin.terminateConnection(serverProcessID: backend.serverProcessID()))
        #expect {
            try dropped.put(type: "T", id: "c", text: "{}")
        } throws: { error in
            // Closed before the call, or ended while the server answered it.
            "\(error)".contains("the connection to the server was lost") || "\(error)".contains("terminating connection")
        }
        // The open transaction was rolled back with its connection; what was committed is there.
        #expect(try RecordStore(backend: PostgresRecordBackend(url: url)).list(type: "T").map(\.id) == ["a"])
    }
}

/// Store URLs, read as libpq reads them (no server needed).
@Suite("PostgreSQL store URLs")
struct PostgresLocationTests {
    @Test func urlsFillWhatTheyLeaveOutFromTheEnvironmentAndThePasswordFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pgpass-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let passfile = folder.appendingPathComponent("pgpass").path
        try "# comment\nother:5432:*:*:no\ndb.example:6543:*:ann:s3cr\\:et\n".write(toFile: passfile, atomically: true, encoding: .utf8)
        let environment = ["PGHOST": "db.example", "PGPORT": "6543", "PGUSER": "ann", "PGPASSFILE": passfile]
        let location = try PostgresLocation(url: "postgres:///records", environment: environment)
        #expect(location.host == "db.example")
        #expect(location.port == 6543)
        #expect(location.user == "ann")
        #expect(location.database == "records")
        #expect(location.password == "s3cr:et")
        #expect(location.description == "postgres://ann@db.example:6543/records")
        let explicit = try PostgresLocation(url: "postgresql://bob:pw@h:1/d?schema=s", environment: environment)
        #expect([explicit.host, explicit.user, explicit.password, explicit.database, explicit.schema] == ["h", "bob", "pw", "d", "s"])
        #expect(explicit.port == 1)
        #expect(!explicit.description.contains("pw"))
        #expect(throws: PostgresLocation.URLError.self) { try PostgresLocation(url: "mysql://x", environment: [:]) }
    }
}
