import Foundation
@testable import JSONSchema
import LosslessJSON
import Testing

/// Checks that each instance text is valid (or not) against a schema text, in a dialect.
func expectValidity(
    _ schema: String, dialect: Dialect = .draft2020, assertFormat: Bool = false, documents: [String: String] = [:],
    _ cases: [(String, Bool)], sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let options = JSONSchema.Options(dialect: dialect, assertFormat: assertFormat, resolver: SchemaResolver(documents: documents))
    let compiled = try JSONSchema(text: schema, uri: "https://example.com/root.json", options: options)
    for (instance, expected) in cases {
        let document = try JSONDocument(instance)
        #expect(compiled.isValid(document) == expected, "\(instance) against \(schema) (\(dialect.rawValue))", sourceLocation: sourceLocation)
        // The collecting pass agrees with the fast one, and gives errors exactly when invalid.
        let report = compiled.validate(document)
        #expect(report.isValid == expected && report.errors.isEmpty == expected, "\(instance): \(report.errors)", sourceLocation: sourceLocation)
    }
}

/// The errors a schema gives for an instance.
func errors(_ schema: String, _ instance: String, dialect: Dialect = .draft2020) throws -> [ValidationError] {
    try JSONSchema(text: schema, options: JSONSchema.Options(dialect: dialect)).validate(try JSONDocument(instance)).errors
}
