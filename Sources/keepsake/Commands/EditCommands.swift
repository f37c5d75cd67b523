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

    func load() throws -> JSONDocument {
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

    func run() throws {
        let path = try document.parsedPath()
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

/// Options shared by `set` and `delete`: where the result goes.
struct OutputOptions: ParsableArguments {
    @Option(name: [.short, .long], help: "Write the result here instead of in place (\"-\" for standard output).")
    var output: String?

    @Flag(help: "Overwrite the file even if it changed on disk since it was read.")
    var force = false

    func write(_ document: inout JSONDocument, source: String) throws {
        switch output {
        case "-":
            document.text.forEachChunk { writeAll($0, to: STDOUT_FILENO) }
        case let path?:
            do { try document.save(to: path, force: true) } catch { throw CommandFailure(message: error.description) }
        case nil:
            guard source != "-" else {
                throw CommandFailure(message: "cannot save to standard input; use --output", code: 2)
            }
            do { try document.save(force: force) } catch { throw CommandFailure(message: error.description) }
        }
    }
}

/// `keepsake set FILE PATH JSON`: replaces or adds one value; only its bytes change.
struct SetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Replace the value at a path (or add a missing object member); only that value's bytes change.")

    @OptionGroup var document: DocumentOptions

    @Argument(help: "The new value as JSON text (quote strings: '\"text\"').")
    var json: String

    @OptionGroup var output: OutputOptions

    func run() throws {
        let path = try document.parsedPath()
        let value: JSONValue
        do {
            value = try JSONValue(parsing: json)
        } catch {
            throw CommandFailure(message: "the new value is not valid JSON: \(error.message) at column \(error.column)", code: 2)
        }
        var loaded = try document.load()
        do {
            try loaded.apply(.set(at: path, to: value))
        } catch {
            throw CommandFailure(message: "\(document.file): \(error)")
        }
        try output.write(&loaded, source: document.file)
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
        var loaded = try document.load()
        do {
            try loaded.apply(.remove(at: path))
        } catch {
            throw CommandFailure(message: "\(document.file): \(error)")
        }
        try output.write(&loaded, source: document.file)
    }
}
