import ArgumentParser
import Foundation
import JSONSchema
import LosslessJSON
import RecordSchemas
import RecordStore
import RecordStorePostgres

/// `keepsake db VERB STORE …`: script a Keepsake record store.
struct DBCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "db",
        abstract: "Read and write the records of a Keepsake record store (an SQLite file or a postgres:// URL).",
        discussion: "Conditions (--where): PATH=JSON, PATH!=JSON, PATH<JSON, PATH<=JSON, PATH>JSON, PATH>=JSON (PATH as jq or pointer).",
        subcommands: [Types.self, Count.self, List.self, Get.self, Put.self, Delete.self, Import.self, Copy.self, Init.self, Index.self, Schema.self]
    )

    /// The store argument every verb takes.
    struct StoreOptions: ParsableArguments {
        @Argument(help: "The record store: an SQLite file, or postgres://USER@HOST:PORT/DATABASE (PGHOST, PGPORT, PGUSER, PGDATABASE, PGPASSWORD and ~/.pgpass fill what it leaves out).")
        var store: String

        /// Opens the store; reading verbs need it to exist, and open it read-only.
        func open(readOnly: Bool) throws -> RecordStore {
            try openStore(store, readOnly: readOnly)
        }

        /// Opens the store read-only and runs a reading verb; a damaged database (SQLite's quick
        /// check) is said before the output and fails the command after it, since what was read may
        /// be incomplete.
        func reading(_ body: (RecordStore) throws -> Void) throws {
            let opened = try open(readOnly: true)
            let damage = try failing { try opened.integrityProblems() }
            if !damage.isEmpty {
                printError("keepsake: warning: \(store): the database is damaged (\(damage.prefix(3).joined(separator: "; "))); what follows may be incomplete")
            }
            try body(opened)
            if !damage.isEmpty {
                throw CommandFailure(message: "\(store): the database is damaged; recover it (sqlite3 \(store) .recover) before trusting what was printed")
            }
        }
    }

    struct Types: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "types", abstract: "Print each type name and its record count.")
        @OptionGroup var options: StoreOptions

        func run() throws {
            try options.reading { store in
                for entry in try failing({ try store.types() }) { printLine("\(TerminalText.escaped(entry.type))\t\(entry.count)") }
            }
        }
    }

    struct Count: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "count", abstract: "Print the number of records (of a type).")
        @OptionGroup var options: StoreOptions
        @Argument(help: "Only records of this type.") var type: String?

        func run() throws {
            try options.reading { store in
                print(try failing { try type.map { try store.count(type: $0) } ?? store.count() })
            }
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "Print ID, TYPE and the exact JSON text of each record, oldest first (or in --order).")
        @OptionGroup var options: StoreOptions
        @Argument(help: "Only records of this type.") var type: String?

        @Option(
            name: .customLong("where"), help: "A condition on the record's JSON, e.g. .age>=18 (repeatable).",
            transform: { (text: String) throws -> FieldCondition in
                do {
                    return try FieldCondition(parsing: text)
                } catch {
                    throw ValidationError("--where \(error)")
                }
            })
        var conditions: [FieldCondition] = []

        @Option(
            help: "The order: created (the default), updated, id, or a path into the records' JSON (.age, /name; an index on it serves it).",
            transform: { (text: String) throws -> RecordOrder in
                switch text {
                case "created": return .created
                case "updated": return .updated
                case "id": return .id
                default:
                    do {
                        return .field(try JSONPath(parsing: text))
                    } catch {
                        throw ValidationError("--order \(text): expected created, updated, id or a path (\(error))")
                    }
                }
            })
        var order: RecordOrder = .created

        @Flag(help: "Reverse the order.") var descending = false
        @Option(help: "At most this many records.") var limit: Int?
        @Option(help: "Skip this many records.") var offset: Int = 0

        func validate() throws {
            if limit.map({ $0 < 0 }) == true || offset < 0 { throw ValidationError("--limit and --offset cannot be negative") }
        }

        func run() throws {
            try options.reading { store in
                let records = try failing {
                    try store.list(type: type, where: conditions, order: order, descending: descending, limit: limit, offset: offset)
                }
                for record in records { print("\(TerminalText.escaped(record.id))\t\(TerminalText.escaped(record.type))\t\(record.json)") }
            }
        }
    }

    struct Get: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "get", abstract: "Print a record's exact JSON text (or its version).")
        @OptionGroup var options: StoreOptions
        @Argument(help: "The record's id.") var id: String
        @Flag(name: .customLong("print-version"), help: "Print the record's version instead (for put --if-version).")
        var printVersion = false

        func run() throws {
            try options.reading { store in
                guard let record = try failing({ try store.record(id: id) }) else {
                    throw CommandFailure(message: "\(options.store): no record with id \(id)")
                }
                print(printVersion ? "\(record.version)" : record.json)
            }
        }
    }

    struct Put: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "put",
            abstract: "Store a JSON object exactly as given; print its id.",
            discussion: "A record that does not match its type's schema (db schema set) is refused with the schema's errors unless --no-check. A record that exists with --id is not replaced unless --replace, or --if-version N (replaced only if no one changed it since version N was read: see get --print-version).")
        @OptionGroup var options: StoreOptions
        @Argument(help: "The record's type name.") var type: String
        @Argument(help: "The JSON object.") var json: String
        @Option(help: "The record id (default: a new UUID).") var id: String?
        @Flag(help: "Replace a record with the same id.") var replace = false
        @Option(name: .customLong("if-version"), help: "Replace the record only if it is still at this version.") var ifVersion: Int?
        @OptionGroup var check: RecordCheckOptions

        func validate() throws {
            if id == nil, replace || ifVersion != nil { throw ValidationError("--replace and --if-version need --id") }
        }

        func run() throws {
            let store = try options.open(readOnly: false)
            if let schemas = try check.schemas(of: store) { try checking { try schemas.check(json, type: type, id: id) } }
            print(try failing { try store.put(type: type, id: id, text: json, replacing: replace, expectedVersion: ifVersion) })
        }
    }

    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "delete", abstract: "Delete a record.")
        @OptionGroup var options: StoreOptions
        @Argument(help: "The record's id.") var id: String

        func run() throws {
            let store = try options.open(readOnly: false)
            guard try failing({ try store.delete(id: id) }) else {
                throw CommandFailure(message: "\(options.store): no record with id \(id)")
            }
        }
    }

    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Store every line of a JSON Lines file as a record, in one transaction; print how many.",
            discussion: "Nothing is stored unless every line is a JSON object that matches the type's schema, when it has one (--no-check: JSON objects suffice).")
        @OptionGroup var options: StoreOptions
        @Argument(help: "The records' type name.") var type: String
        @Argument(help: "The JSON Lines file.") var file: String
        @OptionGroup var parsing: ParsingOptions
        @OptionGroup var check: RecordCheckOptions

        func run() throws {
            if parsing.chosenSyntax == .yaml || parsing.documentNumber != nil {
                throw CommandFailure(message: "db import reads JSON Lines; --syntax yaml and --document are for YAML files", code: 2)
            }
            let store = try options.open(readOnly: false)
            let bytes: JSONBytes
            do {
                (bytes, _) = try JSONFileReader.read(path: file)
            } catch {
                throw CommandFailure(message: error.description)
            }
            // Every line checked first (all invalid ones said), nothing stored unless all are valid;
            // then every line's text is stored as it is, in batches, in one transaction.
            var checker = JSONLineChecker(options: parsing.parseOptions)
            // Checked only when the type keeps a schema: otherwise no line is parsed again.
            let schemas = try check.schemas(of: store).flatMap { $0.texts[type] == nil ? nil : $0 }
            var invalid = 0
            var values: [Range<Int>] = []
            // On one deep-stack thread: each check would otherwise start one of its own.
            DeepStack.run { JSONLines.forEachLine(in: bytes.buffer) { line in
                let content = UnsafeBufferPointer(rebasing: bytes.buffer[line.content])
                if let error = checker.check(content, first: line.number == 1) {
                    printError("\(file):\(line.number):\(error.column): error: \(error.message)")
                    invalid += 1
                } else if !JSONLines.isBlank(content, first: line.number == 1) {
                    // A byte order mark starts the file, not the first record.
                    let marked = line.number == 1 && content.starts(with: [0xEF, 0xBB, 0xBF])
                    let value = marked ? line.content.lowerBound + 3..<line.content.upperBound : line.content
                    if let schemas, let message = Self.mismatch(UnsafeBufferPointer(rebasing: bytes.buffer[value]), type: type, schemas: schemas) {
                        printError("\(file):\(line.number): error: \(message)")
                        invalid += 1
                    } else {
                        values.append(value)
                    }
                }
                return true
            } }
            guard invalid == 0 else {
                throw CommandFailure(message: "\(file): not imported (\(invalid) invalid line\(invalid == 1 ? "" : "s")\(schemas == nil ? "" : "; --no-check stores lines that do not match the schema"))")
            }
            let count = try failing {
                try store.transaction { tx in try tx.insertAll(type: type, texts: values.map { bytes.string($0) }) }
            }
            print(count)
        }

        /// Why a line's record (its bytes, which the line check found to be JSON) does not match its
        /// type's schema, or nil when it does.
        private static func mismatch(_ line: UnsafeBufferPointer<UInt8>, type: String, schemas: RecordTypeSchemas) -> String? {
            do {
                try schemas.check(JSONDocument(bytes: line, options: JSONParseOptions(maxDepth: .max)), type: type)
                return nil
            } catch let violation as RecordSchemaViolation {
                return "does not match the schema of \(type): \(violation.errors.prefix(5).joined(separator: "; "))"
            } catch let error as SchemaLoadError {
                return "the schema of \(type) does not compile: \(error)"
            } catch {
                return "\(error)"
            }
        }
    }
}

/// Opens a record store by its name: a `postgres://` URL, or an SQLite file (which reading verbs
/// need to exist, and open read-only). A database without a record table gets one only when
/// `createTable` (writing verbs), and otherwise fails saying how to make one.
func openStore(_ name: String, readOnly: Bool, createTable: Bool? = nil) throws -> RecordStore {
    if PostgresLocation.isURL(name) {
        let create = createTable ?? !readOnly
        return try failing { RecordStore(backend: try PostgresRecordBackend(url: name, readOnly: readOnly, createTable: create)) }
    }
    if readOnly, !FileManager.default.fileExists(atPath: name) {
        throw CommandFailure(message: "\(name): no such record store")
    }
    return try failing { try RecordStore(path: name, readOnly: readOnly) }
}

/// Runs a store operation, turning its error into one clear line.
func failing<T>(_ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let error as RecordStoreError {
        throw CommandFailure(message: error.description)
    }
}
