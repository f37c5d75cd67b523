import Testing
@testable import LosslessJSON
#if canImport(Glibc)
import Glibc
#endif

/// A fresh folder under /tmp, removed when the test ends.
final class TemporaryFolder {
    let path: String
    init() {
        var template = Array("/tmp/keepsake-test-XXXXXX".utf8CString)
        path = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
    }
    deinit { _ = system("rm -rf '\(path)'") }

    func write(_ name: String, _ text: String, mode: mode_t = 0o644) -> String {
        let file = path + "/" + name
        let fd = open(file, O_WRONLY | O_CREAT | O_TRUNC, mode)
        _ = Array(text.utf8).withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        fchmod(fd, mode)
        close(fd)
        return file
    }

    func read(_ file: String) -> String {
        guard let (bytes, _) = try? JSONFileReader.read(path: file) else { return "<unreadable>" }
        return bytes.string(0..<bytes.count)
    }

    func entries() -> [String] {
        guard let dir = opendir(path) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = SaveLeftovers.name(of: entry)
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }
}

@Suite("Files")
struct FileTests {
    @Test func largeFilesAreReadByTwoThreadsWithProgressAndCanBeCancelled() throws {
        let folder = TemporaryFolder()
        // 40 MB, above the two-thread threshold, with a different byte at every position modulo 251.
        var text = "["
        var n = 0
        while text.utf8.count < 40 << 20 {
            text += (n == 0 ? "" : ",") + "\(n % 251)"
            n += 1
        }
        text += "]"
        let file = folder.write("large.json", text)
        var reports: [Int] = []
        let (bytes, origin) = try JSONFileReader.read(path: file) { done, total in
            #expect(total == text.utf8.count)
            reports.append(done)
            return true
        }
        #expect(bytes.count == text.utf8.count)
        #expect(bytes.buffer.elementsEqual(text.utf8))
        #expect(bytes[bytes.count] == 0 && bytes[bytes.count + JSONBytes.padding - 1] == 0)
        #expect(origin != nil)
        #expect(reports.count >= 3 && reports == reports.sorted() && reports.last == text.utf8.count)
        let document = try JSONDocument(storage: bytes)
        #expect(document.nodeCount == n + 1)

        var calls = 0
        #expect(throws: JSONFileError.self) {
            _ = try JSONFileReader.read(path: file) { _, _ in
                calls += 1
                return false
            }
        }
        #expect(calls == 1)
        do {
            _ = try JSONFileReader.read(path: file) { _, _ in false }
        } catch {
            #expect(error.description == "\(file): loading was cancelled")
        }
    }

    @Test func saveWritesOnlyTheEditAndKeepsTheMode() throws {
        let folder = TemporaryFolder()
        let file = folder.write("a.json", "{\n  \"a\": 1.0,\n  \"b\": \"x\"\n}\n", mode: 0o600)
        var document = try JSONDocument(contentsOfFile: file)
        try document.apply(.replace(at: ["b"], with: "y"))
        try document.save()
        #expect(folder.read(file) == "{\n  \"a\": 1.0,\n  \"b\": \"y\"\n}\n")
        var info = stat()
        stat(file, &info)
        #expect(info.st_mode & 0o777 == 0o600)
        #expect(folder.entries() == ["a.json"])  // no temporary file left behind
    }

    @Test func refusesToOverwriteAFileChangedOnDisk() throws {
        let folder = TemporaryFolder()
        let file = folder.write("a.json", "[1]")
        var document = try JSONDocument(contentsOfFile: file)
        try document.apply(.insertElement(in: .root, value: 2))
        _ = folder.write("a.json", "[1, \"someone else's change\"]")
        #expect(throws: JSONFileError.self) { try document.save() }
        #expect(folder.read(file) == "[1, \"someone else's change\"]")
        try document.save(force: true)
        #expect(folder.read(file) == "[1,2]")
        // After a save the document tracks the new file state, so a second save needs no force.
        try document.apply(.insertElement(in: .root, value: 3))
        try document.save()
        #expect(folder.read(file) == "[1,2,3]")
    }

    @Test func refusesWhenTheFileWasDeleted() throws {
        let folder = TemporaryFolder()
        let file = folder.write("a.json", "[1]")
        var document = try JSONDocument(contentsOfFile: file)
        unlink(file)
        #expect(throws: JSONFileError.self) { try document.save() }
    }

    @Test func saveAsWritesANewFileAndFollowsSymlinks() throws {
        let folder = TemporaryFolder()
        let file = folder.write("a.json", "{}")
        symlink(file, folder.path + "/link.json")
        var document = try JSONDocument(contentsOfFile: folder.path + "/link.json")
        try document.apply(.insertMember(in: .root, key: "k", value: 1))
        try document.save()
        #expect(folder.read(file) == #"{"k":1}"#)
        var info = stat()
        lstat(folder.path + "/link.json", &info)
        #expect(info.st_mode & S_IFMT == S_IFLNK)
        try document.save(to: folder.path + "/copy.json")
        #expect(folder.read(folder.path + "/copy.json") == #"{"k":1}"#)
    }

    @Test func aFailedSaveLeavesTheOriginalIntact() throws {
        let folder = TemporaryFolder()
        let file = folder.write("a.json", "[1]")
        var document = try JSONDocument(contentsOfFile: file)
        try document.apply(.insertElement(in: .root, value: 2))
        #expect(throws: JSONFileError.self) { try document.save(to: folder.path + "/missing-folder/a.json") }
        #expect(folder.read(file) == "[1]")
    }

    @Test func readErrorsNameTheFile() {
        do {
            _ = try JSONDocument(contentsOfFile: "/nonexistent/x.json")
            Issue.record("read a missing file")
        } catch {
            #expect(error.description.hasPrefix("/nonexistent/x.json: cannot read"))
        }
        let folder = TemporaryFolder()
        let file = folder.write("bad.json", "{\n  \"a\": tru\n}")
        do {
            _ = try JSONDocument(contentsOfFile: file)
            Issue.record("parsed invalid JSON")
        } catch {
            #expect(error.description == "\(file):2:8: expected 'true', 'false' or 'null', found 't'")
        }
    }
}

@Suite("JSON Lines")
struct JSONLinesTests {
    @Test func linesAreAddressableAndEditable() throws {
        let text = "{\"a\": 1}\r\n\n[2, 3]\n\"x\""
        var lines = try JSONLinesDocument(bytes: Array(text.utf8))
        #expect(lines.lines.count == 4)
        #expect(lines.valueLines.map(\.number) == [1, 3, 4])
        #expect(String(decoding: lines.bytes, as: UTF8.self) == text)
        try lines.apply(.insertElement(in: .root, value: 4), toLine: 3)
        #expect(String(decoding: lines.bytes, as: UTF8.self) == "{\"a\": 1}\r\n\n[2, 3, 4]\n\"x\"")
        #expect(throws: JSONEditError.self) { try lines.apply(.remove(at: [0]), toLine: 2) }
    }

    @Test func everyBadLineIsReportedByNumber() {
        do {
            _ = try JSONLinesDocument(bytes: Array("{\"a\": 1}\n{bad}\n[1]\n[1,]\n".utf8))
            Issue.record("accepted")
        } catch {
            #expect(error.lines.map(\.line) == [2, 4])
            #expect(error.lines.map(\.error.column) == [2, 4])
        }
    }
}
