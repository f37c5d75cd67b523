import ArgumentParser
import CursesTerminal
import KeepsakeSettings
import LosslessJSON
import ModelBrowser
import RecordStore
import RecordStorePostgres
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

    @Option(help: "A schema catalog in SchemaStore's catalog.json format (repeatable; $XDG_CONFIG_HOME/keepsake/catalog.json is always read).")
    var catalog: [String] = []

    @Flag(name: .customLong("no-schema"), help: "Browse without a JSON Schema even when the document's $schema or a catalog names one.")
    var noSchema = false

    @Flag(help: "Print the effective settings (from $XDG_CONFIG_HOME/keepsake/config.toml) and any problems in them, then exit.")
    var printConfig = false

    func validate() throws {
        if file == nil, !printConfig { throw ValidationError("Missing expected argument '<file>'") }
        if schemaOptions.schema != nil, model != nil || noSchema { throw ValidationError("--schema cannot be used with --model or --no-schema") }
        if let file, let message = Self.mistypedSubcommand(file) { throw ValidationError(message) }
    }

    func run() throws {
        let settings = SettingsFile.load()
        guard let file, !printConfig else {
            print(SettingsFile.render(settings), terminator: "")
            return
        }
        let source = try makeSource(file)
        let schemaDescriber = try describer(for: file, settingsCatalog: settings.catalog)
        // What a killed save left beside the file is cleaned up first, and said in the status line.
        let recovered = source is JSONFileSource ? SaveLeftovers.recover(beside: file) : []
        let describe: (@Sendable (inout BrowserState) -> Void)? =
            recovered.isEmpty ? schemaDescriber : { @Sendable state in
                schemaDescriber?(&state)
                state.note(recovered.joined(separator: "; "))
            }
        // Keys come from the terminal, not from a pipe that holds the document.
        let keyboard = file == "-" ? open("/dev/tty", O_RDONLY) : -1
        if file == "-", keyboard < 0 { throw CommandFailure(message: "cannot open /dev/tty for keys") }
        let interactive = isatty(STDOUT_FILENO) == 1 && (file == "-" || isatty(STDIN_FILENO) == 1)
        do {
            try Browser.run(source: source, registry: SampleModels.registry, modelName: model, settings: settings, describe: describe, showProgress: interactive) {
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

    /// The source FILE names: a record store or table of an SQLite database, a JSON Lines file,
    /// or a JSON file (or standard input).
    private func makeSource(_ file: String) throws -> any DocumentSource {
        let options = parsing.parseOptions
        if PostgresLocation.isURL(file) {
            if tableOptions.table != nil { throw CommandFailure(message: "--table reads an SQLite database; a postgres:// URL opens its record store", code: 2) }
            return RecordStoreSource(store: try openBrowsedStore(file), options: options)
        }
        if looksLikeSQLite(file) {
            do {
                guard let table = tableOptions.table else { return RecordStoreSource(store: try RecordStore(path: file), options: options) }
                guard let column = tableOptions.column else { throw CommandFailure(message: "--table needs --column (the JSON column)", code: 2) }
                let foreign = try ForeignTable(path: file, table: table, jsonColumn: column, keyColumn: tableOptions.key)
                return ForeignTableSource(table: foreign, options: options)
            } catch let error as RecordStoreError {
                throw CommandFailure(message: error.description)
            }
        }
        if tableOptions.table != nil { throw CommandFailure(message: "--table needs an SQLite database", code: 2) }
        if JSONFileSource.isJSONLines(file) { return JSONFileSource(jsonLinesAt: file, options: options) }
        return JSONFileSource(path: file, options: options)
    }

    /// Opens a PostgreSQL store to browse; a database without the record table offers to create it
    /// (asked on the terminal), since browsing an empty new table is rarely what was meant.
    private func openBrowsedStore(_ url: String) throws -> RecordStore {
        do {
            return RecordStore(backend: try PostgresRecordBackend(url: url, createTable: false))
        } catch RecordStoreError.noRecordTable(let location) {
            guard isatty(STDIN_FILENO) == 1, isatty(STDERR_FILENO) == 1 else {
                throw CommandFailure(message: RecordStoreError.noRecordTable(path: location).description)
            }
            writeAll(Array("\(location) has no record table. Create it (id, type, json text, times, version; and its change trigger)? [y/N] ".utf8), to: STDERR_FILENO)
            guard let answer = readLine(), ["y", "yes"].contains(answer.lowercased()) else {
                throw CommandFailure(message: "\(location): nothing created")
            }
            return try openStore(url, readOnly: false, createTable: true)
        } catch {
            throw CommandFailure(message: error.description)
        }
    }

    private func looksLikeSQLite(_ path: String) -> Bool {
        // Only a regular file: opening a FIFO to look would wait for its writer.
        var info = stat()
        guard path != "-", stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return false }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var header = [UInt8](repeating: 0, count: 16)
        guard read(fd, &header, 16) == 16 else { return false }
        return String(decoding: header.prefix(15), as: UTF8.self) == "SQLite format 3"
    }
}
