import Foundation
import GRDB
import Testing
import TestSupport

/// The built `keepsake` binary in a real terminal: tmux runs it, `send-keys` types, `capture-pane`
/// reads the screen. Every wait is for a condition, with a deadline.
final class TmuxSession {
    let name = "keepsake-e2e-\(UUID().uuidString.prefix(8))"

    static let binary = BuiltProduct.path("keepsake")

    /// The tests' own tmux server (a socket of their own): a user's tmux is never touched, and the
    /// server, started by the first test with a clean signal mask, exits when the last session ends.
    static let socket = "keepsake-tests-\(getpid())"

    /// Runs `keepsake ARGUMENTS` in a new session of the given size, with extra environment variables.
    convenience init(_ arguments: [String], width: Int = 80, height: Int = 24, environment: [String: String] = [:]) throws {
        let command = ([TmuxSession.binary] + arguments).map { "'\($0)'" }.joined(separator: " ")
        try self.init(shell: command, width: width, height: height, environment: environment)
    }

    /// Runs a shell command line in a new session.
    init(shell command: String, width: Int = 80, height: Int = 24, environment: [String: String] = [:]) throws {
        let variables = environment.sorted { $0.key < $1.key }.flatMap { ["-e", "\($0.key)=\($0.value)"] }
        try Self.tmux(["new-session", "-d", "-s", name, "-x", "\(width)", "-y", "\(height)"] + variables + [command])
    }

    deinit { _ = try? Self.tmux(["kill-session", "-t", name]) }

    @discardableResult
    static func tmux(_ arguments: [String]) throws -> String {
        let result = try Subprocess.run("tmux", ["-L", socket] + arguments)
        guard result.status == 0 else { throw TmuxError(arguments: arguments, status: result.status, message: result.stderr) }
        return result.stdout
    }

    struct TmuxError: Error { let arguments: [String]; let status: Int32; let message: String }

    func screen() -> String { (try? Self.tmux(["capture-pane", "-t", name, "-p"])) ?? "" }

    /// The screen with its colours and attributes as escape sequences.
    func screenWithAttributes() throws -> String { try Self.tmux(["capture-pane", "-t", name, "-p", "-e"]) }

    /// Sends raw bytes to the program, as a terminal would (mouse reports).
    func sendBytes(_ bytes: [UInt8]) throws {
        try Self.tmux(["send-keys", "-t", name, "-H"] + bytes.map { String($0, radix: 16) })
    }

    /// An X10 mouse report: button code and 0-based cell, each offset by 32 (what ncurses reads for
    /// tmux's terminal type).
    func mouse(button: UInt8, x: Int, y: Int) throws {
        try sendBytes([0x1B, 0x5B, 0x4D, 32 + button, UInt8(33 + x), UInt8(33 + y)])
    }

    func send(_ keys: String...) throws { try Self.tmux(["send-keys", "-t", name] + keys) }

    /// Types text literally.
    func type(_ text: String) throws { try Self.tmux(["send-keys", "-t", name, "-l", text]) }

    var isRunning: Bool { (try? Self.tmux(["has-session", "-t", name])) != nil }

