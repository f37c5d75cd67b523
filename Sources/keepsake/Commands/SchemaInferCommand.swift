import ArgumentParser
import LosslessJSON
import SchemaInference

/// `keepsake schema infer FILE...`: a schema every input validates against.
struct InferCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "infer",
        abstract: "Write a JSON Schema (2020-12) that every sample validates against: each file, each line (--lines) or each element of a root array (--each).",
        discussion: """
            Members every sample holds are required; a format (date-time, date, time, email, uri, uuid, ipv4, ipv6) is \
            claimed only when every string passes its strict check; a small set of strings seen many times is an enum; \
            many keys holding one kind of value make a map (additionalProperties); objects whose string member selects \
            different sets of members are a oneOf fixing that tag with const. One pass: memory follows the data's \
            shape, not its size.
            """)

    @Argument(help: "The files (\"-\" for standard input).")
    var files: [String]

    @Flag(help: "Each line of each file is a sample (JSON Lines; .jsonl and .ndjson files are read so anyway).")
    var lines = false

    @Flag(help: "Each element of a file's root array is a sample.")
    var each = false

    @Option(name: [.short, .long], help: "Write the schema to this file instead of standard output.")
    var output: String?

    @Option(help: "Take only the first N samples.")
    var sample: Int?

    @OptionGroup var parsing: ParsingOptions

    func validate() throws {
        if let sample, sample < 1 { throw ValidationError("--sample takes a positive count") }
    }

    func run() throws {
        let inferrer = SchemaInferrer()
        let limit = sample ?? .max
        for file in files where inferrer.samples < limit {
            let options = parsing.options(for: file)
            if lines || options.jsonLines {
                try inferLines(of: file, options: options, into: inferrer, limit: limit)
                continue
            }
            if parsing.isYAML(file) {
                try inferYAML(of: file, into: inferrer, limit: limit)
                continue
            }
            let document: JSONDocument
            do {
                document = try JSONDocument(contentsOfFile: file, options: options)
            } catch {
                throw CommandFailure(message: withSyntaxHint(error.description, file: file), code: 2)
            }
            if each {
                guard document.kind(document.root) == .array else {
                    throw CommandFailure(message: "\(shownInMessage(file)): --each takes the elements of a root array; the root is \(document.kind(document.root))", code: 2)
                }
                for element in document.children(document.root) where inferrer.samples < limit { inferrer.add(element, of: document) }
            } else {
                inferrer.add(document.root, of: document)
            }
        }
        if inferrer.reachedDepthLimit {
            printError("keepsake: values nested deeper than 256 levels are described by their kind alone (arrays and objects of anything)")
        }
        let text = JSONWriter.serialize(inferrer.schema(), style: .pretty) + "\n"
        guard let output else {
            print(text, terminator: "")
            return
        }
        do {
            var document = try JSONDocument(text)
            try document.save(to: output)
        } catch {
            throw CommandFailure(message: "\(shownInMessage(output)): \(error)", code: 1)
        }
        printError("keepsake: wrote the schema of \(inferrer.samples) samples to \(shownInMessage(output))")
    }

    /// Takes each non-blank line of a file as a sample; an invalid line stops the run, named.
    private func inferLines(of file: String, options: JSONParseOptions, into inferrer: SchemaInferrer, limit: Int) throws {
        var lineOptions = options
        lineOptions.jsonLines = false
        // Every line of a large file is read in parts on several threads; the first N (--sample) in order.
        if limit == .max, try inferLinesInParts(of: file, options: lineOptions, into: inferrer) { return }
        var failure: String?
        do throws(JSONFileError) {
            try JSONLines.forEachLine(ofFile: file) { bytes, number in
                guard failure == nil, inferrer.samples < limit, !JSONLines.isBlank(bytes, first: number == 1) else { return }
                do throws(JSONParseError) {
                    try inferrer.add(parsing: bytes, options: lineOptions)
                } catch {
                    failure = "\(shownInMessage(file)):\(number):\(error.column): error: \(error.message)"
                }
            }
        } catch {
            throw CommandFailure(message: error.description, code: 2)
        }
        if let failure { throw CommandFailure(message: failure + "; no schema written", code: 2) }
    }
}
