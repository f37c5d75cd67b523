import ArgumentParser
import Foundation
import JSONSchema
import LosslessJSON

/// How `validate --schema` prints what it finds.
enum OutputFormat: String, ExpressibleByArgument {
    case text, json
}

/// What a schema finds in documents, printed one line per error or in the standard "basic" format.
enum SchemaReport {
    /// A document's verdict.
    enum Verdict { case valid, invalid, undecided }

    /// Validates a document against a schema and prints its errors (and, when a pattern could not be
    /// decided, which: the document is then neither valid nor invalid).
    /// A line of JSON Lines is a document of its own: `lineOffset` is the lines before it, so that
    /// positions name the file's line.
    /// `place`, when given, says where a finding stands in the file (a YAML file's line and column,
    /// for a document made of its data); else the document's own text is counted.
    static func report(
        _ file: String, _ document: JSONDocument, schema: JSONSchema, format: OutputFormat, lineOffset: Int = 0,
        place: ((ValidationReport.Finding) -> FindingPlace)? = nil
    ) -> Verdict {
        let result = schema.validate(document)
        switch format {
        case .text:
            for list in [result.errors, result.undecided] {
                var lines = LineCounter(document)
                for error in list {
                    let shown = place?(error) ?? FindingPlace(lines.position(of: document.range(error.node).lowerBound))
                    let note = shown.note.map { " — \($0)" } ?? ""
                    printError("\(file):\(shown.line + lineOffset):\(shown.column): \(error.instancePath.jq): \(error.message) (\(error.keywordLocation))\(note)")
                }
            }
        case .json:
            print(basicOutput(file, result, document, lineOffset: lineOffset, place: place))
        }
        return result.isValid ? .valid : result.undecided.isEmpty ? .invalid : .undecided
    }

    /// Validates each line of a JSON Lines file against a schema as the file is read in pieces:
    /// each error is printed at its line (the file's) and column; a line that is not JSON goes to
    /// `invalidLine`. The verdict of all the lines together.
    static func reportLines(
        _ file: String, schema: JSONSchema, options: JSONParseOptions, format: OutputFormat, invalidLine: (_ line: Int, JSONParseError) -> Void
    ) throws(JSONFileError) -> Verdict {
        var lineOptions = options
        lineOptions.jsonLines = false
        var verdict = Verdict.valid
        // Every line is checked on one deep-stack thread (the evaluator runs on one), not a thread each.
        let read = DeepStack.run {
            Result { () throws(JSONFileError) in try forEachValueLine(file: file, options: lineOptions, invalidLine: invalidLine) { number, document in
                switch report(file, document, schema: schema, format: format, lineOffset: number - 1) {
                case .valid: break
                case .invalid: if verdict == .valid { verdict = .invalid }
                case .undecided: verdict = .undecided
                }
            } }
        }
        try read.get()
        return verdict
    }

    /// Gives each line that holds a JSON value, parsed, with its number; says each invalid line.
    private static func forEachValueLine(
        file: String, options lineOptions: JSONParseOptions, invalidLine: (_ line: Int, JSONParseError) -> Void, _ body: (Int, JSONDocument) -> Void
    ) throws(JSONFileError) {
        var checker = JSONLineChecker(options: lineOptions)
        try JSONLines.forEachLine(ofFile: file) { bytes, number in
            if let error = checker.check(bytes, first: number == 1) {
                invalidLine(number, error)
                return
            }
            guard !JSONLines.isBlank(bytes, first: number == 1) else { return }
            let document: JSONDocument
            do throws(JSONParseError) {
                document = try JSONDocument(bytes: bytes, options: lineOptions)
            } catch {
                invalidLine(number, error)
                return
            }
            body(number, document)
        }
    }

