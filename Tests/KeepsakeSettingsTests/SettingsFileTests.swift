import Foundation
import KeepsakeSettings
import LosslessJSON
import ModelBrowser
import Testing

@Suite("Settings file")
struct SettingsFileTests {
    @Test func everySettingIsRead() throws {
        let settings = SettingsFile.parse("""
            editor = "nano -w"
            theme = "warm"
            wrap = true
            catalog = "/etc/keepsake/catalog.json"

            [colors]
            key = "bright-cyan"
            kept = 214

            [keys]
            moveDown = ["j", "C-n", "Down"]
            quit = "Q"
            """, file: "config.toml")
        #expect(settings.problems.isEmpty, "\(settings.problems)")
        #expect(settings.editor == "nano -w")
        #expect(settings.theme.name == "warm")
        #expect(settings.theme.color(of: .key) == .ansi(14))
        #expect(settings.theme.color(of: .kept) == TerminalColor(palette: 214))
        #expect(settings.wrapValues)
        #expect(settings.catalog == "/etc/keepsake/catalog.json")
        #expect(settings.keys.action(for: .control("n"), in: .normal) == .moveDown)
        #expect(settings.keys.action(for: .character("Q"), in: .normal) == .quit)
        #expect(settings.keys.action(for: .character("q"), in: .normal) == nil)
        // The settings reach a browser state: keys, wrapping.
        var state = BrowserState(document: try JSONDocument("{\"a\": 1}"), sourceName: "x.json", registry: .init())
        settings.apply(to: &state)
        #expect(state.keys == settings.keys && state.wrapValues)
    }

    @Test func schemaMapsAndAssociationsAreReadAndPrinted() {
        let settings = SettingsFile.parse("""
            schema-map = ["https://example.com/schemas/=/srv/schemas"]

            [[schemas]]
            file-match = ["*.myapp.json", "myapp/**/*.json"]
            url = "schemas/myapp.json"

            [[schemas]]
            url = "no-globs.json"
            """, file: "config.toml")
        #expect(settings.schemaMaps == ["https://example.com/schemas/=/srv/schemas"])
        #expect(settings.schemaAssociations == [.init(fileMatch: ["*.myapp.json", "myapp/**/*.json"], url: "schemas/myapp.json")])
        #expect(settings.problems.map(\.message) == [#"each [[schemas]] needs file-match = ["GLOB", …] and url = "SCHEMA"; that one is ignored"#])
        let printed = SettingsFile.render(settings)
        #expect(printed.contains(#"schema-map = ["https://example.com/schemas/=/srv/schemas"]"#))
        #expect(printed.contains("[[schemas]]\nfile-match = [\"*.myapp.json\", \"myapp/**/*.json\"]\nurl = \"schemas/myapp.json\""))
        // What it prints reads back the same.
        let again = SettingsFile.parse(printed)
        #expect(again.schemaMaps == settings.schemaMaps && again.schemaAssociations == settings.schemaAssociations)
        #expect(SettingsFile.parse(#"schema-map = ["no-equals-sign"]"#).problems.first?.message.contains("PREFIX=DIR") == true)
    }

