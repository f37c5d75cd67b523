import Foundation
import RecordStore
import Testing
import TestSupport

@Suite("keepsake db")
struct DBCommandTests {
    @Test func everyActionWorksAndFailsClearly() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let db = scratch.url.appendingPathComponent("s.sqlite").path
        #expect(try Keepsake.run("db", "put", db, "Person", "--id", "p1", #"{"name": "Ada",  "age": 36.0}"#).stdout == "p1\n")
        let second = try Keepsake.run("db", "put", db, "Person", #"{"name": "Bo", "age": 12}"#)
        #expect(second.status == 0)
        #expect(UUID(uuidString: second.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) != nil)
        #expect(try Keepsake.run("db", "put", db, "Pet", #"{"name": "Rex"}"#).status == 0)
        #expect(try Keepsake.run("db", "types", db).stdout == "Person\t2\nPet\t1\n")
        #expect(try Keepsake.run("db", "count", db).stdout == "3\n")
        #expect(try Keepsake.run("db", "count", db, "Person").stdout == "2\n")
        #expect(try Keepsake.run("db", "get", db, "p1").stdout == "{\"name\": \"Ada\",  \"age\": 36.0}\n")
        #expect(try Keepsake.run("db", "list", db, "Person", "--where", ".age>=18").stdout == "p1\tPerson\t{\"name\": \"Ada\",  \"age\": 36.0}\n")
        #expect(try Keepsake.run("db", "list", db, "--where", "/name=\"Rex\"").stdout.hasSuffix("\tPet\t{\"name\": \"Rex\"}\n"))
        #expect(try Keepsake.run("db", "list", db, "Person", "--limit", "1").stdout.split(separator: "\n").count == 1)
        #expect(try Keepsake.run("db", "delete", db, "p1").status == 0)
        let missing = try Keepsake.run("db", "get", db, "p1")
        #expect(missing.status == 1)
        #expect(missing.stderr == "keepsake: error: \(db): no record with id p1\n")
        #expect(try Keepsake.run("db", "delete", db, "p1").status == 1)
        #expect(try Keepsake.run("db", "put", db, "Person", "[1]").status == 1)
        #expect(try Keepsake.run("db", "put", db, "Person", "{").status == 1)
        #expect(try Keepsake.run("db", "list", db, "--where", "age").status == 2)
        #expect(try Keepsake.run("db", "get", db).status == 2)
        #expect(try Keepsake.run("db", "frob", db).status == 2)
        let notADatabase = try scratch.file("text.sqlite", "hello, not a database at all, but long enough to be read as one")
        let bad = try Keepsake.run("db", "count", notADatabase)
        #expect(bad.status == 1)
        #expect(bad.stderr == "keepsake: error: \(notADatabase): not an SQLite database\n")
    }

