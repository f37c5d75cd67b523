import Foundation
import Testing
@testable import LosslessJSON
#if canImport(Glibc)
import Glibc
#endif

@Suite("Document sources")
struct SourceTests {
    @Test func aFileSourceSavesOnlyTheEditedBytesAndRefusesAFileChangedOnDisk() throws {
        let folder = TemporaryFolder()
        let text = "{\n  \"a\": 1,\n  \"b\": [true, \"x\"]\n}\n"
        let file = folder.write("f.json", text)
        var source = JSONFileSource(path: file)
        #expect(source.name == file && source.canSaveInPlace && source.layout == .document && !source.loadsSlowly)
        let loaded = try source.load(progress: LoadProgress())
        var edited = loaded
        try edited.apply(.replace(at: ["b", 1], with: "y"))
        let saved = try source.save(edited, since: loaded, overrides: [])
        #expect(folder.read(file) == text.replacingOccurrences(of: "\"x\"", with: "\"y\""))
        #expect(saved.origin?.path == file)
        // Someone else writes the file: the next save is refused with the kind the browser asks about.
        _ = folder.write("f.json", "{\"a\": 2}")
        var again = saved
        try again.apply(.replace(at: ["a"], with: 3))
        let refusal = #expect(throws: DocumentSourceError.self) { try source.save(again, since: saved, overrides: []) }
        #expect(refusal?.kind == .changedOnDisk)
        #expect(folder.read(file) == "{\"a\": 2}")
        _ = try source.save(again, since: saved, overrides: .overwriteChanges)
        #expect(folder.read(file).contains("\"a\": 3"))
    }

    @Test func standardInputSavesOnlyToAPathAndThenToThatFile() throws {
        let folder = TemporaryFolder()
        var source = JSONFileSource(path: "-")
        #expect(source.name == "(standard input)" && !source.canSaveInPlace)
        let document = try JSONDocument("[1, 2]")
        let refusal = #expect(throws: DocumentSourceError.self) { try source.save(document, since: document, overrides: []) }
        #expect(refusal?.message.contains(":w PATH") == true)
        let target = folder.path + "/out.json"
        _ = try source.save(document, to: target)
        #expect(folder.read(target) == "[1, 2]")
        #expect(source.name == target && source.canSaveInPlace)
    }

    @Test func aFileThatIsNotJSONIsAnErrorNamingItsLineAndColumn() throws {
        let folder = TemporaryFolder()
        var source = JSONFileSource(path: folder.write("bad.json", "{\n  \"a\": tru\n}"))
        let error = #expect(throws: DocumentSourceError.self) { try source.load(progress: LoadProgress()) }
        #expect(error?.kind == .failed)
        #expect(error?.message.hasPrefix(folder.path + "/bad.json:2:") == true)
    }

    @Test func aCancelledLoadSaysSo() throws {
        let folder = TemporaryFolder()
        var source = JSONFileSource(path: folder.write("f.json", "[1, 2, 3]"))
        let progress = LoadProgress()
        progress.cancel()
        let error = #expect(throws: DocumentSourceError.self) { try source.load(progress: progress) }
        #expect(error?.kind == .cancelled)
    }

    @Test func jsonLinesAreSavedLineByLine() throws {
        let folder = TemporaryFolder()
        let text = "{\"n\": 1,  \"s\": \"a\"}\r\n\n[2,3]\n{\"n\": 4}\n"
        let file = folder.write("rows.jsonl", text)
        var source = JSONFileSource(jsonLinesAt: file)
        #expect(JSONFileSource.isJSONLines(file) && !JSONFileSource.isJSONLines("rows.json"))
        let loaded = try source.load(progress: LoadProgress())
        #expect(loaded.rootValue == [["n": 1, "s": "a"], [2, 3], ["n": 4]])
        // An edit in the first line changes its bytes only; the blank line and CRLF stay.
        var edited = loaded
        try edited.apply(.replace(at: [0, "s"], with: "b"))
        var saved = try source.save(edited, since: loaded, overrides: [])
        #expect(folder.read(file) == text.replacingOccurrences(of: "\"a\"", with: "\"b\""))
        // The lines are the array's elements: a removed one takes its line away, an added one is
        // a new line (spaced as the first line's members, ended as the last line is), and a
        // changed one is edited in its line's own style.
        var next = saved
        try next.apply(.insertElement(in: .root, value: ["new": true]))
        saved = try source.save(next, since: saved, overrides: [])
        #expect(folder.read(file) == "{\"n\": 1,  \"s\": \"b\"}\r\n\n[2,3]\n{\"n\": 4}\n{\"new\": true}\n")
        next = saved
        try next.apply(.remove(at: [3]))
        try next.apply(.replace(at: [2, "n"], with: 5))
        saved = try source.save(next, since: saved, overrides: [])
        #expect(folder.read(file) == "{\"n\": 1,  \"s\": \"b\"}\r\n\n[2,3]\n{\"n\": 5}\n")
        // A change on disk is refused unless forced.
        _ = folder.write("rows.jsonl", "{}\n")
        let refusal = #expect(throws: DocumentSourceError.self) { try source.save(saved, since: saved, overrides: []) }
        #expect(refusal?.kind == .changedOnDisk)
    }

