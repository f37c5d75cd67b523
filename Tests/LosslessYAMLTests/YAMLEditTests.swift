import LosslessJSON
import LosslessYAML
import Testing

/// Edits change one run of bytes: the value's, an entry's lines, or a new line after the last
/// sibling — in the style of what is around it — and the result reads back as the edit meant.
@Suite("YAML edits in place")
struct YAMLEditTests: YAMLEditing {
    let reader = LibFYAMLReader()

    static let workflow = """
        # CI for the project
        name: CI
        on:
          push:
            branches: [main]   # only main
        jobs:
          build:
            runs-on: ubuntu-latest
            steps:
              - uses: actions/checkout@v4
              - name: Test
                run: |
                  swift build
                  swift test
              # a commented-out step
              - name: 'Lint'
                run: "make lint"

        """

    // MARK: Replacing a scalar keeps its style

    @Test func aPlainScalarStaysPlain() throws {
        let edited = try set(Self.workflow, ".jobs.build.\"runs-on\"", "ubuntu-24.04")
        #expect(edited == Self.workflow.replacingOnce("ubuntu-latest", with: "ubuntu-24.04"))
    }

    @Test func aPlainScalarIsQuotedWhenTheValueNeedsIt() throws {
        #expect(try set("a: x\n", ".a", "yes") == "a: 'yes'\n")
        #expect(try set("a: x\n", ".a", "1.5") == "a: '1.5'\n")
        #expect(try set("a: x\n", ".a", "key: value") == "a: 'key: value'\n")
        #expect(try set("a: x\n", ".a", "two\nlines") == "a: \"two\\nlines\"\n")
        #expect(try set("a: [x, y]\n", ".a[1]", "p,q") == "a: [x, 'p,q']\n")
    }

    @Test func quotedScalarsKeepTheirQuotes() throws {
        #expect(try set(Self.workflow, ".jobs.build.steps[2].name", "Lint all") == Self.workflow.replacingOnce("'Lint'", with: "'Lint all'"))
        #expect(try set(Self.workflow, ".jobs.build.steps[2].run", "make \"lint\"") == Self.workflow.replacingOnce("\"make lint\"", with: "\"make \\\"lint\\\"\""))
        #expect(try set("a: 'x'\n", ".a", "it's") == "a: 'it''s'\n")
        #expect(try set("a: 'x'\n", ".a", "tab\there") == "a: \"tab\\there\"\n")
    }

    @Test func aValueSetToWhatIsThereChangesNoByte() throws {
        // The writer would quote `on` (YAML 1.1 reads it as true); the value is already there.
        for (text, path, value) in [("a: on\n", ".a", JSONValue.string("on")), ("a: 0x1F # hex\n", ".a", 31), ("a: {b: [1, 'x']}\n", ".a", ["b": [1, "x"]])] {
            #expect(try set(text, path, value) == text)
        }
    }

    @Test func numbersBooleansAndNullArePlain() throws {
        #expect(try set("a: 'x'  # note\n", ".a", 42) == "a: 42  # note\n")
        #expect(try set("a: 1\n", ".a", true) == "a: true\n")
        #expect(try set("a: 1\n", ".a", nil) == "a: null\n")
        #expect(try set("a: 1\n", ".a", .number(.infinity)) == "a: .inf\n")
        #expect(try set("a: 1\n", ".a", 2.5e-3) == "a: 0.0025\n")
    }

    @Test func aLiteralBlockStaysALiteralBlockAtItsIndentation() throws {
        let edited = try set(Self.workflow, ".jobs.build.steps[1].run", "swift build -c release\nswift test --parallel\n")
        #expect(edited == Self.workflow.replacingOnce("swift build\n          swift test\n", with: "swift build -c release\n          swift test --parallel\n"))
        // Chomping follows the value: no final break is `|-`, several are `|+`.
        #expect(try set("a: |  # keep this\n  x\nb: 1\n", ".a", "y") == "a: |-  # keep this\n  y\nb: 1\n")
        #expect(try set("a: |\n  x\nb: 1\n", ".a", "y\n\n") == "a: |+\n  y\n\nb: 1\n")
        #expect(try set("a: |\n    x\n", ".a", "one\n\nthree\n") == "a: |\n    one\n\n    three\n")
    }

