@_spi(Testing) @testable import LosslessJSON
import Testing

/// The tape's scan must take exactly the strict JSON the parser takes, and lay it out as the
/// value the parser makes; a value laid out from a `JSONValue` must read the same.
@Suite("Reading JSON into a tape")
struct JSONTapeTests {
    /// What the scan alone makes of `bytes` (nil when it does not take them), without the
    /// parser the public `read` falls back to.
    static func scanned(_ bytes: [UInt8], maxDepth: Int = 1024) -> JSONValue? {
        var tape = JSONTape()
        return bytes.withUnsafeBufferPointer { tape.scannedValue($0, maxDepth: maxDepth) }
    }

    static func parsed(_ bytes: [UInt8]) -> JSONValue? {
        try? JSONValue(parsing: bytes)
    }

    /// Every number in a value, with its wholeness as the tape read it.
    static func wholeness(_ tape: JSONTape, _ entry: Int, into found: inout [(String, Bool)]) {
        switch tape.kind(entry) {
        case .number: found.append((tape.literal(entry), tape.isInteger(entry)))
        case .array: tape.forEachElement(of: entry) { wholeness(tape, $0, into: &found) }
        case .object: tape.forEachMember(of: entry) { _, member in wholeness(tape, member, into: &found) }
        default: break
        }
    }

    @Test(arguments: 0..<300) func randomDocumentsScanToTheParsersValue(seed: Int) throws {
        var random = RandomJSON(seed: UInt64(seed))
        let (text, expected) = random.document()
        let bytes = Array(text.utf8)
        let scanned = try #require(Self.scanned(bytes), "the scan refused valid JSON: \(text)")
        #expect(scanned == expected)
        // Keys and strings exactly (JSONValue's == compares numbers by value).
        #expect(JSONWriter.serialize(scanned) == JSONWriter.serialize(expected))
        // The public reader, and a tape laid out from the value, read the same.
        var tape = JSONTape()
        let read = try bytes.withUnsafeBufferPointer { text throws(JSONParseError) in try tape.read(text) { $0.value($0.root) } }
        #expect(JSONWriter.serialize(read) == JSONWriter.serialize(expected))
        #expect(JSONWriter.serialize(tape.read(expected) { $0.value($0.root) }) == JSONWriter.serialize(expected))
    }

