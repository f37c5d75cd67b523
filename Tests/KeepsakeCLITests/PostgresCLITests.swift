import Foundation
import Testing

/// `keepsake db` on a PostgreSQL store named by its URL, and `db copy` between SQLite and
/// PostgreSQL both ways, byte for byte.
@Suite("keepsake db on PostgreSQL", .enabled(
    if: ProcessInfo.processInfo.environment["KEEPSAKE_POSTGRES_URL"] != nil,
    "KEEPSAKE_POSTGRES_URL is not set: the PostgreSQL CLI tests are skipped (eval \"$(Scripts/postgres.sh start)\" sets it; .ci/run always does)"))
struct PostgresCLITests {
    /// A store URL with a schema of its own.
    static func storeURL() -> String {
        let url = ProcessInfo.processInfo.environment["KEEPSAKE_POSTGRES_URL"]!
        return url + "?schema=cli_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
    }

    @Test func everyVerbTakesAURL() throws {
        let store = Self.storeURL()
        let text = #"{"name": "Ada",   "n": 1.50, "tags": [ ]}"#
        #expect(try Keepsake.run("db", "put", store, "Person", text, "--id", "p1").stdout == "p1\n")
        #expect(try Keepsake.run("db", "get", store, "p1").stdout == text + "\n")
        #expect(try Keepsake.run("db", "get", "--print-version", store, "p1").stdout == "1\n")
        #expect(try Keepsake.run("db", "count", store).stdout == "1\n")
        #expect(try Keepsake.run("db", "types", store).stdout == "Person\t1\n")
        #expect(try Keepsake.run("db", "list", store, "--where", ".n=1.5").stdout == "p1\tPerson\t\(text)\n")
        let stale = try Keepsake.run("db", "put", store, "Person", #"{"name": "B"}"#, "--id", "p1", "--if-version", "7")
        #expect(stale.status == 1)
        #expect(try Keepsake.run("db", "delete", store, "p1").status == 0)
        #expect(try Keepsake.run("db", "count", store).stdout == "0\n")
    }

    @Test func aMissingTableIsNamedWithHowToCreateItAndInitAndIndexMakeWhatIsMissing() throws {
        let store = Self.storeURL()
        // Reading verbs never create it; the browser, without a terminal to ask on, does not either.
        let read = try Keepsake.run("db", "count", store)
        #expect(read.status == 1)
        #expect(read.stderr.contains("no record table here") && read.stderr.contains("keepsake db init"))
        let browse = try Keepsake.run(store)
        #expect(browse.status == 1)
        #expect(browse.stderr.contains("keepsake db init"))
        #expect(try Keepsake.run("db", "init", store).stdout.hasSuffix(": created the record table\n"))
        #expect(try Keepsake.run("db", "init", store).stdout.hasSuffix(": has a record table already\n"))
        #expect(try Keepsake.run("db", "count", store).stdout == "0\n")
        _ = try Keepsake.run("db", "put", store, "Person", #"{"address": {"city": "Oslo"}}"#, "--id", "p1")
        let index = try Keepsake.run("db", "index", store, ".address.city")
        #expect(index.status == 0)
        #expect(index.stdout.hasPrefix("record_field_address_city_"))
        #expect(try Keepsake.run("db", "list", store, "--where", #".address.city="Oslo""#).stdout.hasPrefix("p1\t"))
        #expect(try Keepsake.run("db", "index", store, "address[").status == 2)
    }

    @Test func copyMovesAStoreBetweenSQLiteAndPostgreSQLByteForByte() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let lines = #"{"a": 1.0}"# + "\n" + #"{"b": "\u00e9",  "c": [1, 2]}"# + "\n" + #"{"d": 12345678901234567890}"# + "\n"
        let jsonl = try scratch.file("in.jsonl", lines)
        let sqlite = scratch.url.appendingPathComponent("a.sqlite").path
        #expect(try Keepsake.run("db", "import", sqlite, "Thing", jsonl).stdout == "3\n")
        let postgres = Self.storeURL()
        #expect(try Keepsake.run("db", "copy", sqlite, postgres).stdout == "3\n")
        let back = scratch.url.appendingPathComponent("b.sqlite").path
        #expect(try Keepsake.run("db", "copy", postgres, back).stdout == "3\n")
        let original = try Keepsake.run("db", "list", sqlite).stdout
        #expect(try Keepsake.run("db", "list", postgres).stdout == original)
        #expect(try Keepsake.run("db", "list", back).stdout == original)
        // Copying again fails whole (the ids exist) unless asked to replace.
        let again = try Keepsake.run("db", "copy", sqlite, postgres)
        #expect(again.status == 1)
        #expect(again.stderr.contains("exists already"))
        #expect(try Keepsake.run("db", "copy", "--replace", sqlite, postgres).stdout == "3\n")
        #expect(try Keepsake.run("db", "count", postgres).stdout == "3\n")
    }

    @Test func aReadOfAStoreThatIsNotThereCreatesNothing() throws {
        let store = Self.storeURL()
        let read = try Keepsake.run("db", "count", store)
        #expect(read.status == 1)
        #expect(read.stderr.contains("no record table here"))
        #expect(try Keepsake.run("db", "put", store, "T", "{}").status == 0)
        #expect(try Keepsake.run("db", "count", store).stdout == "1\n")
    }
}