    @Test func aFoldedBlockStaysFolded() throws {
        let edited = try set("a: >\n  old text\nb: 1\n", ".a", "first\nsecond\n")
        #expect(edited == "a: >\n  first\n\n  second\nb: 1\n")
        #expect(try document(edited).value(at: ["a"]) == "first\nsecond\n")
    }

    @Test func aBlockThatCannotHoldTheValueBecomesDoubleQuoted() throws {
        let (after, edit) = try document("a: |\n  x\nb: 1\n").setting(["a"], to: "  indented first line", reader: reader)
        #expect(String(decoding: after.stream.bytes, as: UTF8.self) == "a: \"  indented first line\"\nb: 1\n")
        #expect(edit.notes.contains { $0.contains("double quotes") })
    }

    @Test func anchorsAndTagsAreKept() throws {
        #expect(try set("a: &x old\nb: *x\n", ".a", "new") == "a: &x new\nb: *x\n")
        #expect(try set("a: !Ref old\n", ".a", "new") == "a: !Ref new\n")
        #expect(try set("a: !!str 12\n", ".a", "13") == "a: !!str 13\n")
        // A tag that no longer fits goes, with a note.
        let (after, edit) = try document("a: !!str 12\n").setting(["a"], to: 13, reader: reader)
        #expect(String(decoding: after.stream.bytes, as: UTF8.self) == "a: 13\n")
        #expect(edit.notes.contains { $0.contains("!!str") })
    }

    @Test func anEditOfAnAnchoredNodeSaysHowManyAliasesShareIt() throws {
        let text = "base: &b\n  image: nginx\none: *b\ntwo: *b\n"
        let (after, edit) = try document(text).setting(["base", "image"], to: "caddy", reader: reader)
        #expect(String(decoding: after.stream.bytes, as: UTF8.self) == "base: &b\n  image: caddy\none: *b\ntwo: *b\n")
        #expect(edit.notes == ["&b is shared by 2 aliases (*b): the change shows there too"])
        #expect(edit.changesAliases)
        // Through an alias, the anchored node is what changes.
        let (through, throughEdit) = try document(text).setting(["one", "image"], to: "caddy", reader: reader)
        #expect(through.stream.bytes == after.stream.bytes)
        #expect(!throughEdit.notes.isEmpty && throughEdit.changesAliases)
        // A member added to or removed from a shared mapping changes at its aliases too; an edit
        // beside it does not.
        #expect(try document(text).setting(["base", "tag"], to: "1", reader: reader).edit.changesAliases)
        #expect(try document("base: &b\n  image: nginx\n  tag: 1\none: *b\n").removing(["base", "tag"], reader: reader).edit.changesAliases)
        #expect(try !document(text).setting(["three"], to: "x", reader: reader).edit.changesAliases)
        // Replacing the alias itself changes only that place.
        #expect(try set(text, ".two", "none") == "base: &b\n  image: nginx\none: *b\ntwo: none\n")
    }

    @Test func aMergedKeySetHereOverridesTheMerge() throws {
        let text = "defaults: &d\n  retries: 3\njob:\n  <<: *d\n  name: x\n"
        let (after, edit) = try document(text).setting(["job", "retries"], to: 5, reader: reader)
        #expect(String(decoding: after.stream.bytes, as: UTF8.self) == text + "  retries: 5\n")
        #expect(try after.value(at: ["defaults", "retries"]) == 3)
        #expect(edit.notes.contains { $0.contains("<< merge") })
    }

