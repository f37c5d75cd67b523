import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// The command line against other writers, killed saves and hostile input: nothing lost, nothing
/// silent, never a hang.
@Suite("keepsake CLI: writers, crashes, bad input")
struct SafetyCLITests {
    @Test func twoWritersAtOnceBothLand() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let file = try scratch.file("f.json", "")
        var lost = 0
        for _ in 0..<40 {
            try Data(#"{"a": 0, "b": 0}"#.utf8).write(to: URL(fileURLWithPath: file))
            let first = try Keepsake.start("set", file, ".a", "1")
            let second = try Keepsake.start("set", file, ".b", "1")
            #expect(first.wait() == .exited(0))
            #expect(second.wait() == .exited(0))
            if try scratch.read(file) != #"{"a": 1, "b": 1}"# { lost += 1 }
        }
        #expect(lost == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.url.path) == ["f.json"])
    }

    @Test func aLargeHardLinkedFileIsToldTheOneWayOutThatWorks() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let file = try scratch.file("big.json", #"{"a": 0, "pad": "\#(String(repeating: "x", count: 200))"}"#)
        #expect(link(file, scratch.url.appendingPathComponent("other.json").path) == 0)
        // A "large" file here is one of 100 bytes or more.
        func set(_ arguments: String...) throws -> Subprocess.Result {
            try Subprocess.run("/usr/bin/env", ["KEEPSAKE_LARGE_FILE=100", Keepsake.binary, "set"] + arguments)
        }
        let replacing = try set(file, ".a", "1")
        #expect(replacing.status == 1)
        #expect(replacing.stderr.contains("not written in place either: use --output"), "\(replacing.stderr)")
        #expect(!replacing.stderr.contains("use --in-place"))
        let inPlace = try set("--in-place", file, ".a", "1")
        #expect(inPlace.status == 1)
        #expect(inPlace.stderr.contains("replacing it would split its 2 hard links"), "\(inPlace.stderr)")
        #expect(!inPlace.stderr.contains("drop --in-place"))
        #expect(try set(file, ".a", "1", "--output", scratch.url.appendingPathComponent("out.json").path).status == 0)
    }

    @Test func withNoMergeTheLaterWriterFailsInsteadOfMakingItsEditAgain() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let file = try scratch.file("f.json", #"{"a": 0}"#)
        // An editor that changes the file behind keepsake's back while it is open, then edits the value.
        let editor = try scratch.file("editor.sh", "#!/bin/sh\nprintf '{\"a\": 0, \"other\": true}' > '\(file)'\nsed -i 's/0/5/' \"$1\"\n")
        chmod(editor, 0o755)
        let refused = try Subprocess.run("/usr/bin/env", ["EDITOR=\(editor)", "VISUAL=", Keepsake.binary, "edit", "--no-merge", file, ".a"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("changed on disk"))
        #expect(try scratch.read(file) == #"{"a": 0, "other": true}"#)
        let merged = try Subprocess.run("/usr/bin/env", ["EDITOR=\(editor)", "VISUAL=", Keepsake.binary, "edit", file, ".a"])
        #expect(merged.status == 0)
        #expect(try scratch.read(file) == #"{"a": 5, "other": true}"#)
    }

    @Test func aHardLinkedFileIsRefusedUnlessInPlace() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let file = try scratch.file("f.json", #"{"a": 0}"#)
        let other = scratch.url.appendingPathComponent("g.json").path
        #expect(link(file, other) == 0)
        let refused = try Keepsake.run("set", file, ".a", "1")
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("2 hard links"))
        #expect(refused.stderr.contains("--in-place"))
        #expect(try scratch.read(other) == #"{"a": 0}"#)
        #expect(try Keepsake.run("set", "--in-place", file, ".a", "1").status == 0)
        #expect(try scratch.read(other) == #"{"a": 1}"#)
    }

