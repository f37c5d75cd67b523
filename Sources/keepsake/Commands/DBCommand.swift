import ArgumentParser
import Foundation
import LosslessJSON
import RecordStore

/// `keepsake db PATH ACTION …`: script a Keepsake record store.
struct DBCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "db",
        abstract: "Read and write the records of a Keepsake record store (SQLite).",
        discussion: """
            keepsake db PATH types                  type names and record counts
            keepsake db PATH count [TYPE]           number of records (of a type)
            keepsake db PATH list [TYPE] [--where PATH=JSON]… [--limit N] [--offset N]
                                                    ID, TYPE and JSON text per line
            keepsake db PATH get ID                 the record's exact JSON text
            keepsake db PATH put TYPE [--id ID] JSON   store a JSON object (replaces an id); prints the id
            keepsake db PATH delete ID              delete a record
            keepsake db PATH import TYPE FILE       store every line of a JSON Lines file, in one transaction
            Conditions: PATH=JSON, PATH!=JSON, PATH<JSON, PATH<=JSON, PATH>JSON, PATH>=JSON (PATH as jq or pointer).
            """
    )

    enum Action: String, ExpressibleByArgument, CaseIterable {
        case types, count, list, get, put, delete, `import`
    }

    @Argument(help: "The record store file.")
    var path: String

    @Argument(help: "types, count, list, get, put, delete or import.")
    var action: Action

    @Argument(help: "The action's operands (TYPE, ID, JSON, FILE).")
    var operands: [String] = []

    @Option(name: .customLong("where"), help: "A condition on the record's JSON, e.g. .age>=18 (repeatable).")
    var conditions: [String] = []

    @Option(help: "At most this many records.")
    var limit: Int?

    @Option(help: "Skip this many records.")
    var offset: Int = 0

    @Option(help: "The record id for put (default: a new UUID).")
    var id: String?

    func validate() throws {
        let expected: ClosedRange<Int> =
            switch action {
            case .types: 0...0
            case .count, .list: 0...1
            case .get, .delete: 1...1
            case .put: 2...2
            case .import: 2...2
            }
        guard expected.contains(operands.count) else {
            throw ValidationError("'\(action.rawValue)' takes \(expected.lowerBound == expected.upperBound ? "\(expected.lowerBound)" : "\(expected.lowerBound) or \(expected.upperBound)") operand(s), got \(operands.count)")
        }
        if limit.map({ $0 < 0 }) == true || offset < 0 { throw ValidationError("--limit and --offset cannot be negative") }
    }

    func run() throws {
        if action != .put, action != .import, !FileManager.default.fileExists(atPath: path) {
            throw CommandFailure(message: "\(path): no such record store")
        }
        do {
            try perform(try RecordStore(path: path, readOnly: action == .types || action == .count || action == .list || action == .get))
        } catch let error as RecordStoreError {
            throw CommandFailure(message: error.description)
        }
    }

    private func perform(_ store: RecordStore) throws {
        switch action {
        case .types:
            for entry in try store.types() { print("\(entry.type)\t\(entry.count)") }
        case .count:
            print(try operands.first.map { try store.count(type: $0) } ?? store.count())
        case .list:
            let parsed = try conditions.map(Self.parseCondition)
            for record in try store.list(type: operands.first, where: parsed, order: .created, limit: limit, offset: offset) {
                print("\(record.id)\t\(record.type)\t\(record.json)")
            }
        case .get:
            guard let record = try store.record(id: operands[0]) else {
                throw CommandFailure(message: "\(path): no record with id \(operands[0])")
            }
            print(record.json)
        case .put:
            print(try store.put(type: operands[0], id: id, text: operands[1]))
        case .delete:
            guard try store.delete(id: operands[0]) else {
                throw CommandFailure(message: "\(path): no record with id \(operands[0])")
            }
        case .import:
            let type = operands[0]
            let file = operands[1]
            let (bytes, _) = try readFile(file)
            let lines: JSONLinesDocument
            do {
                lines = try JSONLinesDocument(bytes: bytes.buffer)
            } catch {
                for line in error.lines { printError("\(file):\(line.line):\(line.error.column): error: \(line.error.message)") }
                throw CommandFailure(message: "\(file): not imported (\(error.lines.count) invalid line\(error.lines.count == 1 ? "" : "s"))")
            }
            let count = try store.transaction { tx -> Int in
                var count = 0
                for line in lines.valueLines {
                    guard let document = line.document else { continue }
                    try tx.put(type: type, text: document.text)
                    count += 1
                }
                return count
            }
            print(count)
        }
    }

    private func readFile(_ file: String) throws -> (JSONBytes, JSONFileOrigin?) {
        do {
            return try JSONFileReader.read(path: file)
        } catch {
            throw CommandFailure(message: error.description)
        }
    }

    /// `PATH op JSON`, the operator found outside quotes.
    static func parseCondition(_ text: String) throws -> FieldCondition {
        let characters = Array(text)
        var inQuotes = false
        var index = 0
        while index < characters.count {
            let c = characters[index]
            if c == "\"" { inQuotes.toggle() }
            if !inQuotes, "=<>!".contains(c), index > 0 {
                var op = String(c)
                if index + 1 < characters.count, characters[index + 1] == "=" { op.append("=") }
                let comparison: FieldCondition.Comparison? =
                    switch op {
                    case "=", "==": .equal
                    case "!=": .notEqual
                    case "<": .less
                    case "<=": .lessOrEqual
                    case ">": .greater
                    case ">=": .greaterOrEqual
                    default: nil
                    }
                guard let comparison else { break }
                let pathText = String(characters[..<index])
                let valueText = String(characters[(index + op.count)...])
                let path: JSONPath
                do {
                    path = try JSONPath(parsing: pathText)
                } catch {
                    throw CommandFailure(message: "--where \(text): \(error)", code: 2)
                }
                do {
                    return FieldCondition(path, comparison, try JSONValue(parsing: valueText))
                } catch {
                    throw CommandFailure(message: "--where \(text): the value is not JSON (\(error.message)); quote strings: .name=\"Ada\"", code: 2)
                }
            }
            index += 1
        }
        throw CommandFailure(message: "--where \(text): expected PATH=JSON (or !=, <, <=, >, >=)", code: 2)
    }
}
