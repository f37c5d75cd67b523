import ArgumentParser
import Foundation
import JSONSchema
import LosslessJSON
import RecordSchemas
import RecordStore

/// `keepsake db schema VERB STORE …`: the JSON Schema a store keeps with each record type.
extension DBCommand {
    struct Schema: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "schema",
            abstract: "Keep a JSON Schema with a record type: the browser types its records by it, and db put, db import and the browser's save check them against it.",
            subcommands: [SetSchema.self, GetSchema.self, InferSchema.self, ListSchemas.self, RemoveSchema.self])
    }
}

extension DBCommand.Schema {
    struct SetSchema: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "set",
            abstract: "Keep a schema (its exact text) for a record type, replacing the one it had; say how many of the type's records do not match it.")
        @OptionGroup var options: DBCommand.StoreOptions
        @Argument(help: "The record type's name.") var type: String
        @Argument(help: "The schema file (\"-\" for standard input).") var schema: String

        func run() throws {
            let text = try readSchemaText(schema)
            let store = try options.open(readOnly: false)
            // Compiled first, beside the store's other type schemas (it may refer to them): a schema
            // that cannot check anything is not kept.
            var others = try failing { try store.typeSchemas() }.filter { $0.type != type }
            others.append((type, text))
            let schemas = RecordTypeSchemas(others)
            do {
                // A reference nothing resolves would leave every record undecided.
                if let unresolved = try schemas.schema(for: type)?.unresolvedReferences.first {
                    throw CommandFailure(message: "\(shownInMessage(schema)): not kept: a reference is not resolved (\(unresolved.message))", code: 2)
                }
            } catch let error as SchemaLoadError {
                throw CommandFailure(message: "\(shownInMessage(schema)): not kept: \(error)", code: 2)
            }
            try failing { try store.setTypeSchema(text, for: type) }
            let (checked, mismatched) = try countMismatches(of: type, in: store, against: schemas)
            if let first = mismatched.first {
                printError("keepsake: warning: \(mismatched.count) of \(checked) \(type) records do not match the schema (first: \(first))")
            }
            printError("keepsake: \(options.store): kept the schema of \(type)")
        }

        /// Checks every stored record of the type, a page at a time, on one deep-stack thread.
        private func countMismatches(of type: String, in store: RecordStore, against schemas: RecordTypeSchemas) throws -> (Int, [RecordSchemaViolation]) {
            try DeepStack.run { try countMismatchesHere(of: type, in: store, against: schemas) }
        }

        private func countMismatchesHere(of type: String, in store: RecordStore, against schemas: RecordTypeSchemas) throws -> (Int, [RecordSchemaViolation]) {
            var checked = 0
            var mismatched: [RecordSchemaViolation] = []
            while true {
                let page = try failing { try store.list(type: type, order: .created, limit: 1_000, offset: checked) }
                for record in page {
                    do {
                        try schemas.check(record.json, type: type, id: record.id)
                    } catch let violation as RecordSchemaViolation {
                        mismatched.append(violation)
                    }
                }
                checked += page.count
                if page.count < 1_000 { return (checked, mismatched) }
            }
        }
    }

    struct GetSchema: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "get", abstract: "Print a record type's schema, exactly as it was kept.")
        @OptionGroup var options: DBCommand.StoreOptions
        @Argument(help: "The record type's name.") var type: String

        func run() throws {
            try options.reading { store in
                guard let text = try failing({ try store.typeSchema(for: type) }) else {
                    throw CommandFailure(message: "\(options.store): \(type) has no schema (db schema set or db schema infer --save keeps one)")
                }
                print(text, terminator: text.hasSuffix("\n") ? "" : "\n")
            }
        }
    }

    struct InferSchema: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "infer",
            abstract: "Infer a record type's schema from its stored records (as schema infer does for files) and print it, or keep it with --save.")
        @OptionGroup var options: DBCommand.StoreOptions
        @Argument(help: "The record type's name.") var type: String
        @Flag(help: "Keep the inferred schema as the type's schema (replacing one it had) instead of printing it.") var save = false
        @Option(help: "Take only the first N records (oldest first).") var sample: Int?

        func validate() throws {
            if let sample, sample < 1 { throw ValidationError("--sample takes a positive count") }
        }

        func run() throws {
            let store = try options.open(readOnly: !save)
            let (schema, records) = try failing { try RecordTypeSchemas.infer(type: type, from: store, sample: sample) }
            guard records > 0 else { throw CommandFailure(message: "\(options.store): no records of type \(type) to infer a schema from") }
            let text = JSONWriter.serialize(schema, style: .pretty) + "\n"
            guard save else {
                print(text, terminator: "")
                return
            }
            try failing { try store.setTypeSchema(text, for: type) }
            printError("keepsake: \(options.store): kept the schema of \(type), inferred from \(records) records")
        }
    }

    struct ListSchemas: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "Print each record type that has a schema, with its record count and the schema's title.")
        @OptionGroup var options: DBCommand.StoreOptions

        func run() throws {
            try options.reading { store in
                let counts = Dictionary(try failing { try store.types() }.map { ($0.type, $0.count) }, uniquingKeysWith: +)
                for entry in try failing({ try store.typeSchemas() }) {
                    let title = (try? JSONValue(parsing: entry.schema)).flatMap { $0.objectValue?["title"]?.stringValue } ?? ""
                    printLine("\(TerminalText.escaped(entry.type))\t\(counts[entry.type] ?? 0)\t\(TerminalText.escaped(title))")
                }
            }
        }
    }

    struct RemoveSchema: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove", abstract: "Forget a record type's schema (its records are kept, and no longer checked).")
        @OptionGroup var options: DBCommand.StoreOptions
        @Argument(help: "The record type's name.") var type: String

        func run() throws {
            let store = try options.open(readOnly: false)
            guard try failing({ try store.removeTypeSchema(for: type) }) else {
                throw CommandFailure(message: "\(options.store): \(type) has no schema")
            }
        }
    }
}

/// A schema file's text (`-`: standard input), with a clear error when it cannot be read.
private func readSchemaText(_ path: String) throws -> String {
    if path == "-" {
        return String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
    }
    do {
        return try String(contentsOfFile: path, encoding: .utf8)
    } catch {
        throw CommandFailure(message: "\(shownInMessage(path)): cannot read the schema: \(error.localizedDescription)", code: 2)
    }
}

/// Checks records against their types' schemas before a write, unless `--no-check`.
struct RecordCheckOptions: ParsableArguments {
    @Flag(name: .customLong("no-check"), help: "Write records even when they do not match their type's schema.")
    var noCheck = false

    /// The store's type schemas, or nil when not checking (or when no type has one).
    func schemas(of store: RecordStore) throws -> RecordTypeSchemas? {
        if noCheck { return nil }
        let schemas = try failing { try RecordTypeSchemas(store: store) }
        return schemas.isEmpty ? nil : schemas
    }
}

/// Runs a record check, turning a mismatch or a schema that does not compile into a clear failure
/// that says how to write anyway.
func checking(_ body: () throws -> Void) throws {
    do {
        try body()
    } catch let violation as RecordSchemaViolation {
        throw CommandFailure(message: "\(violation); not written (--no-check writes it anyway)")
    } catch let error as SchemaLoadError {
        throw CommandFailure(message: "the kept schema does not compile: \(error); not written (--no-check writes it anyway)")
    }
}
