import DictionaryStorage
import Foundation
import LosslessJSON
@testable import ModelBrowser
import SampleModels
import Testing

/// The table view (`t`): an array of records as rows and columns, typed by the model, sorted and
/// filtered without touching the file, each cell edited as the tree edits the value.
@Suite("Table view, headless")
struct TableViewTests {
    /// The lines of the screen between the title and the status line.
    func body(_ state: BrowserState) -> [String] {
        Array(screen(state).split(separator: "\n", omittingEmptySubsequences: false).dropFirst().prefix(state.height - 3)).map(String.init)
    }

    /// The bytes of the text that differ from the saved text: one range (start, old length, new text).
    func changedBytes(_ state: BrowserState) -> (offset: Int, old: String, new: String) {
        let old = state.saved.text.array
        let new = state.document.text.array
        var start = 0
        while start < min(old.count, new.count), old[start] == new[start] { start += 1 }
        var (a, b) = (old.count, new.count)
        while a > start, b > start, old[a - 1] == new[b - 1] {
            a -= 1
            b -= 1
        }
        return (start, String(decoding: old[start..<a], as: UTF8.self), String(decoding: new[start..<b], as: UTF8.self))
    }

    @Test func columnsAreTheModelsFieldsInOrderThenTheKeptMembersTypedAndMarked() throws {
        var state = try browser("people.json", model: "Person", width: 200, height: 12)
        state.colors = true
        press(&state, "t")
        #expect(state.isShowingTable)
        let lines = body(state)
        // Known fields in the model's order, then the members no field claims, marked kept.
        let titles = lines[0].split(separator: " ").map(String.init)
        #expect(titles == ["#", "name", "age", "gender", "person_email", "createdAt", "score", "+", "nickname", "+", "id", "+", "note"])
        #expect(lines[1].contains("String") && lines[1].contains("Int?") && lines[1].contains("Gender") && lines[1].contains("kept"))
        #expect(lines[2].hasPrefix("[0] John Doe"))
        // The score the accessor cannot read as an Int is marked where it stands.
        #expect(lines[3].contains("⚠ high"))
        try assertSnapshot(styledScreen(state), named: "table-people-200")
    }