    @Test func invalidLinesAreEachReported() throws {
        let folder = TemporaryFolder()
        let file = folder.write("bad.jsonl", "{}\n{oops\n[1]\n[2,]\n")
        var source = JSONFileSource(jsonLinesAt: file)
        let error = #expect(throws: DocumentSourceError.self) { try source.load(progress: LoadProgress()) }
        let lines = error?.message.split(separator: "\n") ?? []
        #expect(lines.count == 3)
        #expect(lines.first?.hasPrefix("\(file):2:") == true)
        #expect(lines.dropFirst().first?.hasPrefix("\(file):4:") == true)
    }
}

/// The start of a large file shown while the whole loads (`DocumentSource.preview()`).
@Suite("Previews of large files")
struct PreviewTests {
    @Test func aLargeJSONFilesPreviewIsItsFirstMegabyteClosed() throws {
        let folder = TemporaryFolder()
        let records = (0..<600_000).map { "  {\"id\": \($0), \"name\": \"n\($0)\"}" }.joined(separator: ",\n")
        let file = folder.write("big.json", "{\"records\": [\n" + records + "\n]}\n")
        let source = JSONFileSource(path: file)
        #expect(source.loadsSlowly)
        let preview = try #require(source.preview())
        let shown = try #require(preview.node(at: JSONPath(parsing: ".records")).map { preview.childCount($0) })
        #expect(shown > 1000 && shown < 600_000)
        #expect(preview.text.count <= JSONFileSource.previewSize + 2)
        // The records before the last are whole (the last may be cut short, closed after its last member).
        let last = try JSONPath(parsing: ".records[\(shown - 2)].name")
        #expect(preview.value(at: last) == .string("n\(shown - 2)"))
        #expect(JSONFileSource(path: folder.write("small.json", "[1]")).preview() == nil)
    }

    @Test func aMappedFileLoadsFoldedWithItsStyleAlreadyRead() throws {
        let folder = TemporaryFolder()
        let records = (0..<20_000).map { "    {\"id\": \($0), \"tags\": [\"a\",\"b\"]}" }.joined(separator: ",\n")
        var source = JSONFileSource(path: folder.write("big.json", "{\n    \"records\": [\n" + records + "\n    ]\n}\n"))
        source.mappedFileSize = 0
        var document = try source.load(progress: LoadProgress())
        #expect(document.mayHaveFolds)
        // Read while loading: an edit does not parse the file's start again.
        let kept = try #require(document.cache.foldedStyle.withLock { $0 })
        #expect(kept.style == JSONStyle(indent: "    ", colon: ": ", comma: " "))
        try document.apply(.insertElement(in: ["records", 15_000, "tags"], value: "c"))
        #expect(document.cache.foldedStyle.withLock { $0 }?.style == kept.style)
        #expect(document.value(at: ["records", 15_000, "tags"]) == ["a", "b", "c"])
        #expect(document.text.string.contains("{\"id\": 15000, \"tags\": [\"a\",\"b\",\"c\"]}"))
    }

    @Test func aLargeJSONLinesFilesPreviewStopsBeforeItsFirstInvalidLine() throws {
        let folder = TemporaryFolder()
        var lines = (0..<400_000).map { "{\"id\": \($0), \"pad\": \"xxxxxxxxxxxxxxxxxxxxxxxx\"}" }
        lines[100] = "{oops"
        let file = folder.write("big.jsonl", lines.joined(separator: "\n") + "\n")
        let source = JSONFileSource(jsonLinesAt: file)
        #expect(source.loadsSlowly)
        let preview = try #require(source.preview())
        #expect(preview.childCount(preview.root) == 100)
        let last = try JSONPath(parsing: ".[99].id")
        #expect(preview.value(at: last) == .number(JSONNumber(99)))
        lines[100] = "{\"id\": 100}"
        let valid = JSONFileSource(jsonLinesAt: folder.write("valid.jsonl", lines.joined(separator: "\n") + "\n"))
        let count = try #require(valid.preview()).childCount(try #require(valid.preview()).root)
        #expect(count > 1000 && count < 400_000)
    }
}
