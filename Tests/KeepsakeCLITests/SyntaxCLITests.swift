import Foundation
import Testing
import TestSupport

/// The command line on JSON with comments and JSON5: the syntax chosen by --syntax, the extension
/// or the file's name, the same in every command; values read and written in the file's syntax;
/// `get --json` for scripts; a strict JSON file that another syntax reads refused with the hint.
@Suite("keepsake CLI: JSON with comments and JSON5")
struct SyntaxCLITests {
    let tsconfig = """
        {
          "compilerOptions": {
            /* Visit https://aka.ms/tsconfig to read more about this file */
            "target": "es2016", // the language version
            // "lib": [],
            "module": "commonjs",
            "strict": true,
          },
        }

        """

    @Test func aFileNamedAsEditorsNameJSONWithCommentsIsReadSoByEveryCommand() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let file = try scratch.file("tsconfig.json", tsconfig)
        #expect(try Keepsake.run("validate", file).status == 0)
        #expect(try Keepsake.run("get", file, ".compilerOptions.target").stdout == "\"es2016\"\n")
        #expect(try Keepsake.run("set", file, ".compilerOptions.target", "\"es2022\"").status == 0)
        #expect(try scratch.read(file) == tsconfig.replacingOccurrences(of: "\"es2016\"", with: "\"es2022\""))
        // A delete takes the member's line and its trailing comment; the comment above the next stays.
        #expect(try Keepsake.run("delete", file, ".compilerOptions.target").status == 0)
        #expect(try scratch.read(file) == tsconfig.replacingOccurrences(of: "    \"target\": \"es2016\", // the language version\n", with: ""))
        #expect(try Keepsake.run("set", file, ".compilerOptions.outDir", "\"dist\"").status == 0)
        #expect(try scratch.read(file).contains("    \"strict\": true,\n    \"outDir\": \"dist\",\n  },"))
    }

    @Test func json5ValuesAreReadAndWrittenInTheFilesSyntaxAndGetJSONPrintsStrictJSON() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let text = "{\n  // settings\n  name: 'keepsake',\n  size: 0x1F,\n  ratio: .5,\n  limit: Infinity,\n}\n"
        let file = try scratch.file("config.json5", text)
        #expect(try Keepsake.run("get", file, ".size").stdout == "0x1F\n")
        #expect(try Keepsake.run("get", file, ".size", "--json").stdout == "31\n")
        #expect(try Keepsake.run("get", file, ".ratio", "--json").stdout == "0.5\n")
        #expect(try Keepsake.run("get", file, ".name", "--raw").stdout == "keepsake\n")
        let infinity = try Keepsake.run("get", file, ".limit", "--json")
        #expect(infinity.status == 1 && infinity.stderr.contains("NaN or Infinity"))
        let whole = try Keepsake.run("get", file, ".", "--json")
        #expect(whole.stdout.isEmpty && whole.status == 1)
        #expect(try Keepsake.run("set", file, ".size", "0xFF").status == 0)
        #expect(try Keepsake.run("set", file, ".title", "'it''s'").status == 2)  // not a JSON5 string: refused
        #expect(try Keepsake.run("set", file, ".title", "'Keepsake'").status == 0)
        #expect(try scratch.read(file) == "{\n  // settings\n  name: 'keepsake',\n  size: 0xFF,\n  ratio: .5,\n  limit: Infinity,\n  title: 'Keepsake',\n}\n")
        let bad = try scratch.file("bad.json5", "{a: 1,, }")
        let refused = try Keepsake.run("validate", bad)
        #expect(refused.status == 1)
        #expect(refused.stderr == "\(bad):1:7: error: expected a key (a name, or a string in quotes), found ',' (JSON5: one comma at most between members)\n")
    }

    @Test func syntaxIsChosenByOptionThenExtensionThenNameElseStrictJSON() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let commented = "{\n  // a comment\n  \"a\": 1,\n}\n"
        let plain = try scratch.file("data.json", commented)
        let refused = try Keepsake.run("validate", plain)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("comments are not allowed in JSON; it reads as JSON with comments: --syntax jsonc"), "\(refused.stderr)")
        #expect(try Keepsake.run("validate", "--syntax", "jsonc", plain).status == 0)
        #expect(try Keepsake.run("get", "--syntax", "jsonc", plain, ".a").stdout == "1\n")
        let set = try Keepsake.run("set", plain, ".a", "2")
        #expect(set.status == 1 && set.stderr.contains("--syntax jsonc"))
        #expect(try Keepsake.run("validate", try scratch.file("x.jsonc", commented)).status == 0)
        try FileManager.default.createDirectory(atPath: scratch.url.appendingPathComponent(".vscode").path, withIntermediateDirectories: true)
        #expect(try Keepsake.run("validate", try scratch.file(".vscode/settings.json", commented)).status == 0)
        #expect(try Keepsake.run("validate", try scratch.file("tsconfig.base.json", commented)).status == 0)
        #expect(try Keepsake.run("validate", try scratch.file("my.code-workspace", commented)).status == 0)
        // Babel's files are JSON5, as Babel reads them (unquoted keys are common in real ones).
        let babel = try scratch.file(".babelrc", "{\n  presets: ['env'],\n}\n")
        #expect(try Keepsake.run("get", babel, ".presets[0]", "--json").stdout == "\"env\"\n")
        #expect(try Keepsake.run("validate", try scratch.file("presets.json", "{presets: []}")).status == 1)
        // A file of one syntax read as another: the error names the syntax it was read as.
        let five = try Keepsake.run("validate", "--syntax", "json", try scratch.file("y.json5", "{a: 1}"))
        #expect(five.status == 1 && five.stderr.contains("1:2: error: expected a string key in double quotes"), "\(five.stderr)")
    }

    @Test func deleteAndEditWorkOnLargeFilesAsGetAndSetDo() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let records = (0..<3000).map { "    {\"id\": \($0), \"name\": \"person \($0)\"}" }.joined(separator: ",\n")
        let text = "{\n  \"records\": [\n" + records + "\n  ]\n}\n"
        let file = try scratch.file("big.json", text)
        func large(_ arguments: String...) throws -> Subprocess.Result {
            try Subprocess.run("/usr/bin/env", ["KEEPSAKE_LARGE_FILE=10000", Keepsake.binary] + arguments)
        }
        #expect(try large("delete", file, ".records[1500].name").status == 0)
        #expect(try scratch.read(file) == text.replacingOccurrences(of: "{\"id\": 1500, \"name\": \"person 1500\"}", with: "{\"id\": 1500}"))
        // The root's own members: the file is indexed (folded) and edited as a document.
        #expect(try large("delete", file, ".records[2999]").status == 0)
        #expect(try scratch.read(file).hasSuffix("{\"id\": 2998, \"name\": \"person 2998\"}\n  ]\n}\n"))
        let edit = try Subprocess.run("/usr/bin/env", ["KEEPSAKE_LARGE_FILE=10000", "EDITOR=sed -i s/person/someone/", Keepsake.binary, "edit", file, ".records[7].name"])
        #expect(edit.status == 0, "\(edit.stderr)")
        #expect(try scratch.read(file).contains("{\"id\": 7, \"name\": \"someone 7\"}"))
    }

    @Test func aSchemaForARecordStoreIsRefusedNotAppliedToTheWholeView() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let db = scratch.url.appendingPathComponent("s.sqlite").path
        #expect(try Keepsake.run("db", "put", db, "Person", #"{"name": "Ada"}"#).status == 0)
        let schema = try scratch.file("person.schema.json", #"{"type": "object", "required": ["name"]}"#)
        let refused = try Keepsake.run(db, "--schema", schema)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("--schema describes one document; \(db) holds records of several types"), "\(refused.stderr)")
    }

    /// `Samples/config`: configuration files in the shapes their tools write them.
    static let configSamples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Samples/config")

    /// A sample, a value's path, its literal, and the text around it in the file (once).
    static let configValues = [
        ("tsconfig.json", ".compilerOptions.target", #""es2016""#, #""target": "es2016","#),
        (".vscode/settings.json", #"."editor.tabSize""#, "2", #""editor.tabSize": 2,"#),
        (".vscode/launch.json", ".configurations[0].name", #""Debug keepsake""#, #""name": "Debug keepsake","#),
        (".devcontainer/devcontainer.json", ".name", #""keepsake""#, #""name": "keepsake","#),
        ("renovate.json5", ".prConcurrentLimit", "0x0A", "prConcurrentLimit: 0x0A,"),
    ]

    @Test(arguments: configValues)
    func eachConfigSampleReadsByItsNameAndANoOpSetKeepsEveryByte(name: String, path: String, literal: String, context: String) throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let original = try String(contentsOf: Self.configSamples.appendingPathComponent(name), encoding: .utf8)
        if name.contains("/") {
            try FileManager.default.createDirectory(at: scratch.url.appendingPathComponent(name).deletingLastPathComponent(), withIntermediateDirectories: true)
        }
        let file = try scratch.file(name, original)
        // Syntax only: renovate.json5's `$schema` is a URL no catalog here maps (that is exit 2).
        #expect(try Keepsake.run("validate", "--no-schema", file).status == 0)
        // The value's source text, then the whole as strict JSON for other tools.
        #expect(try Keepsake.run("get", file, path).stdout == literal + "\n")
        let json = try Keepsake.run("get", file, ".", "--json")
        #expect(json.status == 0 && (try? JSONSerialization.jsonObject(with: Data(json.stdout.utf8))) != nil, "\(json.stderr)")
        // Setting the value to what it is changes no byte; another value changes only its own.
        #expect(try Keepsake.run("set", file, path, literal).status == 0)
        #expect(try scratch.read(file) == original)
        #expect(try Keepsake.run("set", file, path, "7").status == 0)
        #expect(original.components(separatedBy: context).count == 2)
        #expect(try scratch.read(file) == original.replacingOccurrences(of: context, with: context.replacingOccurrences(of: literal, with: "7")))
    }
}
