import DictionaryStorage
import Foundation
import JSONSchema
import SchemaDescriptions
import LosslessJSON
@testable import ModelBrowser
import Testing

/// A JSON Schema as the browser's description of a file: the same screen, editors and byte-exact
/// edits as a compiled model, plus the schema's errors after every edit.
@Suite("Browsing with a JSON Schema")
struct SchemaBrowserTests {
    /// A state for a document described by a schema, as `keepsake FILE --schema S` opens it.
    func state(_ text: String, schema schemaText: String, width: Int = 100, height: Int = 30) throws -> BrowserState {
        let schema = try JSONSchema(text: schemaText)
        let description = SchemaDescription(schema, name: "test schema")
        var state = BrowserState(document: try JSONDocument(text), sourceName: "file.json", registry: ModelRegistry(), width: width, height: height)
        state.colors = false
        state.describe(as: description.rootType, name: description.name, models: description.registry, checker: SchemaChecker(schema, name: description.name))
        return state
    }

    func appConfig(width: Int = 100, height: Int = 30) throws -> BrowserState {
        let text = try String(contentsOf: samplesFolder.appendingPathComponent("app-config.json"), encoding: .utf8)
        let schema = try String(contentsOf: samplesFolder.appendingPathComponent("schemas/app-config.schema.json"), encoding: .utf8)
        return try state(text, schema: schema, width: width, height: height)
    }

    /// The one place two texts differ: the replaced bytes of each.
    func difference(_ old: String, _ new: String) -> (old: String, new: String) {
        let (a, b) = (Array(old.utf8), Array(new.utf8))
        var start = 0
        while start < min(a.count, b.count), a[start] == b[start] { start += 1 }
        var end = 0
        while end < min(a.count, b.count) - start, a[a.count - 1 - end] == b[b.count - 1 - end] { end += 1 }
        return (String(decoding: a[start..<(a.count - end)], as: UTF8.self), String(decoding: b[start..<(b.count - end)], as: UTF8.self))
    }

