import DictionaryStorage
import Foundation
import LosslessJSON
@testable import ModelBrowser
@testable import ModelBrowserRuntime
import RecordStore
import Testing

/// The browser over a real record store while another connection writes to it: the offer to
/// reload, the conflict question in a database's words, and a retry when the store is out of reach.
@Suite("Runtime on a record store")
struct RecordSourceRuntimeTests {
    /// A store file with two students, a browser on it, and a second connection: the other writer.
    final class Fixture {
        let folder = NSTemporaryDirectory() + "keepsake-records-\(UUID().uuidString)"
        var path: String { folder + "/store.sqlite" }
        let other: RecordStore
        var runtime: BrowserRuntime<HeadlessTerminal>
        var state: BrowserState

        init(source wrap: (RecordStoreSource) -> any DocumentSource = { $0 }) throws {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let path = folder + "/store.sqlite"
            other = try RecordStore(path: path)
            try other.put(type: "Student", id: "s1", text: #"{"firstName": "Ada", "debt": 1}"#)
            try other.put(type: "Student", id: "s2", text: #"{"firstName": "Alan", "debt": 2}"#)
            var source = wrap(RecordStoreSource(store: try RecordStore(path: path)))
            let document = try source.load(progress: LoadProgress())
            runtime = BrowserRuntime(terminal: HeadlessTerminal(script: []), source: source, registry: ModelRegistry())
            state = runtime.state(for: document)
        }

        func press(_ script: String) {
            for key in keys(script) { _ = runtime.handle(.key(key), state: &state) }
        }

        /// What the runtime's change watcher does at each turn: ask the source what others changed.
        func poll() -> Bool {
            runtime.askForChanges(to: &state)
        }

        func text(_ id: String) throws -> String? { try other.record(id: id)?.json }

        var question: ModelBrowser.Confirmation? {
            if case .confirm(let question) = state.mode { question } else { nil }
        }
    }

    @Test func anotherWritersChangeIsOfferedForReloadingAndReloadShowsIt() throws {
        let fixture = try Fixture()
        defer { try? FileManager.default.removeItem(atPath: fixture.folder) }
        #expect(!fixture.poll(), "nothing changed yet")
        try fixture.other.put(type: "Student", id: "s3", text: #"{"firstName": "Grace"}"#)
        #expect(fixture.poll())
        let question = try #require(fixture.question)
        #expect(question.question == "Records changed by someone else.")
        #expect(question.choices.map(\.answer) == [.reload, .keep])
        fixture.press("r")
        #expect(fixture.state.document.value(at: ["Student", "s3", "firstName"]) == "Grace")
        #expect(!fixture.poll(), "the reload took the change in")

        // Kept: said in the status line, and :e reloads later.
        try fixture.other.put(type: "Student", id: "s4", text: #"{"firstName": "Edsger"}"#)
        #expect(fixture.poll())
        fixture.press("k")
        #expect(fixture.state.message?.contains(":e reloads") == true)
        #expect(fixture.state.document.value(at: ["Student", "s4"]) == nil)
        fixture.press(":e<Enter>")
        #expect(fixture.state.document.value(at: ["Student", "s4", "firstName"]) == "Edsger")
    }

    @Test func theOfferWaitsForAnEditToFinishAndCanMakeTheEditsAgain() throws {
        let fixture = try Fixture()
        defer { try? FileManager.default.removeItem(atPath: fixture.folder) }
        fixture.press(":.Student.s1.firstName<Enter><Enter><C-u>\"Grace\"")
        guard case .editing = fixture.state.mode else { Issue.record("not editing: \(fixture.state.mode)"); return }
        try fixture.other.update(id: "s2", to: ["firstName": "Alonzo", "debt": 2])
        #expect(fixture.poll())
        guard case .editing = fixture.state.mode else { Issue.record("the offer interrupted the edit: \(fixture.state.mode)"); return }
        fixture.press("<Enter>")
        let question = try #require(fixture.question, "offered once the edit is done")
        #expect(question.choices.map(\.answer) == [.reapply, .reload, .keep])
        fixture.press("a")
        // Both: the other writer's change, and this edit made again — not saved until asked.
        #expect(fixture.state.document.value(at: ["Student", "s2", "firstName"]) == "Alonzo")
        #expect(fixture.state.document.value(at: ["Student", "s1", "firstName"]) == "Grace")
        #expect(fixture.state.isModified)
        #expect(try fixture.text("s1") == #"{"firstName": "Ada", "debt": 1}"#)
        fixture.press("<C-s>")
        #expect(try fixture.text("s1") == #"{"firstName": "Grace", "debt": 1}"#)
        #expect(try fixture.text("s2") == #"{"firstName": "Alonzo", "debt": 2}"#)
    }

    @Test func aConflictOnARecordAsksInADatabasesWords() throws {
        let fixture = try Fixture()
        defer { try? FileManager.default.removeItem(atPath: fixture.folder) }
        fixture.press(":.Student.s1.debt<Enter><Enter><C-u>5<Enter>")
        try fixture.other.update(id: "s1", to: ["firstName": "Ada", "debt": 9])
        fixture.press("<C-s>")
        let question = try #require(fixture.question)
        #expect(question.question == "Changed by someone else since it was loaded.")
        #expect(question.choices.map(\.answer) == [.reapply, .overwrite, .reload, .cancel])
        #expect(try fixture.text("s1") == #"{"firstName": "Ada", "debt": 9}"#)
        fixture.press("o")
        #expect(try fixture.text("s1") == #"{"firstName": "Ada", "debt": 5}"#)
    }

    /// A store whose first saves fail as a server out of reach does (the real server's failure is
    /// tested in the store's and the end-to-end tests).
    struct Unreachable: DocumentSource {
        var base: RecordStoreSource
        let failures: Failures
        final class Failures: @unchecked Sendable {
            var left: Int
            init(_ count: Int) { left = count }
        }
        var name: String { base.name }
        var layout: RootLayout { base.layout }
        var canSaveInPlace: Bool { true }
        var loadsSlowly: Bool { false }
        mutating func load(progress: LoadProgress) throws(DocumentSourceError) -> JSONDocument { try base.load(progress: progress) }
        func changesByOthers() -> String? { base.changesByOthers() }
        mutating func save(_ document: JSONDocument, since saved: JSONDocument, overrides: SaveOverrides) throws(DocumentSourceError) -> JSONDocument {
            if failures.left > 0 {
                failures.left -= 1
                throw DocumentSourceError(.unavailable, "postgres://db: the connection to the server was lost")
            }
            return try base.save(document, since: saved, overrides: overrides)
        }
    }

    @Test func aSaveTheStoreCannotTakeKeepsTheEditsAndOffersARetry() throws {
        let failures = Unreachable.Failures(2)
        let fixture = try Fixture { Unreachable(base: $0, failures: failures) }
        defer { try? FileManager.default.removeItem(atPath: fixture.folder) }
        fixture.press(":.Student.s1.debt<Enter><Enter><C-u>5<Enter><C-s>")
        var question = try #require(fixture.question)
        #expect(question.question.hasPrefix("Not saved (postgres://db: the connection to the server was lost)"))
        #expect(question.choices.map(\.answer) == [.retry, .cancel])
        fixture.press("r")
        question = try #require(fixture.question, "still out of reach: asked again")
        fixture.press("c")
        #expect(fixture.state.isModified)
        #expect(fixture.state.message?.contains("the edits are kept") == true)
        #expect(try fixture.text("s1") == #"{"firstName": "Ada", "debt": 1}"#)
        fixture.press("<C-s>")
        #expect(!fixture.state.isModified)
        #expect(try fixture.text("s1") == #"{"firstName": "Ada", "debt": 5}"#)
    }
}