    @Test func aChangeInsideWhatAMergeBringsWritesThatMemberHere() throws {
        // gcloud's command specs: a track's item merges the GA item and changes its help.
        let text = "- &GA\n  a: 1\n  h:\n    b: B\n    c: C\n- <<: *GA\n  a: 2\n"
        let set = try document(text).setting(JSONPath(parsing: ".[1].h.b"), to: "x", reader: reader)
        #expect(String(decoding: set.document.stream.bytes, as: UTF8.self) == text + "  h:\n    b: x\n    c: C\n")
        #expect(try set.document.value(at: JSONPath(parsing: ".[0].h.b")) == "B")
        let added = try document(text).setting(JSONPath(parsing: ".[1].h.d"), to: 4, reader: reader)
        #expect(String(decoding: added.document.stream.bytes, as: UTF8.self) == text + "  h:\n    b: B\n    c: C\n    d: 4\n")
        let removed = try document(text).removing(JSONPath(parsing: ".[1].h.c"), reader: reader)
        #expect(String(decoding: removed.document.stream.bytes, as: UTF8.self) == text + "  h:\n    b: B\n")
        // The merged member itself still cannot be removed here: the merge would bring it back.
        #expect(throws: YAMLDocumentError.self) { try document(text).removing(JSONPath(parsing: ".[1].h"), reader: reader) }
    }

    // MARK: Replacing with collections

    @Test func aCollectionIsWrittenInTheStyleOfItsPlace() throws {
        #expect(try set("a: 1\nb: 2\n", ".a", ["x": 1, "z": ["p", "q"]]) == "a:\n  x: 1\n  z:\n    - p\n    - q\nb: 2\n")
        #expect(try set("a: {k: 1}\n", ".a.k", ["x", "z"]) == "a: {k: [x, z]}\n")
        // YAML 1.1 read `y`, `no` and `on` as booleans, and many tools still do: new strings so spelled are quoted.
        #expect(try set("a: {k: 1}\n", ".a.k", ["y", "no", "On"]) == "a: {k: [\"y\", \"no\", \"On\"]}\n")
        #expect(try set("a: [1]\n", ".a", ["x": 1]) == "a: {x: 1}\n")
        #expect(try set("- 1\n- 2\n", ".[0]", ["name": "web", "tags": ["t"]]) == "- name: web\n  tags:\n    - t\n- 2\n")
        #expect(try set("a:\n  b: 1\n  c: 2\nd: 3\n", ".a", 7) == "a: 7\nd: 3\n")
        #expect(try set("a:\n    b: 1\nc:\n    d: 1\n", ".c", ["e": ["f": 1]]) == "a:\n    b: 1\nc:\n    e:\n        f: 1\n")
    }

    // MARK: Adding

