import Testing
@testable import LosslessJSON
#if canImport(Glibc)
import Glibc
#endif

/// `LocatedEdit.save` on mapped files larger than the walk's progress step, so the copy of what
/// precedes the edit runs while the walk goes on: the saved bytes must be exactly those of the
/// same edit made on the whole parsed document.
@Suite("Saving an edit of a mapped file")
struct LocatedEditSaveTests {
    /// A pretty-printed array of `count` records, about 150 bytes each.
    static func records(_ count: Int) -> String {
        var text = "[\n"
        for i in 0..<count {
            if i > 0 { text += ",\n" }
            text += "  {\n    \"id\": \(i),\n    \"name\": \"person \(i)\",\n    \"tags\": [\"a\", \"b\"],\n    \"address\": {\"city\": \"Paris\", \"zip\": \"750\(i % 100)\"}\n  }"
        }
        return text + "\n]\n"
    }

    /// About 24 MiB: more than one progress step of the walk.
    static let large = records(170_000)

    /// Maps `file` whatever its size.
    static func map(_ file: String) throws -> (bytes: JSONBytes, origin: JSONFileOrigin) {
        guard let mapped = try JSONFileReader.mapIfLarge(path: file, minimumSize: 1) else { throw MappingRefused() }
        return mapped
    }

    struct MappingRefused: Error {}

    /// The text after the same edit on the whole parsed document.
    static func expected(_ text: String, setting value: JSONValue, at path: JSONPath) throws -> String {
        var document = try JSONDocument(text)
        try document.apply(.set(at: path, to: value))
        return document.text.string(0..<document.text.count)
    }

    @Test(arguments: [
        (".[169999].name", "\"last\""),
        (".[0].address.city", "\"Lyon\""),
        (".[120000].address.country", "\"FR\""),
        (".[150000].tags[1]", "{\"nested\": [1, 2]}"),
        (".[160000].address", "{\"city\": \"Nice\", \"lines\": [\"1\", \"2\"]}"),
        (".[169999].extra", "[{\"a\": 1}]"),
    ])
    func savesTheBytesOfTheSameEditOnTheWholeDocument(path: String, value: String) throws {
        #expect(Self.large.utf8.count > JSONLocator.progressStep)
        let folder = TemporaryFolder()
        let file = folder.write("big.json", Self.large)
        let parsedPath = try JSONPath(parsing: path)
        let parsedValue = try JSONValue(parsing: value)
        let mapped = try Self.map(file)
        let written = try LocatedEdit.save(setting: parsedValue, at: parsedPath, in: mapped.bytes, to: file, writing: .init(expected: mapped.origin))
        #expect(written)
        #expect(folder.read(file) == (try Self.expected(Self.large, setting: parsedValue, at: parsedPath)))
        #expect(folder.entries() == ["big.json"])
    }

    @Test func theLastMemberWithAKeyIsEditedThoughAFirstOneComesBeforeALongValue() throws {
        // The walk finds "a" first, then passes 20 MB it must not let the copy run ahead over.
        let filler = String(repeating: "x", count: 20 << 20)
        for text in ["{\"a\": {\"x\": 1}, \"filler\": \"\(filler)\", \"a\": {\"x\": 2}}", "{\"a\": {\"x\": 1}, \"filler\": \"\(filler)\"}"] {
            let folder = TemporaryFolder()
            let file = folder.write("dup.json", text)
            let mapped = try Self.map(file)
            try LocatedEdit.save(setting: .number(JSONNumber(9)), at: try JSONPath(parsing: ".a.x"), in: mapped.bytes, to: file, writing: .init())
            #expect(folder.read(file) == (try Self.expected(text, setting: .number(JSONNumber(9)), at: try JSONPath(parsing: ".a.x"))))
        }
    }

    @Test func aValueAlreadyThereWritesNothing() throws {
        let folder = TemporaryFolder()
        let file = folder.write("big.json", Self.large)
        let before = try Self.map(file).origin
        let mapped = try Self.map(file)
        let written = try LocatedEdit.save(
            setting: .string("person 169999"), at: try JSONPath(parsing: ".[169999].name"), in: mapped.bytes, to: file, writing: .init(expected: mapped.origin))
        #expect(!written)
        #expect(try Self.map(file).origin == before)
        #expect(folder.entries() == ["big.json"])
    }

    @Test func anErrorFoundLateLeavesTheFileAndNoTemporaryFile() throws {
        // The break is after more than one progress step: the copy has begun when it is found.
        var broken = Array(Self.large.utf8)
        let at = try #require(Self.large.range(of: "\"id\": 169990")).upperBound.utf16Offset(in: Self.large) - 6
        broken[at] = UInt8(ascii: "@")  // "id": @69990
        let text = String(decoding: broken, as: UTF8.self)
        let folder = TemporaryFolder()
        let file = folder.write("big.json", text)
        let mapped = try Self.map(file)
        let path = try JSONPath(parsing: ".[169999].name")
        let whole = Result { () throws(JSONParseError) in try JSONDocument(text) }
        guard case .failure(let parsed) = whole else { throw MappingRefused() }
        do throws(LocatedEdit.Failure) {
            try LocatedEdit.save(setting: .null, at: path, in: mapped.bytes, to: file, writing: .init(expected: mapped.origin))
            Issue.record("saved a broken text")
        } catch let failure {
            guard case .invalidJSON(let error) = failure else { throw failure }
            #expect(error.offset == parsed.offset && error.description == parsed.description)
        }
        #expect(folder.read(file) == text)
        #expect(folder.entries() == ["big.json"])
    }

    @Test func aFileChangedSinceItWasMappedIsNotOverwritten() throws {
        let folder = TemporaryFolder()
        let file = folder.write("big.json", Self.large)
        let mapped = try Self.map(file)
        let other = Self.records(10)
        _ = folder.write("big.json", other)
        let path = try JSONPath(parsing: ".[1].name")
        do throws(LocatedEdit.Failure) {
            try LocatedEdit.save(setting: .null, at: path, in: mapped.bytes, to: file, writing: .init(expected: mapped.origin))
            Issue.record("overwrote a changed file")
        } catch let failure {
            guard case .file(.changedOnDisk) = failure else { throw failure }
        }
        #expect(folder.read(file) == other)
        #expect(folder.entries() == ["big.json"])
    }

    @Test func aCopyFromAFileThatShrankFailsWithAReason() throws {
        let folder = TemporaryFolder()
        let file = folder.write("big.json", Self.large)
        let mapped = try Self.map(file)
        #expect(truncate(file, 1_000) == 0)
        let copy = folder.path + "/copy"
        let fd = open(copy, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        defer { close(fd) }
        // Only the file is read (the mapping's pages past the end would raise SIGBUS).
        let failure = AtomicFileWriter.copy(0..<mapped.bytes.count, of: mapped.bytes, to: fd)
        #expect(failure?.contains("shrank") == true, "\(failure ?? "no failure")")
    }
}
