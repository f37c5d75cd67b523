import Foundation
import LosslessJSON
import LosslessYAML
import Testing

/// A document near the start of a stream read without the rest (§9.1.4: `---` and `...` at the
/// start of a line are never content), and saves that write the rest back unchanged.
@Suite("YAML documents read from the stream's leading part")
struct YAMLLeadingPartTests {
    func end(_ text: String, _ number: Int) -> Int {
        Array(text.utf8).withUnsafeBufferPointer { YAMLStream.end(ofDocument: number, in: $0) }
    }

    /// Where document `number` of `text` ends: before `next` (the line the next document starts
    /// with), or at the text's end when `next` is nil.
    @Test(arguments: [
        // A bare document ends where the next starts.
        ("a: 1\n---\nb: 2\n", 0, "---\nb" as String?),
        ("a: 1\n---\nb: 2\n", 1, nil),
        // A document's own start marker does not end it.
        ("# leading comment\n---\na: 1\n--- # second\nb: 2\n", 0, "--- # second"),
        // Directives after an end marker belong to the next document.
        ("a: 1\n...\n# between\n%YAML 1.2\n---\nb: 2\n", 0, "%YAML"),
        ("a: 1\n...\n# between\n%YAML 1.2\n---\nb: 2\n", 1, nil),
        // Repeated end markers start no document.
        ("a: 1\n...\n...\nb: 2\n", 0, "b: 2"),
        // `---x` and an indented `---` are content; a marker ends a block scalar (c-forbidden).
        ("a: |\n  ---\n  text\nb: ---x\n---\t\nc: 3\n", 0, "---\t"),
        ("a: 1\n", 0, nil),
        ("a: 1\n---", 0, "---"),
        // A CR alone ends a line (§5.4): what follows it after `...` is the next document.
        ("|\n\n...\n\r-0-\n", 0, "-0-"),
    ])
    func aDocumentEndsWhereTheLinesSay(_ text: String, _ number: Int, _ next: String?) throws {
        let found = end(text, number)
        guard let next else {
            #expect(found == text.utf8.count)
            return
        }
        let range = try #require(text.range(of: next))
        #expect(found == text.utf8.distance(from: text.utf8.startIndex, to: range.lowerBound))
    }

    /// What the lines say agrees with the parser: the part through document n holds n + 1
    /// documents, each read as the whole stream reads it.
    @Test(arguments: [
        "a: 1\n---\nb: [1,\n  2]\n--- |\n  block\n---\n...\n%TAG !e! tag:example.com,2000:\n--- !e!x\nc: d\n",
        "---\n---\n# only a comment\n---\nx: \"two\n  lines\"\n",
        "- a\n... # end\n---\n- b\n...\n",
        "%YAML2 .2\n|\n\n...\n\r-0-\n--\n",
    ])
    func thePartReadsAsTheWholeStreamDoes(_ text: String) throws {
        let whole = try YAMLStream(text)
        for number in 0..<whole.documents.count {
            let part = try YAMLStream(bytes: Array(Array(text.utf8)[0..<end(text, number)]))
            #expect(part.documents.count == number + 1)
            #expect(try part.value(ofDocument: number) == (try whole.value(ofDocument: number)))
        }
    }

    func temporaryFile(_ text: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("keepsake-part-\(UUID().uuidString).yaml").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func aLaterDocumentThatIsNotYAMLDoesNotStopTheFirstFromBeingEdited() throws {
        let text = "a: 1 # one\n---\nb: [unclosed\n"
        let path = try temporaryFile(text)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let file = try YAMLFile(path: path, through: 0)
        #expect(!file.readsWholeStream)
        #expect(try file.document(0).value() == ["a": 1])
        #expect(throws: YAMLFileError.self) { try YAMLFile(path: path) }
        let a = try JSONPath(parsing: ".a")
        _ = try YAMLFile.edit(path: path, document: 0, saving: FileSaveRequest()) { document throws(YAMLDocumentError) in
            try document.setting(a, to: 2)
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "a: 2 # one\n---\nb: [unclosed\n")
    }

    /// A stream past the mapping threshold: the rest is mapped, not read, and written back.
    @Test func aLargeStreamsRestIsWrittenBackUnchanged() throws {
        var text = "first: {name: one}  # kept\n"
        let filler = (0..<400_000).map { "---\nitem: \($0)\nnote: 'filler text for the rest'\n" }.joined()
        text += filler
        #expect(text.utf8.count > 16 << 20)
        let path = try temporaryFile(text)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let name = try JSONPath(parsing: ".first.name")
        var partDocuments = 0
        _ = try YAMLFile.edit(path: path, document: 0, saving: FileSaveRequest()) { document throws(YAMLDocumentError) in
            partDocuments = document.stream.documents.count
            return try document.setting(name, to: "two")
        }
        #expect(partDocuments == 1)
        let saved = try String(contentsOfFile: path, encoding: .utf8)
        #expect(saved == "first: {name: two}  # kept\n" + filler)
    }

    /// `D` on YAML: the pending changes as the save would write them — the YAML's lines, with the
    /// file's line numbers, one hunk per edit.
    @Test func theBrowsersSourceShowsThePendingEditsAsYAML() throws {
        let filler = (0..<40).map { "  k\($0): \($0)\n" }.joined()
        let path = try temporaryFile("name: a   # the name\nmore:\n" + filler + "last: z\n---\nnext: 1\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        var source = YAMLFileSource(path: path)
        let loaded = try source.load(progress: LoadProgress())
        #expect(source.savesItsOwnText)
        var edited = loaded
        try edited.apply(.replace(at: ["name"], with: "b"))
        try edited.apply(.replace(at: ["last"], with: "w"))
        let lines = try source.pendingDiff(of: edited, since: loaded)
        #expect(lines.filter { $0.hasPrefix("@@") } == ["@@ -1,4 +1,4 @@", "@@ -40,4 +40,4 @@"])
        #expect(lines.contains("-name: a   # the name") && lines.contains("+name: b   # the name"))
        #expect(lines.contains("-last: z") && lines.contains("+last: w"))
        #expect(try source.pendingDiff(of: loaded, since: loaded) == ["no changes"])
    }

    @Test func theBrowsersSourceSavesAgainAfterASaveAndKeepsTheRest() throws {
        let rest = "---\nother: [1, 2]   # untouched\n...\n"
        let path = try temporaryFile("name: a\ncount: 1\n" + rest)
        defer { try? FileManager.default.removeItem(atPath: path) }
        var source = YAMLFileSource(path: path)
        let loaded = try source.load(progress: LoadProgress())
        #expect(source.notice?.contains("the rest not read") == true)
        let first = try JSONDocument("{\"name\": \"b\", \"count\": 1}")
        _ = try source.save(first, since: loaded, overrides: [])
        let second = try JSONDocument("{\"name\": \"b\", \"count\": 2}")
        _ = try source.save(second, since: first, overrides: [])
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "name: b\ncount: 2\n" + rest)
    }
}
