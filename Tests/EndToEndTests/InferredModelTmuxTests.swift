import Foundation
import Testing
import TestSupport

/// The real binary on files no schema describes: a model inferred from each, its enums as menus
/// and its outliers marked; `S` saves the schema beside the file and, asked, names it in `$schema`.
@Suite("keepsake with inferred models, under tmux", .serialized)
struct InferredModelTmuxTests {
    /// Twelve people and one whose age is a word, in a folder of one's own (no sample model binds).
    func people(in folder: URL) throws -> URL {
        let genders = ["male", "female", "other"]
        var people = (0..<12).map { #"  {"name": "P\#($0)", "age": \#(20 + $0), "gender": "\#(genders[$0 % 3])"}"# }
        people.append(#"  {"name": "Q", "age": "high", "gender": "male"}"#)
        let file = folder.appendingPathComponent("people.json")
        try ("[\n" + people.joined(separator: ",\n") + "\n]\n").write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    @Test func aFileOfOnesOwnGetsAnInferredModelWithMenusAndItsOutlierMarked() throws {
        let folder = try scratchFolder()
        let file = try people(in: folder)
        let original = try String(contentsOf: file, encoding: .utf8)
        let session = try TmuxSession([file.path], width: 200, height: 24)
        session.waitFor("the inferred model in the title, the outlier counted") {
            $0.contains("people.json  inferred") && $0.contains("⚠ 1 schema error (!)") && !$0.contains("Person")
        }
        session.waitFor("the enum as a type") { $0.contains(#"gender  "male"|"female"|"other"  "male""#) }
        try session.send("!")
        session.waitFor("the outlier listed") { $0.contains(#".[12].age: "high" is not of type "integer""#) }
        try session.send("Enter")
        session.waitFor("the cursor on the outlier") { $0.contains(".[12].age") && $0.contains("row 19 of 20") }
        try session.send("j", "Enter")
        session.waitFor("the gender menu") { $0.contains("› male") && $0.contains("female") }
        try session.send("Escape", "S")
        session.waitFor("the proposed path") { $0.contains("save the inferred schema to: \(folder.path)/people.schema.json") }
        try session.send("Enter")
        session.waitFor("written, and why $schema is not offered") { $0.contains("a root array cannot name it") }
        try session.send("q")
        session.waitForExit()
        #expect(try String(contentsOf: file, encoding: .utf8) == original)
        let schema = try String(contentsOf: folder.appendingPathComponent("people.schema.json"), encoding: .utf8)
        #expect(schema.contains(#""enum": ["#) && schema.contains(#""age": {"#) && schema.contains(#""type": "integer""#))
    }

    @Test func savingTheSchemaOffersDollarSchemaAndTheNextOpenUsesIt() throws {
        let folder = try scratchFolder()
        let file = folder.appendingPathComponent("service.json")
        let servers = (0..<10).map { #"    {"host": "h\#($0)", "port": \#(8000 + $0), "role": "\#(["web", "db"][$0 % 2])"}"# }
        let original = "{\n  \"name\": \"svc\",\n  \"servers\": [\n" + servers.joined(separator: ",\n") + "\n  ]\n}\n"
        try original.write(to: file, atomically: true, encoding: .utf8)
        let session = try TmuxSession([file.path], width: 200, height: 20)
        session.waitFor("inferred") { $0.contains("service.json  inferred") }
        try session.send("S", "C-u")
        try session.type(folder.appendingPathComponent("service.schema.json").path)
        try session.send("Enter")
        session.waitFor("the question") { $0.contains(#"Add "$schema": "service.schema.json" to the document?"#) }
        try session.send("y")
        session.waitFor("added, not saved") { $0.contains("added $schema") && $0.contains("modified") }
        try session.send("C-s")
        session.waitFor("saved") { $0.contains("saved ") }
        try session.send("q")
        session.waitForExit()
        #expect(try String(contentsOf: file, encoding: .utf8) == original.replacingOccurrences(of: "{\n", with: "{\n  \"$schema\": \"service.schema.json\",\n", options: .anchored))

        let again = try TmuxSession([file.path], width: 110, height: 20)
        again.waitFor("the saved schema in the title") { $0.contains("service.json  service.schema.json") && !$0.contains("schema error") }
        try again.send("q")
        again.waitForExit()
    }

    /// JSON Lines: `S` saves the schema of one line, which `validate --schema` checks each line
    /// against and the browser, given it with `--schema`, takes through each line.
    @Test func aJSONLinesFilesSavedSchemaIsALinesAndTypesEachLineWhenGiven() throws {
        let folder = try scratchFolder()
        let file = folder.appendingPathComponent("jobs.jsonl")
        let lines = (0..<10).map { #"{"job": "j\#($0)", "state": "\#(["queued", "done"][$0 % 2])", "tries": \#($0 % 3)}"# }
        try (lines.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
        let session = try TmuxSession([file.path], width: 160, height: 20)
        session.waitFor("inferred") { $0.contains("jobs.jsonl  inferred") }
        try session.send("S")
        session.waitFor("the proposed path") { $0.contains("jobs.schema.json") }
        try session.send("Enter")
        session.waitFor("written") { $0.contains("wrote") || $0.contains("saved the schema") || $0.contains("jobs.schema.json") && !$0.contains("save the inferred schema to") }
        try session.send("q")
        session.waitForExit()
        let schemaPath = folder.appendingPathComponent("jobs.schema.json").path
        let schema = try String(contentsOfFile: schemaPath, encoding: .utf8)
        #expect(schema.contains(#""type": "object""#) && !schema.contains(#""items""#), "a line's schema, not the array's: \(schema)")
        #expect(try Subprocess.run(TmuxSession.binary, ["validate", file.path, "--schema", schemaPath]).status == 0)

        let typed = try TmuxSession([file.path, "--schema", schemaPath], width: 160, height: 20)
        typed.waitFor("each line typed by the line's schema, nothing amiss") {
            $0.contains("jobs.schema.json") && !$0.contains("schema error") && $0.range(of: #"state +"queued"\|"done" +"queued""#, options: .regularExpression) != nil
        }
        try typed.send("q")
        typed.waitForExit()
    }
}
