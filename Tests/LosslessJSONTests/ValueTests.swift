import Testing
@testable import LosslessJSON

@Suite("Values")
struct ValueTests {
    @Test func numbersKeepTheirLiterals() throws {
        for literal in ["1.0", "-0", "1e3", "12345678901234567890", "1E+2", "0.10"] {
            let value = try JSONValue(parsing: "[\(literal)]")
            #expect(value.arrayValue?.first?.numberValue?.literal == literal)
        }
    }

    @Test func integerConversionsAreExact() throws {
        #expect(JSONNumber(literal: "1.0")?.int == 1)
        #expect(JSONNumber(literal: "1e3")?.int == 1000)
        #expect(JSONNumber(literal: "-0")?.int == 0)
        #expect(JSONNumber(literal: "1.5")?.int == nil)
        #expect(JSONNumber(literal: "1e-1")?.int == nil)
        #expect(JSONNumber(literal: "9223372036854775807")?.int64 == .max)
        #expect(JSONNumber(literal: "-9223372036854775808")?.int64 == .min)
        #expect(JSONNumber(literal: "9223372036854775808")?.int64 == nil)
        #expect(JSONNumber(literal: "12345678901234567890")?.uint64 == 12_345_678_901_234_567_890)
        #expect(JSONNumber(literal: "-1")?.uint64 == nil)
        #expect(JSONNumber(literal: "300")?.integer(Int8.self) == nil)
        #expect(JSONNumber(literal: "-128")?.integer(Int8.self) == -128)
        #expect(JSONNumber(literal: "1e400")?.int == nil)
    }

    @Test func doubleConversionFailsInsteadOfRounding() throws {
        #expect(JSONNumber(literal: "0.1")?.double == 0.1)
        #expect(JSONNumber(literal: "1.5e-3")?.double == 0.0015)
        #expect(JSONNumber(literal: "-0")?.double == 0)
        #expect(JSONNumber(literal: "9007199254740992")?.double == 9_007_199_254_740_992)
        #expect(JSONNumber(literal: "9007199254740993")?.double == nil)  // 2^53 + 1 has no Double
        #expect(JSONNumber(literal: "12345678901234567890")?.double == nil)
        #expect(JSONNumber(literal: "3.141592653589793238")?.double == nil)
        #expect(JSONNumber(literal: "1e400")?.double == nil)
        #expect(JSONNumber(literal: "1e-400")?.double == nil)
        #expect(JSONNumber(literal: "0.5")?.float == 0.5)
        #expect(JSONNumber(literal: "0.1")?.float == 0.1 as Float)
        #expect(JSONNumber(literal: "16777217")?.float == nil)
    }

    @Test func numbersCompareByDecimalValue() {
        #expect(JSONNumber(literal: "1.0") == JSONNumber(literal: "1"))
        #expect(JSONNumber(literal: "1e3") == JSONNumber(literal: "1000.00"))
        #expect(JSONNumber(literal: "-0") == JSONNumber(literal: "0"))
        #expect(JSONNumber(literal: "0.1") != JSONNumber(literal: "0.10000000000000001"))
        #expect(Set([JSONNumber(literal: "1.0")!, JSONNumber(literal: "1")!]).count == 1)
        #expect(JSONNumber(literal: "01") == nil)
        #expect(JSONNumber(literal: "1.") == nil)
        #expect(JSONNumber(literal: "+1") == nil)
        #expect(JSONNumber(1.5 as Double)?.literal == "1.5")
        #expect(JSONNumber(Double.nan) == nil)
    }

    @Test func boolsAndNumbersNeverMix() throws {
        let value = try JSONValue(parsing: "[1, true, 0, false]")
        #expect(value.arrayValue?[0].boolValue == nil)
        #expect(value.arrayValue?[1].numberValue == nil)
        #expect(value.arrayValue?[1] == .bool(true))
    }

    @Test func keysCompareByUnicodeScalars() throws {
        let nfc = "caf\u{E9}"
        let nfd = "cafe\u{301}"
        #expect(nfc == nfd)  // Swift's String equality is canonical equivalence…
        let object = try #require(try JSONValue(parsing: "{\"\(nfc)\": 1, \"\(nfd)\": 2}").objectValue)
        #expect(object.members.count == 2)  // …but these are two keys
        #expect(object[nfc] == 1)
        #expect(object[nfd] == 2)
        #expect(JSONValue.string(nfc) != .string(nfd))
        let document = try JSONDocument("{\"\(nfc)\": 1, \"\(nfd)\": 2}")
        #expect(document.value(at: [.key(nfd)]) == 2)
        #expect(document.value(at: [.key(nfc)]) == 1)
    }

