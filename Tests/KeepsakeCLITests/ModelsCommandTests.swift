import Foundation
import RecordStore
import Testing

@Suite("keepsake models, validate --model, sample-db")
struct ModelsCommandTests {
    @Test func modelsListsFieldsReadably() throws {
        let result = try Keepsake.run("models", "Person")
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("Person\n  name "))
        #expect(result.stdout.contains("email      String?         .person_email"))
        #expect(result.stdout.contains("one of male, female, non-binary, or other"))
        #expect(try Keepsake.run("models").stdout.contains("UsageList"))
        #expect(try Keepsake.run("models", "Nope").status == 1)
    }

    @Test func validateWithAModelReportsAndFailsOnlyOnErrors() throws {
        let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Samples")
        let people = try Keepsake.run("validate", samples.appendingPathComponent("people.json").path, "--model", "Person")
        #expect(people.status == 1)
        #expect(people.stdout.contains("error: .[1].score: expected Int, found string \"high\"; reads as 0"))
        #expect(people.stdout.contains("kept: .[0].nickname: unknown field (kept)"))
        let usages = try Keepsake.run("validate", samples.appendingPathComponent("usages.json").path, "--model", "UsageList")
        #expect(usages.status == 0)
        #expect(usages.stdout.contains("unknown variant \"kiosk\" (kept)"))
        #expect(try Keepsake.run("validate", samples.appendingPathComponent("usages.json").path, "--model", "Nope").status == 2)
    }

    @Test func sampleDatabaseIsReproducible() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let a = scratch.url.appendingPathComponent("a.sqlite").path
        let b = scratch.url.appendingPathComponent("b.sqlite").path
        #expect(try Keepsake.run("sample-db", a).status == 0)
        #expect(try Keepsake.run("sample-db", b).status == 0)
        #expect(try Keepsake.run("sample-db", a).status == 1)  // never overwrites
        let first = try RecordStore(path: a).list(type: nil, order: .id).map { "\($0.id) \($0.type) \($0.json)" }
        let second = try RecordStore(path: b).list(type: nil, order: .id).map { "\($0.id) \($0.type) \($0.json)" }
        #expect(first == second)
        #expect(first.count == 6)
        #expect(try Keepsake.run("db", "types", a).stdout == "Homework\t1\nPerson\t2\nStudent\t2\nTeacher\t1\n")
    }

    @Test func versionAndCompletions() throws {
        #expect(try Keepsake.run("--version").stdout == "0.1.0\n")
        let completion = try Keepsake.run("--generate-completion-script", "bash")
        #expect(completion.status == 0)
        #expect(completion.stdout.contains("_keepsake"))
    }

    @Test func theManualCoversEverySubcommand() throws {
        let manual = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/keepsake.1")
        let text = try String(contentsOf: manual, encoding: .utf8)
        for subcommand in ["browse", "validate", "get", "set", "delete", "edit", "db", "models", "sample-db"] {
            #expect(text.contains(".It Em \(subcommand)"), "docs/keepsake.1 lacks \(subcommand): regenerate it")
        }
    }
}
