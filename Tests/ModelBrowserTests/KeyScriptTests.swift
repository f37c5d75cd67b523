import DictionaryStorage
import Foundation
import LosslessJSON
@testable import ModelBrowser
import Testing

@Suite("Key scripts")
struct KeyScriptTests {
    @Test func bindsTheBestMatchingModelAndNavigates() throws {
        var state = try browser("people.json")
        #expect(state.model?.name == "Person")
        #expect(state.cursorPath == .root)
        press(&state, "jj")
        #expect(state.cursorPath == [0, "name"])
        press(&state, "J")
        #expect(state.cursorPath == [0, "age"])
        press(&state, "hh")
        #expect(state.cursorPath == [0])
        #expect(!state.isExpanded(state.cursor))
        press(&state, "J")
        #expect(state.cursorPath == [1])
        press(&state, "l")
        #expect(state.isExpanded(state.cursor))
        press(&state, "l")
        #expect(state.cursorPath == [1, "name"])
        press(&state, "G")
        #expect(state.cursor == state.rowCount - 1)
        press(&state, "g")
        #expect(state.cursor == 0)
        press(&state, "E")
        #expect(state.rowCount == 4)  // the root stays open: it and its three elements
        press(&state, "e")
        #expect(state.rowCount > 20)
    }

    @Test func editingAKnownFieldGoesThroughTheSetterAndChangesOnlyItsBytes() throws {
        var state = try browser("people.json")
        let before = state.document.text.string
        press(&state, "jj<Enter><C-u>Grace<Enter>")
        #expect(state.document.value(at: [0, "name"]) == "Grace")
        #expect(state.document.text.string == before.replacingOccurrences(of: "\"John Doe\"", with: "\"Grace\""))
        #expect(state.isModified)
        press(&state, "u")
        #expect(state.document.text.string == before)
        #expect(!state.isModified)
        press(&state, "<C-r>")
        #expect(state.document.value(at: [0, "name"]) == "Grace")
    }

    @Test func numberEditorRefusesInvalidInput() throws {
        var state = try browser("people.json")
        let before = state.document.text.string
        press(&state, "jjj<Enter><C-u>thirty<Enter>")
        #expect(state.message?.contains("not a number") == true)
        #expect(state.document.text.string == before)
        press(&state, "<Enter><C-u>1.5<Enter>")
        #expect(state.message?.hasPrefix("refused") == true)
        #expect(state.document.text.string == before)
        press(&state, "<Enter><C-u>32<Enter>")
        #expect(state.document.value(at: [0, "age"]) == 32)
    }

    @Test func enumMenuAndOtherValue() throws {
        var state = try browser("people.json")
        press(&state, "jjjj")
        #expect(state.cursorPath == [0, "gender"])
        press(&state, "<Enter>j<Enter>")
        #expect(state.document.value(at: [0, "gender"]) == "female")
        press(&state, "<Enter>jjj<Enter>fluid<Enter>")
        #expect(state.document.value(at: [0, "gender"]) == "fluid")
    }

    @Test func addDeleteRenameAndClear() throws {
        var state = try browser("people.json")
        // Rename the unknown field "nickname" (a kept member), then delete it.
        press(&state, "/nickname<Enter>")
        #expect(state.cursorPath == [0, "nickname"])
        press(&state, "r<C-u>alias<Enter>")
        #expect(state.document.value(at: [0, "alias"]) == "JD")
        press(&state, "dy")
        #expect(state.document.value(at: [0, "alias"]) == nil)
        // Clear an optional field.
        press(&state, "/person_email<Enter>x")
        #expect(state.document.value(at: [0, "person_email"]) == nil)
        // A known field's key cannot be renamed.
        press(&state, "g/score<Enter>r")
        #expect(state.message?.contains("known field") == true)
        // Add a missing model field from the menu.
        press(&state, "<Esc>gja")
        guard case .menu(let menu) = state.mode else {
            Issue.record("no menu: \(state.mode)")
            return
        }
        #expect(menu.options.map(\.label).contains("email"))
        let index = try #require(menu.options.firstIndex { $0.choice == .field("email") })
        press(&state, String(repeating: "j", count: index) + "<Enter>")
        #expect(state.document.value(at: [0, "person_email"]) == "")
        // Add an element to the root array.
        press(&state, "ga{\"name\": \"New\"}<Enter>")
        #expect(state.document.value(at: [3, "name"]) == "New")
    }

