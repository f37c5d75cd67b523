import ArgumentParser
import LosslessJSON
#if canImport(Glibc)
import Glibc
#endif

/// Options shared by the commands that read a document and address a value in it.
struct DocumentOptions: ParsableArguments {
    @Argument(help: "The JSON, JSON with comments, JSON5, JSON Lines or YAML file (\"-\" for standard input).")
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

    /// The options the file is read with (its syntax from --syntax or its name).
    var options: JSONParseOptions { parsing.options(for: file) }

    /// Opens the file (read whole, mapped or by line, as its size and name say), first cleaning
    /// up (and saying) what a killed save of it left behind.
    func open() throws -> DocumentFile {
        do {
            return try DocumentFile(path: file, options: options, note: { printError($0) })
        } catch {
            throw CommandFailure(documentFile: error, syntax: parsing.syntax)
        }
    }
}

/// `keepsake get FILE PATH`: prints a value's exact source bytes.
struct GetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "get", abstract: "Print the exact source text of the value at a path.",
        discussion: "A file of 16 MiB or more (KEEPSAKE_LARGE_FILE bytes, when set) is mapped; in strict JSON it is read only as far as the path needs: the value and what comes before it are checked, not the rest (keepsake validate checks a whole file). A JSON Lines file (.jsonl, .ndjson) is addressed by line: .[N] is its N-th line that holds a value, .[N].name a member of it; only the line breaks before it are read.")

    @OptionGroup var document: DocumentOptions

    @Flag(help: "Print a string value unquoted, its escapes decoded.")
    var raw = false

    @Flag(help: "Print the value as strict JSON (comments dropped, JSON5's spellings converted), for scripts that pipe to jq; on one line when it nests deeper than 256 levels.")
    var json = false

    func validate() throws {
        if raw, json { throw ValidationError("--raw and --json cannot be used together") }
    }

    func run() throws {
        let path = try document.parsedPath()
        if try document.readsYAML() { return try runYAML(path) }
        let file = try document.open()
        do {
            try file.withValue(at: path) { bytes, decoded in
                if json {
                    let value = try decoded()
                    guard let text = JSONWriter.strictJSON(value) else {
                        throw CommandFailure(message: "\(document.file): \(path) holds NaN or Infinity, which strict JSON cannot spell")
                    }
                    print(text)
                } else if raw, case .string(let string) = try decoded() {
                    print(string)
                } else {
                    // Straight from the file's bytes: a value of gigabytes is not copied again.
                    writeAll(bytes, to: STDOUT_FILENO)
                    writeAll([0x0A], to: STDOUT_FILENO)
                }
            }
        } catch let error as DocumentFileError {
            throw CommandFailure(documentFile: error, syntax: document.parsing.syntax)
        }
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

    /// What the library is asked to do with the result.
    var request: FileSaveRequest {
        let destination: FileSaveRequest.Destination = switch output {
        case "-": .text
        case let path?: .file(path)
        case nil: .inPlace
        }
        return FileSaveRequest(destination: destination, force: force, merge: !noMerge, writeInPlace: inPlace)
    }

    /// Makes an edit of the file and writes the result where the options say (see `DocumentFile.edit`).
    func edit(_ file: DocumentFile, _ edit: FileEdit, syntax: JSONSyntax?) throws {
        do {
            if case .text(let text) = try file.edit(edit, saving: request) {
                text.forEachChunk { writeAll($0, to: STDOUT_FILENO) }
            }
        } catch {
            throw CommandFailure(documentFile: error, syntax: syntax)
        }
    }
}

extension CommandFailure {
    /// A file's metadata now, for choosing what a message suggests.
    static func fileInfo(_ path: String) -> stat? {
        var info = stat()
        return stat(path, &info) == 0 ? info : nil
    }

    /// A file's failure, said with the options that change it.
    init(documentFile error: DocumentFileError, syntax: JSONSyntax?) {
        switch error {
        case .changedOnDisk(let path):
            self.init(message: "\(shownInMessage(path)): the file changed on disk since it was read; not overwritten (--force overwrites it)")
        // The two refusals a large hard-linked file can meet each name the way out that works for it.
        case .hardLinked(let path, let links):
            let remedy = Self.fileInfo(path).map { $0.st_size >= DocumentFile.largeFileSize } == true
                ? "a file this large (\(DocumentFile.largeFileSize) bytes or more) is not written in place either: use --output to write elsewhere"
                : "use --in-place to write it in place, or --output to write elsewhere"
            self.init(message: "\(shownInMessage(path)): the file has \(links) hard links; replacing it would split them from it — \(remedy); nothing written")
        case .mappedInPlace(let path):
            let links = Self.fileInfo(path).map { Int($0.st_nlink) } ?? 1
            let remedy = links > 1
                ? "write it elsewhere with -o (replacing it would split its \(links) hard links)"
                : "write it elsewhere with -o, or drop --in-place to replace it"
            self.init(message: "\(shownInMessage(path)): a file this large (\(DocumentFile.largeFileSize) bytes or more) is not written in place; \(remedy)")
        case .noFile:
            self.init(message: "cannot save to standard input; use --output", code: 2)
        case .notALine:
            self.init(message: error.description, code: 2)
        case .invalid(let path, let parseError, nil) where syntax == nil && parseError.syntax == .json:
            // A .json file that is JSON with comments or JSON5: say how to read it so.
            self.init(message: withSyntaxHint(error.description, file: path))
        default:
            self.init(message: error.description)
        }
    }
}

/// `keepsake set FILE PATH JSON`: replaces or adds one value; only its bytes change.
struct SetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Replace the value at a path (or add a missing object member); only that value's bytes change.",
        discussion: "The value is read in the file's syntax (JSON5's 'x' and 0x1F in a .json5 file). A file of 16 MiB or more (KEEPSAKE_LARGE_FILE bytes, when set) is mapped: in strict JSON the edit is made on the value's container, read only as far as its end, and the rest is copied into the new file by the kernel (what precedes the edit while the walk to it goes on). A file that changed since it was read is read again and the edit made again on it (--no-merge fails instead, --force overwrites); a mapped file is not written in place. In a JSON Lines file (.jsonl, .ndjson) .[N] is the N-th value line: that line is rewritten (a whole line set as one minified line), every other byte copied.")

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
        if try document.readsYAML() { return try runYAML(path) }
        var valueOptions = document.options
        valueOptions.jsonLines = false
        let value: JSONValue
        do {
            value = try JSONValue(parsingEntered: json, options: valueOptions)
        } catch {
            if json.hasPrefix("-") { throw CommandFailure(message: "unknown option '\(json)'", code: 2) }
            throw CommandFailure(message: "the new value is not valid \(valueOptions.syntax): \(error.message) at column \(error.column)", code: 2)
        }
        try output.edit(try document.open(), .set(path, value), syntax: document.parsing.syntax)
    }
}

/// `keepsake delete FILE PATH`: removes one member or element.
struct DeleteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete", abstract: "Remove the member or element at a path; nothing else changes.",
        discussion: "A deleted member takes its separator and a comment trailing it on its last line with it; comment lines above it stay. A file of 16 MiB or more is mapped as for set. In a JSON Lines file (.jsonl, .ndjson) .[N] is the N-th value line: deleting it removes the line and its line break; .[N].name removes a member inside it.")

    @OptionGroup var document: DocumentOptions

    @OptionGroup var output: OutputOptions

    func run() throws {
        let path = try document.parsedPath()
        if try document.readsYAML() { return try runYAML(path) }
        try output.edit(try document.open(), .remove(path), syntax: document.parsing.syntax)
    }
}
