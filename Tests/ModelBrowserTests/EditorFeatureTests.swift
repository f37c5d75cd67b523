import DictionaryStorage
import Foundation
import LosslessJSON
@testable import ModelBrowser
@testable import ModelBrowserRuntime
import SampleModels
import Testing

/// The features of a browser people keep open: keys that fit, wrapping and scrolling long values,
/// going to a path, the same key again, copying a value, and values edited in an external editor.
@Suite("Editor features")
struct EditorFeatureTests {
    static let tweet = """
        {
          "id": 1,
          "in_reply_to_status_id_str": "505874915338104833",
          "in_reply_to_user_id_str": null,
          "山田花子のお気に入りの食べ物と飲み物": "お寿司",
          "text": "A long value that goes on and on, well past the right edge of any narrow terminal, so that it has to be cut, wrapped or scrolled.",
          "user": {"id": 2, "screen_name": "ada", "entities": {"url": {"urls": [{"url": "x", "id": 3}]}}}
        }
        """

    func state(_ text: String = tweet, width: Int = 80, height: Int = 12) throws -> BrowserState {
        var state = BrowserState(document: try JSONDocument(text), sourceName: "tweet.json", registry: ModelRegistry(), width: width, height: height)
        state.colors = false
        return state
    }

    @Test(arguments: [40, 80, 200])
    func keysFitTheirColumn(width: Int) throws {
        var state = try state(width: width)
        press(&state, "jj")
        let text = screen(state)
        try assertSnapshot(text, named: "keys-\(width)x12")
        for line in text.split(separator: "\n") { #expect(displayWidth(String(line)) <= width) }
        // The full key is always in the status line.
        #expect(text.contains(".in_reply_to_status_id_str"))
    }

    @Test func longKeysAreShortenedInTheMiddle() {
        #expect(middleTruncated("in_reply_to_status_id_str", to: 22) == "in_reply_to…tus_id_str")
        #expect(middleTruncated("山田花子のお気に入り", to: 9) == "山田…入り")
        #expect(middleTruncated("short", to: 9) == "short")
        #expect(displayWidth(middleTruncated("山田花子のお気に入りの食べ物", to: 10)) <= 10)
    }

    @Test func longValuesWrapAndScroll() throws {
        var state = try state(width: 60)
        press(&state, "/text<Enter>")
        #expect(state.cursorPath == ["text"])
        let cut = screen(state)
        #expect(!cut.contains("scrolled"))
        press(&state, ">>")
        #expect(state.valueOffset > 0)
        #expect(screen(state).contains("…"))
        press(&state, "<<<")
        #expect(state.valueOffset == 0)
        press(&state, "w")
        let wrapped = screen(state)
        #expect(wrapped.contains("scrolled"))
        #expect(wrapped.contains("A long value"))
        // The cursor row is on screen whole; moving on takes one key per row.
        press(&state, "j")
        #expect(state.cursorPath == ["user"])
        press(&state, "w")
        #expect(!state.wrapValues)
    }

    @Test func goToAPathOpensWhatItMust() throws {
        var state = try state()
        press(&state, ":.user.entities.url.urls[0].id<Enter>")
        #expect(state.cursorPath == ["user", "entities", "url", "urls", 0, "id"])
        press(&state, ":/user/screen_name<Enter>")
        #expect(state.cursorPath == ["user", "screen_name"])
        press(&state, ":.nope<Enter>")
        #expect(state.message == "no value at .nope")
        #expect(state.messageIsError)
    }

    @Test func tabCompletesKeysFromTheDocument() throws {
        var state = try state()
        press(&state, ":.user.scr<Tab>")
        #expect(editorText(state) == ".user.screen_name")
        press(&state, "<Esc>:.in<Tab>")
        #expect(editorText(state) == ".in_reply_to_")
        #expect(state.status.completions == ["in_reply_to_status_id_str", "in_reply_to_user_id_str"])
        #expect(screen(state).split(separator: "\n").last == "in_reply_to_status_id_str  in_reply_to_user_id_str")
        press(&state, "u<Tab><Enter>")
        #expect(state.cursorPath == ["in_reply_to_user_id_str"])
        press(&state, ":/user/en<Tab>")
        #expect(editorText(state) == "/user/entities")
        press(&state, "<Esc>:.山<Tab>")
        #expect(editorText(state) == #"."山田花子のお気に入りの食べ物と飲み物""#)
    }

    func editorText(_ state: BrowserState) -> String? {
        if case .editing(let editor, _) = state.mode { return editor.text }
        return nil
    }

    @Test func starAndHashFindTheSameKey() throws {
        var state = try state()
        press(&state, "j")
        #expect(state.cursorPath == ["id"])
        press(&state, "*")
        #expect(state.cursorPath == ["user", "id"])
        press(&state, "*")
        #expect(state.cursorPath == ["user", "entities", "url", "urls", 0, "id"])
        press(&state, "*")
        #expect(state.cursorPath == ["id"])
        press(&state, "#")
        #expect(state.cursorPath == ["user", "entities", "url", "urls", 0, "id"])
        press(&state, "g*")
        #expect(state.message?.contains("object member") == true)
    }

    @Test func copyTakesTheValueAsItIsInTheFile() throws {
        var state = try state()
        press(&state, ":.user<Enter>")
        let effects = press(&state, "Y")
        #expect(effects == [.copy(#"{"id": 2, "screen_name": "ada", "entities": {"url": {"urls": [{"url": "x", "id": 3}]}}}"#)])
        #expect(press(&state, "y") == [.copy(".user")])
    }
}

/// An editor that answers each request with the next scripted outcome, recording what it was given.
final class ScriptedEditor: ValueEditor, @unchecked Sendable {
    var outcomes: [(EditorRequest) -> EditorOutcome]
    var requests: [EditorRequest] = []

