import Foundation
import Testing
import TestSupport

/// The person's editor, the go-to prompt and the settings file, with the real binary under tmux.
@Suite("End to end under tmux: editor, go to, settings", .serialized)
struct EditorTmuxTests {
    /// A shell script used as `$EDITOR`: it runs `sed` on the file it is given last.
    func sedEditor(_ folder: URL, _ expression: String, exit status: Int = 0) throws -> String {
        let path = folder.appendingPathComponent("editor-\(UUID().uuidString.prefix(6)).sh").path
        try "#!/bin/sh\nfor last; do :; done\nsed -i '\(expression)' \"$last\"\nexit \(status)\n".write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o755)
        return path
    }

    @Test func aValueRoundTripsThroughTheEditorAndTheTerminalIsResizedMeanwhile() throws {
        let file = try copySample("people.json")
        let original = try String(contentsOf: file, encoding: .utf8)
        let folder = file.deletingLastPathComponent()
        // The editor edits the file, and the window is made wider while it runs.
        let editor = folder.appendingPathComponent("resizing-editor.sh").path
        let session = try TmuxSession([file.path], width: 80, height: 24, environment: ["EDITOR": editor, "VISUAL": ""])
        try """
            #!/bin/sh
            for last; do :; done
            sed -i 's/John Doe/John Q. Doe/' "$last"
            tmux -L \(TmuxSession.socket) resize-window -t \(session.name) -x 120 -y 30
            """.write(toFile: editor, atomically: true, encoding: .utf8)
        chmod(editor, 0o755)
        session.waitFor("the first screen") { $0.contains("Person ×3") }
        try session.send("j", "j", "o")
        session.waitFor("the edited name, drawn at the new width") { screen in
            screen.contains("\"John Q. Doe\"") && screen.contains("● modified")
                && screen.split(separator: "\n").contains { $0.count > 100 && $0.contains("row 3 of") }
        }
        try session.save()
        try session.send("q")
        session.waitForExit()
        #expect(try String(contentsOf: file, encoding: .utf8) == original.replacingOccurrences(of: "John Doe", with: "John Q. Doe"))
    }

    @Test func aSyntaxErrorIsShownAndAFailingEditorChangesNothing() throws {
        let file = try copySample("people.json")
        let original = try String(contentsOf: file, encoding: .utf8)
        let folder = file.deletingLastPathComponent()
        // The element's closing brace removed: not JSON.
        let breaking = try sedEditor(folder, "$ s/}//")
        let session = try TmuxSession([file.path], environment: ["EDITOR": breaking, "VISUAL": ""])
        session.waitFor("the first screen") { $0.contains("Person ×3") }
        try session.send("j", "o")
        session.waitFor("the syntax error and its choices") { $0.contains("Not JSON: ") && $0.contains("r reopen at line") && $0.contains("d discard") }
        try session.send("d")
        session.waitFor("the discard") { $0.contains("discarded") }
        try session.send("q")
        session.waitForExit()
        #expect(try String(contentsOf: file, encoding: .utf8) == original)

        let failing = try sedEditor(folder, "s/John/Jon/", exit: 3)
        let second = try TmuxSession([file.path], environment: ["EDITOR": failing, "VISUAL": ""])
        second.waitFor("the first screen") { $0.contains("Person ×3") }
        try second.send("j", "j", "o")
        second.waitFor("the failure") { $0.contains("nothing changed: the editor exited with status 3") && !$0.contains("● modified") }
        try second.send("q")
        second.waitForExit()
        #expect(try String(contentsOf: file, encoding: .utf8) == original)
    }

    @Test func goToAPathWithCompletion() throws {
        let file = try copySample("people.json")
        let session = try TmuxSession([file.path])
        session.waitFor("the first screen") { $0.contains("Person ×3") }
        try session.send(":")
        try session.type(".[2].na")
        try session.send("Tab")
        session.waitFor("the completed path") { $0.contains(":.[2].name") }
        try session.send("Enter")
        session.waitFor("the cursor on the name of the third person") { $0.contains(" .[2].name ") && $0.contains("Zoë") }
        try session.send(":")
        try session.type("/nothing/here")
        try session.send("Enter")
        session.waitFor("the unknown path") { $0.contains("no value at .nothing.here") }
        try session.send("q")
        session.waitForExit()
    }

    @Test func aBadSettingIsReportedWithItsLineAndTheRestApplies() throws {
        let file = try copySample("people.json")
        let config = file.deletingLastPathComponent().appendingPathComponent("config")
        try FileManager.default.createDirectory(at: config.appendingPathComponent("keepsake"), withIntermediateDirectories: true)
        try "wrap = true\ntheme = \"neon\"\n[keys]\nquit = [\"Q\"]\n".write(
            to: config.appendingPathComponent("keepsake/config.toml"), atomically: true, encoding: .utf8)
        let session = try TmuxSession([file.path], environment: ["XDG_CONFIG_HOME": config.path])
        session.waitFor("the problem at start, and the rebound key in the hints") { $0.contains("settings, line 2: theme must be one of") && $0.contains("Q quit") }
        try session.send("q")  // rebound: q does nothing now
        try session.send("Q")
        session.waitForExit()
    }
}
