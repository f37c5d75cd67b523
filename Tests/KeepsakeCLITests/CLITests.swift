import Foundation
import Testing
import TestSupport

/// Runs the built `keepsake` binary, the way a user or a script would.
enum Keepsake {
    static let binary = BuiltProduct.path("keepsake")

    /// Starts the binary without waiting (its output is kept in files; see `standardError`).
    static func start(_ arguments: String...) throws -> Subprocess {
        try Subprocess(binary, arguments)
    }

    /// Runs the binary to its end, with `input` on standard input.
    static func run(_ arguments: String..., input: String? = nil) throws -> Subprocess.Result {
        try Subprocess.run(binary, arguments, input: input)
    }

    /// Runs the binary with arguments given as an array.
    static func run(_ arguments: [String]) throws -> Subprocess.Result {
        try Subprocess.run(binary, arguments)
    }
}

/// A temporary folder for one test.
struct Scratch {
    let url: URL
    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("keepsake-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    func file(_ name: String, _ text: String) throws -> String {
        let path = url.appendingPathComponent(name).path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }
    func read(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }
    func remove() { try? FileManager.default.removeItem(at: url) }
}

@Suite("keepsake CLI")
struct CLITests {
    let sample = "{\n  \"name\": \"Ada\",\n  \"n\": 1.0,\n  \"big\": 12345678901234567890,\n  \"list\": [1, 2],\n  \"s\": \"a\\nb\"\n}\n"

