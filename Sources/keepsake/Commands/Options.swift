import ArgumentParser
import Foundation
import JSONSchema
import KeepsakeSettings
import ModelBrowser
import LosslessJSON
import LosslessYAML
import RecordStore

/// The parsing options of every command that reads JSON: one declaration, one default.
struct ParsingOptions: ParsableArguments {
    @Option(help: "The deepest nesting accepted.")
    var maxDepth: Int = JSONParseOptions.default.maxDepth

    @Option(name: .customLong("syntax"), help: ArgumentHelp(
        "The file's syntax: json, jsonc (JSON with comments), json5 or yaml.",
        discussion: "Default: .jsonc and .json5 by extension, .yaml and .yml YAML; JSON5 for the files their tools read so ("
            + JSONSyntax.json5FilePatterns.joined(separator: ", ") + "); JSON with comments for the files editors read so ("
            + JSONSyntax.commentedFilePatterns.joined(separator: ", ") + "); else json. JSON Lines (.jsonl, .ndjson) are strict JSON."))
    var chosenSyntax: FileSyntax?

    @Option(name: .customLong("document"), help: "In a YAML stream of several documents (--- between them): the one to read, 0 for the first.")
    var documentNumber: Int?

    /// The JSON syntax --syntax names (nil for none, and for YAML).
    var syntax: JSONSyntax? { chosenSyntax.flatMap { JSONSyntax(rawValue: $0.rawValue) } }

    /// Whether a file is read as YAML: --syntax yaml, or its name says so.
    func isYAML(_ file: String) -> Bool {
        chosenSyntax == .yaml || chosenSyntax == nil && YAMLFile.isYAMLName(file)
    }

    /// Whether a file is read as YAML; --document on a file that is not is refused.
    func readsYAML(_ file: String) throws -> Bool {
        if isYAML(file) { return true }
        if documentNumber != nil { throw CommandFailure(message: "--document picks a document of a YAML stream; \(shownInMessage(file)) is not YAML", code: 2) }
        return false
    }

    /// The parse options these make, without a file (strict JSON unless --syntax says otherwise).
    var parseOptions: JSONParseOptions { JSONParseOptions(maxDepth: maxDepth, syntax: syntax ?? .json) }

    /// The parse options for a file: its syntax from --syntax, else from its name; JSON Lines by
    /// extension.
    func options(for file: String) -> JSONParseOptions {
        DocumentFile.options(for: file, syntax: syntax, JSONParseOptions(maxDepth: maxDepth))
    }
}

extension JSONSyntax: ExpressibleByArgument {}

/// A file's syntax as `--syntax` names it: one of JSON's, or YAML.
enum FileSyntax: String, CaseIterable, ExpressibleByArgument {
    case json, jsonc, json5, yaml
}

/// A strict JSON error about `file` with, when another syntax reads the file, how to read it so:
/// "… (trailing commas are not allowed; it reads as JSON with comments: --syntax jsonc)".
func withSyntaxHint(_ message: String, file: String) -> String {
    guard let syntax = DocumentFile.syntaxThatReads(file) else { return message }
    let hint = "it reads as \(syntax): --syntax \(syntax.rawValue)"
    return message.hasSuffix(")") ? String(message.dropLast()) + "; \(hint))" : message + " (\(hint))"
}

/// `--table`, `--column` and `--key`: JSON in a column of any SQLite table.
struct TableOptions: ParsableArguments {
    @Option(help: "For any SQLite database: the table holding JSON to browse.")
    var table: String?

    @Option(help: "With --table: the column holding JSON text.")
    var column: String?

    @Option(help: "With --table: the column identifying rows.")
    var key: String = "id"
}

extension FieldCondition: ExpressibleByArgument {
    /// A condition from the command line (`.age>=18`); see `init(parsing:)`.
    public init?(argument: String) {
        guard let condition = try? FieldCondition(parsing: argument) else { return nil }
        self = condition
    }
}

/// The options that choose and apply a JSON Schema: the browser and `validate` choose the same
/// schema for a file (`--schema`, else its `$schema`, else a catalog's `fileMatch`).
struct SchemaOptions: ParsableArguments {
    @Option(help: "Use this JSON Schema (a file), whatever the document's $schema or a catalog says.")
    var schema: String?

    @Option(help: "A schema catalog in SchemaStore's catalog.json format, a file or URL (repeatable; $XDG_CONFIG_HOME/keepsake/catalog.json and the settings file's catalog are read first, SchemaStore's catalog last).")
    var catalog: [String] = []

    @Flag(name: .customLong("no-schema"), help: "Use no JSON Schema, even when the document's $schema or a catalog names one.")
    var noSchema = false

    @Option(help: "The dialect of a schema without $schema: 2020-12, 2019-09, draft-07, draft-06 or draft-04.")
    var dialect: Dialect = .draft2020

    @Option(name: .customLong("schema-map"), help: "PREFIX=DIR: read schemas whose URI starts with PREFIX from DIR, never from the network (repeatable).")
    var schemaMaps: [String] = []

    @Flag(help: "Fetch no schema over the network: use only the schema cache's copies (as fetch-schemas = false in the settings, or KEEPSAKE_OFFLINE=1).")
    var offline = false

    @Option(help: "How long fetching one schema may take, in seconds.")
    var fetchTimeout: Double = 10

    @Flag(help: "Check formats (date-time, email, uri and the rest the specification names) instead of treating them as annotations.")
    var assertFormat = false

    /// The options for the schema library; a malformed mapping is a usage error.
    func options() throws -> JSONSchema.Options {
        try Self.options(dialect: dialect, schemaMaps: schemaMaps, assertFormat: assertFormat)
    }

    /// The options for the schema library from the command line's values.
    static func options(dialect: Dialect, schemaMaps: [String], assertFormat: Bool = false) throws -> JSONSchema.Options {
        var mappings: [(prefix: String, folder: String)] = []
        for text in schemaMaps {
            guard let mapping = SchemaResolver.mapping(text) else {
                throw CommandFailure(message: "--schema-map \(text): expected PREFIX=DIR", code: 2)
            }
            mappings.append(mapping)
        }
        return JSONSchema.Options(dialect: dialect, assertFormat: assertFormat, resolver: SchemaResolver(mappings: mappings))
    }

    /// These options with the settings file's `schema-map` folders after the command line's.
    func adding(_ settings: BrowserSettings) -> SchemaOptions {
        var options = self
        options.schemaMaps += settings.schemaMaps
        return options
    }
}

extension Dialect: ExpressibleByArgument {}

/// A document's path as schema selection wants it: absolute (a relative `$schema` is read next to
/// the document, and a catalog's `fileMatch` globs match whole paths), `nil` for standard input.
func documentPath(_ file: String) -> String? {
    file == "-" ? nil : file.hasPrefix("/") ? file : FileManager.default.currentDirectoryPath + "/" + file
}

extension SettingsFile {
    /// The settings, each problem in the file said on standard error (the browser shows them in its
    /// status line; a script sees them here).
    static func loadSayingProblems() -> BrowserSettings {
        let settings = load()
        for problem in settings.problems { printError("keepsake: settings \(shownInMessage(settings.file ?? "")): \(problem)") }
        return settings
    }
}
