import DictionaryStorage
import LosslessJSON
@testable import ModelBrowser
import SampleModels
import Testing

/// A large file is browsed folded (`JSONFolding`): containers are indexed when opened, searched
/// into or edited. The same keys on the same text, folded and whole, must show the same screens
/// and make the same bytes.
@Suite("Browsing a folded document")
struct FoldedBrowsingTests {
    /// Two browsers on one text, one folded: every key goes to both, every screen and text must match.
    static func lockstep(
        _ text: [UInt8], name: String, maxBytes: Int, steps: Int, seed: UInt64, farJumps: Bool = false, options: JSONParseOptions = .default
    ) throws {
        let whole = try JSONDocument(bytes: text, options: options)
        let folded = try JSONDocument(storage: JSONBytes(text), options: options, folding: JSONFolding(maxBytes: maxBytes))
        #expect(folded.nodeCount < whole.nodeCount, "nothing was folded")
        func open(_ document: JSONDocument) -> BrowserState {
            var state = BrowserState(
                document: document, sourceName: name, canSaveInPlace: true, registry: SampleModels.registry, width: 100, height: 30)
            state.colors = false
            return state
        }
        var (a, b) = (open(whole), open(folded))
        #expect(screen(a) == screen(b))
        var rng = SplitMix(state: seed)
        let alphabet = RandomKeysTests.alphabet(farJumps: farJumps)
        var unfolds = 0
        // The keys so far, for a failure's message (a run is replayed from its seed).
        var pressed: [Key] = []
        for step in 0..<steps {
            let key = alphabet.randomElement(using: &rng)!
            pressed.append(key)
            let (nodesBefore, undoBefore, redoBefore) = (b.document.nodeCount, a.history.undoStack.count, a.history.redoStack.count)
            let effectsA = update(&a, .key(key))
            let effectsB = update(&b, .key(key))
            if b.document.nodeCount > nodesBefore, a.history.undoStack.count == undoBefore { unfolds += 1 }
            guard screen(a) == screen(b), a.document.text.array == b.document.text.array, effectsA == effectsB else {
                Issue.record("\(name) step \(step), after \(pressed.suffix(20)): the folded browser differs\n\(screen(a))\n---\n\(screen(b))")
                return
            }
            if b.history.undoStack.count != a.history.undoStack.count || b.isModified != a.isModified {
                Issue.record("\(name) step \(step): undo depth or modified marker differs")
                return
            }
            // Rows and expansion records fit the document after edits, and after some of the
            // unfolds (every one costs a walk of every expansion: too slow for thousands of steps).
            let unfolded = b.document.nodeCount != nodesBefore
            if b.history.undoStack.count != undoBefore || b.history.redoStack.count != redoBefore || (unfolded && unfolds % 8 == 0) {
                try RandomKeysTests.expectConsistent(b, "\(name) step \(step)")
            }
            for effect in effectsA where effect == .quit {
                a.mode = .normal
                b.mode = .normal
            }
            if effectsA.contains(where: { if case .save = $0 { true } else { false } }) {
                _ = update(&a, .saved(path: name))
                _ = update(&b, .saved(path: name))
            }
        }
        #expect(unfolds > 0, "\(name): no key unfolded anything")
    }

    @Test("random keys over the samples, folded and whole, in lockstep", arguments: ["people.json", "usages.json", "post.json", "students.json"])
    func samples(name: String) throws {
        let text = try sample(name).text.array
        try Self.lockstep(text, name: name, maxBytes: 200, steps: 3_000, seed: 20261124)
    }

    @Test("random keys over a 3,000-element array of records folded whole, with far jumps")
    func largeArray() throws {
        let elements = (0..<3000).map { #"{"id": \#($0), "name": "n\#($0)", "tags": ["a", {"b": [1, 2]}]}"# }
        let text = Array(("[\n  " + elements.joined(separator: ",\n  ") + "\n]\n").utf8)
        try Self.lockstep(text, name: "large.json", maxBytes: 1 << 16, steps: 3_000, seed: 11, farJumps: true)
    }

    @Test("random keys over a JSON Lines file (lines added, removed and edited), folded and whole, in lockstep")
    func jsonLines() throws {
        let lines = (0..<400).map { #"{"id": \#($0), "name": "n\#($0)", "tags": ["a", {"b": [1, 2]}]}"# }
        let text = Array((lines.joined(separator: "\n") + "\n\n" + "[1, 2]\r\n").utf8)
        try Self.lockstep(text, name: "rows.jsonl", maxBytes: 1 << 16, steps: 3_000, seed: 5, farJumps: true, options: JSONParseOptions(jsonLines: true))
    }

    @Test("a folded record opens with its members; `:` reaches inside folded records; find goes into them")
    func openGoToFind() throws {
        let text = Array(#"[{"id": 1, "name": "a", "tags": ["x"]}, {"id": 2, "name": "b", "tags": ["y", "needle"]}]"#.utf8)
        func open() throws -> BrowserState {
            var state = BrowserState(
                document: try JSONDocument(storage: JSONBytes(text), folding: .default), sourceName: "f.json", canSaveInPlace: true,
                registry: ModelRegistry(), width: 60, height: 20)
            state.colors = false
            return state
        }
        var state = try open()
        // The first record is open at the start (a root array of records opens its first element), the second folded.
        #expect(!state.document.isFolded(JSONDocument.Node(id: 1)))
        #expect(state.document.isFolded(try #require(state.document.node(at: try JSONPath(parsing: ".[1]")))))
        press(&state, "/needle<Enter>")
        #expect(state.cursorPath == (try JSONPath(parsing: ".[1].tags[1]")))
        state = try open()
        press(&state, ":.[1].tags[0]<Enter>")
        #expect(state.cursorPath == (try JSONPath(parsing: ".[1].tags[0]")))
        // The record and its tags opened on the way, and their members are listed.
        #expect(screen(state).contains("needle"))
        #expect(!state.isModified)
    }
}
