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
            // A JSON Lines file is read as the array of its lines (its text the file's).
            var options = parsing.parseOptions
            options.jsonLines = isJSONLines
            return try JSONDocument(contentsOfFile: file, options: options)
        } catch {
            throw CommandFailure(message: error.description)
        }
    }
}

/// `keepsake get FILE PATH`: prints a value's exact source bytes.
struct GetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "get", abstract: "Print the exact source text of the value at a path.",
        discussion: "A file of 64 MiB or more (KEEPSAKE_LARGE_FILE bytes, when set) is mapped and read only as far as the path needs: the value and what comes before it are checked, not the rest (keepsake validate checks a whole file). A JSON Lines file (.jsonl, .ndjson) is addressed by line: .[N] is its N-th line that holds a value, .[N].name a member of it; only the line breaks before it are read.")

    @OptionGroup var document: DocumentOptions

    @Flag(help: "Print a string value unquoted, its escapes decoded.")
    var raw = false

    func run() throws {
        let path = try document.parsedPath()
        if document.isJSONLines { return try printFromLines(path) }
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

/// Files this large are mapped and read only as far as a path needs (`get`, `set`): the value, its
/// container and what is before them are checked; `keepsake validate` checks the rest. 64 MiB, or
/// the bytes `KEEPSAKE_LARGE_FILE` gives.
let lazyFileSize = getenv("KEEPSAKE_LARGE_FILE").flatMap { Int(String(cString: $0)) }.map { max(1, $0) } ?? 64 << 20

/// The file mapped, when it is a regular file of `lazyFileSize` or more; nil otherwise. Another
/// program truncating it under the mapping would end the process with SIGBUS: that ends it with a
/// clear message instead (the file being written, if any, is a temporary one, never the original).
/// What a killed save of the file left behind is cleaned up first (and said), as for a file read whole.
func mapLargeFile(_ file: String) throws(JSONFileError) -> (bytes: JSONBytes, origin: JSONFileOrigin)? {
    if file != "-" {
        for note in SaveLeftovers.recover(beside: file) { printError(note) }
    }
    guard let mapped = try JSONFileReader.mapIfLarge(path: file, minimumSize: lazyFileSize) else { return nil }
    signal(SIGBUS) { _ in
        let message: StaticString = "keepsake: error: the file shrank while it was read (another program changed it); it was not changed\n"
        _ = write(STDERR_FILENO, message.utf8Start, message.utf8CodeUnitCount)
        _exit(1)
    }
    return mapped
}

extension GetCommand {
    /// Prints the value at `path` of a large file without reading the whole of it; false for a
    /// file small enough to load (or not a regular file).
    private func printFromLargeFile(_ path: JSONPath) throws -> Bool {
        let bytes: JSONBytes
        do {
            guard let mapped = try mapLargeFile(document.file) else { return false }
            bytes = mapped.bytes
        } catch {
            throw CommandFailure(message: error.description)
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
        if raw, bytes.buffer[range.lowerBound] == UInt8(ascii: "\""), case .string(let string) = try JSONValue(parsing: bytes.slice(range)) {
            print(string)
        } else {
            // Straight from the mapping: a value of gigabytes is not copied.
            writeAll(UnsafeBufferPointer(rebasing: bytes.buffer[range]), to: STDOUT_FILENO)
            writeAll([0x0A], to: STDOUT_FILENO)
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
        abstract: "Replace the value at a path (or add a missing object member); only that value's bytes change.",
        discussion: "A file of 64 MiB or more (KEEPSAKE_LARGE_FILE bytes, when set) is mapped: the edit is made on the value's container, read only as far as its end, and the rest is copied into the new file by the kernel (what precedes the edit while the walk to it goes on). Such a file that changed since it was read is not overwritten (no merge; --force overwrites), and is not written in place. In a JSON Lines file (.jsonl, .ndjson) .[N] is the N-th value line: that line is rewritten (a whole line set as one minified line), every other byte copied.")

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
        if document.isJSONLines { return try setInLines(value, at: path) }
        if try setInLargeFile(value, at: path) { return }
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

extension SetCommand {
    /// Sets the value in a large file without reading the whole of it: the edit is made on the
    /// value's container, and the save copies the rest from the file in the kernel — what precedes
    /// the edit while the walk to it goes on (then fsync and rename, as always). A file that changed since it was mapped is not
    /// overwritten (`--force` overwrites it; there is no merge at this size). False for a file
    /// small enough to load, standard input, or an edit of the root.
    private func setInLargeFile(_ value: JSONValue, at path: JSONPath) throws -> Bool {
        guard !path.components.isEmpty, output.output != "-" else { return false }
        let mapped: (bytes: JSONBytes, origin: JSONFileOrigin)
        do {
            guard let large = try mapLargeFile(document.file) else { return false }
            mapped = large
        } catch {
            throw CommandFailure(message: error.description)
        }
        if output.inPlace {
            // Writing the file's own pages while they are read from its mapping would mix the two.
            throw CommandFailure(message: "\(document.file): a file this large (\(lazyFileSize) bytes or more) is not written in place; write it elsewhere with -o, or drop --in-place to replace it")
        }
        let target = output.output ?? document.file
        let expected = output.output == nil && !output.force ? mapped.origin : nil
        do {
            try LocatedEdit.save(
                setting: value, at: path, in: mapped.bytes, options: document.parsing.parseOptions, to: target,
                writing: AtomicFileWriter.Options(expected: expected, hardLinks: output.output == nil ? .refuse : .split))
        } catch let failure {
            switch failure {
            case .invalidJSON(let error): throw CommandFailure(message: JSONFileError.invalidJSON(path: document.file, error).description)
            case .edit(let error): throw CommandFailure(message: "\(document.file): \(error)")
            case .file(.changedOnDisk):
                throw CommandFailure(message: "\(document.file): the file changed on disk since it was read; not overwritten (--force overwrites it)")
            case .file(let error): throw CommandFailure(message: error.description)
            }
        }
        return true
    }
}

/// `keepsake delete FILE PATH`: removes one member or element.
struct DeleteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete", abstract: "Remove the member or element at a path; nothing else changes.",
        discussion: "In a JSON Lines file (.jsonl, .ndjson) .[N] is the N-th value line: deleting it removes the line and its line break; .[N].name removes a member inside it.")

    @OptionGroup var document: DocumentOptions

    @OptionGroup var output: OutputOptions

    func run() throws {
        let path = try document.parsedPath()
        if document.isJSONLines { return try deleteInLines(at: path) }
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
