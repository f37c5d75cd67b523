import Foundation
import Testing
import TestSupport

/// `get`, `set`, `delete` and `validate` on JSON Lines files, read whole (small) and mapped (every
/// file counts as large with KEEPSAKE_LARGE_FILE=1): `.[N]` is the N-th value line, and an edit
/// changes that line's bytes alone.
@Suite("keepsake CLI on JSON Lines")
struct JSONLinesCLITests {
    /// Blank lines, a CRLF break, an invalid line and no break at the end.
    static let text = "{\"id\": 0, \"tags\": [\"a\"]}\n\n   \n{\"id\": 1,  \"name\": \"Zoë\"}\r\n{oops\n[1, 2]"

    /// Runs the binary with every file mapped (`mapped`) or with the default threshold.
    static func keepsake(mapped: Bool, _ arguments: String...) throws -> Subprocess.Result {
        try keepsake(mapped: mapped, arguments: arguments)
    }

    static func keepsake(mapped: Bool, arguments: [String]) throws -> Subprocess.Result {
        try Subprocess.run("/usr/bin/env", (mapped ? ["KEEPSAKE_LARGE_FILE=1"] : []) + [Keepsake.binary] + arguments)
    }

    @Test(arguments: [false, true])
    func getAddressesValueLines(mapped: Bool) throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let file = try scratch.file("rows.jsonl", Self.text)
        #expect(try Self.keepsake(mapped: mapped, "get", file, ".[1]").stdout == "{\"id\": 1,  \"name\": \"Zoë\"}\n")
        #expect(try Self.keepsake(mapped: mapped, "get", file, ".[1].name", "--raw").stdout == "Zoë\n")
        #expect(try Self.keepsake(mapped: mapped, "get", file, "/3/1").stdout == "2\n")
        let broken = try Self.keepsake(mapped: mapped, "get", file, ".[2]")
        #expect(broken.status == 1 && broken.stderr.contains("rows.jsonl:5:2: error: expected a string key"), "\(broken.stderr)")
        let past = try Self.keepsake(mapped: mapped, "get", file, ".[4]")
        #expect(past.status == 1 && past.stderr.contains("no value at .[4]"), "\(past.stderr)")
        let notALine = try Self.keepsake(mapped: mapped, "get", file, ".id")
        #expect(notALine.status == 2 && notALine.stderr.contains("addressed by line"), "\(notALine.stderr)")
    }

    @Test(arguments: [false, true])
    func editsChangeOnlyTheirLine(mapped: Bool) throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let cases: [([String], String)] = [
            (["set", ".[1].name", "\"Ada\""], "{\"id\": 0, \"tags\": [\"a\"]}\n\n   \n{\"id\": 1,  \"name\": \"Ada\"}\r\n{oops\n[1, 2]"),
            (["set", "/0/tags/0", "{\"b\": [2]}"], "{\"id\": 0, \"tags\": [{\"b\": [2]}]}\n\n   \n{\"id\": 1,  \"name\": \"Zoë\"}\r\n{oops\n[1, 2]"),
            (["set", ".[2]", "{\"fixed\": true}"], "{\"id\": 0, \"tags\": [\"a\"]}\n\n   \n{\"id\": 1,  \"name\": \"Zoë\"}\r\n{\"fixed\":true}\n[1, 2]"),
            (["delete", ".[2]"], "{\"id\": 0, \"tags\": [\"a\"]}\n\n   \n{\"id\": 1,  \"name\": \"Zoë\"}\r\n[1, 2]"),
            (["delete", ".[3]"], "{\"id\": 0, \"tags\": [\"a\"]}\n\n   \n{\"id\": 1,  \"name\": \"Zoë\"}\r\n{oops\n"),
            (["delete", ".[0].tags"], "{\"id\": 0}\n\n   \n{\"id\": 1,  \"name\": \"Zoë\"}\r\n{oops\n[1, 2]"),
        ]
        for (arguments, expected) in cases {
            let file = try scratch.file("rows.jsonl", Self.text)
            let result = try Self.keepsake(mapped: mapped, arguments: [arguments[0], file] + arguments.dropFirst())
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(try scratch.read(file) == expected, "\(arguments)")
        }
    }

    @Test(arguments: [false, true])
    func aValueAlreadyThereAndAnOutputLeaveTheFile(mapped: Bool) throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let file = try scratch.file("rows.jsonl", Self.text)
        let before = try FileManager.default.attributesOfItem(atPath: file)[.modificationDate] as? Date
        Thread.sleep(forTimeInterval: 0.01)  // a rewrite would show in the modification time
        #expect(try Self.keepsake(mapped: mapped, "set", file, ".[0].id", "0").status == 0)
        #expect(try FileManager.default.attributesOfItem(atPath: file)[.modificationDate] as? Date == before)
        let printed = try Self.keepsake(mapped: mapped, "set", file, ".[3][0]", "9", "-o", "-")
        #expect(printed.stdout == Self.text.replacingOccurrences(of: "[1, 2]", with: "[9, 2]"))
        let elsewhere = scratch.url.appendingPathComponent("out.jsonl").path
        #expect(try Self.keepsake(mapped: mapped, "delete", file, ".[0]", "-o", elsewhere).status == 0)
        #expect(try scratch.read(elsewhere) == String(Self.text.dropFirst("{\"id\": 0, \"tags\": [\"a\"]}\n".count)))
        #expect(try scratch.read(file) == Self.text)
    }

    @Test func aMappedFileIsNotWrittenInPlace() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let file = try scratch.file("rows.jsonl", Self.text)
        let refused = try Self.keepsake(mapped: true, "set", file, ".[0].id", "5", "--in-place")
        #expect(refused.status == 1 && refused.stderr.contains("not written in place"), "\(refused.stderr)")
        #expect(try scratch.read(file) == Self.text)
    }

    @Test func validateReportsEveryInvalidLineByItsNumber() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let file = try scratch.file("rows.ndjson", Self.text + "\n{\"ok\": 1}\n[1,]\n")
        let result = try Keepsake.run("validate", file)
        #expect(result.status == 1)
        #expect(result.stderr.contains("rows.ndjson:5:2: error: expected a string key"), "\(result.stderr)")
        #expect(result.stderr.contains("rows.ndjson:8:4: error: expected a JSON value, found ']' (trailing commas are not allowed)"), "\(result.stderr)")
        let valid = try scratch.file("fine.jsonl", "{\"a\": 1}\r\n\n[2]")
        #expect(try Keepsake.run("validate", valid).status == 0)
    }

    /// With --schema, every line is checked against it, each error at the file's line (it used to
    /// check the syntax alone and pass every line).
    @Test func validateWithASchemaChecksEveryLineAgainstIt() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let schema = try scratch.file("s.json", #"{"type": "object", "properties": {"id": {"type": "integer"}}, "required": ["id"]}"#)
        let file = try scratch.file("rows.jsonl", "{\"id\": 1}\n\n{\"id\": \"two\"}\r\n{\"name\": 3}\n{oops\n{\"id\": 5}")
        let result = try Keepsake.run("validate", "--schema", schema, file)
        #expect(result.status == 1)
        #expect(result.stderr.contains(#"rows.jsonl:3:8: .id: "two" is not of type "integer""#), "\(result.stderr)")
        #expect(result.stderr.contains(#"rows.jsonl:4:1: .: the required property "id" is missing"#), "\(result.stderr)")
        #expect(result.stderr.contains("rows.jsonl:5:2: error: expected a string key"), "\(result.stderr)")
        #expect(!result.stderr.contains("rows.jsonl:1:") && !result.stderr.contains("rows.jsonl:6:"))
        let fine = try scratch.file("fine.jsonl", "{\"id\": 1}\n{\"id\": 2}\n")
        #expect(try Keepsake.run("validate", "--schema", schema, fine).status == 0)
    }
}
