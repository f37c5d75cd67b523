import Testing
@testable import LosslessJSON

@Suite("Parser")
struct ParserTests {
    @Test("any JSON text is a document, scalars included", arguments: [
        "null", "true", "false", "0", "-0", "1.5e-3", "\"\"", "\"x\"", "[]", "{}", " [ ] ", "\n{\"a\":[1,{\"b\":null}]}\n",
        "[1,2,3]", "{\"a\":1,\"a\":2}", "\"\\ud800\"", "1E+2", "[\"\\u00e9\\/\\b\\f\\n\\r\\t\"]",
    ])
    func acceptsValid(_ text: String) throws {
        let document = try JSONDocument(text)
        #expect(document.text.string == text)
        #expect(document.nodeCount >= 1)
    }

    @Test func unfinishedTextsOfOpeningBracketsAreRejectedWithinTheIndex() {
        // Before the fix the index had room for n/2+2 values, and "[[[[0" (a value per byte, found
        // by the fuzzer) wrote past its end before the missing brackets were noticed.
        for count in [1, 2, 3, 4, 5, 31, 64, 1000, 5_000] {
            for tail in ["", "0", "\"x\"", "{\"a\":[[", "1,[[[["] {
                let text = String(repeating: "[", count: count) + tail
                #expect(throws: JSONParseError.self) { try JSONDocument(text, options: JSONParseOptions(maxDepth: 100_000)) }
            }
        }
    }

    @Test func indexesOneRecordPerValueWithRanges() throws {
        let text = #"{"a": [1, "two", {"b": null}], "c": true}"#
        let document = try JSONDocument(text)
        #expect(document.nodeCount == 7)  // object, array, 1, "two", object, null, true
        #expect(document.indexByteCount == 7 * 16)
        let a = try #require(document.member(document.root, "a"))
        #expect(document.kind(a) == .array)
        #expect(document.rawText(a) == #"[1, "two", {"b": null}]"#)
        #expect(document.childCount(a) == 3)
        #expect(document.key(a) == "a")
        let c = try #require(document.member(document.root, "c"))
        #expect(document.kind(c) == .true)
        #expect(Array(document.children(document.root)) == [a, c])
    }

    @Test func keepsAndSkipsTheByteOrderMark() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(#"{"a": 1}"#.utf8)
        let document = try JSONDocument(bytes: bytes)
        #expect(document.hasByteOrderMark)
        #expect(document.text.array == bytes)
        #expect(document.value(at: ["a"]) == 1)
    }

    @Test func longKeysAreFound() throws {
        let key = String(repeating: "k", count: 17_000_000)
        let document = try JSONDocument("{\"\(key)\": 1, \"b\": 2}")
        let node = try #require(document.node(at: [.key(key)]))
        #expect(document.rawText(node) == "1")
        #expect(document.key(node)?.utf8.count == key.utf8.count)
    }

    struct Rejection: Sendable, CustomTestStringConvertible {
        let text: String
        let line: Int
        let column: Int
        let fragment: String
        var testDescription: String { text.debugDescription }
    }