    @Test func duplicateKeysAreKeptAndTheLastOneIsRead() throws {
        let document = try JSONDocument(#"{"a": 1, "b": 0, "a": 2}"#)
        #expect(document.value(at: ["a"]) == 2)
        var object = try #require(document.rootValue.objectValue)
        #expect(object.keys == ["a", "b", "a"])
        #expect(object.values(forKey: "a") == [1, 2])
        object["a"] = 3
        #expect(object.keys == ["a", "b", "a"])
        #expect(object.values(forKey: "a") == [1, 3])
        object["a"] = nil
        #expect(object.keys == ["b"])
    }

    @Test func memberOrderIsKept() throws {
        let object = try #require(try JSONValue(parsing: #"{"z": 1, "a": 2, "m": 3}"#).objectValue)
        #expect(object.keys == ["z", "a", "m"])
        #expect(JSONValue.object(object) != JSONValue.object(JSONObject([("a", 2), ("z", 1), ("m", 3)])))
    }

    @Test func stringsDecodeEscapesAndSurrogatePairs() throws {
        let value = try JSONValue(parsing: #"["\u00e9\ud83d\ude00\n\"\\\/", "\ud800x"]"#)
        #expect(value.arrayValue?[0] == .string("é😀\n\"\\/"))
        #expect(value.arrayValue?[1] == .string("\u{FFFD}x"))  // a lone surrogate decodes to U+FFFD; its bytes stay in the document
    }

    @Test func invisibleAndDirectionChangingCharactersAreWrittenEscaped() throws {
        // Trojan Source and JavaScript's line terminators: never raw in a file keepsake writes.
        #expect(JSONWriter.quoted("a\u{202E}b\u{2066}c\u{200B}d\u{2028}e\u{2029}f\u{FEFF}") == #""a\u202Eb\u2066c\u200Bd\u2028e\u2029f\uFEFF""#)
        // Joiners stay raw: emoji sequences and several scripts need them.
        #expect(JSONWriter.quoted("👩\u{200D}💻") == "\"👩\u{200D}💻\"")
        #expect(try JSONValue(parsing: JSONWriter.quoted("x\u{202E}y")) == .string("x\u{202E}y"))
    }

    @Test func serializationEscapesOnlyWhatJSONRequires() {
        #expect(JSONWriter.quoted("a\"b\\c\n\u{1B}é/") == #""a\"b\\c\n\u001Bé/""#)
        let value: JSONValue = ["a": [1, "x", nil, true], "b": [:]]
        #expect(JSONWriter.serialize(value) == #"{"a":[1,"x",null,true],"b":{}}"#)
        #expect(JSONWriter.serialize(value, style: .pretty) == "{\n  \"a\": [\n    1,\n    \"x\",\n    null,\n    true\n  ],\n  \"b\": {}\n}")
    }

    @Test func aPartHoldsOnlyWhatTheWholeHoldsThere() {
        let whole: JSONValue = ["a": 1, "b": ["x", "y", ["k": true]], "c": ["d": "e", "f": nil]]
        // Shorter collections, members in another order: parts.
        for part: JSONValue in [["a": 1], ["b": ["x"]], ["c": ["f": nil], "a": 1], ["b": ["x", "y", [:]]], [:], whole] {
            #expect(part.isPart(of: whole), "\(part)")
        }
        // A scalar that differs, an item out of place, a member the whole has not, a longer array.
        for part: JSONValue in [["a": 2], ["b": ["y"]], ["z": 1], ["b": ["x", "y", ["k": true], 4]], ["c": ["d": "e", "f": 0]], 1] {
            #expect(!part.isPart(of: whole), "\(part)")
        }
    }
}

@Suite("Escapes for files and terminals")
struct EscapeTests {
    @Test func theWriterEscapesC1ControlsAndDelete() {
        #expect(JSONWriter.quoted("a\u{9B}b\u{7F}c\u{85}") == #""a\u009Bb\u007Fc\u0085""#)
        #expect(JSONWriter.quoted("é\u{A0}") == "\"é\u{A0}\"")  // U+00A0 is a character, not a control
    }

    @Test func terminalTextEscapesControlsAndKeepsLinesWhenAsked() {
        let text = "a\u{1B}[2J\tb\nc\u{9B}\u{202E}\r"
        #expect(TerminalText.escaped(text) == #"a\u001b[2J\tb\nc\u009b\u202e\r"#)
        #expect(TerminalText.escapedKeepingLines(text) == "a\\u001b[2J\tb\nc\\u009b\\u202e\\r")
        #expect(TerminalText.escaped("plain ünïcode 😀") == "plain ünïcode 😀")
    }

    @Test func loneSurrogateEscapesAreFound() {
        func first(_ text: String) -> Int? { LoneSurrogate.firstEscape(in: Array(text.utf8)) }
        #expect(first(#""\ud800""#) == 1)
        #expect(first(#""a\udc00""#) == 2)
        #expect(first(#""\ud83d\ude00""#) == nil)  // a pair
        #expect(first(#""\ud83d\u0041""#) == 1)  // a high half followed by no low half
        #expect(first(#""\\ud800""#) == nil)  // an escaped backslash, then text
        #expect(first(#""\ud83d""#) == 1)  // cut short
        #expect(throws: JSONPathSyntaxError.self) { try JSONPath(parsing: #"."\ud800""#) }
    }
}
