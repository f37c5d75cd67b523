import ArgumentParser
import DictionaryStorage
import JSONSchema
import KeepsakeSettings
import LosslessJSON
import SampleModels
#if canImport(Glibc)
import Glibc
#endif

/// `keepsake validate FILE...`: checks that files are valid JSON (or JSON Lines).
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check that files are valid JSON; print FILE:LINE:COLUMN: error: MESSAGE for each that is not.",
        discussion: "Files ending in .jsonl or .ndjson are read as JSON Lines, a line at a time (in memory that does not grow with the file), every invalid line reported. A file's syntax is --syntax, else its name's (.jsonc, .json5, and the files editors read as JSON with comments), else strict JSON; a strict JSON file that reads as JSON with comments or JSON5 stays an error, with the hint. A file is also checked against the JSON Schema the browser would use: --schema, else the one its $schema names, else a catalog's fileMatch (--no-schema checks syntax only). Exit status: 0 when all files are valid, 1 when one is not, 2 when a check could not decide (a pattern the engine gave up on, a schema that loops or multiplies its work past a limit, a value nesting deeper than the check goes, a schema that $schema or a catalog names but that cannot be read: the file's validity is unknown) or for a usage error."
    )

    @Argument(help: "The files to check (\"-\" for standard input).")
    var files: [String]

    @OptionGroup var parsing: ParsingOptions

    @Flag(help: "Under each error, show the offending line and a caret.")
    var showSource = false

    @Flag(help: "Read every file as JSON Lines.")
    var lines = false

    @Flag(help: "Print each valid file's value count, index size and parse speed.")
    var stats = false

    @Option(help: "Also check the root (or each element of a root array) against this model and print its report.")
    var model: String?

    @OptionGroup var schemaOptions: SchemaOptions

    @Option(help: "How schema errors are printed: text (FILE:LINE:COL: PATH: message (keyword location)) or json (one JSON object per file, in the standard basic output format).")
    var output: OutputFormat = .text

    @Flag(help: "Say which schema each file was checked against, and why (or that it had none).")
    var verbose = false

    func validate() throws {
        if schemaOptions.schema != nil, schemaOptions.noSchema { throw ValidationError("--schema cannot be used with --no-schema") }
    }

    func run() throws {
        if let model, SampleModels.registry.schema(named: model) == nil {
            throw CommandFailure(message: "no model named \(model); see `keepsake models`", code: 2)
        }
        let settings = SettingsFile.loadSayingProblems()
        let sources = try SchemaSources(schemaOptions, settings: settings)
        defer { sources.sayNotes() }
        let explicit = try sources.loadExplicit(.fetching)
        var schemas = explicit == nil && !schemaOptions.noSchema
            ? ChosenSchemas(try sources.selection(.fetching), options: try sources.compileOptions(.fetching)) : nil
        var failed = false
        var undecided = false
        for file in files {
            if parsing.isYAML(file) {
                switch checkYAML(file, explicit: explicit, schemas: &schemas) {
                case .valid: break
                case .invalid: failed = true
                case .undecided: undecided = true
                }
                continue
            }
            if parsing.documentNumber != nil {
                throw CommandFailure(message: "--document picks a document of a YAML stream; \(shownInMessage(file)) is not YAML", code: 2)
            }
            let options = parsing.options(for: file)
            do throws(JSONFileError) {
                let asLines = lines || options.jsonLines
                // A schema may be chosen for it (JSON Lines have none); whether one is, is known
                // without parsing only when a catalog takes its name (or it is standard input,
                // which cannot be read twice).
                let choosing = !asLines && schemas != nil
                let needsDocument = model != nil || explicit != nil || stats || (choosing && (options.syntax != .json || schemas?.choosesByName(file) == true))
                // Only whether the text is JSON: read in pieces, in memory that does not grow with
                // the file (a 2 GB file of spaces, a file larger than memory). The same pieces are
                // looked at for a `$schema` key: only a file that may hold one is read again, whole.
                if !asLines, !needsDocument, options.syntax == .json {
                    var scan = SchemaKeyScan()
                    do {
                        try JSONFileReader.validate(path: file, options: options) { piece in if choosing { scan.scan(piece) } }
                    } catch .invalidJSON(_, let error) {
                        failed = true
                        report(file, line: error.line, error)
                        continue
                    }
                    guard choosing, scan.mayHoldKey else {
                        if verbose, choosing { ChosenSchemas.sayNone(file) }
                        continue
                    }
                }
                // JSON Lines are checked a line at a time, as they are read: every invalid line said
                // (and, with --schema, every line that does not match it).
                if asLines {
                    let invalidLine = { (line: Int, error: JSONParseError) in
                        failed = true
                        report(file, line: line, error)
                    }
                    if let explicit {
                        switch try SchemaReport.reportLines(file, schema: explicit, options: options, format: output, invalidLine: invalidLine) {
                        case .valid: break
                        case .invalid: failed = true
                        case .undecided: undecided = true
                        }
                    } else {
                        try JSONLineChecker.checkFile(path: file, options: options) { invalidLine($0.line, $0.error) }
                    }
                    continue
                }
                // Another syntax without more to check: parsed (a large file mapped, folded).
                if !needsDocument, options.syntax != .json {
                    do throws(DocumentFileError) {
                        _ = try DocumentFile(path: file, options: options)
                    } catch .invalid(_, let error, _) {
                        failed = true
                        report(file, line: error.line, error)
                    } catch .file(let error) {
                        throw error
                    } catch {
                        failed = true
                        printError("error: \(error)")
                    }
                    continue
                }
                let storage: JSONBytes
                do {
                    (storage, _) = try JSONFileReader.read(path: file, rejectingEarly: true, syntax: options.syntax)
                } catch .invalidJSON(_, let error) {
                    failed = true
                    report(file, line: error.line, error)
                    continue
                }
                let document: JSONDocument
                do {
                    let clock = ContinuousClock()
                    let started = clock.now
                    document = try JSONDocument(storage: storage, options: options)
                    if stats { printStats(file, document, seconds: (clock.now - started).seconds) }
                } catch {
                    failed = true
                    report(file, line: error.line, error)
                    continue
                }
                if let model, !report(file, document, model: model) { failed = true }
                var schema = explicit
                if schema == nil, choosing {
                    do throws(SchemaLoadError) {
                        schema = try schemas?.schema(for: document, file: file, verbose: verbose)?.schema
                    } catch {
                        // Not known valid or invalid: the schema meant for it could not be used.
                        undecided = true
                        printError("\(shownInMessage(file)): error: schema not used: \(error)")
                    }
                }
                if let schema {
                    switch SchemaReport.report(file, document, schema: schema, format: output) {
                    case .valid: break
                    case .invalid: failed = true
                    case .undecided: undecided = true
                    }
                }
            } catch {
                failed = true
                printError("\(file): error: \(readFailure(error))")
            }
        }
        if undecided {
            throw CommandFailure(message: "not decided (above): the validity of those files is unknown", code: 2)
        }
        if failed { throw CommandFailure(message: "") }
    }

    /// Prints the model's validation report (of the root object, or of each object element of a
    /// root array); returns false when it has errors (kept values are not errors).
    private func report(_ file: String, _ document: JSONDocument, model name: String) -> Bool {
        guard let schema = SampleModels.registry.schema(named: name) else {
            printError("\(file): error: no model named \(name)")
            return false
        }
        guard let findings = schema.findings(in: document) else {
            printError("\(file): error: \(name) needs an object (or an array of objects)")
            return false
        }
        for finding in findings {
            let level = finding.severity == .error ? "error" : finding.severity == .kept ? "kept" : "note"
            printLine("\(file): \(level): \(finding)")
        }
        return !findings.contains { $0.severity == .error }
    }

    private func printStats(_ file: String, _ document: JSONDocument, seconds: Double) {
        let megabytes = Double(document.text.count) / 1e6
        let perValue = Double(document.indexByteCount) / Double(max(1, document.nodeCount))
        printLine("\(file): \(document.nodeCount) values, \(document.text.count) bytes, index \(document.indexByteCount) bytes "
            + "(\(formatted(perValue)) bytes/value), parsed in \(formatted(seconds * 1000)) ms (\(formatted(megabytes / seconds)) MB/s)")
    }

    private func report(_ file: String, line: Int, _ error: JSONParseError) {
        // A strict JSON file that another syntax reads: say how to read it so.
        let message = parsing.syntax == nil && error.syntax == .json && !lines && !DocumentFile.isJSONLines(file) ? withSyntaxHint(error.message, file: file) : error.message
        printError("\(shownInMessage(file)):\(line):\(error.column): error: \(message)")
        if showSource { printError(error.excerpt) }
    }
}

extension Duration {
    /// The duration in seconds.
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}

/// A number with one decimal.
func formatted(_ value: Double) -> String {
    let tenths = (value * 10).rounded()
    return "\(Int(tenths) / 10).\(abs(Int(tenths) % 10))"
}

/// The reason part of a read failure, without the path (the caller prints it first).
func readFailure(_ error: JSONFileError) -> String {
    switch error {
    case .cannotRead(_, let reason), .cannotWrite(_, let reason): reason
    default: error.description
    }
}
