import ArgumentParser
import Foundation
import JSONSchema
import KeepsakeSettings
import LosslessJSON
import ModelBrowser
import SampleModels
import SchemaDescriptions

/// `keepsake describe FILE [PATH]`: what the model or schema says about each value under a path.
struct DescribeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "describe",
        abstract: "Print what the model or schema says about each value under a path: known, kept or not allowed, its type, the values its menu offers, its default, description and variant.",
        discussion: "The description is the browser's own: the schema is chosen as validate and the browser choose it (--schema, else the settings file's associations, $schema, a catalog's fileMatch; --no-schema for none), else the model the browser would bind (--model names one; a sample model binds unnamed only to the files of a Samples folder), else — as in the browser — a model inferred from the document (from the first 1,000 elements of a root array). A member typed through additionalProperties, patternProperties or items is known; the members of every branch that applies are known. Each object's missing required members follow it, with status missing-required. --output json prints one JSON object per line: path (a JSON Pointer; the root is \"\"), kind (the JSON kind; absent for a missing member), status (known, kept, not-allowed, missing-required; absent when nothing describes the value), type, enum (every value the menu offers), open (true when the menu also takes a value of one's own), default (JSON; default-source for a compiled model's Swift expression), description, variant, warning — each key absent when there is nothing to say. Exit status: 0, 1 when the file cannot be read or holds no value at PATH, 2 for a usage error or a schema that $schema or a catalog names but that cannot be used."
    )

    @Argument(help: "The JSON, JSON with comments, JSON5 or YAML file (\"-\" for standard input).")
    var file: String

    @Argument(help: "A jq path (.a.b[0]) or a JSON Pointer (/a/b/0) of the value to describe with everything under it (default: the root).")
    var path: String = "."

    @OptionGroup var parsing: ParsingOptions

    @Option(help: "Describe the root (or each element of a root array) with this model.")
    var model: String?

    @OptionGroup var schemaOptions: SchemaOptions

    @Option(help: "text (one line per value, for people) or json (one JSON object per line, for scripts).")
    var output: OutputFormat = .text

    @Flag(help: "Say which schema was used, and why (or that there was none).")
    var verbose = false

    func validate() throws {
        if schemaOptions.schema != nil, schemaOptions.noSchema { throw ValidationError("--schema cannot be used with --no-schema") }
        if schemaOptions.schema != nil || schemaOptions.noSchema, model != nil { throw ValidationError("--model cannot be used with --schema or --no-schema") }
    }

    func run() throws {
        let target: JSONPath
        do {
            target = try JSONPath(parsing: path)
        } catch {
            throw CommandFailure(message: error.description, code: 2)
        }
        if let model, SampleModels.registry.schema(named: model) == nil {
            throw CommandFailure(message: "no model named \(model); see `keepsake models`", code: 2)
        }
        let options = parsing.options(for: file)
        let yaml = try parsing.readsYAML(file) ? try readYAML() : nil
        if yaml == nil, options.jsonLines || DocumentFile.isJSONLines(file) {
            throw CommandFailure(message: "\(shownInMessage(file)): describe reads one document; for a line of JSON Lines, pipe it: keepsake get FILE '.[N]' | keepsake describe -", code: 2)
        }
        let document = try yaml?.data ?? read(options: options)
        var state = BrowserState(document: document, sourceName: file, registry: BrowseCommand.registry(for: file), modelName: model)
        if model == nil, let chosen = try schema(for: document, named: yaml?.document.schemaReference) {
            let description = SchemaDescription(chosen.schema, name: chosen.name)
            state.describe(as: description.rootType, name: description.name, models: description.registry, checker: nil)
            if let note = unresolvedNote(chosen.schema, name: description.name) { printError("keepsake: \(note)") }
        } else if model == nil, !schemaOptions.noSchema, case .none = state.binding {
            // As the browser: a document nothing describes is described by a model inferred from it.
            switch InferredModel.infer(from: document) {
            case .success(let inferred):
                inferred.describe(&state, proposedPath: nil, checked: false)
                if verbose { printError("keepsake: no schema or model describes \(shownInMessage(file)); described by a model \(inferred.name == "inferred" ? "inferred from it" : inferred.name)") }
            case .failure(let refusal):
                printError("keepsake: \(refusal)")
            }
        }
        let found = state.describeValues(at: target) { described in
            switch output {
            case .text: printLine(Self.line(described))
            case .json: print(JSONWriter.serialize(Self.object(described)))
            }
        }
        if !found { throw CommandFailure(message: "\(shownInMessage(file)): no value at \(target)") }
    }

    /// The whole document, parsed; a read or parse failure is the command's error.
    private func read(options: JSONParseOptions) throws -> JSONDocument {
        do {
            let (storage, _) = try JSONFileReader.read(path: file, rejectingEarly: true, syntax: options.syntax)
            return try JSONDocument(storage: storage, options: options)
        } catch let error as JSONFileError {
            if case .invalidJSON(_, let parse) = error { throw CommandFailure(message: parseMessage(parse)) }
            throw CommandFailure(message: "\(shownInMessage(file)): \(readFailure(error))")
        } catch let error as JSONParseError {
            throw CommandFailure(message: parseMessage(error))
        }
    }

    private func parseMessage(_ error: JSONParseError) -> String {
        let message = parsing.syntax == nil && error.syntax == .json ? withSyntaxHint(error.message, file: file) : error.message
        return "\(shownInMessage(file)):\(error.line):\(error.column): \(message)"
    }

    /// The JSON Schema the browser would use for the document, if any (`--schema`, else the
    /// selection; for YAML, `named` is the document's own reference to one).
    private func schema(for document: JSONDocument, named: String?) throws -> ChosenSchemas.Chosen? {
        guard !schemaOptions.noSchema else { return nil }
        let settings = SettingsFile.loadSayingProblems()
        let sources = try SchemaSources(schemaOptions, settings: settings)
        defer { sources.sayNotes() }
        if let explicit = try sources.loadExplicit(.fetching), let path = schemaOptions.schema {
            return ChosenSchemas.Chosen(schema: explicit, name: (path as NSString).lastPathComponent)
        }
        var schemas = ChosenSchemas(try sources.selection(.fetching), options: try sources.compileOptions(.fetching))
        do {
            return parsing.isYAML(file)
                ? try schemas.schema(named: named, file: file, verbose: verbose)
                : try schemas.schema(for: document, file: file, verbose: verbose)
        } catch {
            throw CommandFailure(message: "\(shownInMessage(file)): schema not used: \(error)", code: 2)
        }
    }

    /// One line for a person: `PATH: STATUS TYPE — DESCRIPTION; default …; one of …`.
    static func line(_ described: ValueDescription) -> String {
        let path = described.path.isRoot ? "." : described.path.jq
        var head = [described.status?.rawValue ?? "untyped"]
        if let type = described.type { head.append(type) } else if let kind = described.kind { head.append(kind.description) }
        var notes: [String] = []
        if let variant = described.variant { notes.append("variant \(variant)") }
        if let choices = described.choices {
            notes.append("one of " + choices.map { JSONWriter.serialize($0) }.joined(separator: ", ") + (described.takesOtherValues ? ", or another" : ""))
        }
        if let value = described.defaultText { notes.append("default \(value)") }
        if let warning = described.warning { notes.append(warning) }
        var line = "\(path): " + head.joined(separator: " ")
        if let text = described.description { line += " — " + oneLine(text) }
        if !notes.isEmpty { line += " [" + notes.joined(separator: "; ") + "]" }
        return line
    }

    /// One JSON object for a script, each key present only when there is something to say.
    static func object(_ described: ValueDescription) -> JSONValue {
        var members: [(String, JSONValue)] = [("path", .string(described.path.pointer))]
        if let kind = described.kind { members.append(("kind", .string(kind.description))) }
        if let status = described.status { members.append(("status", .string(status.rawValue))) }
        if let type = described.type { members.append(("type", .string(type))) }
        if let choices = described.choices {
            members.append(("enum", .array(choices)))
            if described.takesOtherValues { members.append(("open", .bool(true))) }
        }
        if let text = described.defaultText {
            // A schema's default is JSON; a compiled model's is the Swift expression that makes it.
            do {
                members.append(("default", try JSONValue(parsing: text)))
            } catch {
                members.append(("default-source", .string(text)))
            }
        }
        if let text = described.description { members.append(("description", .string(text))) }
        if let variant = described.variant { members.append(("variant", .string(variant))) }
        if let warning = described.warning { members.append(("warning", .string(warning))) }
        return .object(JSONObject(members))
    }

    /// Text on one line: its line breaks and runs of white space as single spaces.
    private static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: { $0 == " " || $0.isNewline || $0 == "\t" }).joined(separator: " ")
    }
}
