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
    static func report(_ file: String, _ document: JSONDocument, schema: JSONSchema, format: OutputFormat) -> Verdict {
        let result = schema.validate(document)
        switch format {
        case .text:
            var lines = LineCounter(document)
            for error in result.errors {
                let (line, column) = lines.position(of: document.range(error.node).lowerBound)
                printError("\(file):\(line):\(column): \(error.instancePath.jq): \(error.message) (\(error.keywordLocation))")
            }
            var undecidedLines = LineCounter(document)
            for error in result.undecided {
                let (line, column) = undecidedLines.position(of: document.range(error.node).lowerBound)
                printError("\(file):\(line):\(column): \(error.instancePath.jq): \(error.message) (\(error.keywordLocation))")
            }
        case .json:
            print(basicOutput(file, result, document))
        }
        return result.isValid ? .valid : result.undecided.isEmpty ? .invalid : .undecided
    }

    /// The standard "basic" output format, with the file and each error's line and column.
    private static func basicOutput(_ file: String, _ result: ValidationReport, _ document: JSONDocument) -> String {
        func entries(_ list: [ValidationReport.Finding]) -> [JSONValue] {
            var lines = LineCounter(document)
            return list.map { error in
                let (line, column) = lines.position(of: document.range(error.node).lowerBound)
                return .object(JSONObject([
                    ("keywordLocation", .string(error.keywordLocation)),
                    ("absoluteKeywordLocation", .string(error.absoluteKeywordLocation)),
                    ("instanceLocation", .string(error.instancePath.pointer)),
                    ("error", .string(error.message)),
                    ("line", .number(JSONNumber(line))),
                    ("column", .number(JSONNumber(column))),
                ]))
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
        guard let choice = try selection.choose(for: document, file: documentPath(file)) else {
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