    @Test(arguments: 0..<300) func aMutatedTextIsScannedOnlyWhenTheParserTakesIt(seed: Int) {
        var random = RandomJSON(seed: UInt64(seed) &+ 7_919)
        let text = Array(random.document().text.utf8)
        var rng = SeededGenerator(seed: UInt64(seed))
        for _ in 0..<20 {
            let mutated = rng.mutate(text)
            let scanned = Self.scanned(mutated)
            let parsed = Self.parsed(mutated)
            #expect((scanned == nil) == (parsed == nil), "scan \(scanned == nil ? "refused" : "took") what the parser \(parsed == nil ? "refused" : "took"): \(String(decoding: mutated, as: UTF8.self).debugDescription)")
            if let scanned, let parsed { #expect(JSONWriter.serialize(scanned) == JSONWriter.serialize(parsed)) }
        }
    }

    /// RFC 8259 clause by clause: what the scan takes and refuses, against the parser.
    @Test(arguments: [
        // Values and the white space around them (§2, §3).
        "null", " true ", "\tfalse\r\n", "0", "-0", "[]", "{}", " [ 1 , 2 ] ", "{\"a\":{\"b\":[null]}}",
        "", " ", "nul", "truex", "[1,]", "[,1]", "{\"a\":1,}", "{,}", "{\"a\"}", "{\"a\" 1}", "{1:2}", "[1 2]", "1 2", "[", "]", "{\"a\":1",
        // Numbers (§6).
        "01", "-", "1.", ".5", "1e", "1e+", "+1", "1.5e-3", "1E10", "-12.50", "0x1F", "1.2.3", "12abc", "Infinity", "NaN", "--1",
        // Strings (§7) and UTF-8 (§8.1).
        "\"\"", "\"\\u00e9\\uD83D\\uDE00\"", "\"\\uD800\"", "\"\\/\\b\\f\\n\\r\\t\\\"\\\\\"", "\"\\x41\"", "\"\\u12G4\"", "\"\\\"", "\"abc",
        "\"tab\there\"", "\"é😀\"",
    ]) func strictJSONClauses(_ text: String) {
        let bytes = Array(text.utf8)
        let scanned = Self.scanned(bytes)
        let parsed = Self.parsed(bytes)
        #expect((scanned == nil) == (parsed == nil), "\(text.debugDescription): scan \(scanned == nil ? "refused" : "took"), parser \(parsed == nil ? "refused" : "took")")
        if let scanned, let parsed { #expect(JSONWriter.serialize(scanned) == JSONWriter.serialize(parsed)) }
    }

    @Test(arguments: [
        [0x22, 0xC3, 0x22], [0x22, 0xC0, 0x80, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22], [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22],
        [0x22, 0xF5, 0x80, 0x80, 0x80, 0x22], [0x22, 0xE2, 0x82, 0x22], [0x22, 0x80, 0x22], [0x22, 0xFF, 0x22], [0x22, 0x00, 0x22],
        [0x22, 0xE0, 0x9F, 0x80, 0x22], [0x22, 0xF0, 0x8F, 0x80, 0x80, 0x22], [0x22, 0xF0, 0x9F, 0x98, 0x80, 0x22],
        [0xEF, 0xBB, 0xBF, 0x31], [0xEF, 0xBB, 0x31],
    ] as [[UInt8]]) func malformedUTF8AndTheByteOrderMark(_ bytes: [UInt8]) {
        let scanned = Self.scanned(bytes)
        let parsed = Self.parsed(bytes)
        #expect((scanned == nil) == (parsed == nil), "\(bytes): scan \(scanned == nil ? "refused" : "took"), parser \(parsed == nil ? "refused" : "took")")
    }

    @Test func nestingPastTheLimitIsLeftToTheParser() throws {
        let deep = Array((String(repeating: "[", count: 40) + String(repeating: "]", count: 40)).utf8)
        #expect(Self.scanned(deep, maxDepth: 39) == nil)
        #expect(Self.scanned(deep, maxDepth: 40) != nil)
        // The public reader then lays out the parsed value: it still reads, or says why not.
        var tape = JSONTape()
        let count = try deep.withUnsafeBufferPointer { text throws(JSONParseError) in
            try tape.read(text, options: JSONParseOptions(maxDepth: 2048)) { $0.count($0.root) }
        }
        #expect(count == 1)
        #expect(throws: JSONParseError.self) {
            try deep.withUnsafeBufferPointer { text throws(JSONParseError) in try tape.read(text, options: JSONParseOptions(maxDepth: 10)) { _ in () } }
        }
    }

    @Test func aTextThatIsNotJSONThrowsTheParsersError() {
        var tape = JSONTape()
        let bytes = Array("{\"a\": 01}".utf8)
        do {
            try bytes.withUnsafeBufferPointer { text throws(JSONParseError) in try tape.read(text) { _ in () } }
            Issue.record("read a leading zero")
        } catch {
            #expect(error.line == 1)
            #expect(error.column == 8)
        }
    }

    @Test func commentsAndJSON5AreReadThroughTheParser() throws {
        var tape = JSONTape()
        let bytes = Array("{// note\n a: 0x1F, b: [1,], c: 'x', d: 2.50,}".utf8)
        let value = try bytes.withUnsafeBufferPointer { text throws(JSONParseError) in
            try tape.read(text, options: JSONParseOptions(syntax: .json5)) { $0.value($0.root) }
        }
        #expect(value == ["a": .number(JSONNumber(31)), "b": [1], "c": "x", "d": 2.5])
    }

    /// Wholeness as `JSONNumber.isInteger` decides it, in every spelling, scanned or laid out.
    @Test func numbersAreWholeAsJSONNumberSaysInEverySpelling() throws {
        let literals = ["0", "-0", "7", "-12", "1.0", "1.50", "0.000", "-3.00", "2.5", "1e3", "1E2", "1e-1", "2.5e1", "2.5e-1", "10e-1", "1.0e-400", "1e400", "123456789012345678901234567890", "0.1e1"]
        let text = Array(("[" + literals.joined(separator: ",") + "]").utf8)
        var scanned: [(String, Bool)] = []
        var tape = JSONTape()
        try text.withUnsafeBufferPointer { bytes throws(JSONParseError) in try tape.read(bytes) { Self.wholeness($0, $0.root, into: &scanned) } }
        let value = try JSONValue(parsing: text)
        var laid: [(String, Bool)] = []
        tape.read(value) { Self.wholeness($0, $0.root, into: &laid) }
        for (index, literal) in literals.enumerated() {
            let expected = JSONNumber(literal: literal)!.isInteger
            #expect(scanned[index] == (literal, expected), "scanned \(literal)")
            #expect(laid[index] == (literal, expected), "laid out \(literal)")
        }
    }

    @Test func aDocumentsNodeIsReadFromItsBytes() throws {
        let document = try JSONDocument("[{\"a\": [1, \"x\\n\"]}, 2]")
        var tape = JSONTape()
        let first = try #require(document.children(document.root).first { _ in true })
        #expect(tape.read(first, of: document) { $0.value($0.root) } == ["a": [1, "x\n"]])
        let commented = try JSONDocument("[/* c */ {\"a\": 1}]", options: JSONParseOptions(syntax: .jsonc))
        let element = try #require(commented.children(commented.root).first { _ in true })
        #expect(tape.read(element, of: commented) { $0.value($0.root) } == ["a": 1])
    }

    @Test func theLastMemberWithAKeyIsFoundByItsCodePoints() throws {
        var tape = JSONTape()
        let bytes = Array(#"{"k": 1, "e\u0301": 2, "k": 3, "é": 4}"#.utf8)
        try bytes.withUnsafeBufferPointer { text throws(JSONParseError) in
            try tape.read(text) { tape in
                #expect(tape.value(of: tape.root, forKey: "k").map { tape.literal($0) } == "3")
                #expect(tape.value(of: tape.root, forKey: "é").map { tape.literal($0) } == "4")
                #expect(tape.value(of: tape.root, forKey: "e\u{301}").map { tape.literal($0) } == "2")
                #expect(tape.value(of: tape.root, forKey: "x") == nil)
            }
        }
    }
}