    @Test func listTakesAnOrder() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let db = scratch.url.appendingPathComponent("o.sqlite").path
        for (id, age) in [("b", 30), ("a", 10), ("c", 20)] {
            #expect(try Keepsake.run("db", "put", db, "Person", "--id", id, "{\"age\": \(age)}").status == 0)
        }
        func ids(_ arguments: String...) throws -> [String] {
            try Keepsake.run(["db", "list", db] + arguments).stdout.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
        }
        #expect(try ids() == ["b", "a", "c"])
        #expect(try ids("--order", ".age") == ["a", "c", "b"])
        #expect(try ids("--order", "/age", "--descending") == ["b", "c", "a"])
        #expect(try ids("--order", "id") == ["a", "b", "c"])
        #expect(try Keepsake.run("db", "list", db, "--order", "age").status == 2)
    }

    @Test func initCreatesAStoreAndIndexServesItsField() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let db = scratch.url.appendingPathComponent("new.sqlite").path
        #expect(try Keepsake.run("db", "init", db).stdout == "\(db): created a record store\n")
        #expect(try Keepsake.run("db", "init", db).stdout == "\(db): a record store already\n")
        _ = try Keepsake.run("db", "put", db, "Person", "--id", "p1", #"{"email": "a@x"}"#)
        let index = try Keepsake.run("db", "index", db, ".email")
        #expect(index.stdout.hasPrefix("record_field_email_"))
        let store = try RecordStore(path: db, readOnly: true)
        #expect(try store.plan(type: nil, where: [FieldCondition(parsing: #".email="a@x""#)]).contains(index.stdout.trimmingCharacters(in: .newlines)))
        #expect(try Keepsake.run("db", "list", db, "--where", #".email="a@x""#).stdout.hasPrefix("p1\t"))
    }

    @Test func importIsOneTransactionAndReportsBadLines() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let db = scratch.url.appendingPathComponent("s.sqlite").path
        let good = try scratch.file("good.jsonl", "{\"n\": 1}\n{\"n\": 2}\n\n{\"n\": 3}\n")
        #expect(try Keepsake.run("db", "import", db, "Row", good).stdout == "3\n")
        let bad = try scratch.file("bad.jsonl", "{\"n\": 4}\n{oops}\n")
        let result = try Keepsake.run("db", "import", db, "Row", bad)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("\(bad):2:2: error: "))
        #expect(try Keepsake.run("db", "count", db, "Row").stdout == "3\n")
        let notObjects = try scratch.file("arrays.jsonl", "{\"n\": 5}\n[6]\n")
        #expect(try Keepsake.run("db", "import", db, "Row", notObjects).status == 1)
        #expect(try Keepsake.run("db", "count", db, "Row").stdout == "3\n")  // the first line was rolled back too
    }

    @Test func twoProcessesWriteTheSameFileAtOnce() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let db = scratch.url.appendingPathComponent("s.sqlite").path
        let lines = (0..<5_000).map { "{\"n\": \($0), \"pad\": \"\(String(repeating: "x", count: 100))\"}" }.joined(separator: "\n")
        let file = try scratch.file("rows.jsonl", lines)
        let a = try Keepsake.start("db", "import", db, "A", file)
        let b = try Keepsake.start("db", "import", db, "B", file)
        #expect(a.wait() == .exited(0), "\(a.standardError)")
        #expect(b.wait() == .exited(0), "\(b.standardError)")
        let store = try RecordStore(path: db)
        #expect(try store.count(type: "A") == 5_000)
        #expect(try store.count(type: "B") == 5_000)
    }

    @Test func aWriterKilledMidTransactionLeavesNoneOfItsRecords() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let db = scratch.url.appendingPathComponent("s.sqlite").path
        #expect(try Keepsake.run("db", "put", db, "Before", #"{"kept": true}"#).status == 0)
        let lines = (0..<400_000).map { "{\"n\": \($0), \"pad\": \"\(String(repeating: "y", count: 60))\"}" }.joined(separator: "\n")
        let file = try scratch.file("many.jsonl", lines)
        let writer = try Keepsake.start("db", "import", db, "Killed", file)
        // Wait (with a deadline) until the transaction has written pages to the WAL, then kill it.
        let wal = db + "-wal"
        let deadline = Date().addingTimeInterval(60)
        var walSize: Int64 = 0
        while Date() < deadline, writer.isRunning {
            walSize = ((try? FileManager.default.attributesOfItem(atPath: wal)[.size]) as? Int64) ?? 0
            if walSize > 2_000_000 { break }
            Thread.sleep(forTimeInterval: 0.01)
        }
        #expect(writer.isRunning, "the import finished before it could be killed; make the file larger")
        #expect(walSize > 2_000_000)
        writer.send(SIGKILL)
        #expect(writer.wait() == .signalled(SIGKILL))
        let store = try RecordStore(path: db)
        #expect(try store.count(type: "Killed") == 0)
        #expect(try store.count(type: "Before") == 1)
        #expect(try store.list(type: nil).count == 1)
    }
}
