import Foundation
import LosslessJSON
import LosslessYAML
import Testing

/// The start of a YAML text too long to wait for, shown as its document would be
/// (`YAMLDocument.leadingPart`): whatever it shows is what the whole shows there — every scalar
/// whole, collections only shorter — and a file's start is what a large file's first screen is.
@Suite("The start of a large YAML file")
struct YAMLStartTests {
    /// Whether `part` is what `whole` holds, less entries at the ends of its collections: equal
    /// scalars, a sequence's first items, a mapping's first members in order.
    func isStart(_ part: JSONValue, of whole: JSONValue) -> Bool {
        switch (part, whole) {
        case (.array(let items), .array(let all)):
            return items.count <= all.count && zip(items, all).allSatisfy { isStart($0, of: $1) }
        case (.object(let members), .object(let all)):
            let names = members.map(\.key)
            let allNames = all.map(\.key)
            return names.count <= allNames.count && Array(allNames.prefix(names.count)) == names
                && members.allSatisfy { member in all[member.key].map { isStart(member.value, of: $0) } ?? false }
        default:
            return part == whole
        }
    }

    /// Every shape a cut can fall in: block scalars (kept and clipped), plain scalars over lines,
    /// quoted ones over lines, flow collections over lines, comments, anchors and aliases, an
    /// item whose value starts below its `-`, compact mappings in items, CRLF.
    static let texts = [
        """
        # settings
        name: service   # the name
        description: a plain scalar
          that goes on over
          three lines
        script: |
          echo one
          echo two
        folded: >-
          one
          two
        quoted: "a quoted
          scalar over lines"
        flow: [a, b,
          c, d]
        base: &base
          image: alpine
          ports:
            - 80
            - 443
        copy: *base
        items:
          - name: first
            value: 1
          -
            name: second
            value: 2
          - - nested
            - again
        last: end

        """,
        "a: 1\r\nb:\r\n  - x\r\n  - |\r\n    text\r\n    more\r\nc: 'it''s'\r\n",
        // A merge whose members the mapping overrides further on (a start that stopped before
        // the override would show the merged value).
        "base: &b\n  image: alpine\n  ports: [80]\nweb:\n  <<: *b\n  name: web\n  tier: front\n  ports: [8080]\nlast: 1\n",
    ]

    @Test(arguments: texts)
    func everyCutShowsOnlyWhatTheWholeHoldsAndMostShowSomething(_ text: String) throws {
        let bytes = Array(text.utf8)
        let whole = try YAMLStream(bytes: bytes, reader: LibFYAMLReader()).value(ofDocument: 0)
        var shown = 0
        for cut in 1..<bytes.count {
            guard let part = YAMLDocument.leadingPart(of: Array(bytes[0..<cut]), reader: LibFYAMLReader()) else { continue }
            let value = try part.value()
            #expect(isStart(value, of: whole), "cut at \(cut): \(value) is not the start of \(whole)")
            shown += 1
        }
        // Only cuts in the first lines, or inside what a cut cannot end (a quoted scalar or a
        // flow collection over lines, inside the text's first 4 KiB), show nothing.
        #expect(shown > bytes.count / 2, "\(shown) of \(bytes.count) cuts showed a start")
    }

    @Test func aStartIsTheEntriesBeforeTheLastLineNotNullsForWhatItCut() throws {
        let text = "root:\n  a: 1\n  b:\n    c: 2\n    d: 3\n"
        // The last line may go on (`d: 3` could be a plain scalar over lines): it is left out,
        // and `b` keeps the member it had.
        let part = try #require(YAMLDocument.leadingPart(of: Array(text.utf8), reader: LibFYAMLReader()))
        #expect(try part.value() == JSONValue.object(["root": .object(["a": 1, "b": .object(["c": 2])])]))
        // Cut inside `b`'s first member: `b` is left out, not shown as null.
        let early = Array(text.utf8.prefix("root:\n  a: 1\n  b:\n    c".utf8.count))
        let shorter = try #require(YAMLDocument.leadingPart(of: early, reader: LibFYAMLReader()))
        #expect(try shorter.value() == JSONValue.object(["root": .object(["a": 1])]))
    }

    @Test func aDocumentThatEndsInTheStartIsShownWholeAndLaterOnesByNumber() throws {
        let text = "a: 1\nb: [1, 2]\n---\nc: 3\nd: 4\n---\ne: 5\n"
        let cut = Array(text.utf8.prefix(text.utf8.count - 3))
        #expect(try YAMLDocument.leadingPart(of: cut, document: 0, reader: LibFYAMLReader())?.value() == JSONValue.object(["a": 1, "b": [1, 2]]))
        #expect(try YAMLDocument.leadingPart(of: cut, document: 1, reader: LibFYAMLReader())?.value() == JSONValue.object(["c": 3, "d": 4]))
        #expect(YAMLDocument.leadingPart(of: cut, document: 2, reader: LibFYAMLReader()) == nil)
        #expect(YAMLDocument.leadingPart(of: cut, document: 3, reader: LibFYAMLReader()) == nil)
        let complete = try YAMLDocument.leadingPart(of: Array(text.utf8), document: 2, complete: true, reader: LibFYAMLReader())?.value()
        #expect(complete == JSONValue.object(["e": 5]))
    }

