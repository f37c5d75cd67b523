@testable import JSONSchema
import LosslessJSON
import Testing

/// `$ref`, `$id`, anchors, dynamic and recursive references, remote documents, and dialects.
@Suite("References and dialects")
struct ReferenceTests {
    @Test func refsByPointerAnchorAndId() throws {
        let schema = ##"""
            {"$defs": {"positive": {"$anchor": "pos", "exclusiveMinimum": 0}, "named": {"$id": "named.json", "type": "string"}},
             "properties": {"a": {"$ref": "#/$defs/positive"}, "b": {"$ref": "#pos"}, "c": {"$ref": "named.json"}, "d": {"$ref": "#/$defs/a~1b"}},
             "$comment": "a~1b below tests pointer escapes"}
            """##.replacingOccurrences(of: "\"named\": {", with: "\"a/b\": {\"const\": 1}, \"named\": {")
        try expectValidity(schema, [("{\"a\": 1, \"b\": 2, \"c\": \"x\", \"d\": 1}", true), ("{\"a\": 0}", false), ("{\"b\": -1}", false), ("{\"c\": 1}", false), ("{\"d\": 2}", false)])
    }

    @Test func recursiveSchemasAndSelfReferences() throws {
        let tree = ##"{"type": "object", "properties": {"value": {"type": "number"}, "children": {"type": "array", "items": {"$ref": "#"}}}}"##
        try expectValidity(tree, [("{\"value\": 1, \"children\": [{\"value\": 2, \"children\": []}]}", true), ("{\"children\": [{\"value\": \"x\"}]}", false)])
        // A reference loop that never reaches a value is an error, not a crash.
        let loop = try JSONSchema(text: ##"{"$ref": "#"}"##)
        #expect(!loop.isValid(try JSONDocument("1")))
    }

    @Test func remoteDocumentsResolveOfflineOnly() throws {
        let documents = ["https://example.com/int.json": ##"{"type": "integer"}"##]
        try expectValidity(##"{"$ref": "int.json"}"##, documents: documents, [("1", true), ("1.5", false)])
        let remote = try JSONSchema(text: ##"{"$ref": "https://elsewhere.example/x.json"}"##)
        #expect(remote.unresolvedReferences.first?.description.contains("not fetched (fetching is off)") == true)
    }

    /// A remote source that answers from a table, and says which URIs it was asked for.
    final class TableSource: RemoteSchemaSource, @unchecked Sendable {
        let table: [String: String]
        var asked: [String] = []
        init(_ table: [String: String]) { self.table = table }
        func text(of uri: String) throws(SchemaLoadError) -> String {
            asked.append(uri)
            guard let text = table[uri] else { throw SchemaLoadError(.unresolvable(uri), at: nil, "no \(uri) here") }
            return text
        }
    }

    @Test func remoteDocumentsComeFromTheRemoteSourceWhenOneIsGiven() throws {
        let source = TableSource(["https://elsewhere.example/x.json": ##"{"type": "integer"}"##])
        var options = JSONSchema.Options()
        options.resolver.remote = source
        options.resolver.mappings = [("https://mapped.example/", "/nonexistent-folder")]
        let schema = try JSONSchema(
            text: ##"{"anyOf": [{"$ref": "https://elsewhere.example/x.json"}, {"$ref": "https://elsewhere.example/missing.json"}, {"$ref": "https://mapped.example/y.json"}]}"##,
            options: options)
        #expect(schema.isValid(try JSONDocument("1")))
        #expect(!schema.isValid(try JSONDocument("1.5")))
        // The source's own error is the unresolved reference's; a mapped prefix never reaches it.
        #expect(schema.unresolvedReferences.map(\.message).contains { $0.contains("no https://elsewhere.example/missing.json here") })
        #expect(!source.asked.contains("https://mapped.example/y.json"))
        #expect(source.asked.contains("https://elsewhere.example/x.json"))
    }

    @Test func dynamicRefFindsTheOutermostDynamicAnchor() throws {
        // A generic list whose items a caller's schema fills in.
        let documents = ["https://example.com/list.json": ##"{"$id": "https://example.com/list.json", "$dynamicAnchor": "item", "type": "array", "items": {"$dynamicRef": "#item"}, "$defs": {"item": {"$dynamicAnchor": "item"}}}"##]
        let strings = ##"{"$id": "https://example.com/strings.json", "$ref": "list.json", "$defs": {"item": {"$dynamicAnchor": "item", "type": "string"}}}"##
        try expectValidity(strings, documents: documents, [("[\"a\", \"b\"]", true), ("[\"a\", 1]", false)])
    }

    @Test func recursiveRefIn201909() throws {
        let documents = ["https://example.com/tree.json": ##"{"$schema": "https://json-schema.org/draft/2019-09/schema", "$id": "https://example.com/tree.json", "$recursiveAnchor": true, "type": "object", "properties": {"children": {"type": "array", "items": {"$recursiveRef": "#"}}}}"##]
        let strict = ##"{"$schema": "https://json-schema.org/draft/2019-09/schema", "$id": "https://example.com/strict.json", "$recursiveAnchor": true, "$ref": "tree.json", "unevaluatedProperties": false}"##
        try expectValidity(strict, documents: documents, [("{\"children\": [{\"children\": []}]}", true), ("{\"children\": [{\"extra\": 1}]}", false)])
    }

    @Test func unevaluatedPropertiesSeeEveryAdjacentApplicatorButFailedBranches() throws {
        let schema = ##"{"properties": {"kind": {}}, "anyOf": [{"properties": {"a": {"type": "integer"}}, "required": ["a"]}, {"properties": {"b": {}}, "required": ["b"]}], "unevaluatedProperties": false}"##
        try expectValidity(schema, [("{\"kind\": 1, \"a\": 1}", true), ("{\"kind\": 1, \"b\": 1}", true), ("{\"kind\": 1, \"a\": \"x\", \"b\": 1}", false), ("{\"a\": 1, \"c\": 1}", false)])
        try expectValidity(##"{"prefixItems": [{}], "contains": {"const": 2}, "unevaluatedItems": false}"##, [("[1, 2]", true), ("[1, 2, 3]", false)])
        try expectValidity(##"{"if": {"properties": {"a": {"const": 1}}}, "then": {"properties": {"b": {}}}, "unevaluatedProperties": false}"##, [("{\"a\": 1, \"b\": 2}", true), ("{\"a\": 2}", false)])
    }

    @Test func draftsDifferWhereTheySay() throws {
        // $ref overrides its siblings up to draft 7.
        try expectValidity(##"{"$defs": {"s": {"type": "string"}}, "definitions": {"s": {"type": "string"}}, "$ref": "#/definitions/s", "maxLength": 1}"##, dialect: .draft7, [("\"abc\"", true)])
        try expectValidity(##"{"$defs": {"s": {"type": "string"}}, "$ref": "#/$defs/s", "maxLength": 1}"##, [("\"abc\"", false)])
        // draft 4's id and plain-name fragments.
        try expectValidity(##"{"definitions": {"a": {"id": "#foo", "type": "integer"}}, "$ref": "#foo"}"##, dialect: .draft4, [("1", true), ("\"x\"", false)])
        // $schema chooses the dialect over the default.
        try expectValidity(##"{"$schema": "http://json-schema.org/draft-04/schema#", "maximum": 3, "exclusiveMaximum": true}"##, [("3", false)])
    }

    @Test func malformedSchemasAreErrorsWithTheirPlace() throws {
        do {
            _ = try JSONSchema(text: "{\n  \"properties\": {\n    \"a\": {\"minimum\": \"five\"}\n  }\n}")
            Issue.record("a malformed schema compiled")
        } catch {
            #expect(error.line == 3)
            #expect(error.location?.hasSuffix("#/properties/a/minimum") == true)
            #expect(error.message == "minimum must be a number")
        }
        #expect(throws: SchemaLoadError.self) { try JSONSchema(text: "{\"type\": \"integr\"}") }
        #expect(throws: SchemaLoadError.self) { try JSONSchema(text: "{\"type\": ") }
    }

    @Test func errorsSayWhereAndWhy() throws {
        let found = try errors(##"{"properties": {"age": {"type": "integer", "maximum": 150}}}"##, "{\"age\": 200}")
        #expect(found.count == 1)
        #expect(found.first?.instancePath == ["age"])
        #expect(found.first?.keywordLocation == "/properties/age/maximum")
        #expect(found.first?.message == "200 is above the maximum 150")
    }

    @Test func aFailedOneOfNamesTheClosestBranch() throws {
        let schema = ##"""
            {"oneOf": [
              {"title": "web", "properties": {"type": {"const": "web"}, "url": {"type": "string", "format": "uri"}}, "required": ["type", "url"]},
              {"title": "app", "properties": {"type": {"const": "app"}, "bundle": {"type": "string"}}, "required": ["type", "bundle"]}
            ]}
            """##
        let found = try errors(schema, ##"{"type": "app", "bundle": 7}"##)
        #expect(found.first?.message.contains("the closest, \"app\", fails") == true)
        #expect(found.contains { $0.instancePath == ["bundle"] && $0.keyword == "type" })
        #expect(!found.contains { $0.keyword == "const" })  // the web branch's errors are not listed
    }

    @Test func theClosestBranchIsTheOneWhoseDiscriminatingKeywordsHoldBest() throws {
        // An eslint rule's severity: the integer branch was named for "maybe" (a tie broken by order).
        let severity = ##"{"oneOf": [{"type": "integer", "minimum": 0, "maximum": 2}, {"title": "name", "type": "string", "enum": ["off", "warn", "error"]}]}"##
        let maybe = try errors(severity, #""maybe""#)
        #expect(maybe.first?.message.contains("the closest, \"name\", fails: \"maybe\" is not one of") == true, "\(maybe.first?.message ?? "")")
        #expect(try errors(severity, "7").first?.message.contains("the closest, #0, fails") == true)
        // Tagged objects: the branch whose tag holds, though another has fewer errors.
        let tagged = ##"""
            {"oneOf": [
              {"title": "email", "properties": {"channel": {"const": "email"}}, "required": ["channel", "to"]},
              {"title": "slack", "properties": {"channel": {"const": "slack"}, "hook": {"type": "string"}, "room": {"type": "string"}}, "required": ["channel", "hook", "room"]}
            ]}
            """##
        let slack = try errors(tagged, #"{"channel": "slack", "hook": 1, "room": 2}"#)
        #expect(slack.first?.message.contains("the closest, \"slack\"") == true, "\(slack.first?.message ?? "")")
        let email = try errors(tagged, #"{"channel": "email"}"#)
        #expect(email.first?.message.contains("the closest, \"email\"") == true)
    }

    @Test func aReferenceThatCannotBeResolvedIsAFailingPartNotAFailingSchema() throws {
        // One unresolvable reference dropped the whole schema: package.json and .eslintrc opened untyped.
        let schema = try JSONSchema(text: ##"""
            {"type": "object",
             "properties": {
               "port": {"type": "integer"},
               "plugin": {"anyOf": [{"type": "string"}, {"$ref": "https://schemas.example.com/plugin.json"}]},
               "local": {"$ref": "#/definitions/nowhere"}
             }}
            """##)
        #expect(schema.unresolvedReferences.count == 2)
        #expect(schema.unresolvedReferences.contains { $0.message.contains("https://schemas.example.com/plugin.json") })
        // Values that do not reach the references are checked as ever.
        #expect(schema.validate(try JSONDocument(#"{"port": 1, "plugin": "a"}"#)).isValid)
        let wrong = schema.validate(try JSONDocument(#"{"port": "x", "plugin": "a"}"#))
        #expect(wrong.errors.map(\.keyword) == ["type"] && wrong.undecided.isEmpty)
        // A value that reaches one is neither valid nor invalid: undecided, saying which reference.
        let reaching = schema.validate(try JSONDocument(#"{"port": 1, "plugin": {"name": "p"}, "local": 2}"#))
        #expect(!reaching.isValid && reaching.errors.isEmpty)
        #expect(reaching.undecided.map(\.instancePath.jq) == [".plugin", ".local"])
        #expect(reaching.undecided.first?.message.contains("could not be checked: ") == true)
        #expect(reaching.undecided.last?.message.contains("cannot resolve \"#/definitions/nowhere\"") == true)
        #expect(!schema.isValid(try JSONDocument(#"{"local": 2}"#)))
        // `not` cannot turn an unknown into a pass.
        let negated = try JSONSchema(text: ##"{"not": {"$ref": "missing.json"}}"##)
        let negatedReport = negated.validate(try JSONDocument("1"))
        #expect(!negatedReport.isValid && !negatedReport.undecided.isEmpty)
        // A branch that fails for certain (its own type) is an error, though a part of it beyond
        // the failure is unresolvable (the schema fuzzer's finding: invalid with no error listed).
        let certain = try JSONSchema(text: ##"{"anyOf": [{"type": "integer", "items": {"$ref": "missing.json"}}]}"##)
        let certainReport = certain.validate(try JSONDocument("[1]"))
        #expect(!certain.isValid(try JSONDocument("[1]")))
        #expect(!certainReport.isValid && certainReport.errors.contains { $0.keyword == "anyOf" }, "\(certainReport)")
        // A malformed schema is still an error as a whole.
        #expect(throws: SchemaLoadError.self) { try JSONSchema(text: ##"{"properties": {"a": {"type": "integr"}}}"##) }
        // A reference into something that is no schema (tslint's to an `items` array) is a failing
        // part: the schema failed to load at all.
        let intoArray = try JSONSchema(text: ##"{"definitions": {"options": {"items": [{"type": "string"}]}}, "properties": {"a": {"$ref": "#/definitions/options/items"}, "b": {"type": "integer"}}}"##)
        #expect(intoArray.unresolvedReferences.map(\.message) == [##"cannot resolve "#/definitions/options/items": it names an array, not a schema"##])
        #expect(!intoArray.isValid(try JSONDocument(#"{"b": "x"}"#)))
        #expect(!intoArray.validate(try JSONDocument(#"{"a": 1}"#)).undecided.isEmpty)
    }
}
