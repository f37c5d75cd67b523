import DictionaryStorage
import JSONSchema
import LosslessJSON
@testable import ModelBrowser
@testable import ModelBrowserRuntime
import Foundation
import SchemaDescriptions
import Testing

/// Saving the schema of an inferred model (`S`): where to, overwriting only when asked, and
/// `$schema` added to the document only after asking — as an edit like any other.
@Suite("Saving an inferred schema")
struct InferredSchemaTests {
    static let schemaText = #"{"type": "object", "properties": {"name": {"type": "string"}, "age": {"type": "integer"}}, "required": ["name"]}"# + "\n"

    func state(_ text: String, inferred: Bool = true) throws -> BrowserState {
        var state = BrowserState(document: try JSONDocument(text), sourceName: "people.json", registry: ModelRegistry(), width: 100, height: 12)
        state.colors = false
        let schema = try JSONSchema(text: Self.schemaText)
        let description = SchemaDescription(schema, name: "inferred")
        state.describe(
            as: description.rootType, name: description.name, models: description.registry, checker: SchemaChecker(schema, name: "inferred"),
            inferred: inferred ? InferredSchema(text: Self.schemaText, proposedPath: "data/people.schema.json") : nil)
        return state
    }

    @Test func sProposesThePathBesideTheFileAndWritesWhereThePersonSays() throws {
        var state = try state(#"{"name": "Ada", "age": 36}"#)
        #expect(screen(state).contains("inferred"))
        press(&state, "S")
        guard case .editing(let editor, .schemaPath) = state.mode else {
            Issue.record("S did not ask where to save: \(state.mode)")
            return
        }
        #expect(editor.text == "data/people.schema.json")
        #expect(press(&state, "<Enter>") == [.writeSchema(path: "data/people.schema.json", text: Self.schemaText, overwrite: false)])
        // Another path, typed over the proposal.
        press(&state, "S<C-u>other.json")
        #expect(press(&state, "<Enter>") == [.writeSchema(path: "other.json", text: Self.schemaText, overwrite: false)])
    }

    @Test func anExistingFileIsOverwrittenOnlyWhenTheAnswerSaysSo() throws {
        var state = try state(#"{"name": "Ada"}"#)
        _ = update(&state, .schemaNotWritten(path: "p.schema.json", message: "p.schema.json exists", exists: true))
        #expect(screen(state).contains("p.schema.json exists."))
        #expect(press(&state, "c").isEmpty)
        _ = update(&state, .schemaNotWritten(path: "p.schema.json", message: "p.schema.json exists", exists: true))
        #expect(press(&state, "o") == [.writeSchema(path: "p.schema.json", text: Self.schemaText, overwrite: true)])
        _ = update(&state, .schemaNotWritten(path: "/ro/p.json", message: "the schema was not written: permission denied", exists: false))
        #expect(state.messageIsError && state.message == "the schema was not written: permission denied")
    }

    @Test func dollarSchemaIsAddedFirstOnlyWhenAskedForAndUndoes() throws {
        let text = "{\n  \"name\": \"Ada\",\n  \"age\": 36\n}\n"
        var state = try state(text)
        _ = update(&state, .schemaWritten(path: "data/people.schema.json", reference: "people.schema.json"))
        #expect(screen(state).contains(#"Wrote data/people.schema.json. Add "$schema": "people.schema.json" to the document?"#))
        press(&state, "n")
        #expect(state.document.text.string == text && !state.isModified)
        _ = update(&state, .schemaWritten(path: "data/people.schema.json", reference: "people.schema.json"))
        press(&state, "y")
        #expect(state.document.text.string == "{\n  \"$schema\": \"people.schema.json\",\n  \"name\": \"Ada\",\n  \"age\": 36\n}\n")
        #expect(state.isModified)
        press(&state, "u")
        #expect(state.document.text.string == text)
    }

    @Test func aRootArrayOrAnExistingDollarSchemaIsNotAskedAbout() throws {
        var array = try state(#"[{"name": "Ada"}]"#)
        _ = update(&array, .schemaWritten(path: "people.schema.json", reference: "people.schema.json"))
        #expect(array.mode == .normal)
        #expect(array.message?.contains("a root array cannot name it: give it with --schema") == true)
        var named = try state(#"{"$schema": "old.json", "name": "Ada"}"#)
        _ = update(&named, .schemaWritten(path: "people.schema.json", reference: "people.schema.json"))
        #expect(named.mode == .normal && named.message == "wrote the inferred schema to people.schema.json")
    }

    @Test func withoutAnInferredModelSSaysWhy() throws {
        var state = try state(#"{"name": "Ada"}"#, inferred: false)
        #expect(press(&state, "S").isEmpty)
        #expect(state.messageIsError && state.message?.contains("nothing to save") == true)
    }

    typealias Runtime = BrowserRuntime<HeadlessTerminal>

    /// The runtime writes a real file: a new one at once, an existing one only when overwriting.
    @Test func theRuntimeWritesTheFileAndKeepsAnExistingOneUnlessOverwriting() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("keepsake-inferred-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("people.schema.json").path
        let document = folder.appendingPathComponent("people.json").path
        #expect(Runtime.writeSchema("{}\n", to: path, overwrite: false, documentPath: document) == .schemaWritten(path: path, reference: "people.schema.json"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "{}\n")
        #expect(Runtime.writeSchema("{\"type\": \"object\"}\n", to: path, overwrite: false, documentPath: document) == .schemaNotWritten(path: path, message: "\(path) exists", exists: true))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "{}\n")
        #expect(Runtime.writeSchema("{\"type\": \"object\"}\n", to: path, overwrite: true, documentPath: document) == .schemaWritten(path: path, reference: "people.schema.json"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "{\"type\": \"object\"}\n")
        guard case .schemaNotWritten(_, let message, false) = Runtime.writeSchema("{}", to: folder.path + "/missing/s.json", overwrite: false, documentPath: document) else {
            Issue.record("a write into a missing folder did not fail")
            return
        }
        #expect(message.hasPrefix("the schema was not written: "))
    }

    @Test func theReferenceIsRelativeToTheDocumentsFolderWhenTheSchemaIsInIt() {
        #expect(Runtime.reference(to: "/a/b/people.schema.json", from: "/a/b/people.json") == "people.schema.json")
        #expect(Runtime.reference(to: "/a/b/schemas/p.json", from: "/a/b/people.json") == "schemas/p.json")
        #expect(Runtime.reference(to: "/a/p.json", from: "/a/b/people.json") == "/a/p.json")
        #expect(Runtime.reference(to: "/a/b/../b/./p.json", from: "/a/b/people.json") == "p.json")
        #expect(Runtime.reference(to: "/a/p.json", from: nil) == "/a/p.json")
        // Relative paths are taken from the working directory, as the file was opened.
        #expect(Runtime.reference(to: "./data/../p.json", from: "people.json") == "p.json")
        #expect(Runtime.reference(to: "p.json", from: nil) == FileManager.default.currentDirectoryPath + "/p.json")
    }
}