    @Test func screensAt40And80ColumnsScrollToTheCursorsColumn() throws {
        for width in [40, 80] {
            var state = try browser("people.json", model: "Person", width: width, height: 10)
            state.colors = true
            press(&state, "tjl")
            try assertSnapshot(styledScreen(state), named: "table-people-\(width)")
            // The last column comes on screen when the cursor goes to it; the labels stay.
            press(&state, "$")
            let lines = body(state)
            #expect(lines[0].hasPrefix("#"))
            #expect(lines[0].contains("note"), "\(screen(state))")
            #expect(state.cursorPathInTable == ".[1].note")
        }
        // 20×5: one header line, one row; sorting and a filter that leaves no row fit it too.
        var tiny = try browser("people.json", model: "Person", width: 20, height: 5)
        press(&tiny, "t$jjG")
        #expect(tiny.cursorPathInTable == ".[2].note")
        #expect(body(tiny).count == 2 && body(tiny)[0].hasPrefix("#") && body(tiny)[1].hasPrefix("[2]"), "\(screen(tiny))")
        press(&tiny, "[|nobody<Enter>")
        #expect(tiny.tableRowCountShown == 0)
        let lines = screen(tiny).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 5 && lines.allSatisfy { displayWidth(String($0)) <= 20 }, "\(screen(tiny))")
    }

    @Test func enterEditsACellThroughTheFieldsEditorAndChangesOnlyItsBytes() throws {
        var state = try browser("people.json", model: "Person", width: 100, height: 12)
        press(&state, "tj")
        #expect(state.cursorPathInTable == ".[1].name")
        press(&state, "<Enter><C-u>Hanako<Enter>")
        #expect(state.isShowingTable, "the edit keeps the table")
        #expect(state.cursorPathInTable == ".[1].name")
        let change = changedBytes(state)
        #expect(change.old == "山田 花子" && change.new == "Hanako")
        #expect(body(state)[3].hasPrefix("[1] Hanako"))
        // An enum field's cell opens the enum's menu; choosing sets it through the setter.
        press(&state, "ll<Enter>")
        guard case .menu(let menu) = state.mode else {
            Issue.record("gender did not open a menu: \(state.mode)")
            return
        }
        #expect(menu.options.map(\.label).contains("female"))
        press(&state, "/fem<Enter>")
        #expect(state.document.value(at: try JSONPath(parsing: ".[1].gender")) == .string("female"))
        #expect(state.cursorPathInTable == ".[1].gender")
        // Undo in the table undoes in the document, and the table stays on the cell.
        press(&state, "uu")
        #expect(state.document.text.array == state.saved.text.array)
        #expect(state.isShowingTable)
    }

    @Test func aMemberTheRowLacksIsAddedWithItsValueAndGetsAColumnWhenNew() throws {
        var state = try browser("people.json", model: "Person", width: 100, height: 12)
        press(&state, "tjjlll")
        #expect(state.cursorPathInTable == ".[2].person_email")
        // A field the model knows: added, then its own editor (a string's text), one undo each.
        press(&state, "<Enter>")
        guard case .editing(_, .field(_, .string)) = state.mode else {
            Issue.record("no string editor for the missing field: \(state.mode)")
            return
        }
        press(&state, "<C-u>zoe@example.com<Enter>")
        #expect(state.document.value(at: try JSONPath(parsing: ".[2].person_email")) == .string("zoe@example.com"))
        #expect(state.cursorPathInTable == ".[2].person_email")
        #expect(try JSONDocument(state.document.text.string).rootValue == state.document.rootValue)
        press(&state, "uu")
        #expect(state.document.text.array == state.saved.text.array)
        // A member no model knows: its value as JSON.
        var untyped = BrowserState(document: try JSONDocument(#"[{"a": 1}, {"b": 2}]"#), sourceName: "u.json", registry: ModelRegistry(), width: 60, height: 10)
        press(&untyped, "tj")
        #expect(untyped.cursorPathInTable == ".[1].a")
        press(&untyped, "<Enter>")
        guard case .editing(_, .newMemberValue(_, "a")) = untyped.mode else {
            Issue.record("no prompt for the missing member: \(untyped.mode)")
            return
        }
        press(&untyped, "[5]<Enter>")
        #expect(untyped.document.text.string == #"[{"a": 1}, {"b": 2, "a": [5]}]"#)
        #expect(untyped.cursorPathInTable == ".[1].a")
    }

    @Test func sortingAndFilteringShowRowsInAnotherOrderAndNeverTouchTheText() throws {
        let names = ["Mira", "andre", "Zoë", "bo", "Ann", "carl"]
        let text = "[" + names.enumerated().map { #"{"name": "\#($1)", "n": \#(10 - $0)}"# }.joined(separator: ", ") + "]"
        var state = BrowserState(document: try JSONDocument(text), sourceName: "s.json", registry: ModelRegistry(), width: 60, height: 14)
        state.colors = false
        press(&state, "t")
        let bytes = state.document.text.array
        // Sort by name, down: the labels still say where each row is in the file.
        press(&state, "]")
        let sorted = body(state).dropFirst(1).prefix(names.count).map { String($0.split(separator: " ")[1]) }
        #expect(sorted == ["Zoë", "Mira", "carl", "bo", "Ann", "andre"], "\(sorted)")
        #expect(body(state)[1].hasPrefix("[2] Zoë"))
        #expect(state.document.text.array == bytes)
        #expect(screen(state).contains("name ↓"))
        // Up by the numbers: numerically, not as text.
        press(&state, "l[")
        #expect(body(state).dropFirst(1).prefix(names.count).map { String($0.split(separator: " ")[2]) } == ["5", "6", "7", "8", "9", "10"])
        // The same key again: file order.
        press(&state, "[")
        #expect(body(state)[1].hasPrefix("[0] Mira"))
        // A filter keeps the rows whose cell holds the text (no capital: any case; a capital: exactly).
        press(&state, "h|an<Enter>")
        #expect(state.tableRowCountShown == 2)
        #expect(body(state)[1].hasPrefix("[1] andre") && body(state)[2].hasPrefix("[4] Ann"))
        #expect(screen(state).contains("2 rows with name holding \"an\""))
        press(&state, "j")
        #expect(screen(state).contains("row 2 of 2 (filtered from 6)"))
        press(&state, "|<C-u>An<Enter>")
        #expect(state.tableRowCountShown == 1)
        press(&state, "|<C-u>nobody<Enter>")
        #expect(state.tableRowCountShown == 0)
        #expect(screen(state).contains("(no row's cell holds"))
        press(&state, "|<C-u><Enter>")
        #expect(state.tableRowCountShown == names.count)
        #expect(state.document.text.array == bytes)
        #expect(!state.isModified)
    }

    @Test func anEditWhileSortedKeepsTheOrderAndADeleteDropsIt() throws {
        let text = #"[{"n": 3, "s": "c"}, {"n": 1, "s": "a"}, {"n": 2, "s": "b"}]"#
        var state = BrowserState(document: try JSONDocument(text), sourceName: "n.json", registry: ModelRegistry(), width: 60, height: 12)
        state.colors = false
        press(&state, "t[")
        // The cursor stays on its row, now last; g goes to the first shown.
        #expect(state.cursorPathInTable == ".[0].n")
        press(&state, "g")
        #expect(body(state)[1].hasPrefix("[1]"))
        // Editing the sorted column leaves the rows where they are (as a spreadsheet would, until sorted again).
        press(&state, "<Enter><C-u>9<Enter>")
        #expect(state.document.text.string == #"[{"n": 3, "s": "c"}, {"n": 9, "s": "a"}, {"n": 2, "s": "b"}]"#)
        #expect(body(state)[1].hasPrefix("[1] 9"))
        #expect(state.cursorPathInTable == ".[1].n")
        // Deleting a row (d on its label) removes the element and the order goes back to the file's.
        press(&state, "^dy")
        #expect(state.document.text.string == #"[{"n": 3, "s": "c"}, {"n": 2, "s": "b"}]"#)
        #expect(state.isShowingTable)
        #expect(body(state)[1].hasPrefix("[0] 3"))
    }

    @Test func tGoesBackToTheTreeAtTheCellAndFromATreeRowToItsCell() throws {
        var state = try browser("people.json", model: "Person", width: 80, height: 16)
        // The cursor on a member of a record: the table opens on that row and column.
        press(&state, "jjj")
        #expect(state.cursorPath.jq == ".[0].age")
        press(&state, "t")
        #expect(state.cursorPathInTable == ".[0].age")
        press(&state, "jjl")
        press(&state, "t")
        #expect(!state.isShowingTable)
        #expect(state.cursorPath.jq == ".[2].gender")
        // Nothing to tabulate: said, not done.
        var scalar = BrowserState(document: try JSONDocument("[1, 2]"), sourceName: "s.json", registry: ModelRegistry(), width: 60, height: 10)
        press(&scalar, "t")
        #expect(!scalar.isShowingTable)
        #expect(scalar.message?.contains("no array of objects") == true)
    }

    @Test func aStoresRecordsOfATypeAreRowsKeyedByID() throws {
        let text = #"{"Invoice": {"i1": {"number": 1, "status": "open"}, "i2": {"number": 2, "status": "paid", "note": "x"}}, "Note": {"n1": {"text": "hi"}}}"#
        let invoice = ModelSchema(
            name: "Invoice",
            fields: [
                FieldSchema(name: "number", path: [.key("number")], typeText: "Int", type: .integer("Int"), accessor: .json(at: ["number"], type: .integer("Int"), name: "number")),
                FieldSchema(name: "status", path: [.key("status")], typeText: "String", type: .string, accessor: .json(at: ["status"], type: .string, name: "status")),
            ])
        var registry = ModelRegistry()
        registry.register(invoice)
        var state = BrowserState(document: try JSONDocument(text), sourceName: "shop.sqlite", layout: .recordsByType, registry: registry, width: 60, height: 10)
        state.colors = false
        press(&state, "<Down><Right><Down>t")
        #expect(state.isShowingTable)
        let lines = body(state)
        #expect(lines[0].split(separator: " ") == ["key", "number", "status", "+", "note"])
        #expect(lines[2].hasPrefix("i1 ") && lines[3].hasPrefix("i2 "))
        press(&state, "j$")
        #expect(state.cursorPathInTable == #".Invoice.i2.note"#)
        // A type nothing describes: its records are still rows, their members plain columns.
        press(&state, "t<End>t")
        #expect(state.cursorPathInTable == #".Note.n1.text"#)
        #expect(body(state)[0].split(separator: " ") == ["key", "text"])
        #expect(body(state)[1].hasPrefix("n1 ") && body(state)[1].hasSuffix("hi"))
    }

    @Test func theWheelAndAClickMoveTheTablesCursorAndHelpListsItsKeys() throws {
        let text = "[" + (0..<50).map { #"{"id": \#($0)}"# }.joined(separator: ", ") + "]"
        var state = BrowserState(document: try JSONDocument(text), sourceName: "ids.json", registry: ModelRegistry(), width: 40, height: 12)
        state.colors = false
        press(&state, "t")
        _ = update(&state, .scroll(3))
        #expect(state.cursorPathInTable == ".[3].id")
        // Screen line 0 is the title, 1 the header of an untyped table, 2 the first row.
        _ = update(&state, .click(row: 4))
        #expect(state.cursorPathInTable == ".[2].id")
        _ = update(&state, .click(row: 3))
        #expect(state.cursorPathInTable == ".[1].id")
        _ = update(&state, .click(row: 1))
        #expect(state.cursorPathInTable == ".[1].id", "a click on the header moves nothing")
        // A smaller terminal keeps the cursor's row on screen.
        press(&state, "G")
        _ = update(&state, .resize(width: 30, height: 6))
        #expect(body(state).contains { $0.hasPrefix("[49]") }, "\(screen(state))")
        _ = update(&state, .resize(width: 80, height: 60))
        press(&state, "?")
        let help = screen(state)
        #expect(help.contains("In a table") && help.contains("sort the rows by the column"))
        // Keys only the tree has say so instead of doing nothing.
        press(&state, "<Esc>/")
        #expect(state.message?.contains("works in the tree") == true)
    }

    @Test func aFoldedDocumentsTableReadsOnlyTheRowsOnScreen() throws {
        let elements = (0..<5000).map { #"{"id": \#($0), "name": "n\#($0)", "tags": ["a"]}"# }
        let bytes = Array(("[\n  " + elements.joined(separator: ",\n  ") + "\n]\n").utf8)
        let folded = try JSONDocument(storage: JSONBytes(bytes), options: .default, folding: JSONFolding(maxBytes: 64))
        var state = BrowserState(document: folded, sourceName: "big.json", registry: ModelRegistry(), width: 80, height: 20)
        state.colors = false
        let nodes = state.document.nodeCount
        press(&state, "tG")
        #expect(body(state).last(where: { !$0.isEmpty })?.hasPrefix("[4999] 4999") == true, "\(screen(state))")
        // Moving about the table indexed nothing (the first record was opened by the browser itself).
        #expect(state.document.nodeCount == nodes)
        // An untyped value is edited as JSON.
        press(&state, "l<Enter><C-u>\"last\"<Enter>")
        #expect(state.document.value(at: try JSONPath(parsing: ".[4999].name")) == .string("last"))
        #expect(changedBytes(state).old == "n4999")
    }
}

extension BrowserState {
    /// The path of the table's cursor cell, as jq writes it.
    var cursorPathInTable: String? { view.table.flatMap { tableCursorPath($0)?.jq } }
    /// The rows the table shows.
    var tableRowCountShown: Int { view.table.map(tableRowCount) ?? 0 }
}
