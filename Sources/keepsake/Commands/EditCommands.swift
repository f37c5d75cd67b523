import ArgumentParser
import LosslessJSON
#if canImport(Glibc)
import Glibc
#endif

/// Options shared by the commands that read a document and address a value in it.
struct DocumentOptions: ParsableArguments {
    @Argument(help: "The JSON file (\"-\" for standard input).")
    var file: String

    @Argument(help: "A jq path (.a.b[0], .\"my key\") or a JSON Pointer (/a/b/0).")
    var path: String

    @OptionGroup var parsing: ParsingOptions

    func parsedPath() throws -> JSONPath {
        do {
            return try JSONPath(parsing: path)
        } catch {
            throw CommandFailure(message: error.description, code: 2)
        }
    }

    /// Reads the document, first cleaning up (and saying) what a killed save of it left behind
    /// (not again when it is read anew because another writer saved it meanwhile).
    func load(recovering: Bool = true) throws -> JSONDocument {
        if recovering, file != "-" {
            for note in SaveLeftovers.recover(beside: file) { printError(note) }
        }
        do {
            return try JSONDocument(contentsOfFile: file, options: parsing.parseOptions)
        } catch {
            throw CommandFailure(message: error.description)
        }
    }
}

/// `keepsake get FILE PATH`: prints a value's exact source bytes.
struct GetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "get", abstract: "Print the exact source text of the value at a path.")

    @OptionGroup var document: DocumentOptions

    @Flag(help: "Print a string value unquoted, its escapes decoded.")
    var raw = false

    /// Files this large are mapped and read only as far as the path needs (the value and what is
    /// before it are checked; `keepsake validate` checks the rest).
    static let lazySize = 64 << 20

    func run() throws {
        let path = try document.parsedPath()
        if try printFromLargeFile(path) { return }
        let loaded = try document.load()
        guard let node = loaded.node(at: path) else {
            throw CommandFailure(message: "\(document.file): no value at \(path)")
        }
        if raw, let string = loaded.string(node) {
            print(string)
        } else {
            print(loaded.rawText(node))
        }
    }
}

extension GetCommand {
    /// Prints the value at `path` of a large file without reading the whole of it; false for a
    /// file small enough to load (or not a regular file).
    private func printFromLargeFile(_ path: JSONPath) throws -> Bool {
        let bytes: JSONBytes
        do {
            guard let mapped = try JSONFileReader.mapIfLarge(path: document.file, minimumSize: Self.lazySize) else { return false }
            bytes = mapped
        } catch {
            throw CommandFailure(message: error.description)
        }
        // Another program truncating the file under the mapping would end the process with
        // SIGBUS: end it with a clear message instead (nothing is being written).
        signal(SIGBUS) { _ in
            let message: StaticString = "keepsake: error: the file shrank while it was read (another program changed it); nothing was changed\n"
            _ = write(STDERR_FILENO, message.utf8Start, message.utf8CodeUnitCount)
            _exit(1)
        }
        let range: Range<Int>
        do {
            guard let found = try path.locate(in: bytes, options: document.parsing.parseOptions) else {
                throw CommandFailure(message: "\(document.file): no value at \(path)")
            }
            range = found
        } catch let error as JSONParseError {
            throw CommandFailure(message: JSONFileError.invalidJSON(path: document.file, error).description)
        }
        if raw, bytes.buffer[range.lowerBound] == UInt8(ascii: "\""), case .string(let string)? = try? JSONValue(parsing: bytes.slice(range)) {
            // Checked already by `locate`: the parse cannot fail.
            print(string)
        } else {
            writeAll(Array(UnsafeBufferPointer(rebasing: bytes.buffer[range])) + [0x0A], to: STDOUT_FILENO)
        }
        return true
    }
}

/// Options shared by the commands that change a file (`set`, `delete`, `edit`): where the result
/// goes, and what to do when another writer got there first.
struct OutputOptions: ParsableArguments {
    @Option(name: [.short, .long], help: "Write the result here instead of in place (\"-\" for standard output).")
    var output: String?

    @Flag(help: "Overwrite the file even if it changed on disk since it was read.")
    var force = false

    @Flag(name: .customLong("no-merge"), help: "If the file changed on disk since it was read, fail instead of making the edit again on its new contents.")
    var noMerge = false