    @Test func validateAcceptsValidFiles() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let good = try scratch.file("good.json", sample)
        let result = try Keepsake.run("validate", good, good)
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
    }

    @Test func validateReportsOneLinePerErrorWithFileLineColumn() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let good = try scratch.file("good.json", sample)
        let bad = try scratch.file("bad.json", "{\n  \"a\": [1, 2,]\n}")
        let lines = try scratch.file("rows.jsonl", "{\"a\": 1}\n{oops}\n[1]\n")
        let result = try Keepsake.run("validate", good, bad, lines, "/nonexistent.json")
        #expect(result.status == 1)
        #expect(result.stderr.split(separator: "\n") == [
            "\(bad):2:14: error: expected a JSON value, found ']' (trailing commas are not allowed; it reads as JSON with comments: --syntax jsonc)",
            "\(lines):2:2: error: expected a string key in double quotes or '}', found 'o'",
            "/nonexistent.json: error: No such file or directory",
        ])
    }

    /// Plain `validate` reads a file in pieces (bounded memory); past the first pieces its error is
    /// the one the whole-file parse (`--stats` takes that path) gives, and a valid file passes.
    @Test func validateByPiecesReportsWhatTheWholeParseReports() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let body = String(repeating: "  [1, \"é\", {\"k\": -2.5e3}, true],\n", count: 90_000)
        let good = try scratch.file("big.json", "[\n" + body + "  null\n]\n")
        #expect(try Keepsake.run("validate", good).status == 0)
        let bad = try scratch.file("bad.json", "[\n" + body + "  nul\n]\n")
        let streamed = try Keepsake.run("validate", "--show-source", bad)
        let whole = try Keepsake.run("validate", "--show-source", "--stats", bad)
        #expect(streamed.status == 1)
        #expect(streamed.stderr == whole.stderr)
        #expect(streamed.stderr.hasPrefix("\(bad):90002:3: error: expected 'true', 'false' or 'null'"))
        let padded = try scratch.file("padded.json", String(repeating: " ", count: 3 << 20) + "{}" + String(repeating: "\n", count: 1 << 20))
        #expect(try Keepsake.run("validate", padded).status == 0)
    }

    @Test func validateShowsSourceOnRequest() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let bad = try scratch.file("bad.json", "[01]")
        let result = try Keepsake.run("validate", "--show-source", bad)
        #expect(result.stderr.hasSuffix("[01]\n  ^\n"))
    }

    /// A file of 64 MB or more is mapped and read only as far as the path needs: a value near its
    /// start is found even though the text breaks at its end, and a path past the break gets the
    /// parser's error there.
    @Test func getOnALargeFileReadsOnlyWhatThePathNeeds() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let path = scratch.url.appendingPathComponent("large.json").path
        var text = "[\n"
        for i in 0..<6 { text += #"  {"id": \#(i),  "name": "n\u00e9\#(i)"},"# + "\n" }
        let filler = String(repeating: #"  {"id": 7, "pad": "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"},"# + "\n", count: 1 << 20)
        text += filler + "  {\"broken\": }\n]\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        #expect(text.utf8.count >= 64 << 20)
        #expect(try Keepsake.run("get", path, ".[5]").stdout == #"{"id": 5,  "name": "n\u00e9\#(5)"}"# + "\n")
        #expect(try Keepsake.run("get", path, ".[2].name", "--raw").stdout == "né2\n")
        let past = try Keepsake.run("get", path, ".[1048582]")
        #expect(past.status == 1)
        #expect(past.stderr.contains("large.json:\(1_048_584):14: expected a JSON value, found '}'"), "\(past.stderr)")
        #expect(try Keepsake.run("get", path, ".[3].nope").stderr.contains("no value at .[3].nope"))
        // validate still reads the whole file, and finds the break.
        #expect(try Keepsake.run("validate", path).status == 1)
    }

    /// `set` on a large file (here 100 KB or more, through KEEPSAKE_LARGE_FILE; the default size
    /// is tested by `get` above) edits the value's container alone and streams the rest: the file
    /// changes only in the edited bytes, laid out as on a small file with the same start.
    @Test func setOnALargeFileChangesOnlyTheEditedBytesAsOnASmallOne() throws {
        func keepsake(_ arguments: String...) throws -> Subprocess.Result {
            try Subprocess.run("/usr/bin/env", ["KEEPSAKE_LARGE_FILE=100000", Keepsake.binary] + arguments)
        }
        let scratch = try Scratch()
        defer { scratch.remove() }
        var head = "[\n"
        for i in 0..<6 { head += #"  {"id": \#(i),  "name": "n\#(i)"},"# + "\n" }
        let filler = String(repeating: #"  {"id": 7, "pad": "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"},"# + "\n", count: 2000)
        let largeText = Data((head + filler + "  {\"last\": true}\n]\n").utf8)
        let smallText = Data((head + "  {\"last\": true}\n]\n").utf8)
        /// Where two texts differ: the common prefix's length and each side's middle.
        func difference(_ old: Data, _ new: Data) -> (at: Int, old: String, new: String) {
            let prefix = zip(old, new).prefix { $0 == $1 }.count
            let suffix = zip(old.reversed(), new.reversed()).prefix { $0 == $1 }.count
            let keep = min(suffix, min(old.count, new.count) - prefix)
            return (prefix, String(decoding: old[prefix..<(old.count - keep)], as: UTF8.self), String(decoding: new[prefix..<(new.count - keep)], as: UTF8.self))
        }
        for (path, value) in [(".[5].name", #""x""#), (".[3].extra", "[1, 2]"), (".[4]", #"{"replaced": 1}"#)] {
            let large = scratch.url.appendingPathComponent("large.json").path
            let small = scratch.url.appendingPathComponent("small.json").path
            try largeText.write(to: URL(fileURLWithPath: large))
            try smallText.write(to: URL(fileURLWithPath: small))
            #expect(try keepsake("set", large, path, value).status == 0)
            #expect(try keepsake("set", small, path, value).status == 0)
            let onLarge = difference(largeText, try Data(contentsOf: URL(fileURLWithPath: large)))
            let onSmall = difference(smallText, try Data(contentsOf: URL(fileURLWithPath: small)))
            #expect(onLarge.at == onSmall.at && onLarge.old == onSmall.old && onLarge.new == onSmall.new, "\(path): \(onLarge) against \(onSmall)")
            #expect(try keepsake("get", large, path).stdout.hasPrefix(value.prefix(2)))
        }
        // Deep in the file, an unchanged value, a missing container, and a change on disk meanwhile.
        let large = scratch.url.appendingPathComponent("large.json").path
        try largeText.write(to: URL(fileURLWithPath: large))
        #expect(try keepsake("set", large, ".[2003].pad", #""y""#).status == 0)
        #expect(try keepsake("get", large, ".[2003]").stdout == #"{"id": 7, "pad": "y"}"# + "\n")
        let before = try Data(contentsOf: URL(fileURLWithPath: large))
        #expect(try keepsake("set", large, ".[0].id", "0").status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: large)) == before)
        let missing = try keepsake("set", large, ".[99999999].a", "1")
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("no value at .[99999999]"))
        let inPlace = try keepsake("set", large, ".[0].id", "5", "--in-place")
        #expect(inPlace.status == 1 && inPlace.stderr.contains("not written in place"))
    }

    @Test func validateReadsStandardInput() throws {
        #expect(try Keepsake.run("validate", "-", input: "[1, 2]").status == 0)
        let result = try Keepsake.run("validate", "-", input: "[1, 2")
        #expect(result.status == 1)
        #expect(result.stderr == "-:1:6: error: expected ',' or ']', found end of input\n")
    }

    @Test func getPrintsExactSourceBytes() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let file = try scratch.file("a.json", sample)
        #expect(try Keepsake.run("get", file, ".n").stdout == "1.0\n")
        #expect(try Keepsake.run("get", file, "/big").stdout == "12345678901234567890\n")
        #expect(try Keepsake.run("get", file, ".list").stdout == "[1, 2]\n")
        #expect(try Keepsake.run("get", file, ".s").stdout == "\"a\\nb\"\n")
        #expect(try Keepsake.run("get", file, ".s", "--raw").stdout == "a\nb\n")
        let missing = try Keepsake.run("get", file, ".list[7]")
        #expect(missing.status == 1)
        #expect(missing.stderr == "keepsake: error: \(file): no value at .list[7]\n")
    }

    @Test func setChangesOnlyTheValueInPlace() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let file = try scratch.file("a.json", sample)
        let result = try Keepsake.run("set", file, ".name", "\"Grace\"")
        #expect(result.status == 0)
        #expect(try scratch.read(file) == sample.replacingOccurrences(of: "\"Ada\"", with: "\"Grace\""))
        #expect(try Keepsake.run("set", file, ".added", "[1.50]").status == 0)
        #expect(try scratch.read(file).hasSuffix("\"s\": \"a\\nb\",\n  \"added\": [\n    1.50\n  ]\n}\n"))
    }

    @Test func negativeNumbersAreValuesNotOptions() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let file = try scratch.file("n.json", #"{"a": 1, "b": 2}"#)
        #expect(try Keepsake.run("set", file, ".a", "-1").status == 0)
        #expect(try Keepsake.run("set", file, ".b", "-0.5e3", "-o", "-").stdout == #"{"a": -1, "b": -0.5e3}"#)
        #expect(try Keepsake.run("set", "--no-merge", file, "--", ".b", "-2").status == 0)
        #expect(try scratch.read(file) == #"{"a": -1, "b": -2}"#)
        let unknown = try Keepsake.run("set", file, ".a", "--frobnicate")
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("unknown option '--frobnicate'"))
        let extra = try Keepsake.run("set", file, ".a", "1", "2")
        #expect(extra.status == 2)
        #expect(try scratch.read(file) == #"{"a": -1, "b": -2}"#)
    }

    @Test func settingTheValueAlreadyThereChangesNoByteAndDoesNotRewrite() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let text = #"{"s": "\u00e9", "n": 1.0, "root": [[]   ], "list": [{"a":1,  "b" : [2]}]}"#
        let file = try scratch.file("same.json", text)
        let before = try FileManager.default.attributesOfItem(atPath: file)[.modificationDate] as? Date
        usleep(20_000)
        for (path, value) in [(".s", #""é""#), (".n", "1"), (".root", "[[]]"), (".list", #"[{"a": 1, "b": [2]}]"#), (".list[0]", #"{"a":1,"b":[2.0]}"#)] {
            #expect(try Keepsake.run("set", file, path, value).status == 0, "\(path)")
        }
        #expect(try scratch.read(file) == text)
        #expect(try FileManager.default.attributesOfItem(atPath: file)[.modificationDate] as? Date == before)
        let root = try scratch.file("root.json", "[[]   ]")
        #expect(try Keepsake.run("set", root, ".", "[[]]").status == 0)
        #expect(try scratch.read(root) == "[[]   ]")
    }

    @Test func setAndDeleteWriteToOutput() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let file = try scratch.file("a.json", sample)
        let stdout = try Keepsake.run("set", file, ".n", "2", "--output", "-")
        #expect(stdout.stdout == sample.replacingOccurrences(of: "1.0", with: "2"))
        let out = scratch.url.appendingPathComponent("out.json").path
        #expect(try Keepsake.run("delete", file, ".list", "-o", out).status == 0)
        #expect(try scratch.read(out) == sample.replacingOccurrences(of: "  \"list\": [1, 2],\n", with: ""))
        #expect(try scratch.read(file) == sample)
    }

    @Test func failuresAreOneClearLine() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let file = try scratch.file("a.json", sample)
        let badValue = try Keepsake.run("set", file, ".n", "{oops")
        #expect(badValue.status == 2)
        #expect(badValue.stderr == "keepsake: error: the new value is not valid JSON: expected a string key in double quotes or '}', found 'o' at column 2\n")
        let badPath = try Keepsake.run("get", file, "n")
        #expect(badPath.status == 2)
        let noParent = try Keepsake.run("delete", file, ".nope.x")
        #expect(noParent.status == 1)
        #expect(noParent.stderr == "keepsake: error: \(file): no value at .nope.x\n")
        let usage = try Keepsake.run("set", file)
        #expect(usage.status == 2)
        #expect(usage.stderr.contains("Missing expected argument"))
        #expect(try Keepsake.run("--frobnicate").status == 2)
        let missing = try Keepsake.run("no-such-file.json")  // the default command is the browser
        #expect(missing.status == 1)
        #expect(missing.stderr == "keepsake: error: no-such-file.json: cannot read: No such file or directory\n")
        let notATerminal = try Keepsake.run(file)
        #expect(notATerminal.status == 1)
        #expect(notATerminal.stderr.contains("needs a terminal"))
        #expect(try scratch.read(file) == sample)
    }

    @Test func aFailedSaveLeavesTheFileAlone() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let file = try scratch.file("a.json", "[1]")
        let result = try Keepsake.run("set", file, ".[0]", "2", "--output", scratch.url.path + "/no/such/folder/out.json")
        #expect(result.status == 1)
        #expect(result.stderr.contains("cannot save"))
        #expect(try scratch.read(file) == "[1]")
    }

    @Test func helpAndVersion() throws {
        let help = try Keepsake.run("--help")
        #expect(help.status == 0)
        #expect(help.stdout.contains("validate"))
        // The release, and the commit when the build was given one (Scripts/package.sh gives it,
        // so a crash report names the symbols it needs).
        let commit = ProcessInfo.processInfo.environment["KEEPSAKE_COMMIT"] ?? ""
        #expect(try Keepsake.run("--version").stdout == (commit.isEmpty ? "0.1.0\n" : "0.1.0 (commit \(commit))\n"))
    }
}
