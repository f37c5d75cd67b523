import Foundation
import Glibc
import Testing
import TestSupport

/// What arguments, editors and data cannot slip past the command line: escape bytes reach the
/// terminal only as escapes, and input that names no character is refused rather than repaired.
@Suite("Hostile input: escapes, invalid UTF-8, lone surrogates, an editor's FIFO")
struct HostileInputCLITests {
    let sample = "{\"a\": 1}\n"

    /// Runs a shell command line (for arguments Swift strings cannot carry: invalid UTF-8).
    func shell(_ script: String) throws -> Subprocess.Result {
        try Subprocess.run("/bin/sh", ["-c", script, "sh", Keepsake.binary])
    }

    @Test func anArgumentThatIsNotUTF8IsRefused() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let file = try scratch.file("a.json", sample)
        // "\377" is the byte 0xFF, never part of UTF-8.
        let value = try shell(#""$1" set '\#(file)' .a "$(printf '"\377"')""#)
        #expect(value.status == 2)
        #expect(value.stderr.contains("argument 4 is not valid UTF-8"), "\(value.stderr)")
        let path = try shell(#""$1" get "$(printf '\#(scratch.url.path)/\377.json')" .a"#)
        #expect(path.status == 2)
        #expect(path.stderr.contains("argument 2 is not valid UTF-8"), "\(path.stderr)")
        #expect(try scratch.read(file) == sample)
    }

    @Test func aLoneSurrogateInAValueOrAPathIsRefused() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let file = try scratch.file("a.json", sample)
        let value = try Keepsake.run("set", file, ".a", #""x\ud800y""#)
        #expect(value.status == 2)
        #expect(value.stderr.contains("lone surrogate"), "\(value.stderr)")
        let key = try Keepsake.run("set", file, #"."\udc00""#, "1")
        #expect(key.status == 2)
        #expect(key.stderr.contains("lone surrogate"), "\(key.stderr)")
        #expect(try scratch.read(file) == sample)
        // Nor does an editor's text carry one in: the edit is refused, the file kept.
        let editor = try scratch.file("editor.sh", #"printf '["\\ud800"]' > "$1""# + "\n")
        let edited = try Subprocess.run("/usr/bin/env", ["EDITOR=sh \(editor)", Keepsake.binary, "edit", file, ".a"], input: "")
        #expect(edited.status != 0)
        #expect(edited.stderr.contains("lone surrogate"), "\(edited.stderr)")
        #expect(try scratch.read(file) == sample)
        // A pair is one character, written as the writer writes it.
        #expect(try Keepsake.run("set", file, ".a", #""\ud83d\ude00""#).status == 0)
        #expect(try scratch.read(file) == "{\"a\": \"😀\"}\n")
    }

    @Test func c1ControlsAreWrittenAsEscapes() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let file = try scratch.file("a.json", sample)
        // U+009B (a control sequence introducer on many terminals) typed raw and as an escape.
        #expect(try Keepsake.run("set", file, ".a", "\"x\u{9B}31m\u{7F}\"").status == 0)
        #expect(try scratch.read(file) == "{\"a\": \"x\\u009B31m\\u007F\"}\n")
        #expect(try Keepsake.run("set", file, ".a", #""\u009b""#).status == 0)
        #expect(try scratch.read(file) == "{\"a\": \"\\u009B\"}\n")
    }

    @Test func fileNamesAndRecordTypesReachTheTerminalEscaped() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let missing = scratch.url.appendingPathComponent("x\u{1B}[31m\u{9B}2J.json").path
        let result = try Keepsake.run("get", missing, ".a")
        #expect(result.status == 1)
        #expect(result.stderr.contains("x\\u001b[31m\\u009b2J.json"), "\(result.stderr)")
        #expect(!result.stderr.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x9B })

        let store = scratch.url.appendingPathComponent("store.sqlite").path
        #expect(try Keepsake.run("db", "init", store).status == 0)
        let put = try Keepsake.run("db", "put", store, "T\u{1B}]0;owned\u{07}", #"{"a": 1}"#, "--id", "r\u{202E}1")
        #expect(put.status == 0, "\(put.stderr)")
        let types = try Keepsake.run("db", "types", store)
        #expect(types.stdout == "T\\u001b]0;owned\\u0007\t1\n")
        let list = try Keepsake.run("db", "list", store)
        #expect(list.stdout.hasPrefix("r\\u202e1\tT\\u001b]0;owned\\u0007\t{\"a\": 1}"), "\(list.stdout)")
    }

    @Test func anEditorThatLeavesInvalidUTF8OrAFIFOChangesNothing() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let file = try scratch.file("a.json", "{\"a\": \"old\"}\n")
        let invalid = try scratch.file("invalid.sh", "#!/bin/sh\nfor last; do :; done\nprintf 'new \\377' > \"$last\"\n")
        chmod(invalid, 0o755)
        let bytes = try Subprocess.run("/usr/bin/env", ["VISUAL=", "EDITOR=" + invalid, Keepsake.binary, "edit", file, ".a"])
        #expect(bytes.status == 1)
        #expect(bytes.stderr.contains("not valid UTF-8 (at byte 4)"), "\(bytes.stderr)")
        // An editor that puts a FIFO where the file was: refused at once, and removed.
        let fifo = try scratch.file("fifo.sh", "#!/bin/sh\nfor last; do :; done\nrm \"$last\" && mkfifo \"$last\" && echo \"$last\" > \(scratch.url.path)/where\n")
        chmod(fifo, 0o755)
        let refused = try Subprocess.run("/usr/bin/env", ["VISUAL=", "EDITOR=" + fifo, Keepsake.binary, "edit", file, ".a"], within: 10)
        #expect(refused != nil, "keepsake edit still waits on the editor's FIFO after 10 s")
        #expect(refused?.status == 1)
        #expect(refused?.stderr.contains("something other than a file") == true, "\(refused?.stderr ?? "")")
        let left = try scratch.read(scratch.url.appendingPathComponent("where").path).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(access(left, F_OK) != 0, "the FIFO \(left) was left behind")
        #expect(try scratch.read(file) == "{\"a\": \"old\"}\n")
    }
}

extension HostileInputCLITests {
    @Test func aPatternTheEngineCannotDecideExitsTwoNotOne() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        // A lookahead: ICU's alone, which gives up on a million characters.
        let schema = try scratch.file("s.json", #"{"properties": {"s": {"pattern": "^(?:(?=a)a|b)*$"}}}"#)
        let long = try scratch.file("long.json", "{\"s\": \"" + String(repeating: "ab", count: 500_000) + "\"}\n")
        let short = try scratch.file("short.json", #"{"s": "abc"}"#)
        let result = try Keepsake.run("validate", long, "--schema", schema)
        #expect(result.status == 2)
        #expect(result.stderr.contains("long.json:1:7: .s: too complex to decide: \"ababababab"), "\(result.stderr)")
        #expect(result.stderr.contains("could not be checked against the pattern \"^(?:(?=a)a|b)*$\""))
        // Without the lookahead the pattern needs no backtracking: decided, at any length.
        let plain = try scratch.file("plain.json", #"{"properties": {"s": {"pattern": "^(?:a|b)*$"}}}"#)
        #expect(try Keepsake.run("validate", long, "--schema", plain).status == 0)
        #expect(!result.stderr.contains("does not match"))
        let decided = try Keepsake.run("validate", short, "--schema", schema)
        #expect(decided.status == 1)
        #expect(decided.stderr.contains("does not match the pattern"))
    }
}
