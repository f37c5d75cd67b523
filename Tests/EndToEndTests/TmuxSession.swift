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

    /// A session that lives as long as the test process: without it the server exits whenever the
    /// sessions of the tests running at the time have ended, and a test starting its session just
    /// then finds it gone ("server exited unexpectedly").
    static let keeper: Void = {
        _ = try? Subprocess.run("tmux", ["-L", socket, "new-session", "-d", "-s", "keeper", "tail --pid=\(getpid()) -f /dev/null"])
    }()

    /// Runs `keepsake ARGUMENTS` in a new session of the given size, with extra environment variables.
    convenience init(_ arguments: [String], width: Int = 80, height: Int = 24, environment: [String: String] = [:]) throws {
        let command = ([TmuxSession.binary] + arguments).map { "'\($0)'" }.joined(separator: " ")
        try self.init(shell: command, width: width, height: height, environment: environment)
    }

    /// Runs a shell command line in a new session.
    init(shell command: String, width: Int = 80, height: Int = 24, environment: [String: String] = [:]) throws {
        // Off the network, with a cache of this run's, as every test's keepsake (unless it says).
        let merged = Subprocess.environmentDefaults.merging(environment) { _, given in given }
        let variables = merged.sorted { $0.key < $1.key }.flatMap { ["-e", "\($0.key)=\($0.value)"] }
        try Self.tmux(["new-session", "-d", "-s", name, "-x", "\(width)", "-y", "\(height)"] + variables + [command])
    }

    deinit { _ = try? Self.tmux(["kill-session", "-t", name]) }

    @discardableResult
    static func tmux(_ arguments: [String]) throws -> String {
        _ = keeper
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
    func type(_ text: String) throws {
        // tmux reads an argument ending in `;` as the end of its command (and drops the `;`): `\;` is one.
        try Self.tmux(["send-keys", "-t", name, "-l", text.hasSuffix(";") ? text.dropLast() + "\\;" : text])
    }

    var isRunning: Bool { (try? Self.tmux(["has-session", "-t", name])) != nil }

    /// How much longer every deadline is: `KEEPSAKE_TEST_DEADLINE_SCALE` (the sanitizer runs set
    /// it, since an instrumented binary runs several times slower), else 1.
    static let deadlineScale: Double = ProcessInfo.processInfo.environment["KEEPSAKE_TEST_DEADLINE_SCALE"].flatMap(Double.init) ?? 1

    /// Waits until the screen satisfies a condition; fails the test at the deadline.
    @discardableResult
    func waitFor(_ what: String, timeout: TimeInterval = 15, sourceLocation: SourceLocation = #_sourceLocation, _ condition: (String) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout * Self.deadlineScale)
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
        let deadline = Date().addingTimeInterval(timeout * Self.deadlineScale)
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

/// A copy of a sample in a `Samples` folder of its own, where sample models bind by how a
/// document looks, as in the repository's.
func copySample(_ name: String) throws -> URL {
    let folder = try scratchFolder().appendingPathComponent("Samples")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let copy = folder.appendingPathComponent(name)
    try FileManager.default.copyItem(at: samples.appendingPathComponent(name), to: copy)
    return copy
}
