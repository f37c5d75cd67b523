import ArgumentParser
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
                printError("\(file):\(line):\(column): \(error.instancePath.jq): too complex to decide: \(error.message) (\(error.keywordLocation))")
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
