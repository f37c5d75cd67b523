import Foundation
import Testing
import TestSupport

/// `keepsake describe FILE [PATH]`: the browser's reading of each value, for people and scripts.
@Suite("describe")
struct DescribeCommandTests {
    static let schema = ##"""
        {"type": "object", "required": ["target"], "additionalProperties": false,
         "properties": {
           "target": {"anyOf": [{"enum": ["es5", "es2015"]}, {"pattern": "^[Ee][Ss][0-9]+$"}], "type": "string",
                      "description": "The language version.", "default": "es5"},
           "strict": {"type": "boolean"},
           "severity": {"oneOf": [{"enum": [0, 1, 2]}, {"enum": ["off", "warn", "error"]}]},
           "paths": {"type": "object", "additionalProperties": {"type": "array", "items": {"type": "string"}}}
         }}
        """##

    /// Each line of `--output json` parsed, by its path.
    func lines(_ output: String) throws -> [String: [String: Any]] {
        var byPath: [String: [String: Any]] = [:]
        for line in output.split(separator: "\n") {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
            let path = try #require(object["path"] as? String)
            #expect(byPath[path] == nil, "\(path) described twice")
            byPath[path] = object
        }
        return byPath
    }

    @Test func jsonOutputIsOneObjectPerValueWithTheMenusValuesAndEachStatus() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        _ = try scratch.file("tsconfig.schema.json", Self.schema)
        let file = try scratch.file("app.json", #"{"$schema": "tsconfig.schema.json", "strict": true, "severity": 1, "paths": {"@a/*": ["src/*"]}, "stray": 1}"#)
        let result = try ValidateSelectionCLITests.run(["describe", file, "--output", "json"], config: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        let byPath = try lines(result.stdout)
        #expect(byPath[""]?["status"] as? String == "known")
        let target = try #require(byPath["/target"])
        #expect(target["status"] as? String == "missing-required" && target["kind"] == nil)
        #expect(target["enum"] as? [String] == ["es5", "es2015"] && target["open"] as? Bool == true)
        #expect(target["default"] as? String == "es5" && target["description"] as? String == "The language version.")
        #expect(byPath["/strict"]?["type"] as? String == "boolean")
        // A menu of numbers and words: each value as its own kind.
        let severities = try #require(byPath["/severity"]?["enum"] as? [Any])
        #expect(severities.compactMap { $0 as? Int } == [0, 1, 2] && severities.compactMap { $0 as? String } == ["off", "warn", "error"])
        #expect(byPath["/severity"]?["open"] == nil)
        #expect(byPath["/paths/@a~1*"]?["status"] as? String == "known")
        #expect(byPath["/paths/@a~1*/0"]?["status"] as? String == "known")
        #expect(byPath["/stray"]?["status"] as? String == "not-allowed")
        // Keys with nothing to say are absent, not null.
        #expect(byPath["/strict"]?["enum"] == nil && byPath["/strict"]?["description"] == nil)
    }

    @Test func textOutputUnderAPathAndTheChosenSchemaSaidWithVerbose() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        _ = try scratch.file("tsconfig.schema.json", Self.schema)
        let file = try scratch.file("app.json", #"{"$schema": "tsconfig.schema.json", "target": "es5", "paths": {"x": ["y"]}}"#)
        let result = try ValidateSelectionCLITests.run(["describe", "--verbose", file, ".target"], config: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == #".target: known "es5"|"es2015"|… — The language version. [one of "es5", "es2015", or another; default "es5"]"# + "\n")
        #expect(result.stderr.contains("schema tsconfig.schema.json"), "\(result.stderr)")
        // A JSON Pointer names the same value.
        let pointer = try ValidateSelectionCLITests.run(["describe", file, "/paths/x"], config: scratch.url)
        #expect(pointer.stdout.hasPrefix(".paths.x: known [string]\n.paths.x[0]: known"), "\(pointer.stdout)")
        // No schema: every value untyped, with its kind.
        let plain = try ValidateSelectionCLITests.run(["describe", "--no-schema", file, ".paths"], config: scratch.url)
        #expect(plain.stdout == ".paths: untyped object\n.paths.x: untyped array\n.paths.x[0]: untyped string\n", "\(plain.stdout)")
    }

    @Test func badInputIsAClearErrorWithItsExitStatus() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let file = try scratch.file("a.json", #"{"a": 1}"#)
        let missing = try ValidateSelectionCLITests.run(["describe", file, ".b"], config: scratch.url)
        #expect(missing.status == 1 && missing.stderr.contains("no value at .b"), "\(missing.stderr)")
        let broken = try scratch.file("b.json", #"{"a": }"#)
        let invalid = try ValidateSelectionCLITests.run(["describe", broken], config: scratch.url)
        #expect(invalid.status == 1 && invalid.stderr.contains("b.json:1:7:"), "\(invalid.stderr)")
        #expect(invalid.stdout.isEmpty)
        let unusable = try scratch.file("c.json", #"{"$schema": "nowhere.schema.json"}"#)
        let refused = try ValidateSelectionCLITests.run(["describe", unusable], config: scratch.url)
        #expect(refused.status == 2 && refused.stderr.contains("schema not used"), "\(refused.stderr)")
        let lines = try scratch.file("d.jsonl", "{}\n")
        #expect(try ValidateSelectionCLITests.run(["describe", lines], config: scratch.url).status == 2)
        #expect(try ValidateSelectionCLITests.run(["describe", file, "..x["], config: scratch.url).status == 2)
        #expect(try ValidateSelectionCLITests.run(["describe", "--model", "Nope", file], config: scratch.url).status == 2)
    }

    /// A file of one's own that no schema describes is described by a model inferred from it —
    /// not by a sample model it happens to resemble: enums are menus, and the outlier's own kind
    /// is left out of its field's type. Sample models bind by looks only in a `Samples` folder.
    @Test func aFileNothingDescribesIsDescribedByAModelInferredFromIt() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let genders = ["male", "female", "other"]
        var people = (0..<12).map { #"{"name": "P\#($0)", "age": \#(20 + $0), "gender": "\#(genders[$0 % 3])"}"# }
        people.append(#"{"name": "Q", "age": "high", "gender": "male"}"#)
        let text = "[" + people.joined(separator: ",\n") + "]\n"
        let file = try scratch.file("people.json", text)
        let result = try ValidateSelectionCLITests.run(["describe", file, "--output", "json", "--verbose"], config: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("described by a model inferred from it"), "\(result.stderr)")
        let byPath = try lines(result.stdout)
        #expect(byPath["/0/gender"]?["enum"] as? [String] == genders)
        #expect(byPath["/0/age"]?["type"] as? String == "integer")
        #expect(!result.stdout.contains("Person"))
        // In a Samples folder the sample model Person binds, as before.
        try FileManager.default.createDirectory(at: scratch.url.appendingPathComponent("Samples"), withIntermediateDirectories: true)
        let sampleFile = try scratch.file("Samples/people.json", text)
        let sample = try ValidateSelectionCLITests.run(["describe", sampleFile, "/0"], config: scratch.url)
        #expect(sample.status == 0 && sample.stdout.contains("Person"), "\(sample.stdout)\n\(sample.stderr)")
        // --no-schema: nothing describes it.
        let untyped = try ValidateSelectionCLITests.run(["describe", file, "/0/gender", "--output", "json", "--no-schema"], config: scratch.url)
        #expect(untyped.status == 0, "\(untyped.stderr)")
        let gender = try #require(try lines(untyped.stdout)["/0/gender"])
        #expect(gender["enum"] == nil && gender["type"] == nil && gender["status"] == nil, "\(gender)")
    }
}
