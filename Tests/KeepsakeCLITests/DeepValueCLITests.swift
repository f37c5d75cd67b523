import Foundation
import Testing
import TestSupport

/// A value a million levels deep, with a raised `--max-depth`: every command that reads, builds,
/// compares, prints or frees it finishes (the walks use no recursion; what Swift frees by recursion
/// is freed on the deep stack every command runs on).
@Suite("keepsake CLI: a million levels")
struct DeepValueCLITests {
    static let depth = 1_000_000
    static let limit = ["--max-depth", "2000000"]

    /// Under ThreadSanitizer (`Scripts/sanitizers.sh thread` sets KEEPSAKE_SANITIZER), freeing a
    /// million nested objects overflows TSan's own shadow call stack (fixed in size; the SEGV is a
    /// write to its guard page): the compiler-generated destroy of the enum is instrumented and
    /// recurses once per level. That is a limit of the tool, not a race; these run in the plain
    /// and AddressSanitizer runs.
    static let frees = Testing.ConditionTrait.disabled(
        if: ProcessInfo.processInfo.environment["KEEPSAKE_SANITIZER"] == "thread",
        "ThreadSanitizer's shadow call stack cannot hold a million-level free")

    /// A million nested objects (`{"a":{"a":…1…}}`) or arrays, as a file in `scratch`.
    static func deepFile(_ scratch: Scratch, object: Bool) throws -> String {
        let (open, close) = object ? (#"{"a":"#, "}") : ("[", "]")
        return try scratch.file(object ? "object.json" : "array.json", String(repeating: open, count: depth) + "1" + String(repeating: close, count: depth) + "\n")
    }

    @Test(Self.frees, arguments: [true, false])
    func readCommandsFinish(object: Bool) throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let file = try Self.deepFile(scratch, object: object)
        let original = try scratch.read(file)
        #expect(try Keepsake.run(["validate", file] + Self.limit).status == 0)
        let exact = try Keepsake.run(["get", file, "."] + Self.limit)
        #expect(exact.status == 0)
        #expect(exact.stdout == original)
        // Strict JSON builds the value, writes it and frees it; past 256 levels on one line.
        let strict = try Keepsake.run(["get", file, ".", "--json"] + Self.limit)
        #expect(strict.status == 0, "\(strict.stderr)")
        #expect(strict.stdout == original)
    }

    @Test(Self.frees, arguments: [true, false])
    func editCommandsFinish(object: Bool) throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let file = try Self.deepFile(scratch, object: object)
        let original = try scratch.read(file)
        // An editor that adds a first member or element to the outermost value.
        let editor = try scratch.file("editor.sh", #"sed -i 's/^\[/[0,/; s/^{/{"z":0,/' "$1""# + "\n")
        let edited = try Subprocess.run("/usr/bin/env", ["EDITOR=sh \(editor)", Keepsake.binary, "edit", file, "."] + Self.limit)
        #expect(edited.status == 0, "\(edited.stderr)")
        let afterEdit = try scratch.read(file)
        #expect(afterEdit == (object ? #"{"z":0,"# + original.dropFirst() : "[0," + original.dropFirst()))
        // The member or element the editor added, deleted again: the file is as it was.
        let deleted = try Keepsake.run(["delete", file, object ? ".z" : ".[0]"] + Self.limit)
        #expect(deleted.status == 0, "\(deleted.stderr)")
        #expect(try scratch.read(file) == original)
        // A value of 60,000 levels (as deep as an argument can carry) replaces the innermost-but-one.
        let value = String(repeating: "[", count: 60_000) + String(repeating: "]", count: 60_000)
        let set = try Keepsake.run(["set", file, object ? ".a" : ".[0]", value] + Self.limit)
        #expect(set.status == 0, "\(set.stderr)")
        #expect(try scratch.read(file) == (object ? #"{"a":"# + value + "}\n" : "[" + value + "]\n"))
    }

    @Test func aRecordAsDeepAsImportAcceptsIsStored() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        // The store checked the text again with a limit of its own (1,024 levels), refusing what
        // `--max-depth` had accepted.
        let line = String(repeating: #"{"a":"#, count: 100_000) + "1" + String(repeating: "}", count: 100_000)
        let lines = try scratch.file("deep.jsonl", line + "\n")
        let store = scratch.url.appendingPathComponent("store.sqlite").path
        #expect(try Keepsake.run("db", "init", store).status == 0)
        let imported = try Keepsake.run("db", "import", store, "Deep", lines, "--max-depth", "200000")
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try Keepsake.run("db", "count", store).stdout == "1\n")
        #expect(try Keepsake.run("db", "list", store).stdout.hasSuffix("\t" + line + "\n"))
    }

    @Test func aRecursiveSchemaGivesNoWrongVerdict() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let file = try Self.deepFile(scratch, object: true)
        let schema = try scratch.file("schema.json", ##"{"properties": {"a": {"$ref": "#"}}}"##)
        // Valid, but deeper than evaluation goes: "too complex to decide" (exit 2), never "invalid".
        let result = try Keepsake.run(["validate", file, "--schema", schema] + Self.limit)
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("too complex to decide"), "\(result.stderr.prefix(400))")
    }
}
