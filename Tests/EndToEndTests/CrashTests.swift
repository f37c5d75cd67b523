import Foundation
import Testing
import TestSupport

/// A fatal signal gives the terminal back: the shell that ran `keepsake` finds its terminal modes
/// as they were and the main screen shown, whatever killed the browser.
@Suite("End to end under tmux: crashes", .serialized)
struct CrashTests {
    @Test(arguments: ["TERM", "HUP", "SEGV", "ABRT"])
    func aFatalSignalRestoresTheTerminal(signal: String) throws {
        let file = try copySample("people.json")
        // The shell saves the terminal's modes, runs the browser, and compares after it died.
        let script = """
            saved=$(stty -g); \
            SWIFT_BACKTRACE=enable=no '\(TmuxSession.binary)' '\(file.path)' --model Person 2>/dev/null; \
            status=$?; \
            if [ "$(stty -g)" = "$saved" ]; then echo "MODES RESTORED status=$status"; else echo "MODES CHANGED status=$status"; fi; \
            sleep 60
            """
        let session = try TmuxSession(shell: "sh -c '\(script.replacingOccurrences(of: "'", with: "'\\''"))'")
        session.waitFor("the first screen") { $0.contains("Person ×3") }
        let pid = try #require(try keepsakePID(viewing: file.path))
        _ = try Subprocess.run("kill", ["-\(signal)", "\(pid)"])
        session.waitFor("the shell's verdict after SIG\(signal)") { $0.contains("MODES ") }
        let screen = session.screen()
        #expect(screen.contains("MODES RESTORED"), "after SIG\(signal):\n\(screen)")
        // The alternate screen was left: the browser's rows are gone from the shell's screen.
        #expect(!screen.contains("John Doe"))
    }

    /// The pid of the `keepsake` process browsing a file (its command line names the file).
    func keepsakePID(viewing path: String) throws -> Int32? {
        let result = try Subprocess.run("pgrep", ["-f", "keepsake \(path)"])
        return result.stdout.split(separator: "\n").first.flatMap { Int32($0) }
    }
}

extension CrashTests {
    /// A million levels (with a raised `--max-depth`): the first screen, browsing, an edit in
    /// `$EDITOR`, a hundred thousand containers expanded, undo and redo, a save and quitting all
    /// finish. (A deep object's first screen once crashed: its model sample was freed by recursion.)
    /// (Skipped under ThreadSanitizer, whose fixed shadow call stack cannot hold the recursive
    /// free of a million levels; see `DeepValueCLITests.frees`.)
    @Test(
        .disabled(if: ProcessInfo.processInfo.environment["KEEPSAKE_SANITIZER"] == "thread", "ThreadSanitizer's shadow call stack cannot hold a million-level free"),
        arguments: ["{\"a\":", "["])
    func aMillionLevelsOpenEditSaveAndQuit(opener: String) throws {
        let folder = try scratchFolder()
        let file = folder.appendingPathComponent("deep.json")
        let closer = opener == "[" ? "]" : "}"
        let depth = 1_000_000
        let original = String(repeating: opener, count: depth) + "1" + String(repeating: closer, count: depth) + "\n"
        try original.write(to: file, atomically: true, encoding: .utf8)
        // The editor adds a first member or element to the value it is given (the outermost but one).
        let editor = folder.appendingPathComponent("editor.sh")
        try #"sed -i 's/^\[/[0,/; s/^{/{"z":0,/' "$1""#.write(to: editor, atomically: true, encoding: .utf8)
        let session = try TmuxSession([file.path, "--max-depth", "2000000"], environment: ["EDITOR": "sh \(editor.path)"])
        session.waitFor("the first screen") { $0.contains("deep.json") && ($0.contains("1 key") || $0.contains("1 item")) }
        try session.send("j")
        session.waitFor("a row further down") { $0.contains("row 2 of") }
        try session.send("o")
        session.waitFor("the edit from the editor", timeout: 60) { $0.contains("modified") && ($0.contains("2 keys") || $0.contains("2 items")) }
        try session.send("e")
        session.waitFor("containers expanded", timeout: 120) { $0.contains("expanded the first 100000 containers") }
        try session.send("G")
        session.waitFor("the last row") { $0.contains("row 100003 of 100003") }
        try session.send("u")
        session.waitFor("the edit undone", timeout: 120) { $0.contains("undone") }
        try session.send("C-r")
        session.waitFor("the edit redone", timeout: 120) { $0.contains("redone") }
        try session.save(showing: "saved")
        try session.send("q")
        session.waitForExit(timeout: 60)
        let expected = opener == "[" ? "[[0," + original.dropFirst(2) : #"{"a":{"z":0,"# + original.dropFirst(6)
        #expect(try String(contentsOf: file, encoding: .utf8) == expected)
    }
}
