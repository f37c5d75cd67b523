import Foundation
import Testing
import TestSupport

/// `validate` chooses a file's schema as the browser does: `--schema`, else `$schema`, else a
/// catalog's `fileMatch` (from `--catalog` or the settings file); `--no-schema` checks syntax only.
@Suite("validate chooses the browser's schema")
struct ValidateSelectionCLITests {
    static let schema = #"{"type": "object", "properties": {"port": {"type": "integer", "maximum": 100}}, "required": ["port"]}"#

    /// Runs keepsake with its settings read from `config` (a folder of its own: the person's real
    /// settings and catalog must not choose schemas here).
    static func run(_ arguments: [String], config: URL) throws -> Subprocess.Result {
        try Subprocess.run("/usr/bin/env", ["XDG_CONFIG_HOME=\(config.path)", Keepsake.binary] + arguments)
    }

    @Test func theDocumentsOwnSchemaIsUsedUnlessNoSchemaIsGiven() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        _ = try scratch.file("config.schema.json", Self.schema)
        let file = try scratch.file("app.json", #"{"$schema": "config.schema.json", "port": 500}"#)
        // It exited 0: `$schema` was not read, and a CI job passed a broken file.
        let checked = try Self.run(["validate", file], config: scratch.url)
        #expect(checked.status == 1)
        #expect(checked.stderr.contains("app.json:1:43: .port: 500 is above the maximum 100"), "\(checked.stderr)")
        let verbose = try Self.run(["validate", "--verbose", file], config: scratch.url)
        #expect(verbose.stderr.contains("app.json: schema config.schema.json (\(scratch.url.path)/config.schema.json), chosen by $schema"), "\(verbose.stderr)")
        let plain = try Self.run(["validate", "--no-schema", file], config: scratch.url)
        #expect(plain.status == 0 && plain.stderr.isEmpty, "\(plain.stderr)")
        #expect(try Self.run(["validate", "--no-schema", "--schema", file, file], config: scratch.url).status == 2)
        // Standard input's relative `$schema` is read from the working folder, as the browser reads it.
        let piped = try Subprocess.run(
            "/bin/sh", ["-c", "cd '\(scratch.url.path)' && XDG_CONFIG_HOME=. '\(Keepsake.binary)' validate - < app.json"])
        #expect(piped.status == 1 && piped.stderr.contains("-:1:43: .port"), "\(piped.stderr)")
    }

