import LosslessJSON
import LosslessYAML
import Testing

/// YAML 1.2.2 read to JSON's data, clause by clause (the spec's chapters in the names): what each
/// construct means as a value.
@Suite("YAML read as JSON's data")
struct YAMLValueTests {
    func value(_ text: String, document: Int = 0) throws -> JSONValue {
        try YAMLStream(text).value(ofDocument: document)
    }

    @Test func streamsHoldDocumentsAndAnEmptyOneIsNull() throws {
        #expect(try YAMLStream("").documents.isEmpty)
        #expect(try value("") == .null)
        #expect(try value("# only a comment\n") == .null)
        let stream = try YAMLStream("%YAML 1.2\n---\na: 1\n...\n---\n- b\n")
        #expect(stream.documents.count == 2)
        #expect(stream.documents.map(\.explicitStart) == [true, true])
        #expect(stream.documents.map(\.explicitEnd) == [true, false])
        #expect(try stream.value(ofDocument: 0) == ["a": 1])
        #expect(try stream.value(ofDocument: 1) == ["b"])
        #expect(try stream.value(ofDocument: 2) == .null)
    }

    @Test func commentsAndTheByteOrderMarkAreNotData() throws {
        #expect(try value("\u{FEFF}# c\na: 1 # trailing\n# after\nb: 2\n") == ["a": 1, "b": 2])
    }

    /// §7.3: double-quoted escapes and folding, single-quoted `''`.
    @Test func quotedScalars() throws {
        #expect(try value(#"a: "x\ty\n\u00e9\x41\"\\""#) == ["a": "x\ty\n\u{e9}A\"\\"])
        #expect(try value("a: \"one\n  two\n\n  three\"\n") == ["a": "one two\nthree"])
        #expect(try value("a: 'it''s'\n") == ["a": "it's"])
        #expect(try value("a: '1'\nb: \"true\"\n") == ["a": "1", "b": "true"])
    }

    /// §7.3.3: a plain scalar over several lines folds them with spaces.
    @Test func plainScalarsFoldTheirLines() throws {
        #expect(try value("a: one\n  two\n  three\nb: x\n") == ["a": "one two three", "b": "x"])
    }

    /// §7.4: flow collections, a lone key in a flow mapping holding null.
    @Test func flowCollections() throws {
        #expect(try value("a: [1, [2, x], {k: v}]\nb: {c: 1, d}\n") == ["a": [1, [2, "x"], ["k": "v"]], "b": ["c": 1, "d": .null]])
    }

    /// §8.1: literal and folded block scalars, chomping (strip, clip, keep) and an indentation indicator.
    @Test func blockScalars() throws {
        #expect(try value("a: |\n  one\n   two\n\nb: x\n") == ["a": "one\n two\n", "b": "x"])
        #expect(try value("a: >\n  one\n  two\n\n  three\n") == ["a": "one two\nthree\n"])
        #expect(try value("a: |-\n  x\n\n") == ["a": "x"])
        #expect(try value("a: |+\n  x\n\n") == ["a": "x\n\n"])
        #expect(try value("a: |2\n   lead\n  x\n") == ["a": " lead\nx\n"])
        // An empty block at the text's very end is empty, kept or not (libfyaml read it as "\0").
        for text in ["a: |+\n", "a: |\n", "a: >+\n", "  |+\n"] {
            let expected: JSONValue = text.hasPrefix("a") ? ["a": ""] : ""
            #expect(try value(text) == expected, "\(text.debugDescription)")
            #expect(try YAMLStream(text, reader: LibFYAMLReader()).value(ofDocument: 0) == expected, "\(text.debugDescription)")
        }
        #expect(try value("a: |+\n\n") == ["a": "\n"])
    }

    /// §8.2: block sequences and mappings, compact forms.
    @Test func blockCollections() throws {
        #expect(try value("- - a\n  - b\n- k: 1\n  j: 2\n-\n") == [["a", "b"], ["k": 1, "j": 2], .null])
        #expect(try value("top:\n  - x\n  - y\nnext: {}\n") == ["top": ["x", "y"], "next": [:]])
        #expect(try value("seq:\n- x\n- y\n") == ["seq": ["x", "y"]])
    }