    @Flag(name: .customLong("in-place"), help: "Write a file that has other hard links in place (behind a journal of its old bytes) instead of refusing.")
    var inPlace = false

    /// How many times an edit is made again on a file that keeps changing before giving up.
    static let attempts = 100

    /// Makes `edit` on the loaded document and writes the result. Saving is locked against other
    /// keepsake writers; when the file changed since it was read (another writer saved first), it
    /// is read again and the edit made again on the new contents, unless `--no-merge` or `--force`.
    /// `loaded` is the document when the caller has read it already. `edit` returns whether it
    /// changed anything: an edit to the value already there leaves the file untouched (not rewritten).
    func edit(_ options: DocumentOptions, loaded: JSONDocument? = nil, _ edit: (inout JSONDocument) throws -> Bool) throws {
        var document = try loaded ?? options.load()
        for attempt in 1...Self.attempts {
            let changed = try edit(&document)
            switch output {
            case "-":
                document.text.forEachChunk { writeAll($0, to: STDOUT_FILENO) }
                return
            case let path?:
                do { try document.save(to: path, force: true, hardLinks: inPlace ? .writeInPlace : .split) } catch {
                    throw CommandFailure(message: error.description)
                }
                return
            case nil:
                guard options.file != "-" else {
                    throw CommandFailure(message: "cannot save to standard input; use --output", code: 2)
                }
                if !changed { return }
                do {
                    try document.save(force: force, hardLinks: inPlace ? .writeInPlace : .refuse)
                    return
                } catch .changedOnDisk where !noMerge && attempt < Self.attempts {
                    document = try options.load(recovering: false)
                } catch .changedOnDisk where !noMerge {
                    throw CommandFailure(message: "\(options.file): the file kept changing on disk; the edit was made again \(attempt) times and never saved")
                } catch .hardLinked(_, let links) {
                    throw CommandFailure(message: "\(options.file): the file has \(links) hard links; replacing it would split them from it — use --in-place to write it in place, or --output to write elsewhere; nothing written")
                } catch {
                    throw CommandFailure(message: error.description)
                }
            }
        }
    }
}

/// `keepsake set FILE PATH JSON`: replaces or adds one value; only its bytes change.
struct SetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Replace the value at a path (or add a missing object member); only that value's bytes change.")

    @OptionGroup var document: DocumentOptions

    // Gathered as "everything not recognised" so that a value starting with "-" (`-1`, `-0.5e3`)
    // is the value, not an unknown option; `--` still ends options.
    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("The new value as JSON text (quote strings: '\"text\"'; -1 needs no --).", valueName: "json"))
    var values: [String] = []

    @OptionGroup var output: OutputOptions

    /// The one value given.
    var json: String { values.first ?? "" }

    func validate() throws {
        if values.isEmpty { throw ValidationError("Missing expected argument '<json>'") }
        if values.count > 1 {
            let extra = values.dropFirst().map { $0.hasPrefix("-") ? "'\($0)' (an unknown option?)" : "'\($0)'" }
            throw ValidationError("one value expected after the path; also given: \(extra.joined(separator: ", "))")
        }
    }

    func run() throws {
        let path = try document.parsedPath()
        let value: JSONValue
        do {
            value = try JSONValue(parsing: json, options: document.parsing.parseOptions)
        } catch {
            if json.hasPrefix("-") { throw CommandFailure(message: "unknown option '\(json)'", code: 2) }
            throw CommandFailure(message: "the new value is not valid JSON: \(error.message) at column \(error.column)", code: 2)
        }
        try output.edit(document) { loaded in
            do {
                if loaded.holds(value, at: path) { return false }
                try loaded.apply(.set(at: path, to: value))
                return true
            } catch {
                throw CommandFailure(message: "\(document.file): \(error)")
            }
        }
    }
}

/// `keepsake delete FILE PATH`: removes one member or element.
struct DeleteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete", abstract: "Remove the member or element at a path; nothing else changes.")

    @OptionGroup var document: DocumentOptions

    @OptionGroup var output: OutputOptions

    func run() throws {
        let path = try document.parsedPath()
        try output.edit(document) { loaded in
            do {
                try loaded.apply(.remove(at: path))
                return true
            } catch {
                throw CommandFailure(message: "\(document.file): \(error)")
            }
        }
    }
}
