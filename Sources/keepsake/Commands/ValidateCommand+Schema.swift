import ArgumentParser
import Foundation
import JSONSchema
import LosslessJSON
#if canImport(Glibc)
import Glibc
#endif

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
                // A reference that could not be resolved says so itself; the rest are limits reached.
                let why = ["$ref", "$dynamicRef", "$recursiveRef"].contains(error.keyword) ? "" : "too complex to decide: "
                printError("\(file):\(line):\(column): \(error.instancePath.jq): \(why)\(error.message) (\(error.keywordLocation))")
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

    init(_ selection: SchemaSelection, options: JSONSchema.Options) {
        self.selection = selection
        self.options = options
    }

    /// Whether a schema may be chosen for a file, told without parsing it: a catalog's `fileMatch`
    /// takes it, or it may hold a `$schema` member (its bytes hold `$schema`, or a `\u` escape
    /// that could spell it). Standard input and what cannot be scanned are parsed to find out.
    func mayChoose(_ file: String) -> Bool {
        guard let path = documentPath(file) else { return true }
        if selection.catalogs.contains(where: { $0.entry(forFile: path) != nil }) { return true }
        return Self.mayHoldSchemaKey(path)
    }

    /// The schema for a parsed document, compiled (once per schema), or nil when none is named.
    /// With `verbose`, says which it is and why on standard error.
    mutating func schema(for document: JSONDocument, file: String, verbose: Bool) throws(SchemaLoadError) -> JSONSchema? {
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
        return try result.get()
    }

    /// Says (with `--verbose`) that a file has no schema.
    static func sayNone(_ file: String) {
        printError("\(shownInMessage(file)): no schema ($schema and the catalogs name none); syntax checked")
    }

    /// Whether a regular file's bytes may spell a `$schema` key: `$schema` itself, or a `\u00XX`
    /// escape of one of its characters (read in pieces). Anything else — a pipe, whose bytes a scan
    /// would take from the parse, a file that cannot be read (the parse says why) — may.
    private static func mayHoldSchemaKey(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, let handle = FileHandle(forReadingAtPath: path) else { return true }
        defer { try? handle.close() }
        var carry: [UInt8] = []
        while true {
            let piece: Data?
            do {
                piece = try handle.read(upToCount: 1 << 20)
            } catch {
                return true
            }
            guard let piece, !piece.isEmpty else { return false }
            // The last bytes of the piece before, so a key split between two pieces is found.
            let window = carry + piece
            if window.withUnsafeBytes(mayHoldSchemaKey) { return true }
            carry = Array(window.suffix(schemaKey.count - 1))
        }
    }

    private static let schemaKey = Array("$schema".utf8)
    /// The low bytes of `$schema`'s characters, as `\u00XX` writes them (either case).
    private static let escapedKeyBytes: Set<[UInt8]> = Set(["24", "73", "63", "68", "65", "6d", "6D", "61"].map { Array($0.utf8) })

    /// Whether these bytes hold `$schema` or a `\u00XX` escape of one of its characters (one cut
    /// short at the end counts: the rest may follow).
    private static func mayHoldSchemaKey(_ bytes: UnsafeRawBufferPointer) -> Bool {
        if find(schemaKey, in: bytes) != nil { return true }
        var from = 0
        while let at = find(Array("\\u00".utf8), in: bytes, from: from) {
            guard at + 6 <= bytes.count else { return true }
            if escapedKeyBytes.contains([bytes[at + 4], bytes[at + 5]]) { return true }
            from = at + 1
        }
        return false
    }

    /// Where `needle` first occurs in `bytes` at or after `start` (its first byte found with
    /// `memchr`, the rest compared).
    private static func find(_ needle: [UInt8], in bytes: UnsafeRawBufferPointer, from start: Int = 0) -> Int? {
        guard let base = bytes.baseAddress, let first = needle.first, needle.count <= bytes.count else { return nil }
        let last = bytes.count - needle.count
        var from = start
        while from <= last, let hit = memchr(base + from, Int32(first), last - from + 1) {
            let at = base.distance(to: UnsafeRawPointer(hit))
            if memcmp(base + at, needle, needle.count) == 0 { return at }
            from = at + 1
        }
        return nil
    }
}