    @Test func nestedTwoBranchAnyOfsAreDescribedOnceEach() throws {
        // Thirty levels, each asking the level below from both anyOf branches: the description's
        // enumeration search once asked 4^30 times before the first screen.
        var definitions = [#""L0": {"enum": ["a", "b"]}"#]
        for k in 1...30 {
            definitions.append(##""L\##(k)": {"anyOf": [{"$ref": "#/$defs/L\##(k - 1)"}, {"allOf": [{"$ref": "#/$defs/L\##(k - 1)"}]}]}"##)
        }
        let schemaText = ##"{"type": "object", "properties": {"x": {"$ref": "#/$defs/L30"}}, "$defs": {\##(definitions.joined(separator: ", "))}}"##
        var state = try state(#"{"x": "a"}"#, schema: schemaText)
        press(&state, "j")
        #expect(screen(state).contains("x"))
    }

    @Test func knownKeptVariantsPlaceholdersAndErrorsAreShown() throws {
        var state = try appConfig()
        // Open listen, storage, notifications and the unknown notification.
        press(&state, ":.listen<Enter>l:.storage<Enter>l:.notifications[2]<Enter>lg")
        try assertSnapshot(screen(state), named: "schema-app-config-100x30")
        let text = screen(state)
        #expect(text.hasPrefix(" keepsake  file.json  AppConfig "))
        #expect(text.contains("⚠ 5 schema errors (!)"))
        #expect(text.contains("    + owner        kept                          \"team-orders\""))
        #expect(text.contains("      port         integer 1…65535               (missing)  ⚠ required; ⏎ adds it"))
        #expect(text.contains("  ▾ storage        Storage.PostgreSQL            3 keys"))
        #expect(text.contains("    ▾ [2]          Notification.unknown(\"pager…  2 keys  ⚠ an object is valid against none"))
        #expect(text.contains("        + service  kept                          \"P4X2Y9Z\""))
        #expect(text.contains("    retries        integer 0…10                  12  ⚠ 12 is above the maximum 10"))
    }

    @Test func objectSchemasReachedOnlyThroughAdditionalOrPatternPropertiesAreTyped() throws {
        let schema = #"""
            {"type": "object",
             "properties": {"servers": {"type": "object",
                "additionalProperties": {"title": "Server", "type": "object", "properties": {"port": {"type": "integer", "maximum": 65535}}, "required": ["port"]}}},
             "patternProperties": {"^x-": {"title": "Extension", "type": "object", "properties": {"enabled": {"type": "boolean"}}}}}
            """#
        let description = SchemaDescription(try JSONSchema(text: schema), name: "test schema")
        // Complete before a browser takes it: nothing is registered later.
        #expect(description.registry.schema(named: "Server") != nil)
        #expect(description.registry.schema(named: "Extension") != nil)
        var state = try self.state(#"{"servers": {"a": {"port": 80}, "b": {}}, "x-debug": {"enabled": true}}"#, schema: schema)
        press(&state, ":.servers.a<Enter>l:.servers.b<Enter>l:.\"x-debug\"<Enter>lg")
        let text = screen(state)
        #expect(text.contains("a  ") && text.contains("Server"), "\(text)")
        #expect(text.contains("port") && text.contains("integer …65535"), "\(text)")
        #expect(text.contains("(missing)  ⚠ required"), "\(text)")
        #expect(text.contains("Extension") && text.contains("boolean"), "\(text)")
        #expect(!text.contains("kept"), "\(text)")
    }

    @Test func enterOnAPlaceholderAddsTheFieldWithItsDefaultAndNothingElse() throws {
        var state = try appConfig()
        press(&state, ":.listen<Enter>ljj")
        #expect(state.cursorPath == ["listen", "port"])
        #expect(state.rows[state.cursor].isPlaceholder)
        let before = state.document.text.string
        press(&state, "d")
        #expect(state.message?.contains("is missing: ⏎ adds it") == true)
        #expect(state.document.text.string == before)
        press(&state, "<Enter>")
        let change = difference(before, state.document.text.string)
        #expect(change.old.isEmpty)
        #expect(change.new == #", "port": 8080"#)
        #expect(state.cursorPath == ["listen", "port"])
        #expect(!state.rows[state.cursor].isPlaceholder)
        #expect(!state.problems.contains { $0.path == ["listen"] })
        press(&state, "u")
        #expect(state.document.text.string == before)
        #expect(state.problems.contains { $0.path == ["listen"] })
        #expect((0..<state.rowCount).contains { state.rows[$0].missingField == "port" })
    }

    @Test func switchingAVariantWritesOnlyTheTagAndOffersTheNewRequiredFields() throws {
        var state = try appConfig()
        press(&state, ":.storage<Enter>v")
        guard case .menu(let menu) = state.mode else { Issue.record("no variant menu: \(state.mode)"); return }
        #expect(menu.options.map(\.label) == ["SQLite", "PostgreSQL", "Memory"])
        let before = state.document.text.string
        press(&state, "<Enter>")
        let change = difference(before, state.document.text.string)
        #expect(change.old == "postgres")
        #expect(change.new == "sqlite")
        // The new branch's required `path` is offered first, with the others it knows.
        guard case .menu(let add) = state.mode else { Issue.record("no add menu: \(state.mode)"); return }
        #expect(add.options.first?.label == "path  (required)")
        press(&state, "<Esc>l")
        let text = screen(state)
        #expect(text.contains("Storage.SQLite"))
        #expect(text.contains("+ url"))
        #expect(text.contains("+ poolSize"))
        #expect(text.contains("      path         string                        (missing)  ⚠ required; ⏎ adds it"))
        #expect(text.contains("      kind         tag                           \"sqlite\"\n"))
    }

    @Test func editorsComeFromTheSchema() throws {
        var state = try appConfig()
        press(&state, ":.logLevel<Enter><Enter>")
        guard case .menu(let menu) = state.mode else { Issue.record("no enum menu: \(state.mode)"); return }
        #expect(menu.options.map(\.choice) == ["debug", "info", "warning", "error"].map(Menu.Choice.enumValue))
        press(&state, "<Esc>:.version<Enter><Enter><C-u>0")
        // The bound shows as the value is typed; the value may still be set, and is marked.
        #expect(screen(state).contains("⚠ 0 is below the minimum 1"))
        press(&state, "<Enter>")
        #expect(state.document.value(at: ["version"]) == .number(JSONNumber(0)))
        #expect(state.problems.contains { $0.path == ["version"] })
        #expect(screen(state).contains("⚠ 0 is below the minimum 1"))
        press(&state, ":.name<Enter><Enter><C-u>Orders API")
        #expect(screen(state).contains("does not match"))
    }

    @Test func theErrorsListGoesToEachErrorAndSavingAsksFirst() throws {
        var state = try appConfig()
        press(&state, "!")
        guard case .menu(let menu) = state.mode else { Issue.record("no errors list: \(state.mode)"); return }
        #expect(menu.options.count == 5)
        #expect(menu.options.last?.label == ".retries: 12 is above the maximum 10")
        press(&state, "jjjj<Enter>")
        #expect(state.cursorPath == ["retries"])
        let effects = press(&state, "<C-s>")
        #expect(effects.isEmpty)
        guard case .confirm(let question) = state.mode else { Issue.record("no question: \(state.mode)"); return }
        #expect(question.question.contains("5 schema errors"))
        #expect(press(&state, "s").contains(.save(path: nil, overrides: [])))
    }

    @Test func closedObjectsAndUnevaluatedPropertiesMarkWhatTheyForbid() throws {
        let schema = """
            {"type": "object", "allOf": [{"properties": {"a": {"type": "integer"}}}],
             "properties": {"b": {"type": "string"}, "inner": {"type": "object", "properties": {"x": {}}, "additionalProperties": false}},
             "unevaluatedProperties": false}
            """
        var state = try state(#"{"a": 1, "b": "x", "c": true, "inner": {"x": 1, "y": 2}}"#, schema: schema)
        press(&state, ":.inner<Enter>l")
        let text = screen(state)
        #expect(text.contains("    a      integer"))
        #expect(text.contains("    b      string"))
        #expect(text.contains("    + c    not allowed  true  ⚠ the schema allows no other keys here"))
        #expect(text.contains("  ▾ inner  inner        2 keys  ⚠ the property \"y\" is not allowed"))
        #expect(text.contains("      + y  not allowed  2  ⚠ the schema allows no other keys here"))
        // The validator puts these errors on the objects.
        #expect(state.problems.map(\.path) == [.root, ["inner"]])
    }

    @Test func conditionalsAndADiscriminatorDecideTheFields() throws {
        let schema = """
            {"type": "object",
             "properties": {"pet": {"oneOf": [{"$ref": "#/$defs/Cat"}, {"$ref": "#/$defs/Dog"}],
                                    "discriminator": {"propertyName": "kind", "mapping": {"kitty": "#/$defs/Cat"}}},
                            "country": {"type": "string"}},
             "if": {"properties": {"country": {"const": "US"}}}, "then": {"properties": {"zip": {"type": "string", "pattern": "^[0-9]{5}$"}}},
             "else": {"properties": {"postcode": {"type": "string"}}},
             "$defs": {"Cat": {"type": "object", "required": ["lives"], "properties": {"kind": {"type": "string"}, "lives": {"type": "integer"}}},
                       "Dog": {"type": "object", "required": ["breed"], "properties": {"kind": {"type": "string"}, "breed": {"type": "string"}}}}}
            """
        var state = try state(#"{"pet": {"kind": "kitty", "lives": 9, "color": "?"}, "country": "US", "zip": "12345", "postcode": "x"}"#, schema: schema)
        press(&state, ":.pet<Enter>l")
        var text = screen(state)
        #expect(state.problems.isEmpty)
        #expect(text.contains("  ▾ pet         pet.Cat           3 keys"))
        #expect(text.contains("      kind      tag               \"kitty\""))
        #expect(text.contains("      lives     integer           9"))
        #expect(text.contains("      + color   kept              \"?\""))
        #expect(text.contains("    zip         string (pattern)  \"12345\""))
        #expect(text.contains("    + postcode  kept              \"x\""))
        // The condition no longer holds: the other branch's key is known, the first one's kept.
        press(&state, ":.country<Enter><Enter><C-u>FR<Enter>")
        text = screen(state)
        #expect(text.contains("    + zip      kept     \"12345\""))
        #expect(text.contains("    postcode   string   \"x\""))
        // The tag's value from the mapping, or the reference's name: `v` offers both and writes the tag.
        press(&state, ":.pet<Enter>v")
        guard case .menu(let menu) = state.mode else { Issue.record("no variant menu: \(state.mode)"); return }
        #expect(menu.options.map(\.label) == ["Cat", "Dog"])
        press(&state, "j<Enter><Esc>")
        #expect(state.document.value(at: ["pet", "kind"]) == "Dog")
    }

    @Test func theCheckerRevalidatesOnlyTheEditedElementOfARootArray() throws {
        let schema = try JSONSchema(text: #"{"type": "array", "items": {"type": "object", "properties": {"n": {"type": "integer", "maximum": 10}}}}"#)
        let checker = SchemaChecker(schema, name: "records")
        let elements = (0..<200).map { #"{"n": \#($0 % 10)}"# }
        var document = try JSONDocument("[" + elements.joined(separator: ",") + "]")
        #expect(checker.problems(in: document).isEmpty)
        try document.apply(.replace(at: [5, "n"], with: .number(JSONNumber(50))))
        // A problem reported earlier for another element stands: only element 5 was checked again.
        let earlier = DocumentProblem(path: [7, "n"], message: "an earlier problem")
        let found = checker.problems(in: document, changedAt: [5, "n"], before: [earlier])
        #expect(found.map(\.path) == [[5, "n"], [7, "n"]])
        #expect(found[0].message == "50 is above the maximum 10")
        // Checked whole, the document has exactly the edited element's problem.
        #expect(checker.problems(in: document).map(\.path) == [[5, "n"]])
    }
}
