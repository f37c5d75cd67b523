import Foundation
import Testing
import TestSupport

/// The browser with a schema that has to be fetched, from a real server on loopback named as the
/// default catalog: the document shows at once, typed when the schema arrives; then a menu is
/// filtered, every required member added, and only those bytes saved.
@Suite("Fetched schemas in the browser, under tmux", .serialized)
struct SchemaFetchTmuxTests {
    static let schema = ##"""
        {"title": "tsconfig", "type": "object", "properties": {"compilerOptions": {"type": "object", "required": ["target", "module"], "properties": {
            "target": {"description": "The JavaScript version emitted.", "enum": ["es5", "es2015", "es2016", "es2017", "es2020", "esnext"], "default": "es5"},
            "module": {"enum": ["commonjs", "es2015", "esnext", "node16"], "default": "commonjs"},
            "strict": {"type": "boolean"}}}}}
        """##

    @Test func aTsconfigIsTypedThroughTheServedCatalogThenEditedAndOnlyThoseBytesSaved() throws {
        let server = try LoopbackSchemaServer()
        try server.serve("tsconfig.schema.json", Self.schema)
        try server.serve("catalog.json", #"{"schemas": [{"name": "tsconfig", "fileMatch": ["tsconfig.json"], "url": "\#(server.url("/r/tsconfig.schema.json"))"}]}"#)
        let folder = try scratchFolder()
        let config = folder.appendingPathComponent("config/keepsake")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try "default-catalog = \"\(server.url("/catalog.json"))\"\n".write(to: config.appendingPathComponent("config.toml"), atomically: true, encoding: .utf8)
        let file = folder.appendingPathComponent("tsconfig.json")
        let original = "{\n  // what the compiler does\n  \"compilerOptions\": {\n    \"strict\": true\n  }\n}\n"
        try original.write(to: file, atomically: true, encoding: .utf8)
        let environment = ["KEEPSAKE_OFFLINE": "", "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path, "XDG_CACHE_HOME": folder.appendingPathComponent("cache").path]

        let session = try TmuxSession([file.path], width: 120, height: 20, environment: environment)
        session.waitFor("typed by the fetched schema, saying what was fetched") {
            $0.contains("tsconfig.json") && $0.contains("tsconfig") && $0.contains("fetched \(server.url("/catalog.json"))")
        }
        try session.send(":")
        try session.type(".compilerOptions")
        try session.send("Enter", "A")
        session.waitFor("both required members added") { $0.contains("added target, module") && $0.contains("● modified") }
        try session.send(":")
        try session.type(".compilerOptions.target")
        try session.send("Enter")
        session.waitFor("the cursor on target") { $0.contains(".compilerOptions.target") }
        try session.send("Enter")
        session.waitFor("the menu of targets") { $0.contains("\"es2017\"") && $0.contains("\"esnext\"") }
        try session.type("NEXT")
        session.waitFor("the menu filtered") { $0.contains("/NEXT▏ 1 of 6") && $0.contains("› esnext") }
        try session.send("Enter")
        session.waitFor("the target chosen") { screen in
            screen.split(separator: "\n").contains { $0.contains("target") && $0.trimmingCharacters(in: .whitespaces).hasSuffix("\"esnext\"") }
        }
        try session.save()
        try session.send("q")
        session.waitForExit()
        let saved = try String(contentsOf: file, encoding: .utf8)
        #expect(saved == original.replacingOccurrences(of: "\"strict\": true\n", with: "\"strict\": true,\n    \"target\": \"esnext\",\n    \"module\": \"commonjs\"\n"), "\(saved)")
        #expect(server.hits == ["/catalog.json", "/r/tsconfig.schema.json", "/tsconfig.schema.json"])

        // A second run reads the cache: typed at once, nothing fetched.
        let again = try TmuxSession([file.path], width: 120, height: 20, environment: environment)
        again.waitFor("typed from the cache") { $0.contains("tsconfig") && $0.contains("compilerOptions") && !$0.contains("fetch") }
        try again.send("q")
        again.waitForExit()
        #expect(server.hits.count == 3)
    }

    /// A server that takes 30 seconds to answer: the document is shown at once, saying what it
    /// waits for, moving works, and quitting does not wait for the fetch.
    @Test func aSlowServerNeitherDelaysTheFirstScreenNorQuitting() throws {
        let server = try LoopbackSchemaServer()
        try server.serve("catalog.json", #"{"schemas": []}"#)
        let folder = try scratchFolder()
        let config = folder.appendingPathComponent("config/keepsake")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try "default-catalog = \"\(server.url("/slow/catalog.json"))\"\n".write(to: config.appendingPathComponent("config.toml"), atomically: true, encoding: .utf8)
        let file = folder.appendingPathComponent("tsconfig.json")
        try "{\"compilerOptions\": {\"strict\": true}, \"files\": [\"a.ts\"]}\n".write(to: file, atomically: true, encoding: .utf8)
        let environment = ["KEEPSAKE_OFFLINE": "", "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path, "XDG_CACHE_HOME": folder.appendingPathComponent("cache").path]
        let start = Date()
        let session = try TmuxSession([file.path], width: 160, height: 10, environment: environment)
        session.waitFor("the document at once, and what it fetches") {
            $0.contains("compilerOptions") && $0.contains("fetching \(server.url("/slow/catalog.json")) (browsing without it until it arrives)")
        }
        try session.send("j")
        session.waitFor("the cursor moved") { $0.contains("row 2 of 3") }
        try session.send("q")
        session.waitForExit(timeout: 5)
        // Well inside the server's 30 seconds and the fetch's 10.
        #expect(Date().timeIntervalSince(start) < 9)
    }

    @Test func withoutANetworkTheDocumentOpensAtOnceAndSaysWhyItIsUntyped() throws {
        let folder = try scratchFolder()
        let config = folder.appendingPathComponent("config/keepsake")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        // Nothing listens on this port once the server is gone: the connection is refused.
        let url = try { () throws -> String in try LoopbackSchemaServer().url("/catalog.json") }()
        try "default-catalog = \"\(url)\"\n".write(to: config.appendingPathComponent("config.toml"), atomically: true, encoding: .utf8)
        let file = folder.appendingPathComponent("tsconfig.json")
        try "{\"compilerOptions\": {}}\n".write(to: file, atomically: true, encoding: .utf8)
        let environment = ["KEEPSAKE_OFFLINE": "", "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path, "XDG_CACHE_HOME": folder.appendingPathComponent("cache").path]
        let session = try TmuxSession([file.path], width: 160, height: 10, environment: environment)
        session.waitFor("the document, and why the catalog is not used") {
            $0.contains("compilerOptions") && $0.contains("the catalog is not used: cannot fetch \(url): the connection was refused")
        }
        try session.send("q")
        session.waitForExit()
    }
}