    init(_ outcomes: [(EditorRequest) -> EditorOutcome]) { self.outcomes = outcomes }

    func edit(_ request: EditorRequest) -> EditorOutcome {
        requests.append(request)
        return outcomes.isEmpty ? .unchanged : outcomes.removeFirst()(request)
    }
}

@Suite("External editor")
struct ExternalEditorTests {
    func run(_ text: String, keys script: String, editor: ScriptedEditor, model: String? = nil) throws -> (String, HeadlessTerminal) {
        let path = NSTemporaryDirectory() + "keepsake-editor-\(UUID().uuidString).json"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let terminal = HeadlessTerminal(script: keys(script).map(Event.key))
        try Browser.run(source: JSONFileSource(path: path), registry: SampleModels.registry, modelName: model, editor: editor) { terminal }
        return (try String(contentsOfFile: path, encoding: .utf8), terminal)
    }

    @Test func aStringComesBackReEncodedMinimallyAsOneUndoableEdit() throws {
        let editor = ScriptedEditor([{ request in
            #expect(request.isString && request.fileExtension == "txt")
            #expect(request.text == "line one\n\"quoted\" é")
            return .edited("line one\nline \"two\"\tand é\n")  // the editor's final line break is dropped
        }])
        let (saved, terminal) = try run(#"{"note": "line one\n\"quoted\" \u00e9", "n": 1}"#, keys: "jo<C-s>q", editor: editor)
        #expect(saved == #"{"note": "line one\nline \"two\"\tand é", "n": 1}"#)
        #expect(terminal.suspensions == 1 && !terminal.isSuspended)
    }

    @Test func aSubtreeComesBackAsThePersonLaidItOut() throws {
        let editor = ScriptedEditor([{ request in
            #expect(!request.isString && request.text == "[1, 2]")
            return .edited("[\n  1,\n  2,\n  3\n]\n")
        }])
        let (saved, _) = try run(#"{"list": [1, 2], "other": true}"#, keys: "jo<C-s>q", editor: editor)
        #expect(saved == "{\"list\": [\n  1,\n  2,\n  3\n], \"other\": true}")
    }

    @Test func aSyntaxErrorOffersToReopenAtItsLine() throws {
        let editor = ScriptedEditor([
            { _ in .edited("[\n  1,\n  2,,\n]") },
            { request in
                #expect(request.line == 3)
                #expect(request.text == "[\n  1,\n  2,,\n]")  // what the person wrote, to fix
                return .edited("[1, 2, 4]")
            },
        ])
        let (saved, _) = try run(#"{"list": [1, 2]}"#, keys: "jor<C-s>q", editor: editor)
        #expect(saved == #"{"list": [1, 2, 4]}"#)
        let discarded = ScriptedEditor([{ _ in .edited("[oops") }])
        let (kept, _) = try run(#"{"list": [1, 2]}"#, keys: "jod<C-s>q", editor: discarded)
        #expect(kept == #"{"list": [1, 2]}"#)
    }

    @Test func aLoneSurrogateIsRefusedFromTheEditorAndTheValueLine() throws {
        // "\ud800" names half a character: stored, it would read back as U+FFFD.
        let editor = ScriptedEditor([{ _ in .edited(#"["\ud800"]"#) }])
        var state = BrowserState(document: try JSONDocument(#"{"a": null}"#), sourceName: "f.json", registry: ModelRegistry())
        press(&state, "j")
        guard case .openInEditor(let request)? = press(&state, "o").first else { Issue.record("no editor effect"); return }
        _ = update(&state, .editorFinished(request, editor.edit(request)))
        // Offered as a syntax error at its place (reopen or discard), as any other.
        #expect(screen(state).contains("lone surrogate"), "\(screen(state))")
        press(&state, "d")
        #expect(!state.isModified)
        press(&state, #"<Enter><C-u>"\udc00"<Enter>"#)
        #expect(state.message?.contains("lone surrogate") == true, "\(state.message ?? "") \(screen(state))")
        #expect(!state.isModified)
        #expect(state.document.text.string == #"{"a": null}"#)
    }

    @Test func aFailedOrIdleEditorChangesNothing() throws {
        let editor = ScriptedEditor([{ _ in .failed("the editor exited with status 1 (false)") }, { _ in .unchanged }])
        var state = BrowserState(document: try JSONDocument(#"{"a": "x"}"#), sourceName: "f.json", registry: ModelRegistry())
        press(&state, "j")
        let effects = press(&state, "o")
        guard case .openInEditor(let request)? = effects.first else { Issue.record("no editor effect: \(effects)"); return }
        _ = update(&state, .editorFinished(request, editor.edit(request)))
        #expect(state.message == "nothing changed: the editor exited with status 1 (false)")
        _ = update(&state, .editorFinished(request, editor.edit(request)))
        #expect(state.message?.hasPrefix("unchanged") == true)
        #expect(!state.isModified)
    }

    @Test func aKnownFieldIsCheckedByItsModel() throws {
        let editor = ScriptedEditor([{ _ in .edited("\"thirty\"") }])
        let people = try String(contentsOf: samplesFolder.appendingPathComponent("people.json"), encoding: .utf8)
        let (saved, terminal) = try run(people, keys: "jjj<Right>o", editor: editor, model: "Person")
        // age is an Int?: the string is refused, the file untouched.
        #expect(terminal.frames.contains { $0.text.contains("refused") })
        #expect(saved == people)
    }
}
