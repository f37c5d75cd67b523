import Foundation
import ArgumentParser
import CursesTerminal
import DictionaryStorage
import KeepsakeSettings
import LosslessJSON
import ModelBrowser
import ModelBrowserRuntime
import KeepsakeSources
import RecordStore
import SampleModels
#if canImport(Glibc)
import Glibc
#endif

/// `keepsake FILE`: the terminal browser. Chooses the document source and runs the browser on it.
struct BrowseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "browse",
        abstract: "Browse and edit a JSON file in the terminal, through a model's typed fields (the default command).",
        discussion: "Keys: press ? in the browser. FILE may be - for standard input (save it with :w PATH)."
    )

    @Argument(help: "The JSON or JSON Lines file, a record store, or - for standard input.")
    var file: String?

    @Option(help: "Bind the root (or each element of a root array) to this registered model; see `keepsake models`.")
    var model: String?

    @OptionGroup var parsing: ParsingOptions
    @OptionGroup var tableOptions: TableOptions
    @OptionGroup var schemaOptions: SchemaOptions

    @Flag(help: "Print the effective settings (from $XDG_CONFIG_HOME/keepsake/config.toml) and any problems in them, then exit.")
    var printConfig = false

    func validate() throws {
        if file == nil, !printConfig { throw ValidationError("Missing expected argument '<file>'") }
        if schemaOptions.schema != nil, model != nil || schemaOptions.noSchema { throw ValidationError("--schema cannot be used with --model or --no-schema") }
        if let file, let message = Self.mistypedSubcommand(file) { throw ValidationError(message) }
    }

    func run() throws {
        let settings = SettingsFile.load()
        guard let file, !printConfig else {
            print(SettingsFile.render(settings), terminator: "")
            return
        }
        let source = try makeSource(file)
        let describe = try describer(for: source, file: file, settings: settings)
        // Keys come from the terminal, not from a pipe that holds the document.
        let keyboard = file == "-" ? open("/dev/tty", O_RDONLY) : -1
        if file == "-", keyboard < 0 { throw CommandFailure(message: "cannot open /dev/tty for keys") }
        let interactive = isatty(STDOUT_FILENO) == 1 && (file == "-" || isatty(STDIN_FILENO) == 1)
        do {
            try Browser.run(source: source, registry: Self.registry(for: file), modelName: model, settings: settings, describe: describe, showProgress: interactive) {
                guard isatty(STDOUT_FILENO) == 1 else {
                    throw CommandFailure(message: "the browser needs a terminal; use `keepsake get` or `keepsake validate` in scripts")
                }
                if keyboard >= 0 {
                    dup2(keyboard, STDIN_FILENO)
                    close(keyboard)
                }
                return CursesTerminal(theme: settings.theme)
            }
        } catch let error as DocumentSourceError {
            throw CommandFailure(message: error.message)
        }
    }

    /// What describes the source's document: for a record store, the schemas kept with its record
    /// types (one `--schema` cannot describe records of several types); for a table's rows, the
    /// `--schema` each row is checked against; for a file, its schema or an inferred model.
    private func describer(for source: any DocumentSource, file: String, settings: BrowserSettings) throws -> (@Sendable (inout BrowserState) -> (@Sendable () -> Void)?)? {
        switch source.layout {
        case .recordsByType:
            if schemaOptions.schema != nil {
                throw CommandFailure(
                    message: "--schema describes one document; \(file) holds records of several types — keep a schema with each type (keepsake db schema set) instead", code: 2)
            }
            guard let records = source as? RecordStoreSource, !schemaOptions.noSchema, model == nil else { return nil }
            return Self.recordDescriber(for: records.store)
        case .rowsByKey:
            guard let schema = schemaOptions.schema else { return nil }
            return try rowsDescriber(schemaFile: schema)
        case .document:
            return try describer(for: file, large: source.loadsSlowly, settings: settings)
        }
    }

    /// The sample models, bound by how a document looks only to the files of a `Samples` folder
    /// (where they are the point); elsewhere only by name (`--model`, a record type's name), so a
    /// file of one's own is not taken for a sample it happens to resemble.
    static func registry(for file: String) -> ModelRegistry {
        let folders = URL(fileURLWithPath: file).standardizedFileURL.pathComponents.dropLast()
        return folders.contains("Samples") ? SampleModels.registry : SampleModels.registry.bindingByNameOnly()
    }

    /// The source FILE names (`SourceLocation`): a record store or table of an SQLite database, a
    /// PostgreSQL store, a JSON Lines file, or a file of JSON in any syntax (or standard input). A
    /// PostgreSQL database without the record table offers to create it (asked on the terminal),
    /// since browsing an empty new table is rarely what was meant.
    private func makeSource(_ file: String) throws -> any DocumentSource {
        var location = SourceLocation(
            file, table: tableOptions.table, column: tableOptions.column, key: tableOptions.key, syntax: parsing.syntax, options: JSONParseOptions(maxDepth: parsing.maxDepth))
        location.isYAML = parsing.chosenSyntax == .yaml
        location.yamlDocument = parsing.documentNumber ?? 0
        if parsing.documentNumber != nil, location.kind != .yaml {
            throw CommandFailure(message: "--document picks a document of a YAML stream; \(shownInMessage(file)) is not YAML", code: 2)
        }
        do {
            let interactive = isatty(STDIN_FILENO) == 1 && isatty(STDERR_FILENO) == 1
            return try location.open(createRecordTable: !interactive ? nil : { name in
                writeAll(Array("\(name) has no record table. Create it (id, type, json text, times, version; and its change trigger)? [y/N] ".utf8), to: STDERR_FILENO)
                guard let answer = readLine() else { return false }
                return ["y", "yes"].contains(answer.lowercased())
            })
        } catch .usage(let message) {
            throw CommandFailure(message: message, code: 2)
        } catch {
            throw CommandFailure(message: error.description)
        }
    }
}