    /// §10.3.2: the core schema's resolution of plain scalars.
    @Test(arguments: [
        ("~", JSONValue.null), ("null", .null), ("Null", .null), ("NULL", .null), ("", .null),
        ("true", .bool(true)), ("True", .bool(true)), ("FALSE", .bool(false)), ("yes", .string("yes")), ("on", .string("on")),
        ("0", .number(0)), ("-12", .number(-12)), ("+7", .number(7)), ("012", .number(12)), ("0o17", .number(15)), ("0x1F", .number(31)),
        ("0xFFFFFFFFFFFFFFFFFF", .number(JSONNumber(literal: "4722366482869645213695")!)),
        ("1.5", .number(1.5)), (".5", .number(0.5)), ("-1.", .number(JSONNumber(literal: "-1.0")!)), ("1e3", .number(JSONNumber(literal: "1e3")!)),
        ("6.02E+23", .number(JSONNumber(literal: "6.02E+23")!)), (".inf", .number(.infinity)), ("-.Inf", .number(.negativeInfinity)), (".NaN", .number(.notANumber)),
        ("0x", .string("0x")), ("1_000", .string("1_000")), ("1.2.3", .string("1.2.3")), ("e3", .string("e3")), ("2026-11-28", .string("2026-11-28")),
    ]) func plainScalarsResolveByTheCoreSchema(_ text: String, _ expected: JSONValue) throws {
        let read = try value("v: \(text)\n")
        #expect(read == ["v": expected], "\(text)")
        if case .object(let object) = read, case .number(let number)? = object["v"], case .number(let wanted) = expected {
            #expect(number.literal == wanted.literal, "\(text) spelled \(number.literal)")
        }
    }

    /// §6.8 and §10: tags choose the type; application tags keep the text.
    @Test func tags() throws {
        #expect(try value("a: !!str 123\nb: !!int \"12\"\nc: !!float 1\nd: !!bool 'true'\ne: !!null ''\n") == ["a": "123", "b": 12, "c": 1, "d": true, "e": .null])
        #expect(try value("a: !Ref Bucket\nb: !Sub [x, y]\nc: ! 12\n") == ["a": "Bucket", "b": ["x", "y"], "c": "12"])
        #expect(throws: YAMLParseError.self) { try value("a: !!int abc\n") }
        let stream = try YAMLStream("a: !Ref Bucket\n")
        let tagged = try #require(stream.nodes.indices.first { stream.tag(of: $0) != nil })
        #expect(stream.tag(of: tagged) == "!Ref")
        #expect(stream.resolvedTag(of: tagged) == "!Ref")
        #expect(stream.text(of: tagged) == "Bucket")
    }

    /// §3.2.2 and §7.1: aliases are their anchored node; `<<` merges (keys written beside it win).
    @Test func aliasesAndMergeKeys() throws {
        #expect(try value("a: &x {k: 1}\nb: *x\nc: &s str\nd: *s\n") == ["a": ["k": 1], "b": ["k": 1], "c": "str", "d": "str"])
        let merged = try value("base: &b {x: 1, y: 2}\nmore: &m {z: 3, x: 9}\nc:\n  y: 5\n  <<: [*b, *m]\n  w: 0\n")
        guard case .object(let root) = merged, case .object(let c)? = root["c"] else {
            Issue.record("not a mapping: \(merged)")
            return
        }
        #expect(c.keys == ["y", "x", "z", "w"])
        #expect(c["y"] == 5)
        #expect(c["x"] == 1)
        #expect(try value("d: &d {a: 1}\ne:\n  <<: *d\n") == ["d": ["a": 1], "e": ["a": 1]])
    }

    /// Keys that are not strings: their text (a collection key, its JSON).
    @Test func keysThatAreNotStrings() throws {
        #expect(try value("1: a\ntrue: b\nnull: c\n? [x, y]\n: d\n") == ["1": "a", "true": "b", "null": "c", #"["x","y"]"#: "d"])
        // `1` and `"1"` are two keys in YAML (an integer and a string): both kept.
        guard case .object(let both) = try value("1: a\n\"1\": b\n") else {
            Issue.record("not an object")
            return
        }
        #expect(both.count == 2)
        // A path names the last of them, as JSON's data reads a name twice given.
        let document = try YAMLDocument(YAMLStream("1: a\n\"1\": b\n", reader: LibFYAMLReader()))
        #expect(try document.value(at: ["1"]) == "b")
    }
}