    @Test func aNewMemberTakesItsSiblingsIndentation() throws {
        let edited = try set(Self.workflow, ".jobs.build.\"timeout-minutes\"", 10)
        #expect(edited == Self.workflow.replacingOnce("    runs-on: ubuntu-latest\n", with: "    runs-on: ubuntu-latest\n").replacingOnce("        run: \"make lint\"\n", with: "        run: \"make lint\"\n    timeout-minutes: 10\n"))
        #expect(try set("a: {x: 1}\n", ".a.w", "two") == "a: {x: 1, w: two}\n")
        #expect(try set("a: {}\n", ".a.w", 2) == "a: {w: 2}\n")
        #expect(try set("a: 1", ".b", 2) == "a: 1\nb: 2")
        #expect(try set("services:\n  web:\n    image: x\n", ".services.db", ["image": "postgres:16", "ports": ["5432:5432"]])
            == "services:\n  web:\n    image: x\n  db:\n    image: postgres:16\n    ports:\n      - \"5432:5432\"\n")
        // (YAML 1.1 read 5432:5432 as a number in base 60: new text starting with a digit is quoted.)
    }

    @Test func aNewItemFollowsTheLast() throws {
        #expect(try set("l:\n  - a\n  - b  # last\nm: 1\n", ".l[2]", "c") == "l:\n  - a\n  - b  # last\n  - c\nm: 1\n")
        #expect(try set("l:\n- a\n", ".l[1]", ["k": "v", "w": 2]) == "l:\n- a\n- k: v\n  w: 2\n")
        #expect(try set("l: [a]\n", ".l[1]", "b") == "l: [a, b]\n")
        #expect(try set("l: []\n", ".l[0]", "b") == "l: [b]\n")
    }

    @Test func crlfLineBreaksAreKept() throws {
        #expect(try set("a: 1\r\nb:\r\n  c: 2\r\n", ".b.d", ["x", "z"]) == "a: 1\r\nb:\r\n  c: 2\r\n  d:\r\n    - x\r\n    - z\r\n")
    }

    @Test func aCarriageReturnAloneEndsALine() throws {
        // §5.4: CR, LF and CRLF are all line breaks; a file of CRs gets CRs.
        #expect(try set("a: 1\rb: 2\r", ".c", 3) == "a: 1\rb: 2\rc: 3\r")
        #expect(try set("a: 1\rb:\r  c: 2\r", ".b.d", ["x"]) == "a: 1\rb:\r  c: 2\r  d:\r    - x\r")
        #expect(try remove("a: 1\rb: 2\rc: 3\r", ".b") == "a: 1\rc: 3\r")
        // A member added to the first document stays in it (found by the fuzz target: the next
        // document's `---` after a CR was taken for the same line).
        #expect(try set("a: 1\r--- 17\n", ".b", 2) == "a: 1\rb: 2\r--- 17\n")
    }

    // MARK: Documents

    @Test func documentsAreEditedOneAtATime() throws {
        let stream = "---\nkind: Service\n---\nkind: Deployment\nspec:\n  replicas: 1\n...\n"
        #expect(try set(stream, ".spec.replicas", 3, document: 1) == stream.replacingOnce("replicas: 1", with: "replicas: 3"))
        #expect(try document(stream, 0).value() == ["kind": "Service"])
        #expect(throws: YAMLDocumentError.noSuchDocument(2, count: 2)) { try document(stream, 2) }
    }

    @Test func anEmptyStreamIsNullAndTakesAValue() throws {
        #expect(try document("").value() == .null)
        #expect(try document("# only a comment\n").value() == .null)
        #expect(try set("# only a comment\n", ".", ["a": 1]) == "# only a comment\na: 1\n")
    }

    // MARK: Found by the fuzz target

    @Test func anEmptyValueIsWrittenAfterItsIndicator() throws {
        #expect(try set("a:\nb: 1\n", ".a", 5) == "a: 5\nb: 1\n")
        #expect(try set("a:  # none yet\nb: 1\n", ".a", "x") == "a: x  # none yet\nb: 1\n")
        #expect(try set("-\n- b\n", ".[0]", "x") == "- x\n- b\n")
        #expect(try set("a:\nb: 1\n", ".a", ["k": 1]) == "a:\n  k: 1\nb: 1\n")
        // A flow mapping's key may stand without its `:` (§7.4.2): the value brings one.
        #expect(try set("runtime: {runtime}\n", ".runtime.runtime", "node") == "runtime: {runtime: node}\n")
        #expect(try set("{a, b: 2}\n", ".a", [1, 2]) == "{a: [1, 2], b: 2}\n")
    }

    @Test func anAnchorNamesNodesOfItsOwnDocumentOnly() throws {
        #expect(throws: YAMLParseError.self) { try YAMLStream("a: &x 1\n---\nb: *x\n", reader: reader) }
    }

    @Test func anEditThatWouldBreakAMergeIsRefused() throws {
        #expect(throws: YAMLDocumentError.self) { try set("base: &b {k: 1}\nc:\n  <<: *b\n", ".base", "text") }
    }

    @Test func anEntrySharingItsLineWithWhatCameBeforeIsRefusedNotCut() throws {
        // `: x` is the last entry of a compact mapping (an empty key on the `-` line's mapping).
        let document = try document("- a: 1\n  : x\n")
        let path = try JSONPath(parsing: ".[0].\"\"")
        _ = try document.locate(path)
        #expect(throws: YAMLDocumentError.self) { try document.edit(removing: path) }
    }

    @Test func pathsThatLeadNowhereSaySo() throws {
        #expect(throws: YAMLDocumentError.self) { try set("a: 1\n", ".a.b", 2) }
        #expect(throws: YAMLDocumentError.self) { try set("l: [a]\n", ".l[5]", 2) }
        #expect(throws: YAMLDocumentError.self) { try remove("a: 1\n", ".") }
        #expect(throws: YAMLDocumentError.self) { try remove("a: 1\n", ".b") }
    }

    /// Several changes of one sequence in one save (the browser's): the items kept are found, so an
    /// item changed and another removed are two edits — the other items' style and comments stay.
    @Test(arguments: [
        // Item 0 changed, item 1 removed.
        ([["uses": "a@4"], ["run": "x"], ["name": "n", "with": ["k": 1]]] as JSONValue, [["uses": "a@5"], ["name": "n", "with": ["k": 1]]] as JSONValue,
         "steps:\n  - uses: a@5   # pinned\n  - name: n\n    # above\n    with: {k: 1}\n"),
        // Item 1 removed, one appended.
        ([["uses": "a@4"], ["run": "x"], ["name": "n", "with": ["k": 1]]] as JSONValue, [["uses": "a@4"], ["name": "n", "with": ["k": 1]], "new"] as JSONValue,
         "steps:\n  - uses: a@4   # pinned\n  - name: n\n    # above\n    with: {k: 1}\n  - new\n"),
    ] as [(JSONValue, JSONValue, String)])
    func changesOfOneSequenceStayEditsOfItsItems(_ old: JSONValue, _ new: JSONValue, _ expected: String) throws {
        let text = "steps:\n  - uses: a@4   # pinned\n  - run: x\n  - name: n\n    # above\n    with: {k: 1}\n"
        let before = try document(text)
        #expect(try before.value() == ["steps": old])
        let (after, edits, _) = try before.applying(changesFrom: ["steps": old], to: ["steps": new], reader: reader)
        #expect(String(decoding: after.stream.bytes, as: UTF8.self) == expected)
        #expect(edits.count == 2)
    }

    /// A CR alone ends a comment (§5.4): ` |-` after it is an empty literal block, which the reader
    /// places at the text's end, away from its header — an edit of it is refused, never made wrong.
    @Test func anEmptyBlockScalarPlacedAwayFromItsHeaderIsRefused() throws {
        let text = "#YAM$ .\r |-\n"
        #expect(try document(text).value() == "")
        #expect {
            _ = try set(text, ".", "x")
        } throws: { error in
            "\(error)".contains("nothing was changed")
        }
    }

    @Test func anItemPutBetweenOthersWritesTheSequenceAgain() throws {
        let text = "list:\n  - a  # first\n  - b\n"
        let (after, edits, _) = try document(text).applying(changesFrom: ["list": ["a", "b"]], to: ["list": ["a", "new", "b"]], reader: reader)
        #expect(try after.value() == ["list": ["a", "new", "b"]])
        #expect(edits.count == 1)
    }
}

extension String {
    /// The string with the first occurrence of `target` replaced (the test's expectation fails
    /// visibly when there is none).
    func replacingOnce(_ target: String, with replacement: String) -> String {
        guard let range = firstRange(of: target) else { return "<\(target) not found>" }
        return String(self[..<range.lowerBound]) + replacement + String(self[range.upperBound...])
    }

}
