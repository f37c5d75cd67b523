import ArgumentParser
import JSONSchema
import SchemaDescriptions
import LosslessJSON
import SampleModels

/// `keepsake schema`: checking schemas and writing them for compiled models.
struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema", abstract: "Check a JSON Schema, infer one from data, export one for a compiled model, or look after the schema cache.",
        subcommands: [Check.self, InferCommand.self, Export.self, CacheCommand.self])

    /// `keepsake schema check SCHEMA`.
    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "check",
            abstract: "Validate a schema against its dialect's meta-schema and compile it (exit 0 valid, 1 invalid, 2 unreadable).")

        @Argument(help: "The schema file.")
        var schema: String

        @Option(help: "The dialect of a schema without $schema: 2020-12, 2019-09, draft-07, draft-06 or draft-04.")
        var dialect: Dialect = .draft2020

        @Option(name: .customLong("schema-map"), help: "PREFIX=DIR: read schemas whose URI starts with PREFIX from DIR (repeatable).")
        var schemaMaps: [String] = []

        @Option(help: "text or json")
        var output: OutputFormat = .text

        func run() throws {
            let options = try SchemaOptions.options(dialect: dialect, schemaMaps: schemaMaps)
            let document: JSONDocument
            do {
                document = try JSONDocument(contentsOfFile: schema)
            } catch {
                throw CommandFailure(message: error.description, code: 2)
            }
            // The meta-schema: the one `$schema` names (a dialect's, embedded, or one reachable
            // offline), else the dialect's.
            let declared = document.kind(document.root) == .object ? document.member(document.root, "$schema").flatMap(document.string) : nil
            let meta: JSONSchema
            do {
                meta = try JSONSchema.metaSchema(declaredBy: declared, options: options)
            } catch {
                throw CommandFailure(message: "\(schema): its meta-schema \(declared ?? dialect.metaSchemaURI) cannot be used: \(error)", code: 2)
            }
            // (A pattern the engine could not decide was printed by the report; the schema is not called valid.)
            var valid = SchemaReport.report(schema, document, schema: meta, format: output) == .valid
            if valid {
                do {
                    // A reference whose document cannot be had is a failing part where the schema
                    // is used; here it is an error, as it is for the schema's author.
                    for unresolved in try JSONSchema(contentsOfFile: schema, options: options).unresolvedReferences {
                        printError("\(shownInMessage(schema)): \(unresolved)")
                        valid = false
                    }
                } catch {
                    printError("\(schema): \(error)")
                    valid = false
                }
            }
            if output == .text, valid { printLine("\(schema): valid against \(meta.uri)") }
            if !valid { throw CommandFailure(message: "", code: 1) }
        }
    }

    /// `keepsake schema export TYPE`.
    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "export",
            abstract: "Print a 2020-12 JSON Schema of what a compiled model knows (see `keepsake models`).")

        @Argument(help: "The model's name.")
        var type: String

        @Flag(help: "A schema for an array of the model (a root array, as keepsake binds one).")
        var array = false

        func run() throws {
            guard let model = SampleModels.registry.schema(named: type) else {
                throw CommandFailure(message: "no model named \(type); `keepsake models` lists them", code: 2)
            }
            print(JSONWriter.serialize(SchemaExport.schema(for: model, registry: SampleModels.registry, asArray: array), style: .pretty))
        }
    }
}