    @Test func fetchingAndTheDefaultCatalogAreReadAndPrinted() {
        let builtIn = SettingsFile.parse("")
        #expect(builtIn.fetchSchemas && builtIn.defaultCatalog == "https://www.schemastore.org/api/json/catalog.json")
        let settings = SettingsFile.parse("fetch-schemas = false\ndefault-catalog = \"\"\n")
        #expect(!settings.fetchSchemas && settings.defaultCatalog.isEmpty && settings.problems.isEmpty)
        let printed = SettingsFile.render(settings)
        #expect(printed.contains("fetch-schemas = false\ndefault-catalog = \"\""))
        let again = SettingsFile.parse(printed)
        #expect(!again.fetchSchemas && again.defaultCatalog.isEmpty)
        let wrong = SettingsFile.parse("fetch-schemas = \"no\"\ndefault-catalog = 3\n")
        #expect(wrong.fetchSchemas && wrong.defaultCatalog == BrowserSettings.schemaStoreCatalog)
        #expect(wrong.problems.map(\.message).sorted() == [
            #"default-catalog must be a URL or path in quotes ("" for none); SchemaStore's stands"#, "fetch-schemas must be true or false; true stands",
        ])
    }

    @Test func aSyntaxErrorNamesItsLineAndTheBuiltInSettingsApply() {
        let settings = SettingsFile.parse("editor = \"vim\"\ntheme = \n", file: "config.toml")
        #expect(settings.problems.count == 1)
        #expect(settings.problems.first?.line == 2)
        #expect(settings.editor == "vi")
    }

    @Test func eachBadSettingIsReportedWithItsLineAndTheRestIsKept() throws {
        let settings = SettingsFile.parse("""
            theme = "neon"
            wrap = "yes"
            editor = "hx"
            volume = 11

            [colors]
            key = "chartreuse"
            string = 300
            hue = "red"

            [keys]
            quit = ["q"]
            fly = ["f"]
            moveUp = ["k", "Ctrl-Up"]
            moveDown = ["u"]
            """)
        let byLine = Dictionary(uniqueKeysWithValues: settings.problems.compactMap { problem in problem.line.map { ($0, problem.message) } })
        #expect(byLine[1]?.contains("theme must be one of default, warm, light") == true)
        #expect(byLine[2]?.contains("wrap must be true or false") == true)
        #expect(byLine[4]?.contains("unknown setting volume") == true)
        #expect(byLine[7]?.contains("key: a colour is a name") == true)
        #expect(byLine[8]?.contains("string: a colour") == true)
        #expect(byLine[9]?.contains("unknown role hue") == true)
        #expect(byLine[13]?.contains("unknown action fly") == true)
        #expect(byLine[14]?.contains("moveUp: keys are a list of names") == true)
        #expect(byLine[15]?.contains("u is bound to both") == true)  // u is undo's
        #expect(settings.problems.count == 9)
        // The browser shows the first before any note made as the document opened (a schema's,
        // a source's), which once hid it.
        var state = BrowserState(document: try JSONDocument("{}"), sourceName: "x.json", registry: .init())
        state.note("typed by the schema")
        settings.reportProblems(in: &state)
        #expect(state.message?.hasPrefix("settings, line 1: theme must be one of") == true, "\(state.message ?? "")")
        #expect(state.message?.contains("(and 8 more: keepsake --print-config)") == true)
        #expect(state.message?.hasSuffix("· typed by the schema") == true)
        #expect(state.messageIsError)
        // What was understood applies; every problem leaves the built-in value.
        #expect(settings.editor == "hx")
        #expect(settings.theme == Theme.standard)
        #expect(settings.keys.action(for: .character("u"), in: .normal) == .undo)
        #expect(settings.keys.action(for: .character("q"), in: .normal) == .quit)
    }

    @Test func theEffectiveSettingsPrintAsAFileThatReadsBack() {
        var settings = SettingsFile.parse("theme = \"light\"\n[keys]\nquit = [\"Q\", \"C-q\"]\n[colors]\nnull = \"bright-red\"\n")
        let printed = SettingsFile.render(settings)
        #expect(printed.contains("quit = [\"Q\", \"C-q\"]"))
        #expect(printed.contains("null = \"bright-red\""))
        let again = SettingsFile.parse(printed)
        #expect(again.problems.isEmpty, "\(again.problems)")
        settings.file = nil
        #expect(again.keys == settings.keys)
        #expect(again.theme == settings.theme)
        #expect(again == settings)
    }

    @Test func aMissingFileGivesTheBuiltInSettings() {
        let settings = SettingsFile.load(path: "/nonexistent/keepsake/config.toml")
        #expect(settings == BrowserSettings())
    }
}

@Suite("README settings example")
struct ReadmeSettingsTests {
    @Test func theReadmesSettingsFileIsReadWithoutProblems() throws {
        let readme = try String(contentsOfFile: #filePath.replacingOccurrences(of: "Tests/KeepsakeSettingsTests/SettingsFileTests.swift", with: "README.md"), encoding: .utf8)
        let block = try #require(readme.components(separatedBy: "```toml\n").dropFirst().first?.components(separatedBy: "```").first)
        let settings = SettingsFile.parse(block)
        #expect(settings.problems.isEmpty, "\(settings.problems)")
        #expect(settings.editor == "nano" && settings.theme.name == "warm" && settings.wrapValues)
        #expect(settings.keys.action(for: .control("q"), in: .normal) == .quit)
    }
}