    @Test func aCatalogsFileMatchChoosesFromTheCommandLineOrTheSettings() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        _ = try scratch.file("service.schema.json", Self.schema)
        let catalog = try scratch.file("catalog.json", #"{"schemas": [{"name": "service", "fileMatch": ["*.service.json"], "url": "service.schema.json"}]}"#)
        let file = try scratch.file("web.service.json", #"{"port": "80"}"#)
        let other = try scratch.file("other.json", #"{"port": "80"}"#)
        #expect(try Self.run(["validate", file], config: scratch.url).status == 0)
        let byFlag = try Self.run(["validate", "--catalog", catalog, file, other], config: scratch.url)
        #expect(byFlag.status == 1)
        #expect(byFlag.stderr.contains("web.service.json:1:10: .port: "), "\(byFlag.stderr)")
        #expect(!byFlag.stderr.contains("other.json"))
        // The settings file's catalog, as the browser reads it.
        try FileManager.default.createDirectory(at: scratch.url.appendingPathComponent("keepsake"), withIntermediateDirectories: true)
        _ = try scratch.file("keepsake/config.toml", "catalog = \"\(catalog)\"\n")
        let bySettings = try Self.run(["validate", "--verbose", file], config: scratch.url)
        #expect(bySettings.status == 1)
        #expect(bySettings.stderr.contains("schema service (\(scratch.url.path)/service.schema.json), chosen by the catalog's fileMatch"), "\(bySettings.stderr)")
        // JSON Lines have no schema: each line is a document of its own.
        let lines = try scratch.file("a.service.jsonl", "{\"port\": \"80\"}\n")
        #expect(try Self.run(["validate", "--catalog", catalog, lines], config: scratch.url).status == 0)
    }

    @Test func theSettingsFileMapsFoldersAndAssociatesSchemasWithFiles() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try FileManager.default.createDirectory(at: scratch.url.appendingPathComponent("keepsake"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: scratch.url.appendingPathComponent("mirror"), withIntermediateDirectories: true)
        _ = try scratch.file("keepsake/app.schema.json", Self.schema)
        _ = try scratch.file("mirror/name.json", #"{"type": "string"}"#)
        _ = try scratch.file("keepsake/config.toml", """
            schema-map = ["https://schemas.example.com/=\(scratch.url.path)/mirror"]
            [[schemas]]
            file-match = ["*.app.json"]
            url = "app.schema.json"
            """)
        // An association's url is read from the settings file's folder.
        let associated = try Self.run(["validate", "--verbose", try scratch.file("web.app.json", #"{"port": "80"}"#)], config: scratch.url)
        #expect(associated.status == 1 && associated.stderr.contains(#".port: "80" is not of type "integer""#), "\(associated.stderr)")
        #expect(associated.stderr.contains("schema app.schema.json (\(scratch.url.path)/keepsake/app.schema.json)"))
        let mapped = try Self.run(["validate", try scratch.file("n.json", #"{"$schema": "https://schemas.example.com/name.json"}"#)], config: scratch.url)
        #expect(mapped.status == 1 && mapped.stderr.contains(#"an object is not of type "string""#), "\(mapped.stderr)")
    }

    @Test func aSchemaThatCannotBeReadIsNotAPassingFile() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let remote = try scratch.file("remote.json", #"{"$schema": "https://schemas.example.com/app.json", "port": 500}"#)
        // Offline (as every test runs), an unmapped, uncached URL is "not decided" (exit 2), naming it
        // and the ways out.
        let refused = try Self.run(["validate", remote], config: scratch.url)
        #expect(refused.status == 2)
        #expect(
            refused.stderr.contains("remote.json: error: schema not used: $schema: https://schemas.example.com/app.json is not in the schema cache, and fetching is off"),
            "\(refused.stderr)")
        #expect(refused.stderr.contains("--no-schema"))
        // A --schema-map folder provides it.
        try FileManager.default.createDirectory(at: scratch.url.appendingPathComponent("mirror"), withIntermediateDirectories: true)
        _ = try scratch.file("mirror/app.json", Self.schema)
        let mapped = try Self.run(["validate", "--verbose", "--schema-map", "https://schemas.example.com/=\(scratch.url.path)/mirror", remote], config: scratch.url)
        #expect(mapped.status == 1 && mapped.stderr.contains(".port: 500 is above the maximum 100"), "\(mapped.stderr)")
        #expect(mapped.stderr.contains("chosen by $schema, through --schema-map"))
        // A missing file next to the document, and a schema that does not compile.
        let missing = try scratch.file("missing.json", #"{"$schema": "nowhere.json"}"#)
        let gone = try Self.run(["validate", missing], config: scratch.url)
        #expect(gone.status == 2 && gone.stderr.contains("$schema names nowhere.json, and there is no file \(scratch.url.path)/nowhere.json"), "\(gone.stderr)")
        _ = try scratch.file("broken.schema.json", #"{"type": 12}"#)
        let broken = try Self.run(["validate", try scratch.file("b.json", #"{"$schema": "broken.schema.json"}"#)], config: scratch.url)
        #expect(broken.status == 2 && broken.stderr.contains("b.json: error: schema not used:"), "\(broken.stderr)")
    }

    @Test func aCatalogEntryWhoseURLIsRemoteIsReadThroughTheMapsOrNamed() throws {
        // As SchemaStore's catalog writes every entry: a URL, not a file.
        let scratch = try Scratch()
        defer { scratch.remove() }
        let catalog = try scratch.file(
            "catalog.json", #"{"schemas": [{"name": "tsconfig.json", "fileMatch": ["tsconfig.json"], "url": "https://json.schemastore.org/tsconfig.json"}]}"#)
        let file = try scratch.file("tsconfig.json", #"{"port": 500}"#)
        // It was skipped without a word: the file passed as syntax-only.
        let unmapped = try Self.run(["validate", "--catalog", catalog, file], config: scratch.url)
        #expect(unmapped.status == 2, "\(unmapped.stderr)")
        #expect(unmapped.stderr.contains("the catalog's entry tsconfig.json names https://json.schemastore.org/tsconfig.json"), "\(unmapped.stderr)")
        try FileManager.default.createDirectory(at: scratch.url.appendingPathComponent("mirror"), withIntermediateDirectories: true)
        _ = try scratch.file("mirror/tsconfig.json", Self.schema)
        let mapped = try Self.run(
            ["validate", "--verbose", "--catalog", catalog, "--schema-map", "https://json.schemastore.org/=\(scratch.url.path)/mirror", file], config: scratch.url)
        #expect(mapped.status == 1 && mapped.stderr.contains(".port: 500 is above the maximum 100"), "\(mapped.stderr)")
        #expect(mapped.stderr.contains("chosen by the catalog's fileMatch, through --schema-map"), "\(mapped.stderr)")
    }

    @Test func aSchemaKeyPastTheFirstMegabyteOrWrittenWithEscapesIsFound() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        _ = try scratch.file("s.json", Self.schema)
        // Syntax-only files are read in pieces; the bytes decide whether a `$schema` member may be there.
        let filler = (0..<40_000).map { #""k\#($0)": "\#(String(repeating: "x", count: 20))""# }.joined(separator: ", ")
        let late = try scratch.file("late.json", "{" + filler + #", "port": 500, "$schema": "s.json"}"#)
        #expect(try FileManager.default.attributesOfItem(atPath: late)[.size] as? Int ?? 0 > 1 << 20)
        let lateResult = try Self.run(["validate", late], config: scratch.url)
        #expect(lateResult.status == 1 && lateResult.stderr.contains(".port: 500 is above"), "\(lateResult.stderr.prefix(300))")
        // A key or an escape cut between two pieces (1 MiB each) is found at the seam.
        for (key, cut) in [("$schema", 1), ("$schema", 3), ("$schema", 6), (#"\u0024schema"#, 2), (#"\u0024schema"#, 5)] {
            let before = #"{"pad": ""#
            let padding = String(repeating: "x", count: (1 << 20) - cut - before.utf8.count - #"", ""#.utf8.count)
            let seam = try scratch.file("seam.json", before + padding + #"", ""# + key + #"": "s.json", "port": 500}"#)
            #expect(try Self.run(["validate", seam], config: scratch.url).status == 1, "\(key) cut \(cut) bytes before the seam")
        }
        let escaped = try scratch.file("escaped.json", #"{"\u0024schema": "s.json", "port": 500}"#)
        #expect(try Self.run(["validate", escaped], config: scratch.url).status == 1)
        let spelled = try scratch.file("spelled.json", #"{"$sch\u0065ma": "s.json", "port": 500}"#)
        #expect(try Self.run(["validate", spelled], config: scratch.url).status == 1)
        // Escapes of other characters do not make the file parsed whole (nor give it a schema).
        let accented = try scratch.file("accented.json", #"{"name": "\u00e9\ud83d\ude00", "port": 500}"#)
        let plain = try Self.run(["validate", "--verbose", accented], config: scratch.url)
        #expect(plain.status == 0 && plain.stderr.contains("accented.json: no schema"), "\(plain.stderr)")
        // A string that merely contains the word is no member.
        let mention = try scratch.file("mention.json", #"{"note": "see $schema", "port": 500}"#)
        let mentioned = try Self.run(["validate", "--verbose", mention], config: scratch.url)
        #expect(mentioned.status == 0 && mentioned.stderr.contains("mention.json: no schema"), "\(mentioned.stderr)")
        // Another syntax (JSON5's unquoted key) chooses the same way.
        let json5 = try scratch.file("c.json5", "{$schema: 's.json', port: 500}")
        #expect(try Self.run(["validate", json5], config: scratch.url).status == 1)
    }
}