    @Test("every rejection names line, column and reason", arguments: [
        Rejection(text: "", line: 1, column: 1, fragment: "found end of input"),
        Rejection(text: "   ", line: 1, column: 4, fragment: "expected a JSON value"),
        Rejection(text: "[1,2,]", line: 1, column: 6, fragment: "trailing commas"),
        Rejection(text: "{\"a\":1,}", line: 1, column: 8, fragment: "trailing commas"),
        Rejection(text: "[1]\n// note", line: 2, column: 1, fragment: "expected end of input"),
        Rejection(text: "{\n  // c\n  \"a\": 1}", line: 2, column: 3, fragment: "comments are not allowed"),
        Rejection(text: "[01]", line: 1, column: 3, fragment: "leading zeros"),
        Rejection(text: "[-01]", line: 1, column: 4, fragment: "leading zeros"),
        Rejection(text: "NaN", line: 1, column: 1, fragment: "NaN and Infinity"),
        Rejection(text: "[Infinity]", line: 1, column: 2, fragment: "NaN and Infinity"),
        Rejection(text: "-Infinity", line: 1, column: 2, fragment: "expected a digit"),
        Rejection(text: "['a']", line: 1, column: 2, fragment: "double quotes"),
        Rejection(text: "{'a': 1}", line: 1, column: 2, fragment: "double quotes"),
        Rejection(text: "\"a\u{01}b\"", line: 1, column: 3, fragment: "control characters in strings"),
        Rejection(text: "\"tab\there\"", line: 1, column: 5, fragment: "control characters"),
        Rejection(text: "\"\\x\"", line: 1, column: 3, fragment: "expected one of"),
        Rejection(text: "\"\\u12G4\"", line: 1, column: 6, fragment: "four hexadecimal digits"),
        Rejection(text: "[1.]", line: 1, column: 4, fragment: "a digit after the decimal point"),
        Rejection(text: "[.5]", line: 1, column: 2, fragment: "decimal point"),
        Rejection(text: "[1e]", line: 1, column: 4, fragment: "a digit in the exponent"),
        Rejection(text: "[+1]", line: 1, column: 2, fragment: "cannot start with '+'"),
        Rejection(text: "[1.2.3]", line: 1, column: 5, fragment: "the end of the number"),
        Rejection(text: "[tru]", line: 1, column: 2, fragment: "'true', 'false' or 'null'"),
        Rejection(text: "[True]", line: 1, column: 2, fragment: "expected a JSON value"),
        Rejection(text: "{\"a\" 1}", line: 1, column: 6, fragment: "':' after the key"),
        Rejection(text: "{\"a\":1 \"b\":2}", line: 1, column: 8, fragment: "',' or '}'"),
        Rejection(text: "[1 2]", line: 1, column: 4, fragment: "',' or ']'"),
        Rejection(text: "[1,\n2,\n3", line: 3, column: 2, fragment: "found end of input"),
        Rejection(text: "\"abc", line: 1, column: 5, fragment: "'\"' to close the string"),
        Rejection(text: "{\"a\":1}}", line: 1, column: 8, fragment: "exactly one value"),
        Rejection(text: "1 2", line: 1, column: 3, fragment: "exactly one value"),
        Rejection(text: "{\"é\": x}", line: 1, column: 7, fragment: "found 'x'"),
        Rejection(text: "[\"\u{0}\"]", line: 1, column: 3, fragment: "U+0000"),
    ])
    func rejects(_ rejection: Rejection) {
        do {
            _ = try JSONDocument(rejection.text)
            Issue.record("accepted \(rejection.text.debugDescription)")
        } catch {
            #expect(error.line == rejection.line, "\(error)")
            #expect(error.column == rejection.column, "\(error)")
            #expect(error.message.contains(rejection.fragment), "\(error.message)")
        }
    }

    @Test("invalid UTF-8 is rejected at the offending byte", arguments: [
        [0x22, 0xC3, 0x22],  // truncated 2-byte sequence
        [0x22, 0xC0, 0xAF, 0x22],  // overlong
        [0x22, 0xED, 0xA0, 0x80, 0x22],  // UTF-16 surrogate encoded
        [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22],  // above U+10FFFF
        [0x22, 0x80, 0x22],  // lone continuation
        [0x22, 0xFF, 0x22],
        [0x5B, 0xC3, 0xA9, 0x5D],  // valid UTF-8 outside a string
    ] as [[UInt8]])
    func rejectsInvalidUTF8(_ bytes: [UInt8]) {
        do {
            _ = try JSONDocument(bytes: bytes)
            Issue.record("accepted \(bytes)")
        } catch {
            #expect(error.line == 1)
            #expect(error.column == 2 || error.column == 3, "\(error)")
            #expect(error.offset >= 1)
        }
    }

    @Test func errorShowsTheLineAndACaret() {
        do {
            _ = try JSONDocument("{\n  \"name\": \"x\",\n  \"age\": 01\n}")
            Issue.record("accepted")
        } catch {
            #expect(error.line == 3)
            #expect(error.column == 11)
            #expect(error.offset == 27)
            #expect(error.expected == "'.', 'e' or the end of the number")
            #expect(error.found == "'1'")
            #expect(error.excerpt == "  \"age\": 01\n          ^")
        }
    }

