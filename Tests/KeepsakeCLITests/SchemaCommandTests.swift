import Foundation
import LosslessJSON
import Testing

/// `keepsake validate --schema`, `keepsake schema check` and `keepsake schema export`: the contract
/// scripts and the conformance runs use (exit 0 valid, 1 invalid, 2 usage or schema error).
@Suite("keepsake validate --schema and keepsake schema")
struct SchemaCommandTests {
    static let schema = """
        {"$schema": "https://json-schema.org/draft/2020-12/schema",
         "type": "object", "required": ["id"],
         "properties": {"id": {"type": "integer", "minimum": 1}, "tags": {"type": "array", "items": {"$ref": "tag.json"}},
                        "when": {"type": "string", "format": "date"}}}
        """

    @Test func validFilesPassAndInvalidOnesGetOneLinePerErrorWithLineAndColumn() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let schema = try scratch.file("item.json", Self.schema)
        try _ = scratch.file("tag.json", #"{"type": "string", "pattern": "^[a-z]+$"}"#)
        let good = try scratch.file("good.json", #"{"id": 1, "tags": ["a", "b"], "when": "not a date"}"#)
        let bad = try scratch.file("bad.json", "{\n  \"id\": 0,\n  \"tags\": [\"ok\", \"Not OK\"]\n}\n")

        let passed = try Keepsake.run("validate", good, "--schema", schema)
        #expect(passed.status == 0)
        #expect(passed.stderr.isEmpty)

        let failed = try Keepsake.run("validate", good, bad, "--schema", schema)
        #expect(failed.status == 1)
        #expect(failed.stderr.split(separator: "\n") == [
            "\(bad):2:9: .id: 0 is below the minimum 1 (/properties/id/minimum)",
            "\(bad):3:18: .tags[1]: \"Not OK\" does not match the pattern \"^[a-z]+$\" (/properties/tags/items/$ref/pattern)",
        ])

