import Foundation
import Testing
import TestSupport

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

    @Test func aLargeFileShowsItsStartAtOnceThenTheWhole() throws {
        // 300 MB: the start is on screen long before the whole is read and indexed.
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

        // Quitting while the whole loads ends at once, with success.
        let quitting = try TmuxSession(shell: "'\(TmuxSession.binary)' '\(big.path)'; echo \"exit status $?\"; sleep 60")
        quitting.waitFor("the first screen") { $0.contains("row 1 of") && $0.contains("Ada Lovelace") }
        try quitting.send("q")
        quitting.waitFor("the exit") { $0.contains("exit status 0") }

        // Left open, G pressed at once waits for the end (saying so while it loads) and goes there
        // when the whole has taken the start's place.
        let opened = try TmuxSession([big.path])
        opened.waitFor("the first screen") { $0.contains("row 1 of") && $0.contains("Ada Lovelace") }
        try opened.send("G")
        let elements = 300 * ((1 << 20) / element.utf8.count) + 1
        opened.waitFor("G waiting, or the whole already there") { $0.contains("to go to the end — Esc stops") || $0.contains(".[\(elements - 1)] ") }
        opened.waitFor("the last element", timeout: 60) { $0.contains(".[\(elements - 1)] ") && !$0.contains("%…") }
        // The last record (indexed when opened) edited and saved: only its id's bytes change.
        try opened.send("l")
        try opened.send("j")
        opened.waitFor("its id") { $0.contains(".[\(elements - 1)].id ") }
        try opened.send("Enter")
        try opened.send("C-u")
        try opened.type("54321")
        try opened.send("Enter")
        opened.waitFor("the edit") { $0.contains("● modified") }
        try opened.send("C-s")
        opened.waitFor("the save", timeout: 60) { $0.contains("saved ") }
        try opened.send("q")
        opened.waitForExit()
        let expected = folder.appendingPathComponent("expected.json")
        #expect(FileManager.default.createFile(atPath: expected.path, contents: nil))
        let writer = try FileHandle(forWritingTo: expected)
        writer.write(Data("[\n".utf8))
        for _ in 0..<300 { writer.write(chunk) }
        writer.write(Data((element.dropLast(2).replacingOccurrences(of: "12345", with: "54321") + "\n]\n").utf8))
        try writer.close()
        let compared = try Subprocess.run("/usr/bin/cmp", [expected.path, big.path])
        #expect(compared.status == 0, "\(compared.stdout)\(compared.stderr)")
    }

    @Test func aLargeJSONLinesFileIsBrowsedAndALineRemovedWithItsBreak() throws {
        // 20 MB of lines, above the first-screen threshold.
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("rows.jsonl")
        let lines = (0..<300_000).map { #"{"id": \#($0), "name": "Ada Lovelace", "tags": ["a", "b"]}"# }
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: file)
        let session = try TmuxSession([file.path])
        session.waitFor("the first screen") { $0.contains("row 1 of") && $0.contains("Ada Lovelace") }
        session.waitFor("the whole in place", timeout: 60) { !$0.contains("%…") && !$0.contains("start only") }
        try session.send("G")
        session.waitFor("the last line") { $0.contains(".[299999] ") }
        try session.send("d")
        try session.send("y")
        session.waitFor("the removal") { $0.contains("● modified") }
        try session.send("C-s")
        session.waitFor("the save", timeout: 60) { $0.contains("saved ") }
        try session.send("q")
        session.waitForExit()
        #expect(try Data(contentsOf: file) == Data((lines.dropLast().joined(separator: "\n") + "\n").utf8))
    }

    @Test func aLargeFileThatIsNotJSONShowsItsStartReadOnlyAndSaysWhere() throws {
        // 20 MB, above the first-screen threshold, with a trailing comma before its last line.
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bad = folder.appendingPathComponent("bad.json")
        let line = String(repeating: "1, ", count: 1_000) + "\n"
        try Data(("[\n" + String(repeating: line, count: 7_000) + "2,\n]\n").utf8).write(to: bad)
        let session = try TmuxSession(shell: "'\(TmuxSession.binary)' '\(bad.path)'; echo \"exit status $?\"; sleep 60")
        session.waitFor("the error, with the start still shown", timeout: 60) { screen in
            screen.contains("⚠ start only") && screen.contains("bad.json:7003:1:")
        }
        // Read-only: an edit is refused with the reason.
        try session.send("j")
        try session.send("Enter")
        session.waitFor("the refusal") { $0.contains("read-only: only the start of the file is shown") }
        // Up to a fix: the trailing comma removed on disk, :e loads the file again, whole.
        try Data(("[\n" + String(repeating: line, count: 7_000) + "2\n]\n").utf8).write(to: bad)
        try session.type(":e")
        try session.send("Enter")
        session.waitFor("the whole, fixed, in place", timeout: 60) { !$0.contains("start only") && !$0.contains("%…") && $0.contains("row 1 of") }
        try session.send("G")
        session.waitFor("its last element") { $0.contains(".[7000000] ") }
        try session.send("q")
        session.waitFor("the exit") { $0.contains("exit status 0") }
    }

    static func tmuxResize(_ session: TmuxSession, _ width: Int, _ height: Int) throws {
        try TmuxSession.tmux(["resize-window", "-t", session.name, "-x", "\(width)", "-y", "\(height)"])
    }
}
