import DictionaryStorage
import Foundation
import LosslessJSON
import ModelBrowser
@testable import ModelBrowserRuntime
import RecordStore
import Testing

@Suite("README: sources, terminals and descriptions from data")
struct SourcesExample {
    @Test func aDataDescribedModelBrowsedFromAStoreInAHeadlessTerminal() throws {
        let store = try RecordStore()
        try store.put(type: "ServerConfig", id: "main", text: #"{"port": 8080, "host": "a.example"}"#)
        var registry = ModelRegistry()

        let port = FieldSchema(name: "port", path: ["port"], typeText: "integer 1…65535", type: .integer("integer"),
                               accessor: .json(at: ["port"], type: .integer("integer"), name: "port"))
        registry.register(ModelSchema(name: "ServerConfig", fields: [port]))
        let terminal = HeadlessTerminal(script: [.key(.character("j")), .key(.enter), .key(.escape), .key(.character("q"))])
        try Browser.run(source: RecordStoreSource(store: store), registry: registry, terminal: { terminal })

        #expect(!terminal.ranOut && terminal.isClosed)
        // The first frame: the type, bound to the registered description.
        let first = try #require(terminal.frames.first?.text)
        #expect(first.contains("ServerConfig") && first.contains("[ServerConfig] records"))
        #expect(try store.record(id: "main")?.json == #"{"port": 8080, "host": "a.example"}"#)
    }
}
