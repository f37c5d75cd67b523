import LosslessJSON
@_spi(SchemaGraph) @testable import JSONSchema
import Testing

/// How deep evaluation may go: along a deep value as far as the value goes (within a bound the
/// large stack holds), but a schema that refers to itself at one value is caught.
@Suite("Evaluation depth")
struct DepthTests {
    /// A recursive schema: every `a` holds an object like its parent, or a number.
    static let recursive = ##"{"$defs": {"n": {"anyOf": [{"type": "number"}, {"type": "object", "properties": {"a": {"$ref": "#/$defs/n"}}}]}}, "$ref": "#/$defs/n"}"##

    static func nestedText(_ depth: Int, leaf: String = "1") -> String {
        String(repeating: #"{"a":"#, count: depth) + leaf + String(repeating: "}", count: depth)
    }

    static func nested(_ depth: Int, leaf: String = "1") throws -> JSONDocument {
        try JSONDocument(nestedText(depth, leaf: leaf), options: JSONParseOptions(maxDepth: 100_000))
    }

    @Test func aDeepValueAgainstARecursiveSchemaGetsItsOwnVerdict() throws {
        let schema = try JSONSchema(text: Self.recursive)
        // 5,000 levels took the evaluator past its old bound of 4,000 and were called a schema that
        // "refers to itself"; each level here is three evaluations deep (anyOf, the branch, $ref).
        #expect(schema.validate(try Self.nested(5_000)).isValid)
        #expect(!schema.isValid(try Self.nested(5_000, leaf: #""x""#)))
        // (Every level of an invalid deep value has an error with its whole path: its report is
        // as large as the square of the depth, so its words are checked on a shallower one.)
        let invalid = schema.validate(try Self.nested(300, leaf: #""x""#))
        #expect(!invalid.isValid)
        #expect(!invalid.errors.isEmpty && !invalid.errors.contains { $0.message.contains("refers to itself") })
    }

    @Test func aValueTooDeepForTheBoundIsSaidSoAndASelfReferenceIsCaught() throws {
        let schema = try JSONSchema(text: Self.recursive)
        #expect(!schema.isValid(try Self.nested(8_000)))  // 24,000 evaluations: past the bound of 20,000
        // On a caller's stack the bound is 400 evaluations: 200 levels pass it.
        let tooDeep = schema.errors(of: schema.root, for: try JSONValue(parsing: Self.nestedText(200), options: JSONParseOptions(maxDepth: 1_000)), collecting: true)
        #expect(!tooDeep.valid)
        #expect(tooDeep.errors.contains { $0.message.contains("nests too deeply to check") }, "\(tooDeep.errors.prefix(2))")
        let loop = try JSONSchema(text: ##"{"$defs": {"x": {"allOf": [{"$ref": "#/$defs/x"}]}}, "$ref": "#/$defs/x"}"##)
        let looped = loop.validate(try JSONDocument("1"))
        #expect(!looped.isValid)
        #expect(looped.errors.contains { $0.message.contains("refers to itself") })
    }
}
