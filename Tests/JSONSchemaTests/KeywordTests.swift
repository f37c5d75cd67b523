@testable import JSONSchema
import LosslessJSON
import Testing

/// Each keyword, from the specification's text: what it accepts and refuses, in the dialects
/// where it exists (and that it is ignored where it does not).
@Suite("Keywords")
struct KeywordTests {
    @Test func type() throws {
        try expectValidity(#"{"type": "integer"}"#, [("1", true), ("1.0", true), ("1e3", true), ("1.5", false), ("true", false), ("\"1\"", false)])
        try expectValidity(#"{"type": ["string", "null"]}"#, [("\"a\"", true), ("null", true), ("0", false)])
        try expectValidity(#"{"type": "number"}"#, [("1e400", true), ("-0", true), ("false", false)])
        try expectValidity(#"{"type": "boolean"}"#, [("true", true), ("1", false), ("0", false)])
        try expectValidity(#"{"type": "object"}"#, [("{}", true), ("[]", false)])
    }

    @Test func enumAndConstCompareByJSONValue() throws {
        try expectValidity(#"{"enum": [1, "a", {"b": [2.0]}]}"#, [("1.0", true), ("1e0", true), ("\"a\"", true), ("{\"b\": [2]}", true), ("true", false), ("2", false)])
        try expectValidity(#"{"const": {"a": 1, "b": 2}}"#, [("{\"b\": 2, \"a\": 1.0}", true), ("{\"a\": 1}", false)])
        try expectValidity(#"{"const": false}"#, [("false", true), ("0", false)])
        try expectValidity(#"{"const": 1}"#, [("true", false), ("1.00", true)])
    }

    /// Decided in docs/DESIGN.md: keywords later drafts added that only add (`const`, `contains`,
    /// `propertyNames`, `if`/`then`/`else`) hold in draft-04 and draft-06 schemas, as in editors;
    /// keywords that replaced an earlier form keep the dialect's meaning.
    @Test func laterKeywordsThatOnlyAddHoldInEarlierDialects() throws {
        try expectValidity(#"{"const": 1}"#, dialect: .draft4, [("2", false), ("1", true)])
        // The false "valid against more than one" of a draft-04 oneOf tagged with const.
        let tagged = #"{"oneOf": [{"properties": {"t": {"const": "x"}}}, {"properties": {"t": {"const": "y"}}}]}"#
        try expectValidity(tagged, dialect: .draft4, [(#"{"t": "x"}"#, true), (#"{"t": "z"}"#, false)])
        try expectValidity(#"{"contains": {"type": "string"}}"#, dialect: .draft4, [("[1, \"a\"]", true), ("[1]", false)])
        try expectValidity(#"{"propertyNames": {"maxLength": 2}}"#, dialect: .draft4, [(#"{"ab": 1}"#, true), (#"{"abc": 1}"#, false)])
        for dialect in [Dialect.draft4, .draft6] {
            try expectValidity(#"{"if": {"minimum": 10}, "then": {"multipleOf": 10}, "else": {"maximum": 5}}"#, dialect: dialect, [("20", true), ("15", false), ("3", true), ("7", false)])
        }
        // What replaced an earlier form does not: 2020-12's prefixItems, 2019-09's dependentRequired.
        try expectValidity(#"{"prefixItems": [{"type": "string"}]}"#, dialect: .draft7, [("[1]", true)])
        try expectValidity(#"{"dependentRequired": {"a": ["b"]}}"#, dialect: .draft7, [(#"{"a": 1}"#, true)])
    }

    @Test func numbersAreComparedExactly() throws {
        try expectValidity(#"{"multipleOf": 0.1}"#, [("0.3", true), ("0.30000000000000004", false), ("1e400", true), ("3", true)])
        try expectValidity(#"{"multipleOf": 0.0001}"#, [("0.0075", true), ("0.00751", false)])
        try expectValidity(#"{"multipleOf": 7}"#, [("49", true), ("50", false), ("4.9e1", true)])
        try expectValidity(#"{"maximum": 3, "exclusiveMinimum": 1}"#, [("3", true), ("3.0000000000000000001", false), ("1", false), ("1.0000000000000000001", true)])
        try expectValidity(#"{"minimum": 12345678901234567890}"#, [("12345678901234567891", true), ("12345678901234567889", false)])
        // Draft 4's boolean exclusiveMaximum.
        try expectValidity(#"{"maximum": 3, "exclusiveMaximum": true}"#, dialect: .draft4, [("2.99", true), ("3", false)])
    }

    @Test func stringsAreMeasuredInCodePoints() throws {
        try expectValidity(#"{"maxLength": 2, "minLength": 2}"#, [("\"😀😀\"", true), ("\"e\u{301}x\"", false), ("\"ab\"", true), ("\"a\"", false), ("2", true)])
    }

    @Test func patternsAreECMAScript() throws {
        try expectValidity(#"{"pattern": "^\\d+$"}"#, [("\"123\"", true), ("\"١٢٣\"", false), ("\"12\\n\"", false)])
        try expectValidity(#"{"pattern": "^\\w$"}"#, [("\"a\"", true), ("\"é\"", false)])
        try expectValidity(#"{"pattern": "a.c"}"#, [("\"xabcx\"", true), ("\"a\\nc\"", false)])
        try expectValidity(#"{"pattern": "^\\p{L}+$"}"#, [("\"Ωmega\"", true), ("\"a1\"", false)])
        try expectValidity(#"{"pattern": "(?<=a)b"}"#, [("\"ab\"", true), ("\"cb\"", false)])
        try expectValidity(#"{"pattern": "^[^]$"}"#, [("\"\\n\"", true)])
        try expectValidity(#"{"pattern": "^\\u{1F600}$"}"#, [("\"😀\"", true)])
        // An identity escape of a letter (which may name an escape to come) and an unclosed group
        // are schema errors; a lone `{`, which JavaScript without the u flag (as editors run
        // patterns) reads as itself, is read so (SchemasAsWrittenTests).
        for bad in [#"{"pattern": "\\a"}"#, #"{"pattern": "(unclosed"}"#] {
            #expect(throws: SchemaLoadError.self) { try JSONSchema(text: bad) }
        }
        try expectValidity(#"{"pattern": "a{"}"#, [("\"a{\"", true), ("\"a\"", false)])
    }

    @Test func arrays() throws {
        try expectValidity(#"{"prefixItems": [{"type": "string"}], "items": {"type": "integer"}}"#, [("[\"a\", 1, 2]", true), ("[\"a\", \"b\"]", false), ("[1]", false), ("[]", true)])
        try expectValidity(#"{"items": [{"type": "string"}], "additionalItems": false}"#, dialect: .draft7, [("[\"a\"]", true), ("[\"a\", 1]", false)])
        try expectValidity(#"{"minItems": 1, "maxItems": 2, "uniqueItems": true}"#, [("[1]", true), ("[1, 1.0]", false), ("[{\"a\":1,\"b\":2}, {\"b\":2,\"a\":1}]", false), ("[1, true]", true), ("[]", false), ("[1,2,3]", false)])
        try expectValidity(#"{"contains": {"const": 1}, "minContains": 2, "maxContains": 3}"#, [("[1, 1]", true), ("[1]", false), ("[1,1,1,1]", false), ("[2, 1, 1]", true)])
        try expectValidity(#"{"contains": {"const": 1}, "minContains": 0}"#, [("[]", true)])
    }

    @Test func objects() throws {
        let schema = #"{"properties": {"a": {"type": "integer"}}, "patternProperties": {"^x-": {"type": "string"}}, "additionalProperties": false, "required": ["a"]}"#
        try expectValidity(schema, [("{\"a\": 1}", true), ("{\"a\": 1, \"x-y\": \"z\"}", true), ("{\"a\": 1, \"b\": 2}", false), ("{\"x-y\": \"z\"}", false), ("{\"a\": \"1\"}", false)])
        try expectValidity(#"{"propertyNames": {"maxLength": 3}, "minProperties": 1, "maxProperties": 2}"#, [("{\"abc\": 1}", true), ("{\"abcd\": 1}", false), ("{}", false), ("{\"a\":1,\"b\":2,\"c\":3}", false)])
        try expectValidity(#"{"dependentRequired": {"card": ["billing"]}, "dependentSchemas": {"card": {"required": ["cvv"]}}}"#, [("{}", true), ("{\"card\": 1, \"billing\": 2, \"cvv\": 3}", true), ("{\"card\": 1, \"cvv\": 3}", false), ("{\"card\": 1, \"billing\": 2}", false)])
        try expectValidity(#"{"dependencies": {"a": ["b"], "c": {"required": ["d"]}}}"#, dialect: .draft7, [("{\"a\": 1, \"b\": 2}", true), ("{\"a\": 1}", false), ("{\"c\": 1}", false)])
    }

    @Test func applicators() throws {
        try expectValidity(#"{"allOf": [{"minimum": 1}, {"maximum": 3}]}"#, [("2", true), ("4", false)])
        try expectValidity(#"{"anyOf": [{"type": "string"}, {"minimum": 3}]}"#, [("\"a\"", true), ("5", true), ("1", false)])
        try expectValidity(#"{"oneOf": [{"minimum": 1}, {"maximum": 3}]}"#, [("0", true), ("5", true), ("2", false)])
        try expectValidity(#"{"not": {"type": "null"}}"#, [("1", true), ("null", false)])
        try expectValidity(#"{"if": {"minimum": 10}, "then": {"multipleOf": 2}, "else": {"maximum": 0}}"#, [("12", true), ("13", false), ("-1", true), ("5", false)])
        // if/then/else came with draft 7 and holds in draft 6 too (laterKeywordsThatOnlyAddHoldInEarlierDialects).
        try expectValidity(#"{"if": {"minimum": 10}, "then": false}"#, dialect: .draft6, [("12", false), ("9", true)])
    }

    @Test func booleanSchemas() throws {
        try expectValidity("true", [("{}", true)])
        try expectValidity("false", [("null", false)])
        try expectValidity(#"{"properties": {"a": false}}"#, [("{}", true), ("{\"a\": 1}", false)])
        #expect(throws: SchemaLoadError.self) { try JSONSchema(text: "true", options: .init(dialect: .draft4)) }
    }

    @Test func formatsAreAnnotationsUnlessAsserted() throws {
        try expectValidity(#"{"format": "email"}"#, [("\"not an email\"", true)])
        let asserted: [(String, String, Bool)] = [
            ("date-time", "2024-02-29T23:59:60Z", true), ("date-time", "2023-02-29T10:00:00Z", false), ("date-time", "2024-01-01T10:00:00+01:30", true),
            ("date", "2024-13-01", false), ("time", "23:59:60-01:00", false), ("time", "08:30:00.5Z", true),
            ("duration", "P1Y2M3DT4H5M6S", true), ("duration", "P2W", true), ("duration", "PT", false), ("duration", "P1Y2W", false),
            ("email", "ada@example.com", true), ("email", "ada..b@example.com", false), ("idn-email", "実例@例え.テスト", true),
            ("hostname", "a-b.example", true), ("hostname", "-a.example", false), ("ipv4", "192.168.0.1", true), ("ipv4", "192.168.01.1", false),
            ("ipv6", "::ffff:192.168.0.1", true), ("ipv6", "1::2::3", false), ("ipv6", "1:2:3:4:5:6:7:8", true),
            ("uri", "https://example.com/a?b#c", true), ("uri", "//example.com", false), ("uri-reference", "../a b", false), ("uri-reference", "#frag", true),
            ("iri", "https://例え.テスト/パス", true), ("uuid", "2eb8aa08-aa98-11ea-b4aa-73b441d16380", true), ("uuid", "2eb8aa08aa9811eab4aa73b441d16380", false),
            ("json-pointer", "/a~1b/0", true), ("json-pointer", "/a~2", false), ("relative-json-pointer", "1/a", true), ("relative-json-pointer", "01", false),
            ("regex", "^[a-z]+$", true), ("regex", "(", false),
        ]
        for (format, value, expected) in asserted {
            try expectValidity(#"{"format": "\#(format)"}"#, assertFormat: true, [("\"\(value)\"", expected)])
        }
        try expectValidity(#"{"format": "email"}"#, assertFormat: true, [("12", true)])
    }
}
