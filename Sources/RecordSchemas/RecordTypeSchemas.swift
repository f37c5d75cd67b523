import Foundation
import JSONSchema
import LosslessJSON
import RecordStore
import Synchronization

/// The schemas a record store keeps with its record types, compiled when first needed: what a
/// record is checked against before it is written (`db put`, `db import`, the browser's save) and
/// what the browser types a type's records by.
///
/// Each type's schema is a document of its own at `uri(for:)`, and every type's document is known
/// to every other's resolver, so one type's schema may refer to another's
/// (`{"$ref": "urn:keepsake:record-type:Customer"}`).
public final class RecordTypeSchemas: Sendable {
    /// Each record type's schema text, by type name.
    public let texts: [String: String]
    private let options: JSONSchema.Options
    private let compiled = Mutex<[String: Result<JSONSchema, SchemaLoadError>]>([:])

    /// The schemas of these types; `options` gives the dialect of a schema that declares none,
    /// whether formats are asserted and where other referenced documents come from.
    public init(_ schemas: [(type: String, schema: String)], options: JSONSchema.Options = JSONSchema.Options()) {
        var texts: [String: String] = [:]
        for entry in schemas { texts[entry.type] = entry.schema }
        self.texts = texts
        var options = options
        for (type, text) in texts { options.resolver.documents[Self.uri(for: type)] = text }
        self.options = options
    }

    /// The schemas a store keeps (none for a store made before type schemas).
    public convenience init(store: some RecordOperations, options: JSONSchema.Options = JSONSchema.Options()) throws {
        self.init(try store.typeSchemas(), options: options)
    }

    /// The URI a type's schema is read from (and that other schemas refer to it by).
    public static func uri(for type: String) -> String {
        "urn:keepsake:record-type:" + (type.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? type)
    }

    /// A type name as a JSON Pointer token inside a URI fragment.
    private static func pointerToken(_ type: String) -> String {
        let escaped = type.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
        return escaped.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? escaped
    }

    /// Whether no type has a schema.
    public var isEmpty: Bool { texts.isEmpty }

    /// A type's compiled schema, `nil` when the type has none; a schema that does not compile
    /// throws the compiler's error each time it is asked for.
    public func schema(for type: String) throws(SchemaLoadError) -> JSONSchema? {
        guard let text = texts[type] else { return nil }
        if let known = compiled.withLock({ $0[type] }) { return try known.get() }
        let result: Result<JSONSchema, SchemaLoadError>
        do {
            result = .success(try JSONSchema(text: text, uri: Self.uri(for: type), options: options))
        } catch {
            result = .failure(error)
        }
        compiled.withLock { $0[type] = result }
        return try result.get()
    }

    /// Checks a record's JSON text against its type's schema: passes when the type has none (the
    /// text is then not even parsed) or the record matches; throws `RecordSchemaViolation` with the
    /// schema's errors (or with why no verdict was reached) otherwise, and the compiler's error when
    /// the schema does not compile.
    public func check(_ text: String, type: String, id: String? = nil) throws {
        guard texts[type] != nil else { return }
        let document: JSONDocument
        do {
            document = try JSONDocument(text, options: JSONParseOptions(maxDepth: .max))
        } catch {
            throw RecordSchemaViolation(type: type, id: id, errors: ["not JSON: \(error)"])
        }
        try check(document, type: type, id: id)
    }

    /// Checks a parsed record against its type's schema, as `check(_:type:id:)` checks its text.
    public func check(_ document: JSONDocument, type: String, id: String? = nil) throws {
        guard let schema = try schema(for: type) else { return }
        let report = schema.validate(document)
        if report.isValid, report.undecided.isEmpty { return }
        throw RecordSchemaViolation(type: type, id: id, errors: (report.errors + report.undecided).map(\.description))
    }

    /// One schema for a record store as the browser reads it — `{"Type": {"id": record}}` — whose
    /// members for `types` (those that have a schema) take each record through its type's schema;
    /// other members are left alone. `nil` when none of `types` has a schema.
    public func storeSchema(types: [String]) throws(SchemaLoadError) -> JSONSchema? {
        let typed = types.filter { texts[$0] != nil }.sorted()
        guard !typed.isEmpty else { return nil }
        // Each type's records through a definition named for the type (an `allOf` of its schema), so
        // that their model is called by the type's name, as its group is.
        let properties = JSONObject(typed.map { type in
            (type, JSONValue.object([
                "title": .string("\(type) records"), "type": "object",
                "additionalProperties": .object(["$ref": .string("#/$defs/" + Self.pointerToken(type))]),
            ]))
        })
        let definitions = JSONObject(typed.map { type in (type, JSONValue.object(["allOf": [.object(["$ref": .string(Self.uri(for: type))])]])) })
        let wrapper = JSONValue.object([
            "$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object", "properties": .object(properties),
            "$defs": .object(definitions),
        ])
        return try JSONSchema(text: JSONWriter.serialize(wrapper), uri: "urn:keepsake:record-store", options: options)
    }
}

/// A record that does not match its type's schema, and was not written.
public struct RecordSchemaViolation: Error, Sendable, CustomStringConvertible {
    /// The record's type name.
    public let type: String
    /// The record's id, when it has one yet.
    public let id: String?
    /// The schema's errors (`PATH: message (keyword)`), in document order.
    public let errors: [String]

    /// A violation.
    public init(type: String, id: String?, errors: [String]) {
        self.type = type
        self.id = id
        self.errors = errors
    }

    public var description: String {
        let record = id.map { "record \($0)" } ?? "the record"
        let shown = errors.prefix(5).joined(separator: "; ")
        let more = errors.count > 5 ? " (and \(errors.count - 5) more)" : ""
        return "\(record) does not match the schema of \(type): \(shown)\(more)"
    }
}