    @Test func killedSavesLeaveTheOldOrTheNewAndTheNextRunCleansUp() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        // 4 MB, so that a save takes long enough to be killed in the middle now and then.
        let records = (0..<40_000).map { #"{"id": \#($0), "name": "record \#($0)"}"# }.joined(separator: ",\n  ")
        let old = "[\n  " + records + "\n]\n"
        let file = try scratch.file("f.json", old)
        let new = old.replacingOccurrences(of: #"{"id": 0, "#, with: #"{"id": 1000000, "#)
        var outcomes = [String: Int]()
        for trial in 0..<30 {
            try Data(old.utf8).write(to: URL(fileURLWithPath: file))
            let writer = try Keepsake.start("set", file, ".[0].id", "1000000")
            usleep(UInt32(1_000 * (trial % 15)))
            writer.send(SIGKILL)
            writer.wait()
            let now = try scratch.read(file)
            let outcome = now == old ? "old" : now == new ? "new" : "corrupt"
            outcomes[outcome, default: 0] += 1
            // The next run removes what the killed one left, and says so.
            let next = try Keepsake.run("get", file, ".[1].id")
            #expect(next.status == 0)
            let left = try FileManager.default.contentsOfDirectory(atPath: scratch.url.path)
            #expect(left == ["f.json"], "after trial \(trial): \(left)")
        }
        #expect(outcomes["corrupt"] == nil, "\(outcomes)")
    }

    @Test func devicesFIFOsAndProcFilesGetClearAnswers() throws {
        let zero = try Keepsake.run("validate", "/dev/zero")
        #expect(zero.status == 1)
        #expect(zero.stderr.contains("it is a device"))
        let cpuinfo = try Keepsake.run("validate", "/proc/self/status")
        #expect(cpuinfo.status == 1)
        #expect(cpuinfo.stderr.contains("/proc/self/status:1:1: error: expected a JSON value"))

        let scratch = try Scratch()
        defer { scratch.remove() }
        let fifo = scratch.url.appendingPathComponent("in.json").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let reader = try Keepsake.start("get", fifo, ".a")
        let fd = open(fifo, O_WRONLY)
        _ = Array(#"{"a": [1, 2]}"#.utf8).withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        #expect(reader.wait() == .exited(0))
    }

    @Test func aMistypedSubcommandIsNotTakenForAFile() throws {
        let typo = try Keepsake.run("valdate", "x.json")
        #expect(typo.status == 2)
        #expect(typo.stderr.contains("did you mean 'validate'?"))
        let unknown = try Keepsake.run("frobnicate")
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("no file or subcommand named 'frobnicate'"))
    }

    @Test func theDepthLimitAppliesToTheNewValueOfSet() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let file = try scratch.file("f.json", #"{"a": 0}"#)
        let deep = String(repeating: "[", count: 20) + String(repeating: "]", count: 20)
        let refused = try Keepsake.run("set", "--max-depth", "10", file, ".a", deep)
        #expect(refused.status != 0)
        #expect(try scratch.read(file) == #"{"a": 0}"#)
        #expect(try Keepsake.run("set", "--max-depth", "30", file, ".a", deep).status == 0)
    }

    @Test func aPointerSplitsAtEverySlash() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let file = try scratch.file("h.json", #"{"x": {"y": 1}}"#)
        let result = try Keepsake.run("set", "-o", "-", file, "/x/\u{301}y", "5")
        #expect(result.status == 0)
        #expect(result.stdout == #"{"x": {"y": 1, "\#u{301}y": 5}}"#)
    }

    @Test func twoCreatorsOfOneIdDoNotOverwriteEachOther() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let db = scratch.url.appendingPathComponent("s.sqlite").path
        #expect(try Keepsake.run("db", "put", db, "Note", "--id", "n1", #"{"by": "first"}"#).status == 0)
        let second = try Keepsake.run("db", "put", db, "Note", "--id", "n1", #"{"by": "second"}"#)
        #expect(second.status == 1)
        #expect(second.stderr.contains("record n1 exists already (version 1)"))
        #expect(try Keepsake.run("db", "get", db, "n1").stdout == #"{"by": "first"}"# + "\n")
        #expect(try Keepsake.run("db", "get", db, "n1", "--print-version").stdout == "1\n")
        #expect(try Keepsake.run("db", "put", db, "Note", "--id", "n1", "--if-version", "1", #"{"by": "third"}"#).status == 0)
        let stale = try Keepsake.run("db", "put", db, "Note", "--id", "n1", "--if-version", "1", #"{"by": "fourth"}"#)
        #expect(stale.status == 1)
        #expect(stale.stderr.contains("changed by another writer"))
        #expect(try Keepsake.run("db", "put", db, "Note", "--id", "n1", "--replace", #"{"by": "fifth"}"#).status == 0)
        #expect(try Keepsake.run("db", "get", db, "n1").stdout == #"{"by": "fifth"}"# + "\n")
    }

    @Test func aDamagedStoreIsSaidOnEveryReadAndAnEmptyFileIsNoStore() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let db = scratch.url.appendingPathComponent("s.sqlite").path
        let lines = (0..<2_000).map { #"{"n": \#($0), "text": "\#(String(repeating: "x", count: 200))"}"# }.joined(separator: "\n")
        let jsonl = try scratch.file("notes.jsonl", lines + "\n")
        #expect(try Keepsake.run("db", "import", db, "Note", jsonl).status == 0)
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: db))
        let size = try handle.seekToEnd()
        try handle.seek(toOffset: size / 2 / 4096 * 4096 + 8)
        try handle.write(contentsOf: Data(repeating: 0xA5, count: 3000))
        try handle.close()
        let listed = try Keepsake.run("db", "count", db)
        #expect(listed.status == 1)
        #expect(listed.stderr.contains("warning: \(db): the database is damaged"))

        let empty = try scratch.file("empty.sqlite", "")
        let put = try Keepsake.run("db", "put", empty, "Note", #"{"a": 1}"#)
        #expect(put.status == 1)
        #expect(put.stderr.contains("an empty file, not a record store"))
        #expect(try scratch.read(empty).isEmpty)
    }

    @Test func anImportKilledMidTransactionLeavesAllOrNoneAndTheStoreOpens() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let lines = (0..<20_000).map { #"{"n": \#($0)}"# }.joined(separator: "\n")
        let jsonl = try scratch.file("rows.jsonl", lines + "\n")
        for trial in 0..<12 {
            let db = scratch.url.appendingPathComponent("s\(trial).sqlite").path
            #expect(try Keepsake.run("db", "put", db, "Seed", #"{"seed": true}"#).status == 0)
            let importer = try Keepsake.start("db", "import", db, "Row", jsonl)
            usleep(UInt32(25_000 * trial))
            importer.send(SIGKILL)
            importer.wait()
            let counted = try Keepsake.run("db", "count", db, "Row")
            #expect(counted.status == 0, "the store must open cleanly: \(counted.stderr)")
            let count = Int(counted.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
            #expect(count == 0 || count == 20_000, "trial \(trial): \(count) rows")
            #expect(try Keepsake.run("db", "count", db, "Seed").stdout == "1\n")
        }
    }
}