    @Test(arguments: [
        // One scalar: a cut could end it anywhere.
        "just a long plain scalar\nthat goes on\n",
        // Comments only, so far.
        "# a comment\n# another\n",
        // A flow collection open past the cut, longer than the shortest start tried.
        "[" + String(repeating: "1234567,\n", count: 1000),
        // Not YAML.
        "a: [1\nb: }\n",
    ])
    func aStartWithNothingWholeToShowIsNil(_ text: String) {
        #expect(YAMLDocument.leadingPart(of: Array(text.utf8), reader: LibFYAMLReader()) == nil)
    }

    @Test func aLargeFilesSourceShowsItsFirstMegabyteWithItsCommentsBeforeItLoads() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("keepsake-start-\(UUID().uuidString).yaml").path
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        var text = "# large\nitems:\n"
        var count = 0
        while text.utf8.count < JSONFileSource.slowLoadThreshold {
            text += "  item\(count):   # item \(count)\n    value: \(count)\n    note: |\n      text \(count)\n"
            count += 1
        }
        try text.write(toFile: scratch, atomically: false, encoding: .utf8)
        let source = YAMLFileSource(path: scratch, reader: LibFYAMLReader())
        #expect(source.loadsSlowly)
        let start = try #require(source.preview())
        guard case .object(let root) = start.rootValue, case .object(let items)? = root["items"] else {
            Issue.record("not the file's start: \(start.rootValue)")
            return
        }
        // About a megabyte of a 16 MB file: every item whole but the last, which lost its note.
        #expect(items.count > 10_000 && items.count < count / 2, "\(items.count) items")
        for (index, member) in items.enumerated().dropLast() {
            #expect(member.key == "item\(index)")
            #expect(member.value == JSONValue.object(["value": .number(JSONNumber(index)), "note": .string("text \(index)\n")]))
        }
        #expect(try start.commentTextsByPath()?[JSONPath(parsing: ".items.item7")]?.trailing == "item 7")
        // A small file loads at once: no start is shown first.
        let small = FileManager.default.temporaryDirectory.appendingPathComponent("keepsake-start-\(UUID().uuidString).yaml").path
        defer { try? FileManager.default.removeItem(atPath: small) }
        try "a: 1\n".write(toFile: small, atomically: false, encoding: .utf8)
        #expect(!YAMLFileSource(path: small).loadsSlowly)
        #expect(YAMLFileSource(path: small).preview() == nil)
    }
}

/// A YAML file's save refuses to overwrite another program's change, even one that kept the
/// file's size and time: the source remembers the text it read (and the one it last wrote) and
/// compares the file with it under the lock — without holding the text twice.
@Suite("YAML files: another writer's change")
struct YAMLOtherWriterTests {
    /// Rewrites the file in place with `text` (of the same size) and puts its times back.
    func rewriteKeepingSizeAndTime(_ path: String, _ text: String) {
        var info = stat()
        stat(path, &info)
        var times = [info.st_atim, info.st_mtim]
        let fd = open(path, O_WRONLY)
        _ = Array(text.utf8).withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
        futimens(fd, &times)
        close(fd)
    }

    @Test func aChangeThatKeepsSizeAndTimeIsCaughtBeforeAndAfterASave() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("keepsake-writer-\(UUID().uuidString).yaml").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try "a: 1  # one\nb: 2\n".write(toFile: path, atomically: false, encoding: .utf8)
        var source = YAMLFileSource(path: path, reader: LibFYAMLReader())
        let loaded = try source.load(progress: LoadProgress())
        var edited = loaded
        try edited.apply(.replace(at: ["b"], with: 3))
        rewriteKeepingSizeAndTime(path, "a: 9  # one\nb: 2\n")
        #expect(throws: DocumentSourceError.self) { try source.save(edited, since: loaded, overrides: []) }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "a: 9  # one\nb: 2\n")
        // Put back as read, the save goes through; then the text written is what is compared.
        rewriteKeepingSizeAndTime(path, "a: 1  # one\nb: 2\n")
        let saved = try source.save(edited, since: loaded, overrides: [])
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "a: 1  # one\nb: 3\n")
        var again = saved
        try again.apply(.replace(at: ["a"], with: 4))
        rewriteKeepingSizeAndTime(path, "a: 1  # one\nb: 8\n")
        #expect(throws: DocumentSourceError.self) { try source.save(again, since: saved, overrides: []) }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "a: 1  # one\nb: 8\n")
    }
}
