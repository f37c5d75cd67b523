import DictionaryStorage
import LosslessJSON
@testable import ModelBrowser
import Testing

/// A document replaced whole (a reload, `:e`) keeps what was expanded: found again by key or
/// position from the parent, or by path under a closed parent.
@Suite("Whole replacement")
struct WholeReplacementTests {
    /// The paths of the expanded containers other than the root, in the state's document.
    static func expandedPaths(_ state: BrowserState) -> Set<String> {
        Set(state.expanded.keys.filter { $0 != state.document.root }.map { state.document.path(of: $0).description })
    }

    @Test func aReloadKeepsEveryExpansionThatStillLeadsToAContainer() throws {
        let text = #"{"a": {"b": [1, {"c": {"d": 2}}, [3]], "e": {"f": {}}}, "g": [{"h": 1}, {"i": [2]}]}"#
        var state = BrowserState(document: try JSONDocument(text), sourceName: "t.json", canSaveInPlace: true, registry: ModelRegistry())
        _ = update(&state, .key(.character("e")))
        // Close `.a`: its open descendants keep their expansion (under a closed parent).
        state.moveCursor(to: try #require(state.row(for: JSONPath(parsing: ".a"))))
        _ = update(&state, .key(.character("h")))
        #expect(state.expanded[try #require(state.document.node(at: JSONPath(parsing: ".a")))] == nil)
        let before = Self.expandedPaths(state)
        #expect(before.contains(".a.b[1].c"))

        // Another writer: `.a.b[1]` is now a number, `.g` has an element in front, `.x` is new.
        let changed = #"{"x": {"y": 1}, "a": {"b": [1, 5, [3]], "e": {"f": {}}}, "g": [0, {"h": 1}, {"i": [2]}]}"#
        state.replaceDocument(try JSONDocument(changed))
        let after = Self.expandedPaths(state)
        // What still leads to a container stays expanded; what does not is dropped.
        let expected = before.filter { path in
            (try? JSONPath(parsing: path)).flatMap { state.document.node(at: $0) }.map { state.document.kind($0).isContainer } ?? false
        }
        #expect(after == expected)
        #expect(after.contains(".a.b[2]") && after.contains(".a.e.f") && !after.contains(".a.b[1].c"))
        // An element's expansion follows its position, not its contents.
        #expect(after.contains(".g[1]") && !after.contains(".g[2]") && !after.contains(".g[1].i"))
        try RandomKeysTests.expectConsistent(state, "after the reload")
    }

    @Test func aReloadOfAHundredThousandExpandedLevelsTakesAStepEach() throws {
        let depth = 100_000
        let text = String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth)
        let document = try JSONDocument(text, options: JSONParseOptions(maxDepth: depth + 1))
        var state = BrowserState(document: document, sourceName: "deep.json", canSaveInPlace: true, registry: ModelRegistry())
        _ = update(&state, .key(.character("e")))
        let expandedBefore = state.expanded.count
        let rowsBefore = state.rowCount
        #expect(expandedBefore >= depth / 2)
        // A path looked up for each level was quadratic: this did not end within minutes.
        state.replaceDocument(try JSONDocument(text.replacingOccurrences(of: "1}", with: "2}"), options: JSONParseOptions(maxDepth: depth + 1)))
        #expect(state.expanded.count == expandedBefore)
        #expect(state.rowCount == rowsBefore)
    }
}
