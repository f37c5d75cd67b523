import Foundation
import LosslessJSON
import Testing

/// The streaming validator must accept and reject exactly what the indexing parser does — same
/// offset, line, column, message and excerpt — whatever the sizes of the pieces it is fed.
@Suite("Streaming validation")
struct StreamValidatorTests {
    /// The validator's verdict on `bytes` fed in pieces of `size`.
    static func validate(_ bytes: [UInt8], pieces size: Int, maxDepth: Int = 1024) -> JSONParseError? {
        var validator = JSONStreamValidator(options: JSONParseOptions(maxDepth: maxDepth))
        do {
            try bytes.withUnsafeBufferPointer { all throws(JSONParseError) in
                var start = 0
                while start < all.count {
                    let end = min(all.count, start + size)
                    try validator.feed(UnsafeBufferPointer(rebasing: all[start..<end]))
                    start = end
                }
            }
            try validator.finish()
            return nil
        } catch {
            return error
        }
    }

    /// The parser's verdict.
    static func parse(_ bytes: [UInt8], maxDepth: Int = 1024) -> JSONParseError? {
        do {
            _ = try JSONDocument(bytes: bytes, options: JSONParseOptions(maxDepth: maxDepth))
            return nil
        } catch {
            return error
        }
    }

    static func expectSame(
        _ bytes: [UInt8], maxDepth: Int = 1024, sizes: [Int] = [1, 2, 3, 5, 8, 13, 64], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let expected = parse(bytes, maxDepth: maxDepth)
        for size in sizes + [max(1, bytes.count)] {
            let found = validate(bytes, pieces: size, maxDepth: maxDepth)
            let label = "\(String(decoding: bytes.prefix(120), as: UTF8.self).debugDescription) in pieces of \(size)"
            #expect(found?.offset == expected?.offset, "\(label)", sourceLocation: sourceLocation)
            #expect(found?.description == expected?.description, "\(label)", sourceLocation: sourceLocation)
            #expect(found?.excerpt == expected?.excerpt, "\(label)", sourceLocation: sourceLocation)
        }
    }

    @Test func agreesWithTheParserOnEveryHandWrittenCase() {
        let texts = [
            "", "   ", "[1,2,]", "{\"a\":1,}", "[1]\n// note", "{\n  // c\n  \"a\": 1}", "[01]", "[-01]", "NaN", "[Infinity]",
            "-Infinity", "['a']", "{'a': 1}", "\"a\u{01}b\"", "\"tab\there\"", "\"\\x\"", "\"\\u12G4\"", "[1.]", "[.5]", "[1e]",
            "[+1]", "[1.2.3]", "[tru]", "[True]", "{\"a\" 1}", "{\"a\":1 \"b\":2}", "[1 2]", "[1,\n2,\n3", "\"abc", "{\"a\":1}}",
            "1 2", "{\"é\": x}", "[\"\u{0}\"]", "0", "-0", "-", "1e+", "1E-5", "12abc", "1e5e5", "0x1F", "true", "tru", "fals",
            "nul", "null ", "[]", "{}", "[[]]", "{\"a\":{\"b\":[true,false,null]}}", "{\"a\"", "{\"a\":", "{,}", "[,]", "[1,",
            "{\"a\":1,", "\"\\u00e9\\n\\\"\"", "\"\\u00\"", "\"\\", "\"é\u{1F600}\"", "\r\n[\r\n1\r\n]\r\n", "\t{ }\t", "[1]x",
            "{\"a\":1]", "[1}", "\"abc\"def", "1.5e3.2", "[0.1e-2,-0.0E+0]", "{\"k\":\"v\"}\n\n\n   \n",
        ]
        for text in texts { Self.expectSame(Array(text.utf8)) }
    }

