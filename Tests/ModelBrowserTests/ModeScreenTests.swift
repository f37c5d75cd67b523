import DictionaryStorage
import Foundation
import LosslessJSON
@testable import ModelBrowser
import Testing

/// Every mode drawn at 80×24 with colours, text and styles pinned (`styledScreen`).
@Suite("Screens of every mode")
struct ModeScreenTests {
    func coloured(_ name: String) throws -> BrowserState {
        var state = try browser(name)
        state.colors = true
        return state
    }

    @Test func normalWithKnownKeptAndWarnings() throws {
        var state = try coloured("people.json")
        press(&state, "e/high<Enter>")
        try assertSnapshot(styledScreen(state), named: "mode-normal-80x24")
    }

    @Test func enumMenu() throws {
        var state = try coloured("people.json")
        press(&state, "/gender<Enter><Enter>")
        guard case .menu = state.mode else { Issue.record("no menu: \(state.mode)"); return }
        try assertSnapshot(styledScreen(state), named: "mode-menu-80x24")
    }

    @Test func editPrompt() throws {
        var state = try coloured("people.json")
        press(&state, "jj<Enter><End> Jr.")
        guard case .editing = state.mode else { Issue.record("no editor: \(state.mode)"); return }
        try assertSnapshot(styledScreen(state), named: "mode-edit-80x24")
    }

    @Test func deleteConfirmation() throws {
        var state = try coloured("people.json")
        press(&state, "jjjd")
        guard case .confirm(let confirmation) = state.mode else { Issue.record("no question: \(state.mode)"); return }
        #expect(confirmation.choices.map(\.answer) == [.delete, .keep])
        try assertSnapshot(styledScreen(state), named: "mode-confirm-80x24")
    }

    @Test func help() throws {
        var state = try coloured("people.json")
        press(&state, "?")
        try assertSnapshot(styledScreen(state), named: "mode-help-80x24")
    }

    @Test func diff() throws {
        var state = try coloured("people.json")
        press(&state, "jj<Enter><C-u>Grace<Enter>D")
        try assertSnapshot(styledScreen(state), named: "mode-diff-80x24")
    }

    @Test func loadingScreen() throws {
        let progress = LoadingProgress(sourceName: "/data/huge.json", phase: .indexing, done: 300_000_000, total: 1_000_000_000)
        var grid = renderLoading(progress, width: 80, height: 24, colors: true)
        #expect(grid.text.contains("indexing"))
        #expect(grid.text.contains("q or ^C cancels"))
        grid = renderLoading(progress, width: 80, height: 24, colors: false)
        #expect((0..<80).allSatisfy { grid[$0, 11].style.role == .normal })
    }
}
