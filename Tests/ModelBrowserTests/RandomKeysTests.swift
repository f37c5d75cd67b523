import DictionaryStorage
import Foundation
import LosslessJSON
@testable import ModelBrowser
import Testing

struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

@Suite("Random keys")
struct RandomKeysTests {
    @Test("100,000 random keys over the samples: no crash, every save parses and changes only edited bytes",
          arguments: ["people.json", "usages.json", "post.json", "screen.json", "students.json"])
    func randomKeys(sample name: String) throws {
        var state = try browser(name)
        try Self.run(&state, steps: 100_000 / 5, seed: 20261122, name: name)
    }

    @Test("random keys over a 5,000-element array (its closed elements are runs): rows and expansion records fit the document after every edit")
    func randomKeysOverALargeArray() throws {
        let elements = (0..<5000).map { #"{"id": \#($0), "name": "n\#($0)", "tags": ["a", {"b": [1, 2]}]}"# }
        let document = try JSONDocument("[\n  " + elements.joined(separator: ",\n  ") + "\n]")
        var state = BrowserState(document: document, sourceName: "large.json", canSaveInPlace: true, registry: ModelRegistry())
        try Self.run(&state, steps: 3_000, seed: 7, name: "large.json", farJumps: true)
    }

    /// The rows are those the expansions give, and each expansion record names the node's real
    /// parent and position in the current document.
    static func expectConsistent(_ state: BrowserState, _ context: String) throws {
        var rebuilt = state
        rebuilt.rebuildRows()
        #expect(Array(rebuilt.rows) == Array(state.rows), "\(context): the rows are not those of the expansions")
        let document = state.document
        // Each parent's children are walked once (not once per expanded child): a 3,000-element
        // array with many open elements would otherwise cost a walk per element in a debug build.
        var positions: [JSONDocument.Node: [JSONDocument.Node: Int]] = [:]
        func position(of node: JSONDocument.Node, in parent: JSONDocument.Node) -> Int? {
            guard parent.id < document.nodeCount, document.kind(parent).isContainer else { return nil }
            if positions[parent] == nil {
                var table: [JSONDocument.Node: Int] = [:]
                for (i, child) in document.children(parent).enumerated() { table[child] = i }
                positions[parent] = table
            }
            return positions[parent]?[node]
        }
        for (node, info) in state.expanded where node != document.root {
            guard node.id < document.nodeCount, document.kind(node).isContainer, let parent = info.parent,
                position(of: node, in: parent) == info.index
            else {
                Issue.record("\(context): expansion record of node \(node.id) (\(info)) is not its parent and position")
                return
            }
        }
    }

    /// The keys random runs press: moves, folds, searches, edits, undo, saves, prompts.
    static func alphabet(farJumps: Bool = false) -> [Key] {
        var alphabet: [Key] = keys("jjjkkhlJKgG ee/n<Enter><Enter><Enter>a1<Enter>dyrxv<Esc>uu<C-r>D?q:w<C-s>xtt[]|$^") + [
            .character("\""), .character("{"), .character("}"), .character("0"), .character("é"), .character("山"),
            .pageDown, .pageUp, .control("d"), .control("u"), .backspace, .delete, .left, .right, .home, .end,
        ]
        if farJumps { alphabet += Array(repeating: Key.pageDown, count: 6) + [.character("G"), .character("l"), .character("l")] }
        return alphabet
    }

    /// Sends random keys; checks every save (it parses, undoing gives the saved bytes) and, after
    /// every edit, undo and redo, that the rows and expansion records fit the new document.
    static func run(_ state: inout BrowserState, steps: Int, seed: UInt64, name: String, farJumps: Bool = false) throws {
        var rng = SplitMix(state: seed)
        let alphabet = Self.alphabet(farJumps: farJumps)
        var savedBytes = state.document.text.array
        for step in 0..<steps {
            if step % 997 == 0 {
                _ = update(&state, .resize(width: Int.random(in: 20...120, using: &rng), height: Int.random(in: 5...50, using: &rng)))
            }
            let key = alphabet.randomElement(using: &rng)!
            let before = state
            let effects = update(&state, .key(key))
            if state.history.undoStack.count != before.history.undoStack.count || state.history.redoStack.count != before.history.redoStack.count {
                try Self.expectConsistent(state, "step \(step), after \(key)")
            }
            for effect in effects {
                switch effect {
                case .save:
                    let bytes = state.document.text.array
                    #expect((try? JSONDocument(bytes: bytes)) != nil, "step \(step): saved bytes do not parse")
                    // Undoing every change since the last save gives the last saved bytes exactly.
                    var check = state.document
                    let savedDepth = state.history.savedDepth ?? -1
                    if savedDepth >= 0, savedDepth <= state.history.undoStack.count {
                        for change in state.history.undoStack[savedDepth...].reversed() {
                            for splice in change.splices.reversed() { try check.apply(splice.inverse) }
                        }
                        #expect(check.text.array == savedBytes, "step \(step): bytes outside the edits changed")
                    }
                    _ = update(&state, .saved(path: name))
                    savedBytes = bytes
                case .quit:
                    state.mode = .normal
                default:
                    break
                }
            }
            var grid = Grid(width: state.width, height: state.height)
            render(state, into: &grid)
        }
        #expect(state.cursor >= 0 && state.cursor < state.rowCount)
    }
}
