import Foundation
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

    init(_ arguments: [String], width: Int = 80, height: Int = 24) throws {
        let command = ([TmuxSession.binary] + arguments).map { "'\($0)'" }.joined(separator: " ")
        try Self.tmux(["new-session", "-d", "-s", name, "-x", "\(width)", "-y", "\(height)", command])
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

func copySample(_ name: String) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("keepsake-e2e-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
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
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("keepsake-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let db = folder.appendingPathComponent("store.sqlite").path
        let text = #"{"name": "Ada",  "age": 36.0, "gender": "female", "nickname": "A"}"#
        _ = try keepsake("db", db, "put", "Person", "--id", "p1", text)
        _ = try keepsake("db", db, "put", "Teacher", "--id", "t1", #"{"firstName": "Grace", "salary": 1e5}"#)
        let session = try TmuxSession([db])
        session.waitFor("the record view") { $0.contains("[Person] records") && $0.contains("store.sqlite") }
        try session.find("Ada", expectingPath: ".Person.p1.name")
        try session.replaceValue(with: "Lovelace")
        session.waitFor("the edit") { $0.contains("\"Lovelace\"") && $0.contains("● modified") }
        try session.save()
        try session.send("q")
        session.waitForExit()
        #expect(try keepsake("db", db, "get", "p1") == text.replacingOccurrences(of: "\"Ada\"", with: "\"Lovelace\"") + "\n")
        #expect(try keepsake("db", db, "get", "t1") == #"{"firstName": "Grace", "salary": 1e5}"# + "\n")
    }
}

@Suite("End to end under tmux: JSON Lines", .serialized)
struct TmuxLinesTests {
    @Test func editTwoLinesInTwoSavesChangingOnlyTheirBytes() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("keepsake-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
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
