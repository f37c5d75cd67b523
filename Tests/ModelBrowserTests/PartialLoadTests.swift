import Dispatch
import DictionaryStorage
import Foundation
import LosslessJSON
@testable import ModelBrowser
@testable import ModelBrowserRuntime
import Testing

/// A first screen of a file's start while the whole loads behind it (`BrowserRuntime.run(showing:)`):
/// read-only until the whole is there, then the whole in its place with the view kept.
@Suite("Partial first screen")
struct PartialLoadTests {
    /// A source whose whole loads only once the test opens its gate (or fails then).
    struct GatedSource: DocumentSource {
        let text: String
        let gate: DispatchSemaphore
        let failure: String?
        var name: String { "gated.json" }
        var layout: RootLayout { .document }
        var canSaveInPlace: Bool { true }
        var loadsSlowly: Bool { true }

        func preview() -> JSONDocument? {
            Array(text.utf8.prefix(120)).withUnsafeBufferPointer { JSONDocument.leadingPart(of: $0) }
        }

        /// Parses the text (publishing what it has indexed, as asked), then waits for the gate.
        mutating func load(progress: LoadProgress) throws(DocumentSourceError) -> JSONDocument {
            let parsed = Result { () throws(JSONParseError) in try JSONDocument(storage: JSONBytes(text), progress: progress.parse, folding: .default) }
            gate.wait()
            if let failure { throw DocumentSourceError(.failed, failure) }
            do { return try parsed.get() } catch { throw DocumentSourceError(.failed, "\(error)") }
        }

        mutating func save(_ document: JSONDocument, since saved: JSONDocument, overrides: SaveOverrides) throws(DocumentSourceError) -> JSONDocument {
            document
        }
    }

    static let text = "{\n  \"version\": 3,\n  \"records\": [\n"
        + (0..<40).map { "    {\"id\": \($0), \"name\": \"person \($0)\"}" }.joined(separator: ",\n") + "\n  ]\n}\n"

    func events(_ script: String) -> [Event] { keys(script).map(Event.key) }

    /// Waits (up to 10 s) for the load to end and hands its outcome to the state.
    func waitForLoad(_ runtime: inout BrowserRuntime<HeadlessTerminal>, _ state: inout BrowserState) {
        let deadline = Date().addingTimeInterval(10)
        while state.partialLoad?.failure == nil, state.partialLoad != nil, Date() < deadline {
            _ = runtime.waitForNews(to: &state, milliseconds: 100)
        }
    }

    @Test func theStartIsShownReadOnlyThenTheWholeTakesItsPlaceKeepingTheView() throws {
        let gate = DispatchSemaphore(value: 0)
        let source = GatedSource(text: Self.text, gate: gate, failure: nil)
        let start = try #require(source.preview())
        // The start: the version and the records that end in the first 120 bytes, closed.
        let version = try JSONPath(parsing: ".version")
        #expect(start.value(at: version) == .number(JSONNumber(3)))
        let records = try JSONPath(parsing: ".records")
        let shownRecords = try #require(start.node(at: records).map { start.childCount($0) })
        #expect(shownRecords > 0 && shownRecords < 40)

        let terminal = HeadlessTerminal(width: 60, height: 12, script: [])
        var runtime = BrowserRuntime(terminal: terminal, source: source, registry: ModelRegistry())
        var state = runtime.startLoading(showing: start)
        #expect(state.partialLoad != nil)
        // Open the records and move into them: works on the start.
        for event in events("jjlj") { _ = runtime.handle(event, state: &state) }
        let cursor = state.cursorPath
        let firstRecord = try JSONPath(parsing: ".records[0]")
        #expect(cursor == firstRecord)
        // Editing, saving and commands other than quitting wait for the whole.
        for (key, refusal) in [("<Enter>", "that waits for the whole file"), ("<C-s>", "saving waits"), (":w<Enter>", "that command waits")] {
            for event in events(key) { _ = runtime.handle(event, state: &state) }
            #expect(state.message?.contains(refusal) == true, "\(key): \(state.message ?? "no message")")
            #expect(state.mode == .normal)
        }
        #expect(!state.isModified)
        var grid = Grid(width: 60, height: 12)
        render(state, into: &grid)
        // The gated source has reported nothing yet: the phase alone, no made-up figure.
        #expect(grid.text.contains("reading…"), "\(grid.text)")

        gate.signal()
        waitForLoad(&runtime, &state)
        #expect(state.partialLoad == nil)
        #expect(state.cursorPath == cursor)
        #expect(state.document.childCount(try #require(state.document.node(at: records))) == 40)
        // Now the end and edits work on the whole.
        _ = runtime.handle(.key(.character("G")), state: &state)
        let lastRecord = try JSONPath(parsing: ".records[39]")
        #expect(state.cursorPath == lastRecord)
        render(state, into: &grid)
        #expect(!grid.text.contains("%…"))
    }

