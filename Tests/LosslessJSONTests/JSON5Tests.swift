import Testing
@testable import LosslessJSON

/// JSON5 1.0.0, clause by clause (https://spec.json5.org): what it accepts, what it rejects, and
/// what each literal reads as.
@Suite("JSON5")
struct JSON5Tests {
    let json5 = JSONParseOptions(syntax: .json5)

    func value(_ text: String) throws -> JSONValue { try JSONDocument(text, options: json5).rootValue }

    func rejects(_ text: String) -> JSONParseError? {
        do {
            _ = try JSONDocument(text, options: json5)
            return nil
        } catch {
            return error
        }
    }

    // MARK: 3 Objects

    @Test("member names may be ECMAScript 5.1 identifier names", arguments: [
        ("{a: 1}", "a"), ("{$: 1}", "$"), ("{_: 1}", "_"), ("{a1$_: 1}", "a1$_"), ("{ünïcödé: 1}", "ünïcödé"),
        ("{\\u0061b: 1}", "ab"), ("{a\\u0062: 1}", "ab"), ("{null: 1}", "null"), ("{true: 1}", "true"), ("{Infinity: 1}", "Infinity"),
        ("{π: 1}", "π"), ("{a\u{200C}b: 1}", "a\u{200C}b"), ("{ǅ: 1}", "ǅ"), ("{ⅻ: 1}", "ⅻ"), ("{a\u{0301}: 1}", "a\u{0301}"),
    ])
    func identifierKeys(_ text: String, _ key: String) throws {
        let document = try JSONDocument(text, options: json5)
        let member = try #require(document.children(document.root).first { _ in true })
        #expect(document.key(member) == key)
        #expect(document.member(document.root, key) == member)
        #expect(document.value(at: [.key(key)]) == 1)
    }

    @Test("member names may be strings in either quote", arguments: [
        ("{'a': 1}", "a"), ("{\"a\": 1}", "a"), ("{'a\"b': 1}", "a\"b"), ("{\"a'b\": 1}", "a'b"), ("{'a\\'b': 1}", "a'b"), ("{'': 1}", ""),
    ])
    func quotedKeys(_ text: String, _ key: String) throws {
        let document = try JSONDocument(text, options: json5)
        #expect(document.value(at: [.key(key)]) == 1)
        let member = try #require(document.node(at: [.key(key)]))
        #expect(document.text.string(try #require(document.keyRange(member))) == String(text.dropFirst().prefix { $0 != ":" }))
    }

    @Test("an identifier may not start with a digit, hold punctuation, or escape what it could not hold", arguments: [
        "{1a: 1}", "{a-b: 1}", "{a b: 1}", "{\\u0031a: 1}", "{a\\u002Db: 1}", "{\\x61: 1}", "{@: 1}",
    ])
    func badIdentifiers(_ text: String) {
        let error = rejects(text)
        #expect(error != nil, "\(text) was accepted")
        #expect(error?.message.contains("JSON5") == true)
    }

