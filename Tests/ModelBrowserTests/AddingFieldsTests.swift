import DictionaryStorage
import Foundation
import LosslessJSON
@testable import ModelBrowser
import Testing

/// Adding members a schema describes: the add-field menu says what each field is, and the
/// required ones can be added together.
@Suite("Adding fields")
struct AddingFieldsTests {
    static let schema = ##"""
        {"type": "object", "required": ["name", "port", "mode"], "properties": {
           "name": {"type": "string", "description": "The service's name."},
           "port": {"type": "integer", "default": 8080, "description": "Where it listens."},
           "mode": {"enum": ["dev", "prod"], "default": "prod"},
           "debug": {"type": "boolean", "description": "Log every request."}
        }}
        """##

    @Test func theMenuShowsEachFieldsTypeDefaultAndDescriptionAndOffersAllRequiredFirst() throws {
        var state = try SchemaBrowserTests().state(#"{"debug": true}"#, schema: Self.schema, width: 90, height: 16)
        press(&state, "a")
        guard case .menu(let menu) = state.mode else { Issue.record("no menu: \(state.mode)"); return }
        #expect(menu.options.map(\.label) == ["all 3 required fields", "name  (required)", "port  (required)", "mode  (required)", "other key…"])
        try assertSnapshot(styledScreen(state), named: "add-field-menu")
        // The filter reads names, not descriptions: "listens" is in port's description only.
        press(&state, "listens")
        guard case .menu(let filtered) = state.mode else { Issue.record("the menu closed"); return }
        #expect(filtered.shown.map(\.label) == ["other key…"])
    }

    @Test func allRequiredFieldsAreAddedWithTheirDefaultsAsOneChange() throws {
        let text = "{\n  \"debug\": true\n}"
        var state = try SchemaBrowserTests().state(text, schema: Self.schema)
        press(&state, "a<Enter>")
        let added = state.document.text.string
        #expect(added == "{\n  \"debug\": true,\n  \"name\": \"\",\n  \"port\": 8080,\n  \"mode\": \"prod\"\n}", "\(added)")
        #expect(state.message == "added name, port, mode")
        // The bytes before the insertion are unchanged.
        #expect(added.hasPrefix("{\n  \"debug\": true"))
        // One change: one undo takes all three away.
        press(&state, "u")
        #expect(state.document.text.string == text)
    }

    @Test func theKeyAddsTheObjectsRequiredFieldsFromTheObjectAPlaceholderOrAMember() throws {
        let text = #"{"service": {"debug": false}}"#
        let schema = #"{"type": "object", "properties": {"service": \#(Self.schema)}}"#
        // From the object's row.
        var onObject = try SchemaBrowserTests().state(text, schema: schema)
        press(&onObject, "jlA")
        #expect(onObject.document.text.string == #"{"service": {"debug": false, "name": "", "port": 8080, "mode": "prod"}}"#)
        // From a member of it: the member's object.
        var onMember = try SchemaBrowserTests().state(text, schema: schema)
        press(&onMember, "jl")
        let debugRow = try #require(onMember.rows.indices.first { onMember.document.key(onMember.rows[$0].node) == "debug" })
        onMember.cursor = debugRow
        press(&onMember, "A")
        #expect(onMember.document.text.string == onObject.document.text.string)
        // Nothing missing: said, nothing changed.
        press(&onMember, "A")
        #expect(onMember.message == "no required field is missing here")
        // An untyped object: said, nothing changed.
        var untyped = BrowserState(document: try JSONDocument(text), sourceName: "x.json", registry: ModelRegistry())
        press(&untyped, "A")
        #expect(untyped.document.text.string == text && untyped.message?.hasPrefix("A: move to an object") == true)
    }

    @Test func theDetailsPaneShowsTheWholeDescriptionDefaultExamplesAndValues() throws {
        let long = (1...30).map { "word\($0)" }.joined(separator: " ")
        let schema = ##"""
            {"type": "object", "required": ["port"], "properties": {
               "port": {"type": "integer", "default": 8080, "examples": [80, 443], "title": "Port", "description": "LONG"},
               "mode": {"enum": ["dev", "prod"], "deprecated": true}
            }}
            """##.replacingOccurrences(of: "LONG", with: long)
        var state = try SchemaBrowserTests().state(#"{"mode": "dev"}"#, schema: schema, width: 60, height: 14)
        // On the missing field's placeholder: what adding it would add.
        let placeholder = try #require(state.rows.indices.first { state.rows[$0].missingField == "port" })
        state.cursor = placeholder
        press(&state, "i")
        guard case .details(let lines, _) = state.mode else { Issue.record("no details: \(state.mode)"); return }
        // The whole description, wrapped at words; nothing cut.
        let about = lines.drop { !$0.hasPrefix("about") }.prefix { !$0.hasPrefix("default") }.joined(separator: " ")
        #expect(about.contains("Port: word1 word2") && about.contains("word30"), "\(lines)")
        #expect(lines.contains("default   8080") && lines.contains("examples  80, 443"), "\(lines)")
        try assertSnapshot(styledScreen(state), named: "details-pane")
        // j scrolls it, any other key closes it.
        press(&state, "j")
        guard case .details(_, 1) = state.mode else { Issue.record("did not scroll: \(state.mode)"); return }
        press(&state, "x")
        #expect(state.mode == .normal)
        // A menu's values and a deprecation.
        let mode = try #require(state.rows.indices.first { state.document.key(state.rows[$0].node) == "mode" })
        state.cursor = mode
        press(&state, "i")
        guard case .details(let modeLines, _) = state.mode else { Issue.record("no details"); return }
        #expect(modeLines.contains(#"one of    "dev", "prod""#) && modeLines.contains("note      deprecated"), "\(modeLines)")
    }
}
