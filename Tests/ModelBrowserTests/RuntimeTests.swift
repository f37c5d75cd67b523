import DictionaryStorage
import Foundation
import LosslessJSON
@testable import ModelBrowser
@testable import ModelBrowserRuntime
import SampleModels
import Testing

/// The runtime over a real file, with the headless terminal: keys in, frames and effects out.
@Suite("Runtime")
struct RuntimeTests {
    /// A scratch file, removed when the test ends.
    final class ScratchFile {
        let path = NSTemporaryDirectory() + "keepsake-runtime-\(UUID().uuidString).json"
        init(_ text: String) throws { try text.write(toFile: path, atomically: true, encoding: .utf8) }
        var text: String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "<unreadable>" }
        deinit { try? FileManager.default.removeItem(atPath: path) }
    }

    func events(_ script: String) -> [Event] { keys(script).map(Event.key) }

    func run(_ file: ScratchFile, _ terminal: HeadlessTerminal, model: String? = nil) throws {
        try Browser.run(source: JSONFileSource(path: file.path), registry: SampleModels.registry, modelName: model) { terminal }
    }

    @Test func anEditIsSavedThroughTheSourceChangingOnlyItsBytes() throws {
        let original = try String(contentsOf: samplesFolder.appendingPathComponent("people.json"), encoding: .utf8)
        let file = try ScratchFile(original)
        let terminal = HeadlessTerminal(script: events("jjj<Enter><C-u>32<Enter><C-s>q"))
        try run(file, terminal)
        #expect(!terminal.ranOut, "the script should end by quitting")
        #expect(terminal.isClosed)
        #expect(file.text == original.replacingOccurrences(of: "\"age\": 31", with: "\"age\": 32"))
        let last = try #require(terminal.frames.last)
        #expect(last.text.contains("saved \(file.path)"))
        #expect(!last.text.contains("● modified"))
    }

    @Test func aFileChangedOnDiskIsOverwrittenOnlyWhenThePersonSaysSo() throws {
        let file = try ScratchFile(#"{"a": 1, "b": 2}"#)
        // The first ^S finds the file changed (written below, before the runtime starts saving).
        let terminal = HeadlessTerminal(script: events("j<Enter>5<Enter>"))
        var runtime = BrowserRuntime(terminal: terminal, source: JSONFileSource(path: file.path), registry: ModelRegistry())
        var source = JSONFileSource(path: file.path)
        var state = runtime.state(for: try source.load(progress: LoadProgress()))
        for event in terminal.script { _ = runtime.handle(event, state: &state) }
        try #"{"a": 9, "b": 2}"#.write(toFile: file.path, atomically: false, encoding: .utf8)
        _ = runtime.handle(.key(.control("s")), state: &state)
        guard case .confirm(let question) = state.mode else { Issue.record("no question: \(state.mode)"); return }
        #expect(question.choices.map(\.answer) == [.reapply, .overwrite, .reload, .cancel])
        #expect(file.text == #"{"a": 9, "b": 2}"#)
        // Reload takes the file as it is now, dropping the edit.
        _ = runtime.handle(.key(.character("r")), state: &state)
        #expect(state.document.value(at: ["a"]) == 9)
        #expect(!state.isModified)
        // An edit over the reloaded text, a change on disk, and "overwrite".
        _ = runtime.handle(.key(.down), state: &state)
        for event in events("<Enter>7<Enter><C-s>") { _ = runtime.handle(event, state: &state) }
        #expect(file.text == #"{"a": 97, "b": 2}"#)
    }

    @Test func reloadAndReapplyKeepsBothTheOtherWritersChangeAndTheEdits() throws {
        let file = try ScratchFile(#"{"a": 1, "b": 2, "list": [1, 2]}"#)
        let terminal = HeadlessTerminal(script: [])
        var runtime = BrowserRuntime(terminal: terminal, source: JSONFileSource(path: file.path), registry: ModelRegistry())
        var source = JSONFileSource(path: file.path)
        var state = runtime.state(for: try source.load(progress: LoadProgress()))
        // Edit .a (1 → 15) and remove the list's last element.
        for event in events("j<Enter>5<Enter>jjljjdy") { _ = runtime.handle(event, state: &state) }
        #expect(state.document.text.string == #"{"a": 15, "b": 2, "list": [1]}"#)
        // Another writer changes .b meanwhile.
        try #"{"a": 1, "b": 20, "list": [1, 2]}"#.write(toFile: file.path, atomically: true, encoding: .utf8)
        _ = runtime.handle(.key(.control("s")), state: &state)
        guard case .confirm = state.mode else { Issue.record("no question: \(state.mode)"); return }
        _ = runtime.handle(.key(.character("a")), state: &state)
        #expect(file.text == #"{"a": 15, "b": 20, "list": [1]}"#)
        #expect(!state.isModified)
    }

    /// A terminal that never has a key: the loading screen waits out its load in it.
    final class QuietTerminal: TerminalBackend {
        var size: (width: Int, height: Int) { (80, 24) }
        var colors: Bool { false }
        private(set) var frames: [Grid] = []
        func nextEvent(timeout milliseconds: Int, wakingOn descriptor: Int32) -> Event? {
            var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&request, 1, Int32(milliseconds))
            return nil
        }
        func draw(_ grid: Grid) { frames.append(grid) }
        func copy(_ text: String) {}
        var clipboardNote: String? { nil }
        func suspend() {}
        func resume() {}
        func close() {}
    }

    @Test func aLargeFileReloadsBehindTheLoadingScreenToReapplyAndBehindItsStartOnColonE() throws {
        // 18 MB: a large file (mapped, previewed, loaded on another thread).
        let records = (0..<400_000).map { #"{"id": \#($0), "name": "person \#($0)"}"# }.joined(separator: ",\n    ")
        func text(b: Int) -> String { "{\n  \"a\": 1,\n  \"b\": \(b),\n  \"list\": [\n    " + records + "\n  ]\n}\n" }
        let file = try ScratchFile(text(b: 2))
        let source = JSONFileSource(path: file.path)
        #expect(source.loadsSlowly)
        let terminal = QuietTerminal()
        var runtime = BrowserRuntime(terminal: terminal, source: source, registry: ModelRegistry())
        var state = runtime.startLoading(showing: try #require(source.preview()))
        func waitForTheWhole() {
            // (A deadline, not a wait: under the whole suite on two cores a load of 18 MB can take a minute.)
            let deadline = Date().addingTimeInterval(180)
            while state.partialLoad != nil, Date() < deadline {
                _ = runtime.waitForNews(to: &state, milliseconds: 100)
            }
        }
        waitForTheWhole()
        #expect(state.partialLoad == nil)
        for event in events("j<Enter>5<Enter>") { _ = runtime.handle(event, state: &state) }
        #expect(state.isModified)
        // Another writer changes .b; the save asks; "a" reloads (behind the loading screen) and
        // makes the edit again on what is there now.
        try text(b: 20).write(toFile: file.path, atomically: true, encoding: .utf8)
        _ = runtime.handle(.key(.control("s")), state: &state)
        guard case .confirm = state.mode else { Issue.record("no question: \(state.mode) \(state.message ?? "")"); return }
        _ = runtime.handle(.key(.character("a")), state: &state)
        // The loop puts the loading screen up, and the reload's end comes as news.
        #expect(runtime.coverRequest != nil, "the loading screen was not asked for")
        let deadline = Date().addingTimeInterval(180)
        while runtime.load != nil, Date() < deadline { _ = runtime.waitForNews(to: &state, milliseconds: 100) }
        #expect(file.text == text(b: 20).replacingOccurrences(of: "\"a\": 1,", with: "\"a\": 15,"))
        #expect(!state.isModified && state.partialLoad == nil, "\(state.message ?? "")")
        // :e reloads as the file opened: its start at once, the whole behind it.
        for event in events(":e<Enter>") { _ = runtime.handle(event, state: &state) }
        #expect(state.partialLoad != nil)
        waitForTheWhole()
        #expect(state.partialLoad == nil, "\(String(describing: state.partialLoad)) \(state.message ?? "")")
        #expect(state.document.value(at: ["a"]) == 15 && state.document.value(at: ["b"]) == 20, "\(state.message ?? "")")
    }

    @Test func aHardLinkedFileAsksAndIsWrittenInPlaceWhenChosen() throws {
        let file = try ScratchFile(#"{"a": 1}"#)
        let other = file.path + ".link"
        try FileManager.default.linkItem(atPath: file.path, toPath: other)
        defer { try? FileManager.default.removeItem(atPath: other) }
        let terminal = HeadlessTerminal(script: [])
        var runtime = BrowserRuntime(terminal: terminal, source: JSONFileSource(path: file.path), registry: ModelRegistry())
        var source = JSONFileSource(path: file.path)
        var state = runtime.state(for: try source.load(progress: LoadProgress()))
        for event in events("j<Enter>5<Enter><C-s>") { _ = runtime.handle(event, state: &state) }
        guard case .confirm(let question) = state.mode else { Issue.record("no question: \(state.mode)"); return }
        #expect(question.choices.map(\.answer) == [.writeInPlace, .splitLinks, .cancel])
        #expect(file.text == #"{"a": 1}"#)
        _ = runtime.handle(.key(.character("i")), state: &state)
        #expect(try String(contentsOfFile: other, encoding: .utf8) == #"{"a": 15}"#)
        #expect(file.text == #"{"a": 15}"#)
        #expect(!state.isModified)
    }

    @Test func copyGoesToTheTerminalAndQuitEndsTheLoop() throws {
        let file = try ScratchFile(#"{"list": [1, {"deep": true}]}"#)
        let terminal = HeadlessTerminal(script: events("jlljlly") + [.resize(width: 30, height: 8)] + events("q"))
        try run(file, terminal)
        #expect(terminal.copied == [".list[1].deep"])
        #expect(terminal.frames.last?.width == 30)
        #expect(!terminal.ranOut)
    }

    @Test func aScriptThatRunsOutQuitsWithoutSaving() throws {
        let file = try ScratchFile("[1, 2]")
        let terminal = HeadlessTerminal(script: events("j<Enter>5<Enter>"))
        try run(file, terminal)
        #expect(terminal.ranOut)
        #expect(file.text == "[1, 2]")
    }

    @Test func aSlowSourceLoadsWithItsProgressShownAndCanBeCancelled() throws {
        // A source that reports progress until it is cancelled.
        struct Endless: DocumentSource {
            var name: String { "endless.json" }
            var layout: RootLayout { .document }
            var canSaveInPlace: Bool { true }
            var loadsSlowly: Bool { true }
            mutating func load(progress: LoadProgress) throws(DocumentSourceError) -> JSONDocument {
                var done = 0
                while !progress.isCancelled {
                    done += 1
                    progress.report(.reading, done: done % 100, total: 100)
                    usleep(1000)
                }
                throw DocumentSourceError(.cancelled, "endless.json: loading was cancelled")
            }
            mutating func save(_ document: JSONDocument, since saved: JSONDocument, overrides: SaveOverrides) throws(DocumentSourceError) -> JSONDocument { document }
        }
        // Wait for a few frames (nil events), then press q.
        let terminal = HeadlessTerminal(script: [.scroll(0), .scroll(0), .scroll(0), .key(.character("q"))])
        let error = #expect(throws: DocumentSourceError.self) {
            try Browser.run(source: Endless(), registry: ModelRegistry()) { terminal }
        }
        #expect(error?.kind == .cancelled)
        #expect(terminal.isClosed)
        #expect(terminal.frames.first?.text.contains("reading") == true)
    }
}

/// A checker that takes its time and finds every number above 10, counting its whole checks.
final class SlowChecker: DocumentChecker, @unchecked Sendable {
    let name = "slow"
    private let lock = NSLock()
    private var wholeChecks = 0
    var checks: Int { lock.withLock { wholeChecks } }

    func problems(in document: JSONDocument) -> [DocumentProblem] {
        lock.withLock { wholeChecks += 1 }
        Thread.sleep(forTimeInterval: 0.05)
        return (0..<document.nodeCount).map { JSONDocument.Node(id: $0) }.compactMap { node in
            guard let number = document.number(node), let value = Int(number.literal), value > 10 else { return nil }
            return DocumentProblem(path: document.path(of: node), message: "\(value) is above 10")
        }
    }

    func problems(in document: JSONDocument, changedAt path: JSONPath?, before: [DocumentProblem]) -> [DocumentProblem] {
        problems(in: document)
    }
}

@Suite("Runtime: checking in the background")
struct BackgroundCheckTests {
    @Test func theFirstScreenDoesNotWaitForTheCheckAndAStaleAnswerIsCheckedAgain() throws {
        let checker = SlowChecker()
        let terminal = HeadlessTerminal(script: [])
        var runtime = BrowserRuntime(
            terminal: terminal, source: JSONFileSource(path: "unused.json"), registry: ModelRegistry(),
            describe: { state in state.attach(checker, inBackground: true); return nil })
        var state = runtime.state(for: try JSONDocument(#"{"a": 50, "b": 2}"#))
        #expect(state.checkPending)
        #expect(screen(state).contains("checking…"))
        runtime.startCheck(of: state)
        // An edit while the check runs: its answer is for the old version, so it is asked again.
        for key in keys("jj<Enter><C-u>70<Enter>") { _ = runtime.handle(.key(key), state: &state) }
        #expect(state.document.value(at: ["b"]) == 70)
        // Saving before the answer asks first.
        _ = runtime.handle(.key(.control("s")), state: &state)
        guard case .confirm(let question) = state.mode else { Issue.record("no question: \(state.mode)"); return }
        #expect(question.question == "The schema check is still running.")
        _ = runtime.handle(.key(.character("c")), state: &state)
        let deadline = Date().addingTimeInterval(30)
        while state.checkPending, Date() < deadline { _ = runtime.waitForNews(to: &state, milliseconds: 100) }
        #expect(!state.checkPending)
        #expect(state.problems.map(\.path) == [["a"], ["b"]])
        #expect(checker.checks == 2)
        #expect(screen(state).contains("⚠ 2 schema errors (!)"))
    }
}