    @Test func objectsAndArraysTakeOneTrailingComma() throws {
        #expect(try value("{a: 1,}") == ["a": 1])
        #expect(try value("[1, 2,]") == [1, 2])
        #expect(try value("[[1,],{b:[],},]") == [[1], ["b": []]])
        for text in ["[1,,]", "[,]", "{,}", "{a: 1,,}", "[1,,2]"] { #expect(rejects(text) != nil, "\(text)") }
    }

    // MARK: 5 Strings

    @Test func stringsMayBeSingleQuoted() throws {
        #expect(try value("'abc'") == "abc")
        #expect(try value(#"'say "hi"'"#) == #"say "hi""#)
        #expect(try value(#"'it\'s'"#) == "it's")
        #expect(try value(#""it's""#) == "it's")
    }

    @Test func escapedLineBreaksContinueTheString() throws {
        #expect(try value("'a\\\nb'") == "ab")
        #expect(try value("'a\\\r\nb'") == "ab")
        #expect(try value("'a\\\rb'") == "ab")
        #expect(try value("'a\\\u{2028}b'") == "ab")
        #expect(try value("'a\\\u{2029}b'") == "ab")
    }

    @Test func theFurtherEscapes() throws {
        #expect(try value(#"'\x41\x7e'"#) == "A~")
        #expect(try value(#"'\0'"#) == .string("\u{0}"))
        #expect(try value(#"'\v'"#) == .string("\u{0B}"))
        #expect(try value(#"'\a\c\é\''"#) == "acé'")
        #expect(try value(#"'\u00e9\uD83D\uDE00'"#) == "é😀")
        #expect(try value(#"'\b\f\n\r\t\/\\'"#) == .string("\u{08}\u{0C}\n\r\t/\\"))
    }

    @Test func lineSeparatorsAndControlCharactersMayStandRaw() throws {
        #expect(try value("'a\u{2028}b\u{2029}c'") == .string("a\u{2028}b\u{2029}c"))
        #expect(try value("'a\tb'") == .string("a\tb"))
    }

    @Test("what a string may not hold", arguments: [
        "'a\nb'", "'a\rb'", #"'\1'"#, #"'\01'"#, #"'\9'"#, #"'\x4'"#, #"'\xG0'"#, #"'\u12'"#, "'abc", "\"abc'", "'\\",
    ])
    func badStrings(_ text: String) {
        #expect(rejects(text) != nil, "\(text.debugDescription) was accepted")
    }

    // MARK: 6 Numbers

    @Test("the number spellings, and what each reads as", arguments: [
        ("0x1F", "31", 31.0), ("0XaB", "171", 171.0), ("-0x10", "-16", -16.0), ("+0x10", "16", 16.0), (".5", "0.5", 0.5), ("-.5", "-0.5", -0.5),
        ("5.", "5", 5.0), ("5.e3", "5e3", 5000.0), ("+1", "1", 1.0), ("+1.5e2", "1.5e2", 150.0), ("1e-2", "1e-2", 0.01), ("0", "0", 0.0),
        ("0xFFFFFFFFFFFFFFFFFF", "4722366482869645213695", 4.722366482869645e21),
    ])
    func numbers(_ text: String, _ json: String, _ double: Double) throws {
        guard case .number(let number) = try value(text) else {
            Issue.record("\(text) is not a number")
            return
        }
        #expect(number.literal == text)
        #expect(number.jsonLiteral == json)
        #expect(number.approximateDouble == double)
        #expect(number == JSONNumber(literal: json)!)
    }

    @Test func infinityAndNaN() throws {
        for (text, expected) in [("Infinity", Double.infinity), ("+Infinity", .infinity), ("-Infinity", -.infinity)] {
            guard case .number(let number) = try value(text) else {
                Issue.record("\(text)")
                return
            }
            #expect(number.jsonLiteral == nil)
            #expect(number.double == expected)
            #expect(!number.isInteger)
        }
        for text in ["NaN", "-NaN", "+NaN"] {
            guard case .number(let number) = try value(text) else {
                Issue.record("\(text)")
                return
            }
            #expect(number.jsonLiteral == nil)
            #expect(number.double?.isNaN == true)
        }
        #expect(try value("Infinity") == value("+Infinity"))
        #expect(try value("Infinity") != value("-Infinity"))
        #expect(try value("[Infinity]") != value("[1e999]"))
    }

    @Test func integersReadExactly() throws {
        guard case .number(let hex) = try value("0x7FFFFFFFFFFFFFFF"), case .number(let plus) = try value("+42"), case .number(let point) = try value("3.") else {
            Issue.record("not numbers")
            return
        }
        #expect(hex.int64 == Int64.max)
        #expect(plus.int == 42)
        #expect(point.int == 3)
    }

    @Test("what a number may not be", arguments: [
        ".", "+", "-", "0x", "0xG", "01", "1e", "1e+", ".e1", "Infinit", "infinity", "nan", "NaNa", "+-1", "1.2.3", "0x1.5", "Infinityx", "12abc",
    ])
    func badNumbers(_ text: String) {
        #expect(rejects(text) != nil, "\(text) was accepted")
    }

    // MARK: 7 Comments, 8 White space

    @Test func commentsStandWhereWhiteSpaceMay() throws {
        let text = """
            // a header
            /* a block
               over lines */ {
              // before a member
              a /* between key and colon */ : /* between colon and value */ 1, // after a member
              b: [ /* inside */ ], // last
              c: { /* empty */ },
              /* after the last member */
            } // at the end
            """
        #expect(try value(text) == ["a": 1, "b": [], "c": [:]])
        #expect(try value("1 // no line break at the end") == 1)
        #expect(try value("[1 /**/]") == [1])
        #expect(try value("[1 /***/]") == [1])
        #expect(try value("[/* // */ 1]") == [1])
        #expect(try value("['//not a comment', '/*nor this*/']") == ["//not a comment", "/*nor this*/"])
    }

    @Test func anUnterminatedBlockCommentIsAnError() throws {
        let error = try #require(rejects("{a: 1 /* open"))
        #expect(error.line == 1 && error.column == 7)
        #expect(error.message == "expected '*/' to close the comment, found '/' (JSON5)")
        #expect(rejects("[1 / 2]") != nil)
        #expect(rejects("/") != nil)
    }

    @Test func theFurtherWhiteSpace() throws {
        for space in ["\u{0B}", "\u{0C}", "\u{A0}", "\u{FEFF}", "\u{2028}", "\u{2029}", "\u{1680}", "\u{2000}", "\u{200A}", "\u{202F}", "\u{205F}", "\u{3000}"] {
            #expect(try value("\(space)[1,\(space)2\(space)]\(space)") == [1, 2], "U+\(String(space.unicodeScalars.first!.value, radix: 16))")
        }
        // A zero-width space is not white space.
        #expect(rejects("[1,\u{200B}2]") != nil)
        // A line comment ends at a line separator.
        #expect(try value("[1, // c\u{2028}2]") == [1, 2])
    }

    // MARK: The rest is JSON's

    @Test func literalsDepthDuplicatesAndTheByteOrderMark() throws {
        #expect(try value("[null, true, false]") == [nil, true, false])
        let duplicates = try JSONDocument("{a: 1, 'a': 2}", options: json5)
        #expect(duplicates.childCount(duplicates.root) == 2)
        #expect(duplicates.value(at: ["a"]) == 2)
        let bom = try JSONDocument(bytes: [0xEF, 0xBB, 0xBF] + Array("{a: 1}".utf8), options: json5)
        #expect(bom.hasByteOrderMark && bom.value(at: ["a"]) == 1)
        var shallow = json5
        shallow.maxDepth = 2
        #expect(throws: JSONParseError.self) { try JSONDocument("[[[1]]]", options: shallow) }
        let deep = try #require(rejects(String(repeating: "[", count: 2000) + String(repeating: "]", count: 2000)))
        #expect(deep.message.contains("nesting") && deep.message.contains("JSON5"))
    }

    @Test func errorsNameTheSyntaxAndThePlace() throws {
        let error = try #require(rejects("{\n  a: 1,\n  b: @\n}"))
        #expect((error.line, error.column) == (3, 6))
        #expect(error.description == "3:6: expected a value, found '@' (JSON5)")
    }

    @Test func strictJSONIsAlsoJSON5() throws {
        let text = #"{"a": [1, -2.5e3, "x\u00e9\n", true, null, {}], "b": {"c": []}}"#
        #expect(try JSONDocument(text, options: json5).rootValue == JSONDocument(text).rootValue)
    }
}