    @Test func variantsAreShownAndSwitched() throws {
        var state = try browser("usages.json")
        #expect(state.model?.name == "UsageList")
        press(&state, "jll")
        #expect(state.cursorPath == ["usages", 0])
        let text = screen(state)
        #expect(text.contains("Usage.web"))
        press(&state, "v")
        guard case .menu(let menu) = state.mode else {
            Issue.record("no variant menu")
            return
        }
        #expect(menu.options.map(\.label) == ["web", "app"])
        #expect(menu.options.map(\.choice) == [.variant("web"), .variant("app")])
        press(&state, "j<Enter>")
        let switched = try #require(state.document.value(at: ["usages", 0])?.objectValue)
        #expect(switched["type"] == "app")
        #expect(switched["name"] == "Example.com")
        #expect(switched["url"] == "https://www.example.com")  // kept: the app variant does not know it
        #expect(screen(state).contains("Usage.app"))
    }

    @Test func unknownVariantAndWarningsAreShown() throws {
        var state = try browser("usages.json")
        press(&state, "e")
        let text = screen(state)
        #expect(text.contains("Usage.unknown(\"kiosk\")"))
        var people = try browser("people.json")
        press(&people, "e/high<Enter>")
        #expect(screen(people).contains("⚠ file has \"high\": not Int, reads as 0"))
    }

    @Test func findWrapsAndReportsNoMatch() throws {
        var state = try browser("people.json")
        press(&state, "/zoë<Enter>")
        #expect(state.cursorPath == [2, "name"])
        press(&state, "n")
        #expect(state.cursorPath == [2, "name"])
        press(&state, "/re:^[0-9]{20}$<Enter>")
        #expect(state.cursorPath == [1, "id"])
        press(&state, "/no such thing<Enter>")
        #expect(state.messageIsError)
        press(&state, "/re:[<Enter>")
        #expect(state.messageIsError)
    }

    @Test func findSaysWhereAMatchStandsAmongAllOfThem() throws {
        var state = try browser("people.json")
        press(&state, "/gender<Enter>")
        #expect(state.foundMatchText == "match 1 of 3")
        #expect(screen(state).contains("match 1 of 3\n"), "\(screen(state))")
        press(&state, "n")
        #expect(state.cursorPath == [1, "gender"] && state.foundMatchText == "match 2 of 3")
        press(&state, "N")
        #expect(state.foundMatchText == "match 1 of 3")
        // Moving away shows the row count again; an edit makes the count stale, so it goes.
        press(&state, "j")
        #expect(state.foundMatchText == nil && screen(state).contains("row "))
        press(&state, "k")
        #expect(state.foundMatchText == "match 1 of 3")
        press(&state, "jx")  // clears the optional e-mail below it
        press(&state, "k")
        #expect(state.foundMatchText == nil)
    }

    @Test func findIsCaseSensitiveOnlyWithACapital() throws {
        var state = try browser("people.json")
        press(&state, "/john doe<Enter>")
        #expect(state.cursorPath == [0, "name"])
        press(&state, "gg/JOHN<Enter>")
        #expect(state.messageIsError)
        #expect(state.cursorPath == [])
        press(&state, "/John<Enter>")
        #expect(state.cursorPath == [0, "name"])
    }

    @Test func savingAndQuitting() throws {
        var state = try browser("people.json")
        #expect(press(&state, "q") == [.quit])
        press(&state, "jj<Enter>X<Enter>")
        #expect(press(&state, "q").isEmpty)
        guard case .confirm = state.mode else {
            Issue.record("no confirmation")
            return
        }
        #expect(press(&state, "c").isEmpty)
        #expect(press(&state, "<C-s>") == [.save(path: nil, overrides: [])])
        #expect(update(&state, .saved(path: "x.json")).isEmpty)
        #expect(!state.isModified)
        press(&state, "<Enter>Y<Enter>")
        #expect(press(&state, ":wq<Enter>") == [.save(path: nil, overrides: [])])
        #expect(update(&state, .saved(path: "x.json")) == [.quit])
        #expect(press(&state, ":w /tmp/other.json<Enter>") == [.save(path: "/tmp/other.json", overrides: [])])
        // A file changed on disk asks before overwriting.
        _ = update(&state, .saveFailed(message: "changed", kind: .changedOnDisk))
        #expect(press(&state, "o") == [.save(path: nil, overrides: .overwriteChanges)])
    }

