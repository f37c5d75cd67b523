import DictionaryStorage
import Foundation
import JSONSchema
import LosslessJSON
@testable import ModelBrowser
import RecordSchemas
import SampleModels
import SchemaDescriptions
import Testing

/// A record store's groups typed by their types' kept schemas (`describeRecords`), as the browser
/// shows them: the group and its records named for the type, fields typed, a record that does not
/// match marked and counted, a compiled model keeping its type — and the save asking first.
@Suite("Record types with schemas, headless")
struct RecordTypeSchemaTests {
    static let invoice = #"{"type": "object", "properties": {"number": {"type": "integer"}, "status": {"enum": ["open", "paid"]}}, "required": ["number", "status"]}"#
    /// The sample model `Person` is compiled in: its schema kept here must not replace it.
    static let person = #"{"type": "object", "properties": {"name": {"type": "integer"}}}"#

    func state(width: Int = 80) throws -> BrowserState {
        let text = #"{"Invoice": {"i1": {"number": 1, "status": "open"}, "odd": {"number": "two", "status": "lost"}}, "Note": {"n1": {"text": "hi"}}, "Person": {"p1": {"name": "Ada", "age": 36}}}"#
        var state = BrowserState(
            document: try JSONDocument(text), sourceName: "shop.sqlite", layout: .recordsByType, registry: SampleModels.registry.bindingByNameOnly(),
            width: width, height: 16)
        state.colors = false
        let schemas = RecordTypeSchemas([("Invoice", Self.invoice), ("Person", Self.person)])
        let compiled = Set(state.registry.schemas.map(\.name))
        let types = ["Invoice", "Note", "Person"].filter { !compiled.contains($0) }
        let schema = try #require(try schemas.storeSchema(types: types))
        let description = SchemaDescription(schema, name: "record types", reserving: compiled)
        guard case .model(let name) = description.rootType, let root = description.registry.schema(named: name) else {
            Issue.record("the store schema's root is not a model: \(description.rootType)")
            return state
        }
        var described: [String: FieldType] = [:]
        for field in root.fields where types.contains(field.name) { described[field.name] = field.type }
        #expect(described.keys.sorted() == ["Invoice"])
        state.describeRecords(types: described, models: description.registry, checker: SchemaChecker(schema, name: "record types"))
        return state
    }

    @Test func eachGroupIsTypedByItsTypesSchemaAndACompiledModelKeepsItsType() throws {
        var state = try state()
        press(&state, "<Down><Right><Down><Down><Right>")
        let text = screen(state)
        #expect(text.contains("⚠ 2 schema errors"))
        try assertSnapshot(styledScreen(state), named: "record-type-schemas-80")
        // The compiled Person model still types Person records (its kept schema would make name an integer).
        press(&state, "<Home>")
        #expect(state.binding.isDatabase)
        var wide = try self.state(width: 120)
        press(&wide, "<End><Right>")
        #expect(screen(wide).contains("[Person] records"))
        press(&wide, "<Down><Right>")
        #expect(screen(wide).range(of: #"name +String +"Ada""#, options: .regularExpression) != nil, "\(screen(wide))")
    }

    @Test func savingWhileARecordDoesNotMatchAsksFirst() throws {
        var state = try state()
        press(&state, "<C-s>")
        guard case .confirm(let question) = state.mode, case .saveWithProblems = question.purpose else {
            Issue.record("the save did not ask: \(state.mode)")
            return
        }
        #expect(question.question.hasPrefix("2 schema errors"))
        #expect(press(&state, "s").contains { if case .save = $0 { true } else { false } })
    }
}
