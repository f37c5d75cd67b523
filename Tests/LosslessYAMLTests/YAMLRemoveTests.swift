import LosslessJSON
import LosslessYAML
import Testing

/// A removed entry leaves with its lines (the comment ending its last line included; comment lines
/// above it stay), or its bytes and a comma in flow; an anchor other entries still name moves to
/// the first of them.
@Suite("YAML removals in place")
struct YAMLRemoveTests: YAMLEditing {
    let reader = LibFYAMLReader()

    @Test func aRemovedMemberTakesItsLinesAndTrailingComment() throws {
        let text = "# head\na: 1\n# about b\nb:\n  c: 2  # c\n  d: |\n    text\ne: 3\n"
        #expect(try remove(text, ".b") == "# head\na: 1\n# about b\ne: 3\n")
        #expect(try remove(text, ".b.c") == "# head\na: 1\n# about b\nb:\n  d: |\n    text\ne: 3\n")
        #expect(try remove(text, ".e") == "# head\na: 1\n# about b\nb:\n  c: 2  # c\n  d: |\n    text\n")
    }

    @Test func aRemovedAnchorMovesToItsFirstAliasWrittenAsItsData() throws {
        // A merge's mapping: the first alias becomes the mapping, anchored; the later alias names it.
        #expect(try remove("base: &b\n  image: alpine\n  ports: [80]\nweb:\n  <<: *b\n  name: web\ndb: *b\n", ".base")
            == "web:\n  <<: &b\n    image: alpine\n    ports:\n      - 80\n  name: web\ndb: *b\n")
        // A scalar, in block and flow places; comments elsewhere stay.
        #expect(try remove("a: &x 5 # five\nb: *x  # b\nc: [*x, 1]\n", ".a") == "b: &x 5  # b\nc: [*x, 1]\n")
        #expect(try remove("a: &x {p: 1}\nb: {q: *x}\n", ".a") == "b: {q: &x {p: 1}}\n")
        // An item (gcloud's shared arguments): the anchor stands alone, the mapping below it.
        #expect(try remove("defs:\n  - &p\n    name: project\n    help: the project\nuses:\n  - *p\n  - name: other\nmore: *p\n", ".defs")
            == "uses:\n  - &p\n    name: project\n    help: the project\n  - name: other\nmore: *p\n")
        let (_, edit) = try document("a: &x 5\nb: *x\nc: *x\n").removing(JSONPath(parsing: ".a"), reader: reader)
        #expect(edit.notes == ["the anchor &x moved to its first alias (line 2), written as the data it named: its 2 aliases keep their data"])
        #expect(!edit.changesAliases)
    }

    @Test(arguments: [
        // A tag the data does not hold would be lost.
        ("a: &x !Ref 5\nb: *x\n", "tags or anchors inside it"),
        ("a: &x\n  k: &y 1\nb: *x\nc: *y\n", "another anchor in use besides"),
        ("a: &x k\n? *x\n: v\n", "the first alias is a key"),
    ])
    func aRemovedAnchorThatCannotMoveWhole(_ text: String, _ reason: String) throws {
        #expect {
            try document(text).removing(JSONPath(parsing: ".a"), reader: reader)
        } throws: { error in
            "\(error)".contains("it holds the anchor &x") && "\(error)".contains(reason)
        }
    }

    @Test func removedItemsTakeTheirDash() throws {
        #expect(try remove(YAMLEditTests.workflow, ".jobs.build.steps[1]") == YAMLEditTests.workflow.replacingOnce("      - name: Test\n        run: |\n          swift build\n          swift test\n", with: ""))
        #expect(try remove("- a: 1\n  b: 2\n- c\n", ".[0].a") == "- b: 2\n- c\n")
        #expect(try remove("l: [a, b, c]\n", ".l[1]") == "l: [a, c]\n")
        #expect(try remove("l: [a, b, c]\n", ".l[2]") == "l: [a, b]\n")
        #expect(try remove("m: {a: 1, b: 2}\n", ".m.a") == "m: {b: 2}\n")
        #expect(try remove("m: {a: 1}\n", ".m.a") == "m: {}\n")
    }

    @Test func theLastEntryOfABlockCollectionLeavesItEmpty() throws {
        #expect(try remove("a:\n  b: 1\nc: 2\n", ".a.b") == "a: {}\nc: 2\n")
        #expect(try remove("a:\n  - 1\nc: 2\n", ".a[0]") == "a: []\nc: 2\n")
    }
}