    @Test func errorExcerptEscapesControlCharacters() {
        do {
            _ = try JSONDocument("[\"\u{1B}[2J\u{07}\"]")
            Issue.record("accepted")
        } catch {
            #expect(!error.excerpt.contains("\u{1B}"))
            #expect(error.excerpt.contains("\\u001B"))
        }
    }

    @Test func hundredThousandNestedArraysFailClearlyByDefault() {
        let text = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        do {
            _ = try JSONDocument(text)
            Issue.record("accepted")
        } catch {
            #expect(error.line == 1)
            #expect(error.column == 1025)
            #expect(error.message.contains("at most 1024 levels"))
        }
    }

    @Test func hundredThousandNestedArraysParseWithARaisedLimit() throws {
        let depth = 100_000
        let text = String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)
        let document = try JSONDocument(text, options: JSONParseOptions(maxDepth: 1_000_000))
        #expect(document.nodeCount == depth + 1)
        let path = JSONPath(Array(repeating: .index(0), count: depth))
        let leaf = try #require(document.node(at: path))
        #expect(document.rawText(leaf) == "1")
        #expect(document.path(of: leaf).components.count == depth)
    }

    @Test func neverTrapsOnRandomBytes() {
        var rng = SeededGenerator(seed: 7)
        let alphabet = Array("{}[]\",:0123456789-+.eEtrufalsn \\u\n\t".utf8) + [0x00, 0xC3, 0xA9, 0xFF, 0x80]
        for _ in 0..<20_000 {
            let bytes = (0..<Int.random(in: 0..<24, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! }
            if let document = try? JSONDocument(bytes: bytes) {
                #expect(document.text.array == bytes)
                _ = document.rootValue
            }
        }
    }

    /// About 10 MB: an array of objects, so the parser passes several progress points.
    static let tenMegabytes: JSONBytes = {
        var text = "["
        for i in 0..<120_000 {
            if i > 0 { text += ",\n" }
            text += #"{"id": \#(i), "name": "record number \#(i)", "values": [1, 2.5, true, null, "x"]}"#
        }
        return JSONBytes(text + "]")
    }()

    @Test func progressReachesTheEndAndChangesNothing() throws {
        let progress = JSONParseProgress()
        let document = try JSONDocument(storage: Self.tenMegabytes, progress: progress)
        #expect(progress.bytesParsed == Self.tenMegabytes.count)
        let plain = try JSONDocument(storage: Self.tenMegabytes)
        #expect(document.nodeCount == plain.nodeCount)
        #expect(document.value(at: [119_999, "name"]) == .string("record number 119999"))
    }

    @Test func aCancelledParseStopsWithACancellationError() throws {
        let progress = JSONParseProgress()
        progress.cancel()
        do {
            _ = try JSONDocument(storage: Self.tenMegabytes, progress: progress)
            Issue.record("the parse did not stop")
        } catch {
            #expect(error.isCancellation)
            #expect(error.offset >= 4 << 20 && error.offset < 5 << 20, "stopped at the first report")
            #expect(error.description.contains("cancelled"))
        }
        // Bad input is not a cancellation.
        #expect(throws: JSONParseError.self) { try JSONDocument("[1,]") }
        do { _ = try JSONDocument("[1,]") } catch { #expect(!error.isCancellation) }
    }

    @Test func aTextLargeEnoughForThePrefaulterIndexesTheSame() throws {
        // Above IndexPrefaulter.threshold (64 MB), where another thread populates the index ahead.
        let element = #"{"a": [1, 2.5, "x"], "b": {"c": null}}"#
        let count = (70 << 20) / (element.utf8.count + 1)
        var text = "["
        text.reserveCapacity(71 << 20)
        for i in 0..<count { text += (i == 0 ? "" : ",") + element }
        text += "]"
        let document = try JSONDocument(text)
        #expect(document.nodeCount == 1 + count * 7)
        #expect(document.value(at: [.index(count - 1), "a", 2]) == .string("x"))
        #expect(document.indexByteCount == document.nodeCount * 16)
    }
}