    /// Waits until the screen satisfies a condition; fails the test at the deadline.
    @discardableResult
    func waitFor(_ what: String, timeout: TimeInterval = 15, sourceLocation: SourceLocation = #_sourceLocation, _ condition: (String) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        var last = ""
        while Date() < deadline {
            last = screen()
            if condition(last) { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        Issue.record("timed out waiting for \(what); screen:\n\(last)", sourceLocation: sourceLocation)
        return false
    }

    /// Finds text with `/` and waits for the cursor's path in the status line.
    func find(_ text: String, expectingPath path: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try send("/")
        try type(text)
        try send("Enter")
        waitFor("the cursor on \(path)", sourceLocation: sourceLocation) { $0.contains(path) }
    }

    /// Replaces the value under the cursor with typed text (Enter, Ctrl-U, text, Enter).
    func replaceValue(with text: String) throws {
        try send("Enter", "C-u")
        try type(text)
        try send("Enter")
    }

    /// Saves with Ctrl-S and waits until the modified marker is gone.
    func save(sourceLocation: SourceLocation = #_sourceLocation, showing expected: String = "") throws {
        try send("C-s")
        waitFor("the save", sourceLocation: sourceLocation) {
            $0.contains("saved ") && !$0.contains("● modified") && (expected.isEmpty || $0.contains(expected))
        }
    }

    /// Waits until the program has exited (the session closes with it).
    func waitForExit(timeout: TimeInterval = 15, sourceLocation: SourceLocation = #_sourceLocation) {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if !isRunning { return }
            Thread.sleep(forTimeInterval: 0.05)
        }
        Issue.record("the program did not exit; screen:\n\(screen())", sourceLocation: sourceLocation)
    }
}

let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Samples")

/// A new empty folder for one test's files.
func scratchFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("keepsake-e2e-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}

func copySample(_ name: String) throws -> URL {
    let folder = try scratchFolder()
    let copy = folder.appendingPathComponent(name)
    try FileManager.default.copyItem(at: samples.appendingPathComponent(name), to: copy)
    return copy
}

@Suite("End to end under tmux", .serialized)
struct TmuxTests {
    @Test func findEditSaveQuitChangesOnlyTheEditedBytes() throws {
        let file = try copySample("people.json")
        let original = try String(contentsOf: file, encoding: .utf8)
        let session = try TmuxSession([file.path])
        session.waitFor("the first screen") { $0.contains("Person ×3") && $0.contains("John Doe") && $0.contains("people.json") }
        try session.find("person_email", expectingPath: ".[0].person_email")
        try session.replaceValue(with: "jd@example.org")
        session.waitFor("the edit and the modified marker") { $0.contains("\"jd@example.org\"") && $0.contains("● modified") }
        try session.save()
        try session.send("q")
        session.waitForExit()
        let saved = try String(contentsOf: file, encoding: .utf8)
        #expect(saved == original.replacingOccurrences(of: "\"john@example.com\"", with: "\"jd@example.org\""))
        #expect(saved.contains("\"nickname\": \"JD\""))  // the unknown field is untouched
    }

    @Test func quittingWithUnsavedChangesAsksAndDiscards() throws {
        let file = try copySample("usages.json")
        let original = try String(contentsOf: file, encoding: .utf8)
        let session = try TmuxSession([file.path])
        session.waitFor("the first screen") { $0.contains("UsageList") }
        try session.send("j", "j")
        session.waitFor("the cursor on owner") { $0.contains(".owner") }
        try session.send("Enter", "C-u")
        try session.type("\"Grace\"")  // an unknown field: its editor takes JSON
        try session.send("Enter")
        session.waitFor("the edit") { $0.contains("\"Grace\"") && $0.contains("● modified") }
        try session.send("q")
        session.waitFor("the question") { $0.contains("Unsaved changes.") && $0.contains("d discard") }
        try session.send("d")
        session.waitForExit()
        #expect(try String(contentsOf: file, encoding: .utf8) == original)
    }

    @Test func tinyTerminalsAndEscapedValues() throws {
        let file = try copySample("people.json")
        let session = try TmuxSession([file.path], width: 20, height: 5)
        session.waitFor("a screen at 20×5") { $0.contains("keepsake") }
        try session.send("e", "G", "?", "Escape", "j", "k")
        try Self.tmuxResize(session, 80, 24)
        session.waitFor("the escaped value after resizing") { $0.contains("\\u001b[2J") }
        #expect(session.isRunning)
        try session.send("q")
        session.waitForExit()
    }

    @Test func aNamedModelIsBoundInsteadOfTheBestMatch() throws {
        let file = try copySample("people.json")
        let student = try TmuxSession([file.path, "--model", "Student"])
        student.waitFor("the named model in the title") { $0.contains("Student ×3") && !$0.contains("Person ×3") }
        try student.send("q")
        student.waitForExit()
        let unknown = try TmuxSession([file.path, "--model", "Nope"])
        unknown.waitFor("the unknown model reported") { $0.contains("no model named Nope; browsing untyped") }
        try unknown.send("q")
        unknown.waitForExit()
    }

    @Test func mouseWheelAndClickMoveTheCursor() throws {
        let file = try copySample("people.json")
        let session = try TmuxSession([file.path])
        session.waitFor("the first screen") { $0.contains("John Doe") && $0.contains("row 1 of 11") }
        try session.mouse(button: 65, x: 10, y: 5)  // wheel down: three rows
        session.waitFor("the cursor three rows down") { $0.contains("row 4 of 11") && $0.contains(".[0].age") }
        try session.mouse(button: 64, x: 10, y: 5)  // wheel up
        session.waitFor("the cursor back on the first row") { $0.contains("row 1 of 11") }
        try session.mouse(button: 0, x: 8, y: 7)   // press and release on screen row 7: createdAt
        try session.mouse(button: 3, x: 8, y: 7)
        session.waitFor("the cursor on the clicked row") { $0.contains(".[0].createdAt") && $0.contains("row 7 of 11") }
        try session.send("q")
        session.waitForExit()
    }

    @Test func colouredUnlessNO_COLORIsSet() throws {
        let file = try copySample("people.json")
        // A foreground or background colour: ESC [ 30–37 / 40–47 / 90–97 / 38;… / 48;… m, alone or after other parameters.
        let colour = /\x1B\[(?:[0-9;]*;)?(?:3[0-8]|4[0-8]|9[0-7])(?:;[0-9;]*)?m/
        // `swift test` itself sets NO_COLOR=1 for the tests, so each session states it (empty is unset).
        let coloured = try TmuxSession([file.path], environment: ["NO_COLOR": ""])
        coloured.waitFor("the first screen") { $0.contains("John Doe") }
        let colouredScreen = try coloured.screenWithAttributes()
        #expect(colouredScreen.contains(colour), "no colour:\n\(colouredScreen.debugDescription)")
        try coloured.send("q")
        coloured.waitForExit()

        let plain = try TmuxSession([file.path], environment: ["NO_COLOR": "1"])
        plain.waitFor("the first screen without colours") { $0.contains("John Doe") }
        let screen = try plain.screenWithAttributes()
        #expect(!screen.contains(colour), "a colour under NO_COLOR:\n\(screen)")
        #expect(screen.contains("\u{1B}[1;7m"), "the title bar is still drawn bold and reversed")
        try plain.send("q")
        plain.waitForExit()
    }

    @Test func standardInputIsBrowsedAndSavedWithSaveAs() throws {
        let file = try copySample("people.json")
        let target = file.deletingLastPathComponent().appendingPathComponent("from-stdin.json")
        let session = try TmuxSession(shell: "cat '\(file.path)' | '\(TmuxSession.binary)' -")
        session.waitFor("the document from standard input") { $0.contains("(standard input)") && $0.contains("John Doe") }
        try session.find("John Doe", expectingPath: ".[0].name")
        try session.replaceValue(with: "Jane Doe")
        session.waitFor("the edit") { $0.contains("\"Jane Doe\"") && $0.contains("● modified") }
        try session.send(":")
        try session.type("w \(target.path)")
        try session.send("Enter")
        session.waitFor("the save") { $0.contains("saved ") && !$0.contains("● modified") }
        try session.send("q")
        session.waitForExit()
        let original = try String(contentsOf: file, encoding: .utf8)
        #expect(try String(contentsOf: target, encoding: .utf8) == original.replacingOccurrences(of: "\"John Doe\"", with: "\"Jane Doe\""))
    }

    @Test func aLargeFileShowsItsProgressAndCanBeCancelled() throws {
        // 300 MB: long enough to load (hundreds of milliseconds at the least) that the screen is seen.
        let folder = try scratchFolder()
        let big = folder.appendingPathComponent("big.json")
        defer { try? FileManager.default.removeItem(at: folder) }
        let element = #"{"id": 12345, "name": "Ada Lovelace", "tags": ["a", "b"], "score": 1.5},"# + "\n"
        let chunk = Data(String(repeating: element, count: (1 << 20) / element.utf8.count).utf8)
        #expect(FileManager.default.createFile(atPath: big.path, contents: nil))
        let handle = try FileHandle(forWritingTo: big)
        handle.write(Data("[\n".utf8))
        for _ in 0..<300 { handle.write(chunk) }
        handle.write(Data((element.dropLast(2) + "\n]\n").utf8))
        try handle.close()

        let session = try TmuxSession(shell: "'\(TmuxSession.binary)' '\(big.path)'; echo \"exit status $?\"; sleep 60")
        session.waitFor("the loading screen") { $0.contains("q or ^C cancels") && ($0.contains("reading") || $0.contains("indexing")) }
        try session.send("q")
        session.waitFor("the cancellation reported") { $0.contains("loading was cancelled") && $0.contains("exit status 1") }

        let opened = try TmuxSession([big.path])
        opened.waitFor("the first screen after loading", timeout: 60) { $0.contains("row 1 of") && $0.contains("Ada Lovelace") }
        try opened.send("q")
        opened.waitForExit()
    }

    @Test func aLargeFileThatIsNotJSONClosesTheTerminalAndSaysWhere() throws {
        // 20 MB, above the loading-screen threshold, with a trailing comma before its last line.
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bad = folder.appendingPathComponent("bad.json")
        let line = String(repeating: "1, ", count: 1_000) + "\n"
        try Data(("[\n" + String(repeating: line, count: 7_000) + "2,\n]\n").utf8).write(to: bad)
        let session = try TmuxSession(shell: "'\(TmuxSession.binary)' '\(bad.path)'; echo \"exit status $?\"; sleep 60")
        session.waitFor("the error after the terminal is given back", timeout: 60) { screen in
            let text = screen.replacingOccurrences(of: "\n", with: "")  // the long message wraps
            return text.contains("bad.json:7003:1:") && text.contains("trailing commas are not allowed") && text.contains("exit status 1")
        }
    }

    static func tmuxResize(_ session: TmuxSession, _ width: Int, _ height: Int) throws {
        try TmuxSession.tmux(["resize-window", "-t", session.name, "-x", "\(width)", "-y", "\(height)"])
    }
}

@Suite("End to end under tmux: databases", .serialized)
struct TmuxDatabaseTests {
    func keepsake(_ arguments: String...) throws -> String {
        try Subprocess.run(TmuxSession.binary, arguments).stdout
    }

    @Test func editARecordInAStoreChangingOnlyItsBytesInOneTransaction() throws {
        let folder = try scratchFolder()
        let db = folder.appendingPathComponent("store.sqlite").path
        let text = #"{"name": "Ada",  "age": 36.0, "gender": "female", "nickname": "A"}"#
        _ = try keepsake("db", "put", db, "Person", "--id", "p1", text)
        _ = try keepsake("db", "put", db, "Teacher", "--id", "t1", #"{"firstName": "Grace", "salary": 1e5}"#)
        let session = try TmuxSession([db])
        session.waitFor("the record view") { $0.contains("[Person] records") && $0.contains("store.sqlite") }
        try session.find("Ada", expectingPath: ".Person.p1.name")
        try session.replaceValue(with: "Lovelace")
        session.waitFor("the edit") { $0.contains("\"Lovelace\"") && $0.contains("● modified") }
        try session.save()
        try session.send("q")
        session.waitForExit()
        #expect(try keepsake("db", "get", db, "p1") == text.replacingOccurrences(of: "\"Ada\"", with: "\"Lovelace\"") + "\n")
        #expect(try keepsake("db", "get", db, "t1") == #"{"firstName": "Grace", "salary": 1e5}"# + "\n")
    }
}

@Suite("End to end under tmux: foreign tables", .serialized)
struct TmuxForeignTableTests {
    @Test func editAJSONColumnChangingOnlyItsBytes() throws {
        let folder = try scratchFolder()
        let path = folder.appendingPathComponent("app.sqlite").path
        let launch = #"{"title": "Launch",  "n": 1.0, "at": "2026-01-01"}"#
        let party = #"{"title":"Party"}"#
        do {
            let queue = try DatabaseQueue(path: path)
            try queue.write { db in
                try db.execute(sql: "CREATE TABLE events (slug TEXT PRIMARY KEY, payload TEXT, other INTEGER)")
                try db.execute(sql: "INSERT INTO events VALUES (?, ?, ?), (?, ?, ?)", arguments: ["launch", launch, 1, "party", party, 2])
            }
        }
        let session = try TmuxSession([path, "--table", "events", "--column", "payload", "--key", "slug"])
        session.waitFor("the rows by key") { $0.contains("launch") && $0.contains("party") && $0.contains("app.sqlite") }
        try session.find("Launch", expectingPath: ".launch.title")
        try session.replaceValue(with: "\"Liftoff\"")  // an untyped value: its editor takes JSON
        session.waitFor("the edit") { $0.contains("\"Liftoff\"") && $0.contains("● modified") }
        try session.save()
        try session.send("q")
        session.waitForExit()

        let rows = try DatabaseQueue(path: path).read { db in
            try Row.fetchAll(db, sql: "SELECT slug, payload, other FROM events ORDER BY slug")
        }
        #expect(rows.map { $0["payload"] as String } == [launch.replacingOccurrences(of: "Launch", with: "Liftoff"), party])
        #expect(rows.map { $0["other"] as Int } == [1, 2])
    }
}

@Suite("End to end under tmux: JSON Lines", .serialized)
struct TmuxLinesTests {
    @Test func editTwoLinesInTwoSavesChangingOnlyTheirBytes() throws {
        let folder = try scratchFolder()
        let file = folder.appendingPathComponent("rows.jsonl")
        let text = "{\"n\": 1,  \"tag\": \"a\"}\n\n{\"n\": 2.0, \"tag\": \"b\"}\n{\"n\": 3, \"tag\": \"c\"}\n"
        try Data(text.utf8).write(to: file)
        let session = try TmuxSession([file.path])
        session.waitFor("the lines as an array") { $0.contains("3 items") && $0.contains("rows.jsonl") }
        try session.find("b", expectingPath: ".[1].tag")
        try session.replaceValue(with: "\"B\"")
        try session.save(showing: "\"B\"")
        try session.find("c", expectingPath: ".[2].tag")
        try session.replaceValue(with: "\"C\"")
        try session.save(showing: "\"C\"")
        try session.send("q")
        session.waitForExit()
        #expect(try String(contentsOf: file, encoding: .utf8) == "{\"n\": 1,  \"tag\": \"a\"}\n\n{\"n\": 2.0, \"tag\": \"B\"}\n{\"n\": 3, \"tag\": \"C\"}\n")
    }
}
