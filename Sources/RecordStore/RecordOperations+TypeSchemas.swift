import Foundation
import LosslessJSON

/// A JSON Schema kept with each record type, in a table of the store's own (`record_schema`):
/// what the browser types a type's records by and what writes are checked against. The store
/// keeps the text exactly as given; compiling and checking are the callers' (`RecordSchemas`).
extension RecordOperations {
    /// The schema text kept for a record type, `nil` when it has none.
    public func typeSchema(for type: String) throws -> String? {
        try performRead { connection in try connection.typeSchema(for: type) }
    }

    /// Every record type's schema text, by type name.
    public func typeSchemas() throws -> [(type: String, schema: String)] {
        try performRead { connection in try connection.typeSchemas() }
    }

    /// Keeps `schema` (JSON: an object or a boolean) as a record type's schema, replacing the one
    /// it had. A store made before type schemas gains their table here.
    public func setTypeSchema(_ schema: String, for type: String) throws {
        do {
            let document = try JSONDocument(schema)
            guard [.object, .true, .false].contains(document.kind(document.root)) else {
                throw RecordStoreError.invalidTypeSchema(type: type, detail: "a schema is a JSON object or a boolean")
            }
        } catch let error as JSONParseError {
            throw RecordStoreError.invalidTypeSchema(type: type, detail: "not JSON: \(error)")
        }
        try performWrite { connection in try connection.setTypeSchema(schema, for: type, at: Date()) }
    }

    /// Forgets a record type's schema; `true` if it had one.
    @discardableResult
    public func removeTypeSchema(for type: String) throws -> Bool {
        try performWrite { connection in try connection.removeTypeSchema(for: type) }
    }
}
