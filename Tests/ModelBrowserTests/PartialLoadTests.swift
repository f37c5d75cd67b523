import Dispatch
import DictionaryStorage
import Foundation
import LosslessJSON
@testable import ModelBrowser
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
            _ = runtime.deliverLoad(to: &state)
            Thread.sleep(forTimeInterval: 0.005)
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
        // Editing, finding, the end and saving wait for the whole.
        for (key, refusal) in [("<Enter>", "waits for the whole file"), ("/", "waits for the whole file"), ("G", "the end waits"), ("<C-s>", "saving waits")] {
            for event in events(key) { _ = runtime.handle(event, state: &state) }
            #expect(state.message?.contains(refusal) == true, "\(key): \(state.message ?? "no message")")
            #expect(state.mode == .normal)
        }
        #expect(!state.isModified)
        var grid = Grid(width: 60, height: 12)
        render(state, into: &grid)
        #expect(grid.text.contains("0%…"), "\(grid.text)")

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
        // The parse has run (the gate holds the load's end): what it indexed is shown, read-only.
        var clock = ContinuousClock.now
        var shown = shownAtFirst
        let deadline = Date().addingTimeInterval(30)
        while shown == shownAtFirst, Date() < deadline {
            clock += .seconds(1)
            _ = runtime.deliverLoad(to: &state, now: clock)
            shown = state.document.node(at: records).map { state.document.childCount($0) } ?? 0
            Thread.sleep(forTimeInterval: 0.005)
        }
        #expect(shown > shownAtFirst && shown < 200_000, "\(shownAtFirst) → \(shown)")
        #expect(state.partialLoad != nil && !state.isModified && state.cursorPath == cursor)
        _ = runtime.handle(.key(.enter), state: &state)
        #expect(state.message?.contains("waits for the whole file") == true)
        gate.signal()
        waitForLoad(&runtime, &state)
        #expect(state.partialLoad == nil && state.cursorPath == cursor)
        #expect(state.document.node(at: records).map { state.document.childCount($0) } == 200_000)
    }
}