    /// The state showing the gated source's start, with the records open and the cursor on the first.
    func startWithRecordsOpen(_ source: GatedSource) throws -> (BrowserRuntime<HeadlessTerminal>, BrowserState) {
        var runtime = BrowserRuntime(terminal: HeadlessTerminal(width: 60, height: 12, script: []), source: source, registry: ModelRegistry())
        var state = runtime.startLoading(showing: try #require(source.preview()))
        for event in events("jjlj") { _ = runtime.handle(event, state: &state) }
        return (runtime, state)
    }

    /// The status line of a state as drawn, 100 columns wide.
    func statusLine(_ state: BrowserState) -> String {
        var state = state
        _ = update(&state, .resize(width: 100, height: state.height))
        var grid = Grid(width: state.width, height: state.height)
        render(state, into: &grid)
        let row = state.layout.status?.y ?? 0
        return grid.text.split(separator: "\n", omittingEmptySubsequences: false)[row].description
    }

    @Test func theEndWaitsForTheWholeSayingSoAndIsGoneToWhenItIsThere() throws {
        let gate = DispatchSemaphore(value: 0)
        var (runtime, state) = try startWithRecordsOpen(GatedSource(text: Self.text, gate: gate, failure: nil))
        let first = state.cursorPath
        _ = runtime.handle(.key(.character("G")), state: &state)
        #expect(state.partialLoad?.waiting == .lastRow)
        #expect(state.cursorPath == first)
        // (The gated source reports no figure: the phase alone.)
        let progress = try #require(state.partialLoad?.progress.summary)
        #expect(statusLine(state).contains("waiting for the whole file (\(progress)) to go to the end — Esc stops waiting"), "\(statusLine(state))")
        #expect(statusLine(state).contains("row 4 of"))
        // Esc stops waiting; moving about goes on meanwhile.
        _ = runtime.handle(.key(.escape), state: &state)
        #expect(state.partialLoad?.waiting == nil && state.message == "stopped waiting")
        for event in events("Gj") { _ = runtime.handle(event, state: &state) }
        #expect(state.partialLoad?.waiting == .lastRow)
        let moved = try JSONPath(parsing: ".records[1]")
        #expect(state.cursorPath == moved)
        gate.signal()
        waitForLoad(&runtime, &state)
        let last = try JSONPath(parsing: ".records[39]")
        #expect(state.partialLoad == nil && state.cursorPath == last)
    }

    @Test func aPathIsGoneToAtOnceWhenShownAndOnceLoadedWhenNot() throws {
        let gate = DispatchSemaphore(value: 0)
        var (runtime, state) = try startWithRecordsOpen(GatedSource(text: Self.text, gate: gate, failure: nil))
        // In the start: at once.
        for event in events(":.records[1].name<Enter>") { _ = runtime.handle(event, state: &state) }
        let shown = try JSONPath(parsing: ".records[1].name")
        #expect(state.cursorPath == shown && state.partialLoad?.waiting == nil)
        // Past it: waits, then goes.
        for event in events(":.records[30].name<Enter>") { _ = runtime.handle(event, state: &state) }
        let later = try JSONPath(parsing: ".records[30].name")
        #expect(state.partialLoad?.waiting == .goTo(later) && state.cursorPath == shown)
        #expect(statusLine(state).contains("to go to .records[30].name"))
        gate.signal()
        waitForLoad(&runtime, &state)
        #expect(state.cursorPath == later)
        // A path that is not in the whole either is said so, as on any document.
        for event in events(":.records[99]<Enter>") { _ = runtime.handle(event, state: &state) }
        #expect(state.message == "no value at .records[99]")
    }

    @Test func aFindWaitsForTheWholeAndFindsWhatItFindsThere() throws {
        let gate = DispatchSemaphore(value: 0)
        let source = GatedSource(text: Self.text, gate: gate, failure: nil)
        var (runtime, state) = try startWithRecordsOpen(source)
        // n before any search says so at once.
        _ = runtime.handle(.key(.character("n")), state: &state)
        #expect(state.message == "no search yet: press /" && state.partialLoad?.waiting == nil)
        for event in events("/person 35<Enter>") { _ = runtime.handle(event, state: &state) }
        #expect(state.partialLoad?.waiting == .find(forward: true))
        #expect(statusLine(state).contains("to find the next match"))
        gate.signal()
        waitForLoad(&runtime, &state)
        // The same search on the whole from the same place.
        let found = try JSONPath(parsing: ".records[35].name")
        #expect(try wholeState(after: "jjlj/person 35<Enter>").cursorPath == found && state.cursorPath == found)
        // N waits the same way, backwards (wrapping to the end).
        let open = DispatchSemaphore(value: 0)
        open.signal()  // (a semaphore must not go below its starting value when it is freed)
        var (runtime2, state2) = try startWithRecordsOpen(GatedSource(text: Self.text, gate: open, failure: nil))
        state2.lastSearch = "person 3"
        _ = runtime2.handle(.key(.character("N")), state: &state2)
        #expect(state2.partialLoad?.waiting == .find(forward: false))
        waitForLoad(&runtime2, &state2)
        var whole = try wholeState(after: "jjlj")
        whole.lastSearch = "person 3"
        _ = update(&whole, .key(.character("N")))
        let lastMatch = try JSONPath(parsing: ".records[39].name")
        #expect(whole.cursorPath == lastMatch && state2.cursorPath == lastMatch)
    }

    /// The whole text loaded at once, after keys.
    func wholeState(after script: String) throws -> BrowserState {
        var whole = BrowserState(document: try JSONDocument(Self.text), sourceName: "whole.json", registry: ModelRegistry(), width: 60, height: 12)
        for event in events(script) { _ = update(&whole, event) }
        return whole
    }

    @Test func aPathWithAKeyRepeatedFurtherOnEndsOnTheLastMemberAsOnTheWhole() throws {
        // `.a` is in the start; a second "a" after the records is the one a path names.
        let text = "{\n  \"a\": 1,\n  \"records\": [\n" + (0..<40).map { "    {\"id\": \($0)}" }.joined(separator: ",\n") + "\n  ],\n  \"a\": 2\n}\n"
        let gate = DispatchSemaphore(value: 0)
        let source = GatedSource(text: text, gate: gate, failure: nil)
        var runtime = BrowserRuntime(terminal: HeadlessTerminal(width: 60, height: 12, script: []), source: source, registry: ModelRegistry())
        var state = runtime.startLoading(showing: try #require(source.preview()))
        for event in events(":.a<Enter>") { _ = runtime.handle(event, state: &state) }
        let a = try JSONPath(parsing: ".a")
        #expect(state.cursorPath == a && state.document.value(at: a) == .number(JSONNumber(1)))
        gate.signal()
        waitForLoad(&runtime, &state)
        let whole = try JSONDocument(text)
        #expect(state.cursorPath == a)
        #expect(state.document.rawText(state.rows[state.cursor].node) == "2")
        #expect(whole.node(at: a).map(whole.rawText) == "2")
    }

    @Test func aLoadThatFailsLeavesTheStartReadOnlyWithTheReason() throws {
        let gate = DispatchSemaphore(value: 0)
        gate.signal()  // (a semaphore must not go below its starting value when it is freed)
        let source = GatedSource(text: Self.text, gate: gate, failure: "gated.json:9:4: error: expected ','")
        let terminal = HeadlessTerminal(width: 60, height: 12, script: [])
        var runtime = BrowserRuntime(terminal: terminal, source: source, registry: ModelRegistry())
        var state = runtime.startLoading(showing: try #require(source.preview()))
        waitForLoad(&runtime, &state)
        #expect(state.partialLoad?.failure == "gated.json:9:4: error: expected ','")
        #expect(state.message?.contains("gated.json:9:4") == true)
        _ = runtime.handle(.key(.enter), state: &state)
        #expect(state.message?.hasPrefix("read-only: only the start of the file is shown") == true, "\(state.message ?? "")")
        // The start is all there is: moves go about it at once.
        _ = runtime.handle(.key(.character("G")), state: &state)
        #expect(state.partialLoad?.waiting == nil && state.cursor == state.rows.count - 1)
        for event in events(":.version<Enter>") { _ = runtime.handle(event, state: &state) }
        let version = try JSONPath(parsing: ".version")
        #expect(state.cursorPath == version)
        var grid = Grid(width: 60, height: 12)
        render(state, into: &grid)
        #expect(grid.text.contains("⚠ start only"))
    }

    @Test func whatTheLoadHasIndexedSoFarIsShownAsItGrowsKeepingTheView() throws {
        // Large enough for the parse to publish what it has indexed (every 4 MB).
        let lines = (0..<200_000).map { "    {\"id\": \($0), \"name\": \"person \($0)\", \"tags\": [\"a\", \"b\"]}" }
        let text = "{\n  \"version\": 3,\n  \"records\": [\n" + lines.joined(separator: ",\n") + "\n  ]\n}\n"
        let gate = DispatchSemaphore(value: 0)
        let source = GatedSource(text: text, gate: gate, failure: nil)
        let terminal = HeadlessTerminal(width: 60, height: 12, script: [])
        var runtime = BrowserRuntime(terminal: terminal, source: source, registry: ModelRegistry())
        var state = runtime.startLoading(showing: try #require(source.preview()))
        let records = try JSONPath(parsing: ".records")
        let shownAtFirst = try #require(state.document.node(at: records).map { state.document.childCount($0) })
        for event in events("jjlj") { _ = runtime.handle(event, state: &state) }
        let cursor = state.cursorPath
        // The parse has run (the gate holds the load's end): what it indexed is shown, read-only,
        // as the load's watch posts it (every half second).
        var shown = shownAtFirst
        let deadline = Date().addingTimeInterval(30)
        while shown == shownAtFirst, Date() < deadline {
            _ = runtime.waitForNews(to: &state, milliseconds: 100)
            shown = state.document.node(at: records).map { state.document.childCount($0) } ?? 0
        }
        #expect(shown > shownAtFirst && shown < 200_000, "\(shownAtFirst) → \(shown)")
        #expect(state.partialLoad != nil && !state.isModified && state.cursorPath == cursor)
        _ = runtime.handle(.key(.enter), state: &state)
        #expect(state.message?.contains("waits for the whole file") == true)
        // A path further on than the part shown is gone to once a part has it, before the whole.
        let far = try JSONPath(parsing: ".records[100000].name")
        for event in events(":.records[100000].name<Enter>") { _ = runtime.handle(event, state: &state) }
        while state.partialLoad?.waiting != nil, Date() < deadline {
            _ = runtime.waitForNews(to: &state, milliseconds: 100)
        }
        #expect(state.partialLoad != nil && state.partialLoad?.waiting == nil && state.cursorPath == far)
        gate.signal()
        waitForLoad(&runtime, &state)
        #expect(state.partialLoad == nil && state.cursorPath == far)
        #expect(state.document.node(at: records).map { state.document.childCount($0) } == 200_000)
    }
}
