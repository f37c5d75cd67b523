import Foundation
import Testing
import TestSupport

/// The real binary on YAML under tmux: a GitHub workflow and a Compose file, typed by their
/// schemas from a local catalog, their comments shown, a value changed, a comment written, an
/// entry added and one deleted in the browser — and `git diff` shows exactly those lines, every
/// other byte (comments, quoting, blank lines, anchors) as it was.
@Suite("keepsake on YAML, under tmux", .serialized)
struct YAMLTmuxTests {
    /// A copy of the YAML samples in a git repository of its own, committed; a config home with no catalog.
    func repository() throws -> (folder: URL, environment: [String: String]) {
        let folder = try scratchFolder().appendingPathComponent("yaml")
        try FileManager.default.copyItem(at: samples.appendingPathComponent("yaml"), to: folder)
        for arguments in [["init", "-q"], ["add", "-A"], ["-c", "user.email=t@example.com", "-c", "user.name=t", "commit", "-q", "-m", "samples"]] {
            let result = try Subprocess.run("git", ["-C", folder.path] + arguments)
            #expect(result.status == 0, "git \(arguments): \(result.stderr)")
        }
        let home = folder.appendingPathComponent("config-home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        return (folder, ["XDG_CONFIG_HOME": home.path])
    }

    /// The lines `git diff` says changed, without its headers.
    func changedLines(in folder: URL) throws -> [String] {
        let diff = try Subprocess.run("git", ["-C", folder.path, "diff", "--unified=0", "--no-color"]).stdout
        return diff.split(separator: "\n").map(String.init).filter {
            ($0.hasPrefix("+") || $0.hasPrefix("-")) && !$0.hasPrefix("+++") && !$0.hasPrefix("---")
        }
    }

    @Test func aWorkflowEditedInTheBrowserChangesOnlyItsLines() throws {
        let (folder, environment) = try repository()
        let catalog = folder.appendingPathComponent("schemas/catalog.json")
        let file = folder.appendingPathComponent(".github/workflows/ci.yml")
        let session = try TmuxSession(["--catalog", catalog.path, file.path], width: 110, height: 30, environment: environment)
        session.waitFor("the workflow typed by its schema") { $0.contains("Workflow") && $0.contains("YAML, shown as its data") }
        // The file's comments, beside their members.
        try session.find("SWIFT_VERSION", expectingPath: ".env.SWIFT_VERSION")
        session.waitFor("a YAML comment beside its value") { $0.contains("\"6.0\"  // quoted: 6.0 would read as a number") }
        // A value: the runner.
        try session.find("ubuntu", expectingPath: ".jobs.build.\"runs-on\"")
        try session.replaceValue(with: "ubuntu-24.04")
        session.waitFor("the new runner") { $0.contains("\"ubuntu-24.04\"") }
        // A comment: written after the runner, in YAML's `#`.
        try session.type(";")
        session.waitFor("the comment editor") { $0.contains("comment: ") }
        try session.type("pinned")
        try session.send("Enter")
        session.waitFor("the comment beside the runner") { $0.contains("\"ubuntu-24.04\"  // pinned") }
        // An entry: the job's timeout, from the schema's menu of missing fields.
        try session.send("h")
        session.waitFor("the cursor on the job") { $0.contains(".jobs.build ") }
        try session.send("a")
        session.waitFor("the menu of missing fields") { $0.contains("timeout-minutes") && $0.contains("add field") }
        try session.send("Enter")
        session.waitFor("the field added with its default") { $0.contains(".jobs.build.\"timeout-minutes\"") }
        try session.replaceValue(with: "10")
        // A deletion: the last step.
        try session.find("Upload logs", expectingPath: ".jobs.build.steps[3].name")
        try session.send("h")
        session.waitFor("the cursor on the step") { $0.contains(".jobs.build.steps[3] ") }
        try session.send("d")
        session.waitFor("the question") { $0.contains("Delete .jobs.build.steps[3]?") }
        try session.send("y")
        try session.save()
        try session.send("q")
        session.waitForExit()
        #expect(try changedLines(in: folder) == [
            "-    runs-on: ubuntu-latest",
            "+    runs-on: ubuntu-24.04 # pinned",
            "-      - name: Upload logs",
            "-        if: failure()",
            "-        uses: actions/upload-artifact@v4",
            "-        with:",
            "-          name: logs",
            "-          path: .build/logs",
            "+    timeout-minutes: 10",
        ])
    }

    @Test func aComposeFileEditedInTheBrowserChangesOnlyItsLines() throws {
        let (folder, environment) = try repository()
        let catalog = folder.appendingPathComponent("schemas/catalog.json")
        let file = folder.appendingPathComponent("compose.yaml")
        let session = try TmuxSession(["--catalog", catalog.path, file.path], width: 110, height: 30, environment: environment)
        session.waitFor("the Compose file typed by its schema") { $0.contains("Compose") && $0.contains("YAML, shown as its data") }
        try session.find("postgres:16", expectingPath: ".services.db.image")
        try session.replaceValue(with: "postgres:17")
        try session.send("h")
        session.waitFor("the cursor on the service") { $0.contains(".services.db ") }
        try session.send("a")
        session.waitFor("the menu of missing fields") { $0.contains("restart") && $0.contains("add field") }
        try session.type("restart")
        try session.send("Enter")
        session.waitFor("the field added") { $0.contains(".services.db.restart") }
        try session.send("Enter")
        session.waitFor("the menu of its values") { $0.contains("unless-stopped") && $0.contains("on-failure") }
        try session.send("Down", "Enter")
        session.waitFor("the value chosen") { $0.contains("\"always\"") }
        try session.find("command", expectingPath: ".services.worker.command")
        try session.send("d")
        session.waitFor("the question") { $0.contains("Delete .services.worker.command?") }
        try session.send("y")
        // `D` shows the YAML the save will write, not the data's JSON; any other key closes it.
        try session.send("D")
        session.waitFor("the diff in YAML") { $0.contains("-    command: [\"worker\", \"--queue\", \"default\"]") && $0.contains("+    restart: always") }
        try session.send("Escape")
        session.waitFor("the tree again") { $0.contains(".services.worker") && !$0.contains("+    restart: always") }
        try session.save()
        try session.send("q")
        session.waitForExit()
        #expect(try changedLines(in: folder) == [
            "-    command: [\"worker\", \"--queue\", \"default\"]",
            "-    image: postgres:16",
            "+    image: postgres:17",
            "+    restart: always",
        ])
    }

    /// A YAML text of `items` records, each with a comment after its key and a block scalar.
    func records(_ items: Int) -> String {
        "# records\nitems:\n" + (0..<items).map { "  item\($0):   # item \($0)\n    value: \($0)\n    note: |\n      text \($0)\n" }.joined()
    }

    @Test func aLargeFileShowsItsStartAtOnceThenTheWholeAndSavesOneLine() throws {
        // 4 MB, made large for the test (`KEEPSAKE_LARGE_FILE`): its first megabyte shows while
        // the whole is read.
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("records.yaml")
        let count = 60_000
        let text = records(count)
        try Data(text.utf8).write(to: file)
        let session = try TmuxSession([file.path], width: 110, height: 30, environment: ["KEEPSAKE_LARGE_FILE": "100000"])
        session.waitFor("the first screen, comments and all") { $0.contains("items") && $0.contains("// records") }
        try session.send("j")
        try session.send("l")
        session.waitFor("the first records") { $0.contains("item0") && $0.contains("// item 0") }
        try session.send("G")
        session.waitFor("the last record, once the whole is in place", timeout: 60) { $0.contains(".items.item\(count - 1) ") && !$0.contains("…  ") }
        try session.send("l")
        try session.send("j")
        session.waitFor("its value") { $0.contains(".items.item\(count - 1).value ") }
        try session.replaceValue(with: "7")
        try session.save()
        try session.send("q")
        session.waitForExit()
        let last = "    value: \(count - 1)\n"
        #expect(try String(contentsOf: file, encoding: .utf8) == String(text.dropLast(last.utf8.count + "    note: |\n      text \(count - 1)\n".utf8.count)) + "    value: 7\n    note: |\n      text \(count - 1)\n")
    }

    @Test func aLargeFileThatIsNotYAMLShowsItsStartReadOnlyAndSaysWhere() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("bad.yaml")
        let text = records(40_000) + "\tbroken: tab\n"
        try Data(text.utf8).write(to: file)
        let lines = text.utf8.filter { $0 == 0x0A }.count
        let session = try TmuxSession(shell: "'\(TmuxSession.binary)' '\(file.path)'; echo \"exit status $?\"; sleep 60", width: 110, height: 30, environment: ["KEEPSAKE_LARGE_FILE": "100000"])
        session.waitFor("the error, with the start still shown", timeout: 60) { $0.contains("⚠ start only") && $0.contains("bad.yaml:\(lines):1: invalid tab") && $0.contains("// records") }
        try session.send("j")
        try session.send("Enter")
        session.waitFor("the refusal") { $0.contains("read-only: only the start of the file is shown") }
        try session.send("q")
        session.waitFor("the exit") { $0.contains("exit status") }
        #expect(try String(contentsOf: file, encoding: .utf8) == text)
    }
}
