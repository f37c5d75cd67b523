import ArgumentParser
import Foundation
import LosslessJSON
import RecordStore
import RecordStorePostgres

/// The verbs that work on stores as wholes: copy one into another, create the record table, index a field.
extension DBCommand {
    struct Copy: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "copy",
            abstract: "Copy every record of one store into another (SQLite or PostgreSQL, either way), in one transaction: ids, types, times, versions and the exact JSON text; print how many.")
        @Argument(help: "The store to copy from (an SQLite file or a postgres:// URL).") var source: String
        @Argument(help: "The store to copy into (created if it is a new SQLite file).") var destination: String
        @Flag(help: "Replace records whose id the destination already has (else the copy fails and nothing is copied).")
        var replace = false

        func run() throws {
            let from = try openStore(source, readOnly: true)
            let into = try openStore(destination, readOnly: false)
            let records = try failing { try from.list(type: nil, order: .created) }
            let count = try failing {
                try into.transaction { tx -> Int in
                    for record in records {
                        let inserted = try tx.performWrite { connection in try connection.insert(record) }
                        if inserted { continue }
                        guard replace else { throw RecordStoreError.exists(id: record.id, version: record.version) }
                        try tx.performWrite { connection in
                            _ = try connection.delete(id: record.id)
                            _ = try connection.insert(record)
                        }
                    }
                    return records.count
                }
            }
            print(count)
        }
    }
}

extension DBCommand {
    struct Init: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "init",
            abstract: "Create the record table (the store's migration) where it is missing: a new SQLite file, or a PostgreSQL database or schema; say which it did.")
        @OptionGroup var options: StoreOptions

        func run() throws {
            let store = options.store
            if PostgresLocation.isURL(store) {
                let backend = try failing { try PostgresRecordBackend(url: store, createTable: true) }
                printLine(backend.createdTable ? "\(backend.location): created the record table" : "\(backend.location): has a record table already")
                return
            }
            let existed = FileManager.default.fileExists(atPath: store)
            _ = try openStore(store, readOnly: false)
            printLine(existed ? "\(store): a record store already" : "\(store): created a record store")
        }
    }

    struct Index: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "index",
            abstract: "Index a field of every record (a jsonb expression index on PostgreSQL, a json_extract one on SQLite), so that --where and --order on it need not read every record; print the index's name.")
        @OptionGroup var options: StoreOptions
        @Argument(help: "The field's path (jq: .address.city, or a pointer: /address/city).") var path: String

        func run() throws {
            let parsed: JSONPath
            do {
                parsed = try JSONPath(parsing: path)
            } catch {
                throw CommandFailure(message: "\(path): \(error)", code: 2)
            }
            let store = try options.open(readOnly: false)
            printLine(try failing { try store.createIndex(on: parsed) })
        }
    }
}
