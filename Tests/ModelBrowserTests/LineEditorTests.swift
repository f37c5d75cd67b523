@testable import ModelBrowser
import Testing

/// The line editor takes its keys from the key table: rebinding an editing action moves it, and
/// the hint of the `:` prompt names the completion key the table gives.
@Suite("Line editor keys")
struct LineEditorTests {
    @Test func editingKeysComeFromTheTable() {
        var editor = LineEditor("hello world")
        #expect(editor.handle(.control("w")) && editor.text == "hello ")
        #expect(editor.handle(.control("a")) && editor.cursor == 0)
        #expect(editor.handle(.character("¡")) && editor.text == "¡hello ")
        var keys = KeyTable.standard
        for index in keys.bindings.indices where keys.bindings[index].action == .cursorToStart {
            keys.bindings[index].keys = [.control("b")]
        }
        var rebound = LineEditor("abc")
        #expect(rebound.handle(.control("b"), keys: keys) && rebound.cursor == 0)
        #expect(!rebound.handle(.control("a"), keys: keys) && rebound.cursor == 0)
    }

    @Test func theCompletionHintNamesTheTablesKey() throws {
        var state = BrowserState(document: try .init("{\"a\": 1}"), sourceName: "f.json", registry: .init())
        state.colors = false
        for index in state.keys.bindings.indices where state.keys.bindings[index].action == .complete {
            state.keys.bindings[index].keys = [.control("t")]
        }
        _ = update(&state, .key(.character(":")))
        #expect(screen(state).contains("^T complete"))
        #expect(!screen(state).contains("Tab complete"))
    }
}
