import Foundation
@testable import JSONSchema
import LosslessJSON
import Testing

/// Which schema a file gets: `--schema`, the document's `$schema`, then a catalog's `fileMatch`.
@Suite("Schema catalogs and selection")
struct CatalogTests {
    /// A folder with a catalog, its schemas and documents.
    struct Folder {
        let url: URL
        init() throws {
            url = FileManager.default.temporaryDirectory.appendingPathComponent("keepsake-catalog-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: url.appendingPathComponent("schemas"), withIntermediateDirectories: true)
        }
        @discardableResult
        func write(_ name: String, _ text: String) throws -> String {
            let path = url.appendingPathComponent(name).path
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            return path
        }
        func remove() { try? FileManager.default.removeItem(at: url) }
    }

    static let catalogText = """
        {"$schema": "https://json.schemastore.org/schema-catalog.json", "version": 1, "schemas": [
          {"name": "npm package", "description": "package.json", "fileMatch": ["package.json", "!**/node_modules/**/package.json"],
           "url": "schemas/package.json"},
          {"name": "workflow", "fileMatch": [".github/workflows/*.json", "**/ci/**/*.pipeline.json"], "url": "schemas/workflow.json",
           "versions": {"1.0": "https://example.com/workflow-1.0.json", "2.0": "schemas/workflow.json"}},
          {"name": "remote only", "fileMatch": ["remote.json"], "url": "https://example.com/remote.json"}
        ]}
        """

    @Test func fileMatchFollowsTheCatalogsConventions() throws {
        let catalog = try SchemaCatalog(text: Self.catalogText, folder: "/catalogs")
        #expect(catalog.entry(forFile: "/home/ada/app/package.json")?.name == "npm package")
        #expect(catalog.entry(forFile: "package.json")?.name == "npm package")
        #expect(catalog.entry(forFile: "/home/ada/app/node_modules/left-pad/package.json") == nil)
        #expect(catalog.entry(forFile: "/home/ada/app/package.json.bak") == nil)
        #expect(catalog.entry(forFile: "/repo/.github/workflows/build.json")?.name == "workflow")
        #expect(catalog.entry(forFile: "/repo/.github/build.json") == nil)
        #expect(catalog.entry(forFile: "/repo/ci/deep/er/nightly.pipeline.json")?.name == "workflow")
        #expect(catalog.entry(forFile: "/repo/nightly.pipeline.json") == nil)
        #expect(catalog.localPath("schemas/package.json") == "/catalogs/schemas/package.json")
        #expect(catalog.localPath("https://example.com/remote.json") == nil)
        #expect(catalog.entry(forURI: "https://example.com/workflow-1.0.json")?.entry.name == "workflow")
    }

    @Test func globsMatchAsBeforeAndTakeTimeLinearInTheirLength() {
        #expect(Glob.matches("a/b", path: "/x/a/b"))
        #expect(!Glob.matches("a/b", path: "/a/b/c"))
        #expect(Glob.matches("a/**", path: "/x/a"))
        #expect(Glob.matches("a/**/c", path: "/a/c"))
        #expect(Glob.matches("a/**/c", path: "/a/b1/b2/c"))
        #expect(!Glob.matches("a/**/c", path: "/a/b1/b2/d"))
        #expect(Glob.matches("/**/x?.json", path: "/p/q/x1.json"))
        // Forty `**/` against thirty folders: a backtracking matcher tries ~30^40 ways (it left the
        // browser blank for minutes); followed as states, 40 × 30 steps.
        let pattern = String(repeating: "**/", count: 40) + "x.json"
        let folders = (0..<30).map { "d\($0)" }.joined(separator: "/")
        #expect(!Glob.matches(pattern, path: "/\(folders)/y.json"))
        #expect(Glob.matches(pattern, path: "/\(folders)/x.json"))
    }

    @Test func aCatalogThatIsNotOneIsAClearError() {
        #expect(throws: SchemaLoadError.self) { try SchemaCatalog(text: "{", folder: "/") }
        #expect(throws: SchemaLoadError.self) { try SchemaCatalog(text: #"{"schemas": 3}"#, folder: "/") }
        #expect(throws: SchemaLoadError.self) { try SchemaCatalog(contentsOfFile: "/nonexistent/catalog.json") }
    }

    @Test func theOrderIsCommandLineThenSchemaKeyThenCatalog() throws {
        let folder = try Folder()
        defer { folder.remove() }
        try folder.write("schemas/package.json", #"{"title": "package manifest", "type": "object"}"#)
        try folder.write("schemas/own.json", #"{"title": "own", "type": "object"}"#)
        try folder.write("schemas/explicit.json", #"{"title": "explicit"}"#)
        let catalog = try SchemaCatalog(contentsOfFile: folder.write("catalog.json", Self.catalogText))
        let selection = SchemaSelection(explicit: nil, catalogs: [catalog])
        let plain = try JSONDocument(#"{"name": "x"}"#)
        let file = folder.url.appendingPathComponent("app/package.json").path

        let byCatalog = try #require(try selection.choose(for: plain, file: file))
        #expect(byCatalog.name == "npm package")
        #expect(byCatalog.reason == "the catalog's fileMatch")

        // A relative `$schema` is read next to the document, before the catalog.
        try folder.write("app/own.json", #"{"title": "next to it"}"#)
        let own = try #require(try selection.choose(for: try JSONDocument(#"{"$schema": "own.json"}"#), file: file))
        #expect(own.reason == "$schema")
        #expect(own.text.contains("next to it"))

        // A URI the catalog maps, through one of its versions.
        try folder.write("schemas/workflow.json", #"{"title": "workflow 2"}"#)
        let versioned = try #require(try selection.choose(for: try JSONDocument(#"{"$schema": "schemas/workflow.json"}"#), file: "/elsewhere/x.json"))
        #expect(versioned.name == "workflow")
        #expect(versioned.reason == "$schema, through the catalog")

        // A schema document is checked against its dialect's meta-schema.
        let schemaFile = try #require(try selection.choose(for: try JSONDocument(#"{"$schema": "http://json-schema.org/draft-07/schema#"}"#), file: nil))
        #expect(schemaFile.location == "http://json-schema.org/draft-07/schema")

        // A remote `$schema` is never fetched: the catalog's fileMatch decides.
        let remote = try #require(try selection.choose(for: try JSONDocument(#"{"$schema": "https://example.com/unknown.json"}"#), file: file))
        #expect(remote.name == "npm package")
        // A catalog entry whose URL nothing provides is no silent pass: the error names it.
        do {
            _ = try selection.choose(for: plain, file: folder.url.appendingPathComponent("remote.json").path)
            Issue.record("a remote-only entry was skipped")
        } catch {
            #expect(error.message.contains("the catalog's entry remote only names https://example.com/remote.json"), "\(error)")
        }

        let explicit = SchemaSelection(explicit: folder.url.appendingPathComponent("schemas/explicit.json").path, catalogs: [catalog])
        #expect(try explicit.choose(for: try JSONDocument(#"{"$schema": "own.json"}"#), file: file)?.reason == "--schema")

        // Standard input matches no fileMatch.
        #expect(try selection.choose(for: plain, file: nil) == nil)
        // A chosen schema that cannot be read is an error that names it.
        let missing = try SchemaCatalog(text: #"{"schemas": [{"name": "gone", "fileMatch": ["*.json"], "url": "gone.json"}]}"#, folder: folder.url.path)
        #expect(throws: SchemaLoadError.self) { try SchemaSelection(explicit: nil, catalogs: [missing]).choose(for: plain, file: file) }
    }
}
