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
    @Test(arguments: ["{\"a\":", "["])
    func aHundredThousandLevelsOpenBrowseAndQuit(opener: String) throws {
        // A deep object's first screen crashed: the model sample was decoded and freed by recursion.
        let file = try scratchFolder().appendingPathComponent("deep.json")
        let closer = opener == "[" ? "]" : "}"
        try (String(repeating: opener, count: 100_000) + "1" + String(repeating: closer, count: 100_000)).write(to: file, atomically: true, encoding: .utf8)
        let session = try TmuxSession([file.path, "--max-depth", "200000"])
        session.waitFor("the first screen") { $0.contains("deep.json") && ($0.contains("1 key") || $0.contains("1 item")) }
        try session.send("j")
        session.waitFor("a row further down") { $0.contains("row 2 of") }
        try session.send("q")
        session.waitForExit()
    }
}
