import JSONSchema
import LosslessJSON
import Testing

/// Schemas as SchemaStore holds them, written for editors: they load, and mean what editors read.
@Suite("Schemas as written")
struct SchemasAsWrittenTests {
    @Test func aPatternJavaScriptReadsWithoutTheUFlagMeansWhatItMeansThere() throws {
        // Each failed a whole schema (sarif, StackHawk, JSON-stat, UI5 among SchemaStore's).
        let cases: [(pattern: String, matching: [String], notMatching: [String])] = [
            (#"^[a-zA-Z]{2}|^[a-zA-Z]{2}-[a-zA-Z]{2}]?$"#, ["en", "en-US]"], ["1"]),
            (#"^\/(([A-z0-9\-\%]+\/)*[A-z0-9\-\%]+$)?"#, ["/a-b/c%d", "/"], ["a"]),
            (#"^((19|20)\d\d)\-(0?[1-9]|1[012])$"#, ["2024-05"], ["2024/05"]),
            (#"^[a-zA-Z0-9\/\_]{1,32}$"#, ["a_b/c"], ["a b"]),
            (#"^a{b}$"#, ["a{b}"], ["ab"]),
        ]
        for (pattern, matching, notMatching) in cases {
            let schema = try JSONSchema(text: #"{"type": "string", "pattern": \#(JSONWriter.serialize(.string(pattern)))}"#)
            for value in matching { #expect(schema.isValid(try JSONDocument(JSONWriter.serialize(.string(value)))), "\(pattern) on \(value)") }
            for value in notMatching { #expect(!schema.isValid(try JSONDocument(JSONWriter.serialize(.string(value)))), "\(pattern) on \(value)") }
        }
        // What no JavaScript engine reads stays an error: PCRE's recursion, an unclosed group.
        #expect(throws: SchemaLoadError.self) { try JSONSchema(text: #"{"pattern": "^(a(?1)?b)$"}"#) }
        #expect(throws: SchemaLoadError.self) { try JSONSchema(text: #"{"pattern": "(a"}"#) }
    }

    @Test func theUnversionedMetaSchemaAddressIsDraft07() throws {
        // Draft-07: `items` as an array is a tuple, `definitions` hold the subschemas.
        let schema = try JSONSchema(text: #"{"$schema": "http://json-schema.org/schema#", "items": [{"type": "string"}, {"type": "integer"}]}"#)
        #expect(schema.isValid(try JSONDocument(#"["a", 1]"#)))
        #expect(!schema.isValid(try JSONDocument(#"[1, "a"]"#)))
    }
}
