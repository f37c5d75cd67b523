import Foundation
import LosslessJSON
import Testing
import TestSupport

/// `keepsake schema infer`: a schema from files, lines or a root array's elements, which the same
/// data then validates against.
@Suite("Inferring a schema from the command line")
struct SchemaInferCLITests {
    /// A file read in parts on two threads (parts made small here) gives the schema one pass over
    /// its lines gives (`--sample` keeps one pass), and names a bad line by its number in the file.
    @Test func linesReadInPartsInferWhatOnePassInfers() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let kinds = ["click", "key", "scroll"]
        var lines = (0..<3_000).map { i -> String in
            let kind = kinds[i % 3]
            let extra = kind == "click" ? #""x": \#(i), "y": \#(i % 7)"# : kind == "key" ? #""code": "K\#(i % 20)""# : #""delta": \#(Double(i) / 4)"#
            return #"{"type": "\#(kind)", "at": "2026-11-2\#(i % 10)T10:00:00Z", "user": {"id": \#(i), "plan": "\#(["free", "pro"][i % 2])"}, \#(extra)}"#
        }
        lines.insert("", at: 1_700)
        let file = try scratch.file("events.jsonl", lines.joined(separator: "\n") + "\n")
        func infer(_ arguments: String...) throws -> Subprocess.Result {
            try Subprocess.run("/usr/bin/env", ["KEEPSAKE_INFER_PART_SIZE=4096", Keepsake.binary, "schema", "infer"] + arguments)
        }
        let parted = try infer(file)
        let onePass = try infer("--sample", "1000000", file)
        #expect(parted.status == 0 && onePass.status == 0, "\(parted.stderr) \(onePass.stderr)")
        let partedSchema = try JSONValue(parsing: parted.stdout)
        #expect(Self.unordered(partedSchema) == Self.unordered(try JSONValue(parsing: onePass.stdout)))
        #expect(parted.stdout.contains(#""oneOf""#) && parted.stdout.contains(#""format": "date-time""#))

        lines[2_500] = #"{"type": "click", "x": }"#
        let broken = try scratch.file("broken.jsonl", lines.joined(separator: "\n") + "\n")
        for result in [try infer(broken), try infer("--sample", "1000000", broken)] {
            #expect(result.status == 2)
            #expect(result.stderr.contains("broken.jsonl:2501:"), "\(result.stderr)")
        }
    }

    /// A schema with its members sorted by key and the lists whose order means nothing sorted by
    /// their text.
    static func unordered(_ schema: JSONValue, under key: String? = nil) -> JSONValue {
        switch schema {
        case .object(let object):
            return .object(JSONObject(object.members.sorted { $0.key < $1.key }.map { ($0.key, unordered($0.value, under: $0.key)) }))
        case .array(let elements):
            let inner = elements.map { unordered($0) }
            guard let key, ["required", "enum", "type", "anyOf", "oneOf"].contains(key) else { return .array(inner) }
            return .array(inner.sorted { JSONWriter.serialize($0) < JSONWriter.serialize($1) })
        default:
            return schema
        }
    }

    @Test func theSchemaOfARootArraysElementsValidatesEachElement() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let people = (0..<12).map { #"{"name": "p\#($0)", "role": "\#(["admin", "user"][$0 % 2])", "joined": "2026-0\#(1 + $0 % 9)-01"}"# }
        let file = try scratch.file("people.json", "[" + people.joined(separator: ",\n") + "]")
        let schemaPath = scratch.url.appendingPathComponent("people.schema.json").path
        let inferred = try Keepsake.run("schema", "infer", "--each", file, "-o", schemaPath)
        #expect(inferred.status == 0, "\(inferred.stderr)")
        #expect(inferred.stderr.contains("wrote the schema of 12 samples"))
        let schema = try scratch.read(schemaPath)
        #expect(schema.contains(#""enum": ["#) && schema.contains(#""format": "date""#), "\(schema)")
        #expect(try Keepsake.run("schema", "check", schemaPath).status == 0)
        // Each element against the element schema: the array of them is what --each read.
        for (index, person) in people.enumerated() {
            let one = try scratch.file("p\(index).json", person)
            #expect(try Keepsake.run("validate", "--schema", schemaPath, one).status == 0)
        }
        // A role never seen is refused.
        let stranger = try scratch.file("stranger.json", #"{"name": "x", "role": "root", "joined": "2026-01-01"}"#)
        #expect(try Keepsake.run("validate", "--schema", schemaPath, stranger).status == 1)
    }

    @Test func linesAreSamplesAnInvalidLineIsNamedAndSampleLimitsTheCount() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let lines = try scratch.file("events.jsonl", "{\"type\": \"a\", \"x\": 1}\n{\"type\": \"b\", \"y\": true}\n\n{\"type\": \"a\", \"x\": 2}\n")
        let result = try Keepsake.run("schema", "infer", lines)
        #expect(result.status == 0)
        #expect(result.stdout.contains(#""oneOf""#) && result.stdout.contains(#""const": "b""#), "\(result.stdout)")
        #expect(try Keepsake.run("validate", "--schema", try scratch.file("s.json", result.stdout), lines).status == 0)
        // The first sample only: one kind of event, no union.
        let first = try Keepsake.run("schema", "infer", "--sample", "1", lines)
        #expect(!first.stdout.contains("oneOf") && first.stdout.contains(#""x""#))
        let broken = try scratch.file("broken.jsonl", "{\"a\": 1}\n{\"a\": \n")
        let refused = try Keepsake.run("schema", "infer", broken)
        #expect(refused.status == 2 && refused.stderr.contains("broken.jsonl:2:") && refused.stderr.contains("no schema written"), "\(refused.stderr)")
        #expect(refused.stdout.isEmpty)
        // --each wants a root array.
        let object = try scratch.file("o.json", "{}")
        let notArray = try Keepsake.run("schema", "infer", "--each", object)
        #expect(notArray.status == 2 && notArray.stderr.contains("--each takes the elements of a root array"))
    }

    /// Hostile nesting: the schema is cut at 256 levels, said, and the file still validates.
    @Test func aDeeplyNestedFileGivesABoundedSoundSchemaAndSaysWhereItWasCut() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let depth = 20_000
        let file = try scratch.file("deep.json", String(repeating: "[", count: depth) + String(repeating: "]", count: depth))
        let schemaPath = scratch.url.appendingPathComponent("deep.schema.json").path
        let result = try Keepsake.run("schema", "infer", "--max-depth", "30000", file, "-o", schemaPath)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("values nested deeper than 256 levels are described by their kind alone"))
        #expect(try scratch.read(schemaPath).utf8.count < 2_000_000)  // pretty-printed: 256 levels of indentation
        #expect(try Keepsake.run("validate", "--max-depth", "30000", "--schema", schemaPath, file).status == 0)
    }
}