    @Test func standardInputNeedsSaveAs() throws {
        var state = BrowserState(document: try JSONDocument("[1]"), sourceName: "(standard input)", canSaveInPlace: false, registry: ModelRegistry())
        #expect(press(&state, "<C-s>").isEmpty)
        #expect(state.message?.contains(":w PATH") == true)
        #expect(press(&state, ":w /tmp/x.json<Enter>") == [.save(path: "/tmp/x.json", overrides: [])])
    }

    @Test func diffViewShowsOnlyTheEdit() throws {
        var state = try browser("people.json")
        press(&state, "jj<Enter><C-u>Grace<Enter>D")
        guard case .diff(let lines, _) = state.mode else {
            Issue.record("no diff")
            return
        }
        #expect(lines.contains("-    \"name\": \"John Doe\","))
        #expect(lines.contains("+    \"name\": \"Grace\","))
        #expect(lines.filter { $0.hasPrefix("+") || $0.hasPrefix("-") }.count == 4)  // two headers, one line each way
    }

    /// A source that saves a text of its own (YAML) is asked for the diff: `D` is an effect, and
    /// its answer is the view.
    @Test func diffViewOfASourceWithItsOwnTextIsTheSources() throws {
        var state = try browser("people.json")
        state.diffBySource = true
        press(&state, "jj<Enter><C-u>Grace<Enter>")
        #expect(press(&state, "D") == [.showPendingDiff])
        #expect(state.mode == .normal)
        _ = update(&state, .pendingDiff(["--- people.yaml", "+++ people.yaml (edited)", "@@ -2,1 +2,1 @@", "-  name: John Doe", "+  name: Grace"]))
        guard case .diff(let lines, _) = state.mode else {
            Issue.record("no diff")
            return
        }
        #expect(lines.last == "+  name: Grace")
    }

    @Test func diffViewShowsOneHunkPerChangedPlaceWithItsLineNumbers() throws {
        let records = (0..<2000).map { "  {\n    \"id\": \($0),\n    \"name\": \"n\($0)\"\n  }" }
        let text = "[\n" + records.joined(separator: ",\n") + "\n]\n"
        var state = BrowserState(document: try JSONDocument(text), sourceName: "big.json", canSaveInPlace: true, registry: ModelRegistry())
        state.colors = false
        _ = update(&state, .key(.escape))
        var document = state.document
        try document.apply(.replace(at: [5, "name"], with: .string("five")))
        try document.apply(.replace(at: [1900, "id"], with: .number(JSONNumber(-1))))
        try document.apply(.insertMember(in: [1900], key: "extra", value: .bool(true)))
        state.replaceDocument(document)
        press(&state, "D")
        guard case .diff(let lines, _) = state.mode else {
            Issue.record("no diff")
            return
        }
        let lineOf = { (needle: String) in text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0 == needle }! + 1 }
        let headers = lines.filter { $0.hasPrefix("@@") }
        #expect(headers.count == 2)
        // Three lines of context before each change; the second hunk's new side has one more line before it.
        #expect(headers.first == "@@ -\(lineOf("    \"name\": \"n5\"") - 3),7 +\(lineOf("    \"name\": \"n5\"") - 3),7 @@")
        #expect(headers.last == "@@ -\(lineOf("    \"id\": 1900,") - 3),8 +\(lineOf("    \"id\": 1900,") - 3),9 @@")
        #expect(lines.contains("-    \"name\": \"n5\""))
        #expect(lines.contains("+    \"name\": \"five\""))
        #expect(lines.contains("-    \"id\": 1900,"))
        #expect(lines.contains("+    \"id\": -1,"))
        // Two file headers; each hunk: its header, three lines of context on each side, the changed lines.
        #expect(lines.count == 2 + (1 + 6 + 2) + (1 + 6 + 5))
        // Removed lines come before added ones, as diff(1) prints them.
        #expect(lines.firstIndex(of: "-    \"name\": \"n5\"")! < lines.firstIndex(of: "+    \"name\": \"five\"")!)
    }

    @Test func copyPathAndHelp() throws {
        var state = try browser("people.json")
        #expect(press(&state, "jjy") == [.copy(".[0].name")])
        press(&state, "?")
        #expect(screen(state).contains("find in keys and values"))
        press(&state, "<Esc>")
        #expect(state.mode == .normal)
    }
}
