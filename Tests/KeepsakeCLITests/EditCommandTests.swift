import Foundation
import Testing
import TestSupport

/// `keepsake edit FILE PATH` with scripted editors, and `--print-config` with a settings file.
@Suite("keepsake edit and settings")
struct EditCommandTests {
    /// An executable script in the scratch folder that writes `text` over the file it is given last.
    func editor(_ scratch: Scratch, writing text: String) throws -> String {
        let path = try scratch.file("editor-\(UUID().uuidString.prefix(6)).sh", """
            #!/bin/sh
            for last; do :; done
            printf '%s' '\(text.replacingOccurrences(of: "'", with: "'\\''"))' > "$last"
            """)
        chmod(path, 0o755)
        return path
    }

    func run(_ environment: [String], _ arguments: String...) throws -> Subprocess.Result {
        try Subprocess.run("/usr/bin/env", environment + ["VISUAL=", Keepsake.binary] + arguments)
    }

    @Test func aStringIsEditedAsTextAndReEncoded() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let file = try scratch.file("a.json", "{\n  \"note\": \"old\",\n  \"n\": 1.0\n}\n")
        let result = try run(["EDITOR=" + editor(scratch, writing: "new \"text\"\n\tand a tab\n")], "edit", file, ".note")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try scratch.read(file) == "{\n  \"note\": \"new \\\"text\\\"\\n\\tand a tab\",\n  \"n\": 1.0\n}\n")
    }

    @Test func aSubtreeIsEditedAsJSONKeepingThePersonsLayout() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let file = try scratch.file("a.json", #"{"list": [1, 2], "n": 1.0}"#)
        let result = try run(["EDITOR=" + editor(scratch, writing: "[\n  1,\n  3\n]\n")], "edit", file, "/list")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try scratch.read(file) == "{\"list\": [\n  1,\n  3\n], \"n\": 1.0}")
    }

    @Test func aLineOfJSONLinesIsEditedAndStaysOnItsLine() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let file = try scratch.file("rows.jsonl", "{\"a\": 1}\r\n\n{\"a\": 2, \"b\": [1]}\n{\"a\": \"x\"}\n")
        // Laid out over several lines in the editor, the value is written on its own line.
        let result = try run(["EDITOR=" + editor(scratch, writing: "{\n  \"a\": 2,\n  \"b\": [1, 2]\n}\n")], "edit", file, ".[1]")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try scratch.read(file) == "{\"a\": 1}\r\n\n{\"a\": 2, \"b\": [1, 2]}\n{\"a\": \"x\"}\n")
        // A string inside a line, as text.
        let text = try run(["EDITOR=" + editor(scratch, writing: "two\nlines")], "edit", file, ".[2].a")
        #expect(text.status == 0, "\(text.stderr)")
        #expect(try scratch.read(file) == "{\"a\": 1}\r\n\n{\"a\": 2, \"b\": [1, 2]}\n{\"a\": \"two\\nlines\"}\n")
    }

    @Test func aFailingIdleOrConfusedEditorChangesNothing() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let original = #"{"list": [1, 2]}"#
        let file = try scratch.file("a.json", original)
        let failing = try run(["EDITOR=false"], "edit", file, ".list")
        #expect(failing.status == 1)
        #expect(failing.stderr.contains("nothing changed: the editor exited with status 1 (false)"))
        let idle = try run(["EDITOR=true"], "edit", file, ".list")
        #expect(idle.status == 0)
        #expect(idle.stderr.contains("unchanged"))
        let broken = try run(["EDITOR=" + editor(scratch, writing: "[1,\n  2,,\n]")], "edit", file, ".list")
        #expect(broken.status == 1)
        #expect(broken.stderr.contains("not JSON at line 2, column 5"))
        #expect(broken.stderr.contains("discarded; nothing changed"))
        #expect(try scratch.read(file) == original)
        let missing = try run(["EDITOR=true"], "edit", file, ".nope")
        #expect(missing.status == 1 && missing.stderr.contains("no value at .nope"))
    }

    /// YAML: a block scalar opens as text and stays a block; a flow mapping comes back from JSON in
    /// flow; comments and everything else stay; a text that is not JSON changes nothing.
    @Test func aYAMLValueIsEditedInItsOwnStyle() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let before = "# config\nname: app   # the name\nscript: |\n  echo one\n  echo two\nlimits: {cpu: 1, memory: 512}\n"
        let file = try scratch.file("c.yaml", before)
        let script = try run(["EDITOR=" + editor(scratch, writing: "echo three\necho four\n")], "edit", file, ".script")
        #expect(script.status == 0, "\(script.stderr)")
        let limits = try run(["EDITOR=" + editor(scratch, writing: "{\"cpu\": 2, \"memory\": 512}\n")], "edit", file, ".limits")
        #expect(limits.status == 0, "\(limits.stderr)")
        let after = "# config\nname: app   # the name\nscript: |\n  echo three\n  echo four\nlimits: {cpu: 2, memory: 512}\n"
        #expect(try scratch.read(file) == after)
        let broken = try run(["EDITOR=" + editor(scratch, writing: "{cpu: ")], "edit", file, ".limits")
        #expect(broken.status == 1)
        #expect(broken.stderr.contains(".limits: not JSON5 at line 1, column 7"), "\(broken.stderr)")
        #expect(try scratch.read(file) == after)
        let missing = try run(["EDITOR=" + editor(scratch, writing: "x")], "edit", file, ".nothing")
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("has no key \"nothing\""), "\(missing.stderr)")
    }

    @Test func printConfigShowsTheEffectiveSettingsAndEachBadLine() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try FileManager.default.createDirectory(at: scratch.url.appendingPathComponent("keepsake"), withIntermediateDirectories: true)
        _ = try scratch.file("keepsake/config.toml", "editor = \"nano\"\ntheme = \"neon\"\n[keys]\nquit = [\"Q\"]\n")
        let result = try run(["XDG_CONFIG_HOME=" + scratch.url.path], "--print-config")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("# problem: line 2: theme must be one of default, warm, light"))
        #expect(result.stdout.contains("editor = \"nano\""))
        #expect(result.stdout.contains("quit = [\"Q\"]"))
        #expect(result.stdout.contains("theme = \"default\""))
        let none = try run(["XDG_CONFIG_HOME=" + scratch.url.appendingPathComponent("none").path], "--print-config")
        #expect(none.stdout.hasPrefix("# keepsake settings (built-in: no settings file)"))
    }
}
