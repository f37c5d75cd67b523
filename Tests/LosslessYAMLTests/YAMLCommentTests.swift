import Foundation
import LosslessJSON
import LosslessYAML
import Testing

/// A YAML document's comments by the members and items they belong to (§6.6: a comment is `#`
/// after white space, to its line's end; it is not content), shown in the browser and written back
/// when the one after an entry is edited — only its bytes change.
@Suite("YAML comments")
struct YAMLCommentTests {
    let workflow = """
        # yaml-language-server: $schema=x.json
        # Build on push
        name: CI   # the name shown
        on:        # triggers
          push:
            branches: [main]  # only main
        jobs:
          # the one job
          build:
            runs-on: ubuntu-latest
            steps:
              # check out first
              - uses: actions/checkout@v4   # pinned
              - run: |   # the script
                  make # not a comment: the script's text
              - name: x
                # above with
                with: {a: 1, b: 2}
            url: http://x#not-a-comment
        empty:   # nothing here

        """

    func document(_ text: String) throws -> YAMLDocument {
        try YAMLDocument(YAMLStream(text))
    }

    @Test func commentsBelongToTheEntriesTheyStandAboveAndAfter() throws {
        let comments = try document(workflow).commentTextsByPath()
        #expect(comments == [
            ["name"]: CommentTexts(leading: ["yaml-language-server: $schema=x.json", "Build on push"], trailing: "the name shown"),
            ["on"]: CommentTexts(trailing: "triggers"),
            ["on", "push", "branches"]: CommentTexts(trailing: "only main"),
            ["jobs", "build"]: CommentTexts(leading: ["the one job"]),
            // The first item's line goes on with its first member, whose comment it is.
            ["jobs", "build", "steps", 0]: CommentTexts(leading: ["check out first"]),
            ["jobs", "build", "steps", 0, "uses"]: CommentTexts(trailing: "pinned"),
            ["jobs", "build", "steps", 1, "run"]: CommentTexts(trailing: "the script"),
            ["jobs", "build", "steps", 2, "with"]: CommentTexts(leading: ["above with"]),
            ["empty"]: CommentTexts(trailing: "nothing here"),
        ])
    }

    @Test func aLaterDocumentsCommentsAreItsOwnAndAliasesAndMergesHaveNone() throws {
        let text = "a: 1  # first's\n---\n# second's top\nbase: &b {x: 1}  # the base\nuse: *b  # the alias\nm:\n  <<: *b  # a merge\n  y: 2\n"
        let second = try YAMLDocument(YAMLStream(text), document: 1)
        #expect(second.commentTextsByPath() == [
            ["base"]: CommentTexts(leading: ["second's top"], trailing: "the base"),
            ["use"]: CommentTexts(trailing: "the alias"),
        ])
    }

    /// The edit of one comment, and the text after it.
    func setting(_ text: String, _ path: JSONPath, _ comment: String?) throws -> String? {
        let yaml = try document(text)
        guard let edit = try yaml.edit(settingCommentAt: path, to: comment) else { return nil }
        let after = edit.applied(to: Array(text.utf8))
        #expect(try YAMLDocument(YAMLStream(bytes: after)).value() == yaml.value(), "a comment's edit changes no data")
        return String(decoding: after, as: UTF8.self)
    }

    @Test func aCommentIsReplacedAddedAndRemovedInItsBytesAlone() throws {
        let text = "name: CI   # old\nlist: [1, 2]\nnested:\n  k: v\nrun: |-\n  make\nlast: 1"
        #expect(try setting(text, ["name"], "new") == "name: CI   # new\nlist: [1, 2]\nnested:\n  k: v\nrun: |-\n  make\nlast: 1")
        #expect(try setting(text, ["name"], nil) == "name: CI\nlist: [1, 2]\nnested:\n  k: v\nrun: |-\n  make\nlast: 1")
        #expect(try setting(text, ["list"], "two") == "name: CI   # old\nlist: [1, 2] # two\nnested:\n  k: v\nrun: |-\n  make\nlast: 1")
        // A block collection's comment stands on its key's line; a block scalar's on its header.
        #expect(try setting(text, ["nested"], "inside") == "name: CI   # old\nlist: [1, 2]\nnested: # inside\n  k: v\nrun: |-\n  make\nlast: 1")
        #expect(try setting(text, ["run"], "the script") == "name: CI   # old\nlist: [1, 2]\nnested:\n  k: v\nrun: |- # the script\n  make\nlast: 1")
        // A last line without a line break; a text over lines becomes one line.
        #expect(try setting(text, ["last"], "one\ntwo") == "name: CI   # old\nlist: [1, 2]\nnested:\n  k: v\nrun: |-\n  make\nlast: 1 # one two")
        #expect(try setting(text, ["name"], "old") == nil)
        #expect(try setting(text, ["last"], "") == nil)
    }

    @Test func crlfAndFlowEntriesKeepTheirBytes() throws {
        #expect(try setting("a: 1  # x\r\nb: 2\r\n", ["a"], nil) == "a: 1\r\nb: 2\r\n")
        #expect(try setting("a: 1\r\nb: 2\r\n", ["a"], "y") == "a: 1 # y\r\nb: 2\r\n")
        // A multi-line flow collection: after the entry's comma.
        #expect(try setting("f: [\n  1,\n  2\n  ]\n", ["f", 0], "one") == "f: [\n  1, # one\n  2\n  ]\n")
        #expect(try setting("- a\n- b   # second\n", [1], "2nd") == "- a\n- b   # 2nd\n")
        #expect(try setting("- a\n- b\n", [0], "first") == "- a # first\n- b\n")
    }

    @Test func aCommentThatWouldHideTextOrBelongsElsewhereIsRefused() throws {
        let text = "f: {a: 1, b: 2}\nbase: &b {x: 1}\nm:\n  <<: *b\nitems:\n  - k: v\ne:\n  : empty key\n"
        let yaml = try document(text)
        for (path, reason) in [
            (["f", "a"] as JSONPath, "more follows"), (["f", "b"], "more follows"),
            (["m", "x"], "alias or a << merge"), (["items", 0], "goes on with its first entry"), (["e", ""], "empty key"), ([], "root"),
        ] {
            #expect {
                _ = try yaml.edit(settingCommentAt: path, to: "c")
            } throws: { error in
                "\(error)".contains(reason)
            }
        }
        #expect(try setting(text, ["items", 0, "k"], "ok") == "f: {a: 1, b: 2}\nbase: &b {x: 1}\nm:\n  <<: *b\nitems:\n  - k: v # ok\ne:\n  : empty key\n")
    }

    /// A YAML file of `text` and the browser's source of it, loaded; the file is removed after `body`.
    func withSource<T>(_ text: String, _ body: (inout YAMLFileSource, JSONDocument, String) throws -> T) throws -> T {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("keepsake-comments-\(UUID().uuidString).yaml").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        var source = YAMLFileSource(path: path)
        let loaded = try source.load(progress: LoadProgress())
        return try body(&source, loaded, path)
    }

    /// What the browser shows of a YAML text: the source's view of it, through a file.
    func shown(_ text: String) throws -> JSONDocument {
        try withSource(text) { _, view, _ in view }
    }

    /// The browser's view is the data as JSON with comments, each where the browser reads a
    /// member's comments — so its reading of them is the YAML's.
    @Test(arguments: [
        "a: 1\n", "# top\na: 1  # one\nb:\n  # above c\n  c: [1, 2]  # list\n", "- 1  # one\n- [2, 3]\n",
        // A combining mark after the space: a space and the mark are one character (found by the
        // fuzz target: trimmed by characters, the mark went with the space).
        "a: 1\n# \u{06DC}\nb: 2  # \u{0301}x\n",
    ])
    func theBrowsersViewHoldsTheSameCommentsAtTheSamePaths(_ text: String) throws {
        let view = try shown(text)
        #expect(view.options.syntax == .jsonc)
        #expect(view.commentTextsByPath() == (try document(text).commentTextsByPath()))
        #expect(view.rootValue == (try document(text).value()))
    }

    @Test func theWorkflowsCommentsShowAtTheirPathsInTheBrowsersView() throws {
        let view = try shown(workflow)
        #expect(view.commentTextsByPath() == (try document(workflow).commentTextsByPath()))
        #expect(view.rootValue == (try document(workflow).value()))
    }

    @Test func infinityIsShownAsJSON5WithItsComments() throws {
        let view = try shown("x: .inf  # big\ny: 1 # line\u{2028}separator\n")
        #expect(view.options.syntax == .json5)
        #expect(view.commentTextsByPath() == [["x"]: CommentTexts(trailing: "big"), ["y"]: CommentTexts(trailing: "line separator")])
    }

    /// Saves one after another: each starts from the data the last one's checks read (a merged
    /// member set here stands after the mapping's own members in the file's data, not where the
    /// view shows it; an edit its aliases share changes the file's data beyond the view's).
    @Test func savesOneAfterAnotherStartFromTheFilesData() throws {
        let text = "base: &b\n  x: 1\n  y: 2\nitem:\n  <<: *b\n  name: n\ncopy: *b\n"
        try withSource(text) { source, loaded, path in
            var first = loaded
            try first.apply(.replace(at: ["item", "x"], with: 9))
            let saved = try source.save(first, since: loaded, overrides: [])
            var second = saved
            try second.apply(.replace(at: ["item", "name"], with: "m"))
            let again = try source.save(second, since: saved, overrides: [])
            var third = again
            try third.apply(.replace(at: ["base", "y"], with: 3))
            let shared = try source.save(third, since: again, overrides: [])
            var fourth = shared
            try fourth.apply(.replace(at: ["item", "name"], with: "o"))
            _ = try source.save(fourth, since: shared, overrides: [])
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "base: &b\n  x: 1\n  y: 3\nitem:\n  <<: *b\n  name: o\n  x: 9\ncopy: *b\n")
        }
    }

    /// The browser's `d` on a member holding an anchor later aliases name: `D` shows the cut and
    /// the first alias written as the data it named, the save writes exactly that and says so.
    @Test func aMemberHoldingAnAnchorInUseIsDeletedInTheBrowserMovingTheAnchor() throws {
        let text = "base: &b   # shared\n  image: alpine\nweb:\n  <<: *b\n  name: web   # the site\ndb: *b\n"
        try withSource(text) { source, loaded, path in
            var view = loaded
            try view.apply(.remove(at: ["base"]))
            let diff = try source.pendingDiff(of: view, since: loaded)
            // One hunk: the cut, the lines between as context, the alias written as its node.
            #expect(Array(diff.dropFirst(2)) == [
                "@@ -1,6 +1,5 @@", "-base: &b   # shared", "-  image: alpine", " web:", "-  <<: *b", "+  <<: &b", "+    image: alpine",
                "   name: web   # the site", " db: *b",
            ])
            _ = try source.save(view, since: loaded, overrides: [])
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "web:\n  <<: &b\n    image: alpine\n  name: web   # the site\ndb: *b\n")
            #expect(source.changesByOthers()?.contains("the anchor &b moved to its first alias (line 4)") == true)
        }
    }

    /// The browser's `;` on a YAML member: the save writes that comment, and the value changed
    /// beside it, and nothing else.
    @Test func aCommentEditedInTheViewIsSavedAsAYAMLCommentAlone() throws {
        try withSource(workflow) { source, loaded, path in
            #expect(!source.membersTurnOff)
            var view = loaded
            for (target, text) in [(["name"] as JSONPath, "renamed"), (["jobs", "build", "runs-on"], "the runner"), (["on", "push", "branches"], "")] {
                let node = try #require(view.node(at: target))
                let parent = try #require(target.parent)
                let container = try #require(view.node(at: parent))
                try view.apply(try #require(view.settingComment(of: node, in: container, to: text)))
            }
            try view.apply(.replace(at: ["jobs", "build", "steps", 0, "uses"], with: "actions/checkout@v5"))
            // A member added, an item removed: their comments go and stay as the file's do, so no
            // comment is found to differ.
            try view.apply(.insertMember(in: ["jobs", "build"], key: "timeout-minutes", value: 10))
            try view.apply(.remove(at: ["jobs", "build", "steps", 1]))
            let diff = try source.pendingDiff(of: view, since: loaded)
            #expect(diff.contains("+name: CI   # renamed") && diff.contains("+    runs-on: ubuntu-latest # the runner"))
            _ = try source.save(view, since: loaded, overrides: [])
            let expected = workflow
                .replacingOccurrences(of: "# the name shown", with: "# renamed")
                .replacingOccurrences(of: "runs-on: ubuntu-latest", with: "runs-on: ubuntu-latest # the runner")
                .replacingOccurrences(of: "[main]  # only main", with: "[main]")
                .replacingOccurrences(of: "checkout@v4", with: "checkout@v5")
                .replacingOccurrences(of: "      - run: |   # the script\n          make # not a comment: the script's text\n", with: "")
                .replacingOccurrences(of: "    url: http://x#not-a-comment\n", with: "    url: http://x#not-a-comment\n    timeout-minutes: 10\n")
            #expect(try String(contentsOfFile: path, encoding: .utf8) == expected)
            #expect(source.changesByOthers() == nil)
            // Saved again with nothing changed: nothing is written differently.
            let reloaded = try source.load(progress: LoadProgress())
            _ = try source.save(reloaded, since: reloaded, overrides: [])
            #expect(try String(contentsOfFile: path, encoding: .utf8) == expected)
        }
    }

    @Test func aCommentAboveAMemberChangedInTheViewIsNotWrittenAndTheSaveSaysSo() throws {
        let text = "# about a\na: 1  # one\nb: 2\n"
        try withSource(text) { source, loaded, path in
            var view = loaded
            let shownText = Array(view.text.string(0..<view.text.count).utf8)
            let at = try #require(shownText.indices.first { shownText[$0...].starts(with: Array("  \"b\"".utf8)) })
            try view.apply(JSONSplice(offset: at, removed: [], inserted: Array("  // about b\n".utf8)))
            #expect(view.commentTextsByPath()?[["b"]] == CommentTexts(leading: ["about b"]))
            _ = try source.save(view, since: loaded, overrides: [])
            #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
            #expect(source.changesByOthers()?.contains("comments above 1 member differ from the file's and were not written") == true)
        }
    }

    /// A document in a syntax without comments (a caller's own, strict JSON) says nothing of them.
    @Test func aSaveOfStrictJSONKeepsTheFilesComments() throws {
        try withSource("a: 1  # one\nb: 2  # two\n") { source, loaded, path in
            _ = try source.save(try JSONDocument("{\"a\": 1, \"b\": 3}"), since: loaded, overrides: [])
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "a: 1  # one\nb: 3  # two\n")
        }
    }
}