    @Test func agreesOnByteOrderMarksInvalidUTF8AndDepth() {
        let cases: [[UInt8]] = [
            [0xEF, 0xBB, 0xBF, 0x7B, 0x7D], [0xEF, 0xBB, 0xBF], [0xEF, 0xBB], [0xEF], [0xEF, 0xBB, 0xBF, 0x20, 0x78],
            [0xEF, 0xBB, 0x7B, 0x7D], [0x22, 0xC3, 0x22], [0x22, 0xC0, 0xAF, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22],
            [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], [0x22, 0x80, 0x22], [0x22, 0xFF, 0x22], [0x5B, 0xC3, 0xA9, 0x5D],
            [0x22, 0xE2, 0x82], [0x22, 0xF0, 0x9F, 0x98], [0x00], [0x20, 0x00, 0x20], [0x5B, 0x31, 0x00, 0x5D],
        ]
        for bytes in cases { Self.expectSame(bytes) }
        Self.expectSame(Array((String(repeating: "[", count: 40) + String(repeating: "]", count: 40)).utf8), maxDepth: 39)
        Self.expectSame(Array((String(repeating: "{\"a\":", count: 40) + "1" + String(repeating: "}", count: 40)).utf8), maxDepth: 40)
        Self.expectSame(Array((String(repeating: "[", count: 200) + String(repeating: "]", count: 200)).utf8), maxDepth: 1024)
    }

    /// Random documents, then each cut short and each with one byte changed: the two agree.
    @Test(arguments: 0..<40)
    func agreesOnRandomDocumentsAndTheirMutations(seed: UInt64) {
        var generator = RandomJSON(seed: seed)
        let text = Array(generator.document().text.utf8)
        Self.expectSame(text)
        var rng = SeededGenerator(seed: seed &+ 1000)
        for _ in 0..<12 { Self.expectSame(rng.mutate(text)) }
    }

    /// Large pretty-printed texts go between their pieces' first and last line breaks at the
    /// parser's pace (the byte machine takes the ends, and any region the fast run does not
    /// accept): valid, cut short and with one byte changed anywhere, the verdicts are the parser's.
    @Test(arguments: 0..<12)
    func agreesOnLargeTextsWhoseLinesGoTheFastWay(seed: UInt64) {
        var generator = RandomJSON(seed: seed &+ 77)
        var parts: [String] = []
        var size = 0
        while size < 150_000 {
            let part = generator.document().text
            parts.append(part)
            size += part.utf8.count + 3
        }
        let text = Array(("[\n" + parts.joined(separator: ",\n") + "\n]\n").utf8)
        let sizes = [8192, 9001, 65536]
        Self.expectSame(text, sizes: sizes)
        var rng = SeededGenerator(seed: seed &+ 2000)
        for _ in 0..<10 { Self.expectSame(rng.mutate(text), sizes: sizes) }
        // Too deep in the middle of a piece, where the fast run goes.
        let deep = Array(("[\n" + parts.prefix(20).joined(separator: ",\n") + ",\n" + String(repeating: "[", count: 30) + String(repeating: "]", count: 30) + "\n]").utf8)
        Self.expectSame(deep, maxDepth: 20, sizes: sizes)
    }

    /// A literal's error is at its start, in the piece before the byte that breaks it (found by
    /// the parser fuzz target): its excerpt still shows the 80 bytes before it.
    @Test func aLiteralBrokenInTheNextPieceShowsItsWholeExcerpt() {
        let text = "[" + String(repeating: "12341.5E-8,", count: 40) + "n3,1]"
        Self.expectSame(Array(text.utf8))
    }

    @Test func linesAndColumnsCountFromTheStartOfTheWholeText() throws {
        // The error is far past the first pieces, on a long line: its column counts scalars.
        let prefix = "[\n" + String(repeating: "\"ééé\", ", count: 3000) + "\n" + String(repeating: " ", count: 500)
        let bytes = Array((prefix + "\"a\" x]").utf8)
        Self.expectSame(bytes)
        let error = try #require(Self.validate(bytes, pieces: 4096))
        #expect(error.line == 3)
        #expect(error.column == 505)
        #expect(error.sourceLine.hasPrefix("…"))
    }
}