        // Formats are annotations unless asserted.
        let asserted = try Keepsake.run("validate", good, "--schema", schema, "--assert-format")
        #expect(asserted.status == 1)
        #expect(asserted.stderr.contains(".when: \"not a date\" is not a valid date"))
    }

    @Test func theBasicOutputFormatIsJSON() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let schema = try scratch.file("item.json", Self.schema)
        try _ = scratch.file("tag.json", #"{"type": "string"}"#)
        let bad = try scratch.file("bad.json", #"{"tags": [1]}"#)
        let result = try Keepsake.run("validate", bad, "--schema", schema, "--output", "json")
        #expect(result.status == 1)
        let report = try JSONValue(parsing: result.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(report.objectValue?["valid"] == .bool(false))
        let errors = report.objectValue?["errors"]?.arrayValue ?? []
        #expect(errors.compactMap { $0.objectValue?["instanceLocation"]?.stringValue } == ["", "/tags/0"])
        #expect(errors.compactMap { $0.objectValue?["keywordLocation"]?.stringValue } == ["/required", "/properties/tags/items/$ref/type"])
        #expect(errors.first?.objectValue?["line"] == .number(JSONNumber(1)))
    }

    @Test func schemaProblemsAreUsageErrors() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let document = try scratch.file("doc.json", "{}")
        let unresolvable = try scratch.file("bad-ref.json", #"{"$ref": "missing.json"}"#)
        let badPattern = try scratch.file("bad-pattern.json", #"{"pattern": "(?<"}"#)
        for schema in [unresolvable, badPattern, "/nonexistent/schema.json"] {
            let result = try Keepsake.run("validate", document, "--schema", schema)
            #expect(result.status == 2, "\(schema): \(result.stderr)")
            // An unresolvable reference is a failing part: the value reaching it names the reference.
            #expect(result.stderr.contains(schema == unresolvable ? "could not be checked: cannot resolve \"missing.json\"" : schema), "\(result.stderr)")
        }
        let badMap = try Keepsake.run("validate", document, "--schema", unresolvable, "--schema-map", "no-equals-sign")
        #expect(badMap.status == 2)
    }

    @Test func anUnresolvableReferenceLeavesOnlyItsPartUnchecked() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let schema = try scratch.file("s.json", ##"{"properties": {"port": {"type": "integer"}, "plugin": {"$ref": "https://schemas.example.com/plugin.json"}}}"##)
        // The schema used to be refused whole (exit 2) for any file.
        #expect(try Keepsake.run("validate", try scratch.file("ok.json", #"{"port": 1}"#), "--schema", schema).status == 0)
        #expect(try Keepsake.run("validate", try scratch.file("bad.json", #"{"port": "x"}"#), "--schema", schema).status == 1)
        let reaching = try Keepsake.run("validate", try scratch.file("plugin.json", #"{"port": 1, "plugin": {}}"#), "--schema", schema)
        #expect(reaching.status == 2)
        #expect(reaching.stderr.contains(#"plugin.json:1:23: .plugin: {} could not be checked: cannot resolve "https://schemas.example.com/plugin.json""#), "\(reaching.stderr)")
        #expect(!reaching.stderr.contains("too complex"))
        // For the schema's author it is an error.
        let checked = try Keepsake.run("schema", "check", schema)
        #expect(checked.status == 1 && checked.stderr.contains("cannot resolve \"https://schemas.example.com/plugin.json\""), "\(checked.stderr)")
    }

    @Test func schemaMapsAndDialectsResolveOffline() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try FileManager.default.createDirectory(at: scratch.url.appendingPathComponent("mirror/types"), withIntermediateDirectories: true)
        try _ = scratch.file("mirror/types/port.json", #"{"type": "integer", "maximum": 65535}"#)
        let schema = try scratch.file("remote.json", #"{"properties": {"port": {"$ref": "https://schemas.example.com/types/port.json"}}}"#)
        let document = try scratch.file("doc.json", #"{"port": 70000}"#)
        let mapped = try Keepsake.run("validate", document, "--schema", schema, "--schema-map", "https://schemas.example.com/=\(scratch.url.path)/mirror/")
        #expect(mapped.status == 1)
        #expect(mapped.stderr.contains("70000 is above the maximum 65535"))
        // Unmapped, the remote reference is not fetched: the schema cannot be used.
        #expect(try Keepsake.run("validate", document, "--schema", schema).status == 2)

        // draft-04's boolean exclusiveMaximum, for a schema without $schema.
        let draft4 = try scratch.file("draft4.json", #"{"maximum": 10, "exclusiveMaximum": true}"#)
        let ten = try scratch.file("ten.json", "10")
        #expect(try Keepsake.run("validate", ten, "--schema", draft4, "--dialect", "draft-04").status == 1)
        #expect(try Keepsake.run("validate", ten, "--schema", draft4, "--dialect", "2020-12").status == 2)
    }

    @Test func schemaCheckValidatesAgainstTheMetaSchema() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let good = try scratch.file("good.json", ##"{"type": "array", "items": {"$ref": "#/$defs/tag"}, "$defs": {"tag": {"type": "string"}}}"##)
        let checked = try Keepsake.run("schema", "check", good)
        #expect(checked.status == 0, "\(checked.stderr)")
        let bad = try scratch.file("bad.json", #"{"type": "strng", "minLength": -1}"#)
        let failed = try Keepsake.run("schema", "check", bad)
        #expect(failed.status == 1)
        #expect(failed.stderr.contains("\(bad):1:10: .type:"))
        #expect(failed.stderr.contains(".minLength: -1 is below the minimum 0"))
        let unresolvable = try scratch.file("ref.json", ##"{"$ref": "#/nowhere"}"##)
        #expect(try Keepsake.run("schema", "check", unresolvable).status == 1)
        #expect(try Keepsake.run("schema", "check", "/nonexistent.json").status == 2)
    }

    @Test func anExportedSchemaIsValidAndAcceptsTheModelsSample() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let exported = try Keepsake.run("schema", "export", "UsageList")
        #expect(exported.status == 0)
        let schema = try scratch.file("usages.schema.json", exported.stdout)
        #expect(try Keepsake.run("schema", "check", schema).status == 0)
        let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Samples")
        // The unknown variant "kiosk" is allowed: the model keeps it.
        let usages = try Keepsake.run("validate", samples.appendingPathComponent("usages.json").path, "--schema", schema)
        #expect(usages.status == 0, "\(usages.stderr)")
        #expect(try Keepsake.run("schema", "export", "NoSuchModel").status == 2)
    }
}
