import Foundation
import Testing
import TestSupport

/// `keepsake db schema …` and the checks of `db put` and `db import`, on an SQLite file and — when
/// a server is given — on PostgreSQL.
@Suite("keepsake db schema")
struct RecordSchemaCLITests {
    /// The stores to run on: an SQLite file, and a PostgreSQL schema of its own when a server is given.
    static var stores: [String] {
        var stores = ["sqlite"]
        if ProcessInfo.processInfo.environment["KEEPSAKE_POSTGRES_URL"] != nil { stores.append("postgres") }
        return stores
    }

    static func store(_ kind: String, in scratch: Scratch) -> String {
        guard kind == "postgres", let url = ProcessInfo.processInfo.environment["KEEPSAKE_POSTGRES_URL"] else {
            return scratch.url.appendingPathComponent("s.sqlite").path
        }
        return url + "?schema=rs_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
    }

    @Test(arguments: stores)
    func aTypesSchemaIsKeptInferredListedAndChecksEveryWrite(kind: String) throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let db = Self.store(kind, in: scratch)
        #expect(try Keepsake.run("db", "put", db, "Invoice", #"{"number": 1, "status": "open"}"#).status == 0)
        #expect(try Keepsake.run("db", "put", db, "Invoice", #"{"number": 2, "status": "paid", "note": null}"#).status == 0)
        let none = try Keepsake.run("db", "schema", "get", db, "Invoice")
        #expect(none.status == 1)
        #expect(none.stderr.contains("Invoice has no schema"))
        #expect(try Keepsake.run("db", "schema", "list", db).stdout == "")

        // Inferred from the stored records: printed, then kept.
        let inferred = try Keepsake.run("db", "schema", "infer", db, "Invoice")
        #expect(inferred.status == 0)
        #expect(inferred.stdout.contains(#""number": {"#) && inferred.stdout.contains(#""type": "integer""#))
        let saved = try Keepsake.run("db", "schema", "infer", db, "Invoice", "--save")
        #expect(saved.status == 0)
        #expect(saved.stderr.contains("inferred from 2 records"))
        #expect(try Keepsake.run("db", "schema", "get", db, "Invoice").stdout == inferred.stdout)
        #expect(try Keepsake.run("db", "schema", "list", db).stdout == "Invoice\t2\t\n")

        // A record that does not match is refused with the schema's errors, unless --no-check.
        let refused = try Keepsake.run("db", "put", db, "Invoice", #"{"number": "three", "status": "open"}"#)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains(#".number: "three" is not of type "integer""#))
        #expect(refused.stderr.contains("not written (--no-check writes it anyway)"))
        #expect(try Keepsake.run("db", "count", db, "Invoice").stdout == "2\n")
        #expect(try Keepsake.run("db", "put", db, "Invoice", #"{"number": "three"}"#, "--no-check").status == 0)
        #expect(try Keepsake.run("db", "put", db, "Other", #"{"number": "three"}"#).status == 0)
        #expect(try Keepsake.run("db", "put", db, "Invoice", #"{"number": 4, "status": "open"}"#).status == 0)

        // An import is all or nothing, every mismatching line named.
        let lines = try scratch.file("i.jsonl", "{\"number\": 5, \"status\": \"open\"}\n{\"status\": \"open\"}\n{\"number\": 6.5, \"status\": \"paid\"}\n")
        let notImported = try Keepsake.run("db", "import", db, "Invoice", lines)
        #expect(notImported.status == 1)
        #expect(notImported.stderr.contains("i.jsonl:2: error: does not match the schema of Invoice"))
        #expect(notImported.stderr.contains("i.jsonl:3: error: does not match the schema of Invoice"))
        #expect(notImported.stderr.contains("not imported (2 invalid lines"))
        #expect(try Keepsake.run("db", "count", db, "Invoice").stdout == "4\n")
        #expect(try Keepsake.run("db", "import", db, "Invoice", lines, "--no-check").stdout == "3\n")

        // A schema that does not compile is not kept; a new one says which records it refuses.
        let broken = try scratch.file("broken.json", ##"{"$ref": "#/$defs/missing"}"##)
        let notKept = try Keepsake.run("db", "schema", "set", db, "Invoice", broken)
        #expect(notKept.status == 2)
        #expect(notKept.stderr.contains("not kept"))
        #expect(notKept.stderr.contains("a reference is not resolved"))
        let notJSON = try Keepsake.run("db", "schema", "set", db, "Invoice", try scratch.file("bad.json", "{\"type\": "))
        #expect(notJSON.status == 2)
        #expect(try Keepsake.run("db", "schema", "get", db, "Invoice").stdout == inferred.stdout)
        let strict = try scratch.file("strict.json", #"{"type": "object", "required": ["number"], "properties": {"number": {"type": "integer"}}}"#)
        let set = try Keepsake.run("db", "schema", "set", db, "Invoice", strict)
        #expect(set.status == 0)
        #expect(set.stderr.contains("warning: 3 of 7 Invoice records do not match the schema"))
        #expect(try Keepsake.run("db", "schema", "get", db, "Invoice").stdout == #"{"type": "object", "required": ["number"], "properties": {"number": {"type": "integer"}}}"# + "\n")

        #expect(try Keepsake.run("db", "schema", "remove", db, "Invoice").status == 0)
        #expect(try Keepsake.run("db", "schema", "remove", db, "Invoice").status == 1)
        #expect(try Keepsake.run("db", "put", db, "Invoice", #"{"number": "any"}"#).status == 0)
        #expect(try Keepsake.run("db", "schema", "infer", db, "Nothing").status == 1)
    }
}
