import DictionaryStorage
import Foundation
import LosslessJSON
@testable import ModelBrowser
import Testing

/// Descriptions built from data, not from a model type: the browser treats them as it treats a
/// compiled model (known and kept fields, their type text, editors, setters that refuse bad values).
@Suite("Descriptions from data")
struct DescriptionTests {
    static let config: ModelSchema = {
        let port = FieldSchema(
            name: "port", path: ["port"], typeText: "integer 1…65535", type: .integer("integer"),
            accessor: .json(at: ["port"], type: .integer("integer"), name: "port"))
        let mode = FieldType.enumeration(name: "mode", knownValues: ["dev", "prod"], isOpen: false)
        let fields = [
            port,
            FieldSchema(name: "mode", path: ["mode"], typeText: "\"dev\"|\"prod\"", type: mode, accessor: .json(at: ["mode"], type: mode, name: "mode")),
            FieldSchema(
                name: "debug", path: ["debug"], typeText: "boolean", type: .optional(.bool),
                accessor: .json(at: ["debug"], type: .optional(.bool), name: "debug")),
        ]
        return ModelSchema(name: "AppConfig", fields: fields)
    }()

    func state(_ text: String) throws -> BrowserState {
        var registry = ModelRegistry()
        registry.register(Self.config)
        var state = BrowserState(document: try JSONDocument(text), sourceName: "config.json", registry: registry, width: 80, height: 12)
        state.colors = false
        return state
    }

    @Test func aRegisteredDescriptionIsMatchedShownAndValidated() throws {
        let state = try state(#"{"port": 8080, "mode": "dev", "extra": [1]}"#)
        #expect(state.model?.name == "AppConfig")
        let text = screen(state)
        #expect(text.contains("    port     integer 1…65535  8080"))
        #expect(text.contains("  ▸ + extra  kept             […] 1 item"))
        let findings = Self.config.findings(in: state.document) ?? []
        #expect(findings.map(\.path) == [["extra"]])
        #expect(findings.map(\.severity) == [.kept])
    }

    @Test func editsGoThroughTheDescriptionsAccessors() throws {
        var state = try state(#"{"port": 8080, "mode": "dev"}"#)
        press(&state, "j<Enter><C-u>1.5<Enter>")
        #expect(state.message?.hasPrefix("refused") == true)
        press(&state, "<Enter><C-u>9090<Enter>")
        #expect(state.document.text.string == #"{"port": 9090, "mode": "dev"}"#)
        press(&state, "j<Enter>")
        guard case .menu(let menu) = state.mode else { Issue.record("no menu: \(state.mode)"); return }
        #expect(menu.options.map(\.choice) == [.enumValue(.string("dev")), .enumValue(.string("prod"))])
        press(&state, "j<Enter>")
        #expect(state.document.value(at: ["mode"]) == "prod")
        // A missing optional field is offered by `a`, and added with its type's empty value.
        press(&state, "ga")
        guard case .menu(let add) = state.mode else { Issue.record("no add menu: \(state.mode)"); return }
        #expect(add.options.map(\.choice) == [.field("debug"), .otherKey])
        press(&state, "<Enter>")
        #expect(state.document.value(at: ["debug"]) == false)
    }

    @Test func aDeepDocumentIsAnnotatedWithoutRecursion() throws {
        let depth = 100_000
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let document = try JSONDocument(text, options: JSONParseOptions(maxDepth: depth + 1))
        var state = BrowserState(document: document, sourceName: "deep.json", registry: ModelRegistry(), width: 80, height: 24)
        state.colors = false
        press(&state, "eG")
        #expect(state.cursor == depth - 1)
        let drawn = screen(state)
        #expect(drawn.contains("row \(depth) of \(depth)"))
        var cache = AnnotationCache()
        #expect(state.annotation(ofRow: state.cursor, cache: &cache).kind == .untyped)
    }

    @Test func theKeyTableDrivesDispatchHelpAndHints() throws {
        var state = try state(#"{"port": 1}"#)
        // Rebinding a key in the table changes what it does, what help lists and the hint line.
        var table = KeyTable.standard
        let index = try #require(table.bindings.firstIndex { $0.action == .moveDown && $0.mode == .normal })
        table.bindings[index].keys = [.character("s"), .down]
        table.bindings[index].hint = "s↓ next"
        state.keys = table
        press(&state, "s")
        #expect(state.cursorPath == ["port"])
        #expect(screen(state).split(separator: "\n").last?.hasPrefix("s↓ next") == true)
        press(&state, "?")
        #expect(screen(state).contains("s ↓               next row"))
        // Every normal action a key reaches is listed in help, once.
        let normal = KeyTable.standard.bindings(in: .normal)
        #expect(Set(normal.map(\.action)).count == normal.count)
    }
}
