import ArgumentParser
import CursesTerminal
import DictionaryStorage
import LosslessJSON
import ModelBrowser
import RecordStore
import SampleModels
#if canImport(Glibc)
import Glibc
#endif

/// `keepsake FILE`: the terminal browser.
struct BrowseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "browse",
        abstract: "Browse and edit a JSON file in the terminal, through a model's typed fields (the default command).",
        discussion: "Keys: press ? in the browser. FILE may be - for standard input (save it with :w PATH)."
    )

    @Argument(help: "The JSON file, or - for standard input.")
    var file: String

    @Option(help: "Bind the root (or each element of a root array) to this registered model; see `keepsake models`.")
    var model: String?

    @Option(help: "The deepest nesting accepted.")
    var maxDepth: Int = 10_000

    @Option(help: "For any SQLite database: the table holding JSON to browse.")
    var table: String?

    @Option(help: "With --table: the column holding JSON text.")
    var column: String?

    @Option(help: "With --table: the column identifying rows.")
    var key: String = "id"

    /// Where the document came from, and so how it is saved.
    enum Source {
        case file
        case store(RecordStore)
        case table(ForeignTable)
        /// A JSON Lines file, shown as an array of its lines' values.
        case lines(JSONLinesDocument, JSONFileOrigin?)
    }

    func run() throws {
        let options = JSONParseOptions(maxDepth: maxDepth)
        let document: JSONDocument
        var source = Source.file
        // A large file loads inside the terminal, with a progress bar; anything else loads first, so
        // errors reach a script's standard error before the terminal is taken over.
        var loadingTerminal: CursesTerminal?
        if looksLikeSQLite(file) {
            (document, source) = try openDatabase(options: options)
        } else if isJSONLines(file) {
            (document, source) = try openLines(options: options)
        } else {
            if table != nil { throw CommandFailure(message: "--table needs an SQLite database", code: 2) }
            if isLarge(file), isatty(STDOUT_FILENO) == 1, isatty(STDIN_FILENO) == 1 {
                let terminal = CursesTerminal()
                do {
                    document = try LargeFileLoader(path: file, options: options, terminal: terminal).load()
                } catch {
                    terminal.close()
                    switch error {
                    case .cancelled: throw CommandFailure(message: "\(file): loading was cancelled")
                    case .file(let error): throw CommandFailure(message: error.description)
                    }
                }
                loadingTerminal = terminal
            } else {
                do {
                    document = try JSONDocument(contentsOfFile: file, options: options)
                } catch {
                    throw CommandFailure(message: error.description)
                }
            }
        }
        guard isatty(STDOUT_FILENO) == 1 else {
            throw CommandFailure(message: "the browser needs a terminal; use `keepsake get` or `keepsake validate` in scripts")
        }
        if file == "-" {
            // Keys come from the terminal, not from the pipe that held the document.
            let tty = open("/dev/tty", O_RDONLY)
            guard tty >= 0, dup2(tty, STDIN_FILENO) >= 0 else { throw CommandFailure(message: "cannot open /dev/tty for keys") }
            Glibc.close(tty)
        }
        let terminal = loadingTerminal ?? CursesTerminal()
        defer { terminal.close() }
        let size = terminal.size
        let isStore: Bool
        if case .store = source { isStore = true } else { isStore = false }
        let state = BrowserState(
            document: document, sourceName: file == "-" ? "(standard input)" : file, hasFile: file != "-",
            registry: SampleModels.registry, modelName: model, width: size.width, height: size.height,
            isRecordStore: isStore)
        terminal.run(state) { effect, state in
            switch effect {
            case .save(let path, let force):
                switch (source, path) {
                case (.store(let store), nil): return [saveRecords(state, to: store)]
                case (.table(let foreign), nil): return [saveRows(state, to: foreign)]
                case (.lines(let lines, let origin), nil):
                    let (event, written) = saveLines(state, into: lines, origin: origin, force: force)
                    // Later saves start from what this one wrote (if the file cannot be read back, the
                    // next save asks before overwriting: the conservative answer).
                    if let written { source = .lines(written, try? JSONFileReader.origin(path: file)) }
                    return [event]
                default: return [CursesTerminal.saveDocument(&state, to: path, force: force)]
                }
            case .reload:
                guard case .file = source else { return [] }
                let reloaded: JSONDocument
                do {
                    reloaded = try JSONDocument(contentsOfFile: file, options: options)
                } catch {
                    return [.saveFailed(message: "cannot reload: \(error)", changedOnDisk: false)]
                }
                state = BrowserState(
                    document: reloaded, sourceName: file, hasFile: true, registry: SampleModels.registry, modelName: model,
                    width: state.width, height: state.height)
                return []
            default:
                return []
            }
        }
    }

    /// The records of a store (`{"Type": {"id": record}}`) or the rows of a table (`{"key": json}`)
    /// as one document whose values are the stored texts, verbatim.
    private func openDatabase(options: JSONParseOptions) throws -> (JSONDocument, Source) {
        do {
            var text = "{\n"
            let source: Source
            if let table {
                guard let column else { throw CommandFailure(message: "--table needs --column (the JSON column)", code: 2) }
                let foreign = try ForeignTable(path: file, table: table, jsonColumn: column, keyColumn: key)
                let rows = try foreign.rows()
                text += rows.map { "  \(JSONWriter.quoted($0.key)): \($0.json)" }.joined(separator: ",\n")
                source = .table(foreign)
            } else {
                let store = try RecordStore(path: file)
                var groups: [String] = []
                for entry in try store.types() {
                    let records = try store.list(type: entry.type, order: .created)
                    let body = records.map { "    \(JSONWriter.quoted($0.id)): \($0.json)" }.joined(separator: ",\n")
                    groups.append("  \(JSONWriter.quoted(entry.type)): {\n\(body)\n  }")
                }
                text += groups.joined(separator: ",\n")
                source = .store(store)
            }
            text += "\n}\n"
            do {
                return (try JSONDocument(text, options: options), source)
            } catch {
                throw CommandFailure(message: "\(file): a stored value is not valid JSON: \(error)")
            }
        } catch let error as RecordStoreError {
            throw CommandFailure(message: error.description)
        }
    }

    /// A JSON Lines file as an array of its lines' values, each line's text verbatim.
    private func openLines(options: JSONParseOptions) throws -> (JSONDocument, Source) {
        let storage: JSONBytes
        let origin: JSONFileOrigin?
        do {
            (storage, origin) = try JSONFileReader.read(path: file)
        } catch {
            throw CommandFailure(message: error.description)
        }
        let lines: JSONLinesDocument
        do {
            lines = try JSONLinesDocument(bytes: storage.buffer, options: options)
        } catch {
            for line in error.lines { printError("\(file):\(line.line):\(line.error.column): error: \(line.error.message)") }
            throw CommandFailure(message: "\(file): \(error.lines.count) invalid line(s); fix them before browsing")
        }
        let body = lines.valueLines.compactMap { $0.document?.text }.map { "  " + $0 }.joined(separator: ",\n")
        do {
            return (try JSONDocument("[\n" + body + "\n]\n", options: options), .lines(lines, origin))
        } catch {
            throw CommandFailure(message: "\(file): \(error)")
        }
    }

    /// Writes a JSON Lines file back: changed lines edited byte-minimally, untouched lines and blank
    /// lines copied, new elements appended as new lines, removed elements' lines dropped.
    private func saveLines(
        _ state: BrowserState, into original: JSONLinesDocument, origin: JSONFileOrigin?, force: Bool
    ) -> (Event, JSONLinesDocument?) {
        if !force, let origin, !origin.isUnchangedOnDisk {
            return (.saveFailed(message: "\(file): the file changed on disk since it was opened", changedOnDisk: true), nil)
        }
        guard case .array(let old) = state.saved.rootValue, case .array(let new) = state.document.rootValue else {
            return (.saveFailed(message: "the lines view must stay an array", changedOnDisk: false), nil)
        }
        var output: [UInt8] = []
        var valueIndex = 0
        do {
            for line in original.lines {
                guard var document = line.document else {
                    output += original.bytes(of: line) + line.terminator
                    continue
                }
                defer { valueIndex += 1 }
                guard valueIndex < new.count else { continue }  // removed from the end
                if valueIndex < old.count, old[valueIndex] != new[valueIndex] {
                    try document.update(at: .root, to: new[valueIndex])
                }
                output += document.bytes.array + line.terminator
            }
            for value in new.dropFirst(valueIndex) {
                if let last = output.last, last != 0x0A { output.append(0x0A) }
                output += Array(JSONWriter.serialize(value).utf8) + [0x0A]
            }
        } catch {
            return (.saveFailed(message: "\(error)", changedOnDisk: false), nil)
        }
        do {
            try output.withUnsafeBufferPointer { buffer throws(JSONFileError) in
                _ = try AtomicFileWriter.write(buffer, to: file, mode: origin?.mode ?? 0o644)
            }
        } catch {
            return (.saveFailed(message: error.description, changedOnDisk: false), nil)
        }
        do {
            return (.saved(path: file), try JSONLinesDocument(bytes: output))
        } catch {
            return (.saveFailed(message: "\(file): saved, but the result does not read back: \(error)", changedOnDisk: false), nil)
        }
    }

    /// Writes the changed, added and removed records, all in one transaction.
    private func saveRecords(_ state: BrowserState, to store: RecordStore) -> Event {
        guard case .object(let old) = state.saved.rootValue, case .object(let new) = state.document.rootValue else {
            return .saveFailed(message: "the record view must stay an object of types", changedOnDisk: false)
        }
        do {
            try store.transaction { tx in
                for typeMember in new.members {
                    guard case .object(let records) = typeMember.value else {
                        throw CommandFailure(message: "\(typeMember.key): records must be an object of id → record")
                    }
                    let before = old[typeMember.key]?.objectValue ?? JSONObject()
                    for record in records.members where before[record.key] != record.value {
                        guard case .object(let object) = record.value else {
                            throw CommandFailure(message: "record \(record.key): a record must be a JSON object")
                        }
                        if before[record.key] == nil {
                            try tx.put(type: typeMember.key, id: record.key, text: JSONWriter.serialize(.object(object)))
                        } else {
                            try tx.update(id: record.key, to: object)
                        }
                    }
                    for record in before.members where records[record.key] == nil { try tx.delete(id: record.key) }
                }
                for typeMember in old.members where new[typeMember.key] == nil {
                    try tx.delete(type: typeMember.key)
                }
            }
        } catch {
            return .saveFailed(message: "\(error)", changedOnDisk: false)
        }
        return .saved(path: file)
    }

    /// Writes the changed rows of a foreign table in one transaction (rows cannot be added or removed here).
    private func saveRows(_ state: BrowserState, to table: ForeignTable) -> Event {
        guard case .object(let old) = state.saved.rootValue, case .object(let new) = state.document.rootValue else {
            return .saveFailed(message: "the table view must stay an object of rows", changedOnDisk: false)
        }
        guard Set(old.keys) == Set(new.keys) else {
            return .saveFailed(message: "rows of a foreign table cannot be added or removed here", changedOnDisk: false)
        }
        let changes = new.members.filter { old[$0.key] != $0.value }.map { (key: $0.key, value: $0.value) }
        do {
            try table.update(changes)
        } catch {
            return .saveFailed(message: error.description, changedOnDisk: false)
        }
        return .saved(path: file)
    }

    private func looksLikeSQLite(_ path: String) -> Bool {
        guard path != "-", let handle = fopen(path, "rb") else { return false }
        defer { fclose(handle) }
        var header = [UInt8](repeating: 0, count: 16)
        guard fread(&header, 1, 16, handle) == 16 else { return false }
        return String(decoding: header.prefix(15), as: UTF8.self) == "SQLite format 3"
    }

    /// Whether a path names a regular file big enough for the loading screen.
    private func isLarge(_ path: String) -> Bool {
        var info = stat()
        return path != "-" && stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG && info.st_size >= LargeFileLoader.threshold
    }
}
