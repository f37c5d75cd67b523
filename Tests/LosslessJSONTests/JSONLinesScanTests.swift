import Testing
@testable import LosslessJSON
#if canImport(Glibc)
import Glibc
#endif

/// The line-at-a-time JSON Lines scanners against `JSONLinesDocument`, which splits and parses the
/// whole text: the same lines, the same values, the same errors.
@Suite("JSON Lines one line at a time")
struct JSONLinesScanTests {
    /// A JSON Lines text of random values (one line each, some mutated), blank lines, CRLF breaks,
    /// and sometimes no break at the end.
    static func text(seed: UInt64, lines: Int, mutate: Bool) -> [UInt8] {
        var generator = RandomJSON(seed: seed)
        var rng = SeededGenerator(seed: seed &+ 77)
        var out: [UInt8] = []
        for i in 0..<lines {
            switch rng.next() % 10 {
            case 0: out += Array("   \t".utf8)
            case 1: break  // an empty line
            default:
                let value = generator.document().value
                var line = Array(JSONWriter.serialize(value).utf8)
                if mutate, rng.next() % 3 == 0 { line = rng.mutate(line).filter { $0 != 0x0A } }
                out += line
            }
            if i < lines - 1 || rng.next() % 2 == 0 { out += rng.next() % 4 == 0 ? [0x0D, 0x0A] : [0x0A] }
        }
        return out
    }

    /// The errors `JSONLinesDocument` reports for `text` (none when it parses).
    static func wholeErrors(_ text: [UInt8]) -> [String] {
        do {
            _ = try JSONLinesDocument(bytes: text)
            return []
        } catch {
            return error.lines.map(\.description)
        }
    }

    /// The errors `JSONLineChecker.checkFile` reports for `text` written to a file.
    static func fileErrors(_ text: [UInt8], folder: TemporaryFolder) throws -> [String] {
        let file = folder.path + "/lines.jsonl"
        let fd = open(file, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        _ = text.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        var errors: [String] = []
        try JSONLineChecker.checkFile(path: file) { errors.append($0.description) }
        return errors
    }

    @Test(arguments: 0..<30)
    func checkingAFileReportsWhatTheWholeParseReports(seed: UInt64) throws {
        let text = Self.text(seed: seed, lines: 40, mutate: true)
        let folder = TemporaryFolder()
        #expect(try Self.fileErrors(text, folder: folder) == Self.wholeErrors(text))
    }

    @Test func theRandomTextsHoldInvalidLinesToCompare() {
        let withErrors = (0..<30).filter { !Self.wholeErrors(Self.text(seed: UInt64($0), lines: 40, mutate: true)).isEmpty }
        #expect(withErrors.count >= 10, "\(withErrors)")
    }

    @Test func linesLongerThanAReadPieceAreCheckedWhole() throws {
        // Lines of up to 700 KB across 1 MiB pieces, one broken near its end, CRLF at a piece edge.
        var text: [UInt8] = []
        var number = 1
        var broken = 0
        while text.count < 5 << 20 {
            let long = String(repeating: "x", count: 100_000 * (number % 7 + 1))
            var line = Array("{\"n\": \(number), \"s\": \"\(long)\"}".utf8)
            if number == 9 {
                line[line.count - 3] = 0x01  // a control character inside the string
                broken = number
            }
            text += line + (number % 2 == 0 ? [0x0D, 0x0A] : [0x0A])
            number += 1
        }
        let folder = TemporaryFolder()
        let errors = try Self.fileErrors(text, folder: folder)
        #expect(errors == Self.wholeErrors(text))
        #expect(errors.count == 1 && errors.first?.hasPrefix("\(broken):") == true, "\(errors)")
    }

    /// A file's parts, read each on its own, give the file's lines in order: every part begins at a
    /// line's start, and no line is split, lost or read twice — CRLF breaks, blank lines, a missing
    /// final break, parts of one line and more parts than lines included.
    @Test(arguments: 0..<20)
    func aFilesPartsHoldItsLinesInOrder(seed: UInt64) throws {
        let text = Self.text(seed: seed &+ 900, lines: 1 + Int(seed) * 7, mutate: false)
        let folder = TemporaryFolder()
        let file = folder.path + "/lines.jsonl"
        let fd = open(file, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        _ = text.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        var whole: [[UInt8]] = []
        try JSONLines.forEachLine(ofFile: file) { bytes, _ in whole.append(Array(bytes)) }
        for count in [1, 2, 3, 7, 64] {
            let parts = try #require(try JSONLines.parts(ofFile: file, count: count))
            #expect(parts.first?.lowerBound == 0 && parts.last?.upperBound == text.count)
            #expect(zip(parts, parts.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound && text[$1.lowerBound - 1] == 0x0A })
            var joined: [[UInt8]] = []
            for part in parts {
                var expectedNumber = 1
                try JSONLines.forEachLine(ofFile: file, part: part) { bytes, number in
                    #expect(number == expectedNumber)
                    expectedNumber += 1
                    joined.append(Array(bytes))
                }
            }
            #expect(joined == whole, "\(count) parts of \(text.count) bytes")
        }
        #expect(try JSONLines.parts(ofFile: "-", count: 2) == nil)
    }

    @Test(arguments: 0..<20)
    func theNthValueLineIsTheNthElementOfTheLinesView(seed: UInt64) throws {
        let text = Self.text(seed: seed &+ 500, lines: 30, mutate: false)
        let document = try JSONLinesDocument(bytes: text)
        let bytes = JSONBytes(text)
        let values = document.valueLines
        for (position, expected) in values.enumerated() {
            let line = try #require(JSONLines.valueLine(position, in: bytes))
            #expect(line.number == expected.number)
            #expect(bytes.slice(line.content) == document.bytes(of: expected))
            #expect(bytes.slice(line.whole) == document.bytes(of: expected) + expected.terminator)
        }
        #expect(JSONLines.valueLine(values.count, in: bytes) == nil)
    }
}