    /// The standard "basic" output format, with the file and each error's line and column.
    private static func basicOutput(
        _ file: String, _ result: ValidationReport, _ document: JSONDocument, lineOffset: Int, place: ((ValidationReport.Finding) -> FindingPlace)?
    ) -> String {
        func entries(_ list: [ValidationReport.Finding]) -> [JSONValue] {
            var lines = LineCounter(document)
            return list.map { error in
                let shown = place?(error) ?? FindingPlace(lines.position(of: document.range(error.node).lowerBound))
                var members: [(String, JSONValue)] = [
                    ("keywordLocation", .string(error.keywordLocation)),
                    ("absoluteKeywordLocation", .string(error.absoluteKeywordLocation)),
                    ("instanceLocation", .string(error.instancePath.pointer)),
                    ("error", .string(error.message)),
                    ("line", .number(JSONNumber(shown.line + lineOffset))),
                    ("column", .number(JSONNumber(shown.column))),
                ]
                // Not in the standard format: what the file's syntax says there that the data does not.
                if let note = shown.note { members.append(("note", .string(note))) }
                return .object(JSONObject(members))
            }
        }
        var members: [(String, JSONValue)] = [("file", .string(file)), ("valid", .bool(result.isValid))]
        if !result.isValid { members.append(("errors", .array(entries(result.errors)))) }
        // Not in the standard format: the patterns that could not be decided (`valid` is then false
        // but the document is not known to be invalid either).
        if !result.undecided.isEmpty { members.append(("undecided", .array(entries(result.undecided)))) }
        return JSONWriter.serialize(.object(JSONObject(members)))
    }
}

/// Where a finding is shown: its line and column, and what the file's own syntax says there that
/// the data checked does not (a YAML tag, a key that is not a string).
struct FindingPlace {
    var line: Int
    var column: Int
    var note: String?

    init(_ position: (line: Int, column: Int), note: String? = nil) {
        (line, column, self.note) = (position.line, position.column, note)
    }
}

/// Line and column of byte offsets taken in increasing order (line feeds counted once).
struct LineCounter {
    let document: JSONDocument
    private var offset = 0
    private var line = 1

    init(_ document: JSONDocument) { self.document = document }

    mutating func position(of target: Int) -> (line: Int, column: Int) {
        if target < offset {
            offset = 0
            line = 1
        }
        line += document.text.lineFeeds(in: offset..<target)
        offset = target
        var start = target
        while start > 0, document.text[start - 1] != 0x0A { start -= 1 }
        return (line, target - start + 1)
    }
}

/// The schemas `validate` chooses for files as the browser does (`$schema`, then a catalog's
/// `fileMatch`), each compiled once however many files it checks.
struct ChosenSchemas {
    let selection: SchemaSelection
    let options: JSONSchema.Options
    private var compiled: [String: Result<JSONSchema, SchemaLoadError>] = [:]

    /// A schema chosen for a document, compiled, with the name the browser's title bar gives it.
    struct Chosen {
        let schema: JSONSchema
        let name: String
    }

    init(_ selection: SchemaSelection, options: JSONSchema.Options) {
        self.selection = selection
        self.options = options
    }

    /// Whether a file's schema is known to be chosen by its name alone, before its text is read:
    /// a catalog's `fileMatch` takes it. Standard input counts too: it cannot be read a second
    /// time once its text turns out to name a schema.
    func choosesByName(_ file: String) -> Bool {
        guard let path = documentPath(file) else { return true }
        return selection.catalogs.contains { $0.entry(forFile: path) != nil } || selection.lateCatalogs.contains { $0()?.entry(forFile: path) != nil }
    }

    /// The schema for a parsed document, compiled (once per schema), or nil when none is named.
    /// With `verbose`, says which it is and why on standard error.
    mutating func schema(for document: JSONDocument, file: String, verbose: Bool) throws(SchemaLoadError) -> Chosen? {
        try compile(try selection.choose(for: document, file: documentPath(file)), file: file, verbose: verbose)
    }

    /// The schema for a document that names `named` in its own way (a YAML document's
    /// `yaml-language-server` line or `$schema`), compiled, as `schema(for:file:verbose:)` says.
    mutating func schema(named: String?, file: String, verbose: Bool) throws(SchemaLoadError) -> Chosen? {
        try compile(try selection.choose(schemaNamed: named, file: documentPath(file)), file: file, verbose: verbose)
    }

    private mutating func compile(_ choice: SchemaSelection.Choice?, file: String, verbose: Bool) throws(SchemaLoadError) -> Chosen? {
        guard let choice else {
            if verbose { Self.sayNone(file) }
            return nil
        }
        if verbose { printError("\(shownInMessage(file)): schema \(shownInMessage(choice.name)) (\(shownInMessage(choice.location))), chosen by \(choice.reason)") }
        let options = options
        let result = compiled[choice.location] ?? Result { () throws(SchemaLoadError) in
            try JSONSchema(text: choice.text, uri: choice.uri, options: options)
        }
        compiled[choice.location] = result
        return Chosen(schema: try result.get(), name: choice.name)
    }

    /// Says (with `--verbose`) that a file has no schema.
    static func sayNone(_ file: String) {
        printError("\(shownInMessage(file)): no schema ($schema and the catalogs name none); syntax checked")
    }
}
