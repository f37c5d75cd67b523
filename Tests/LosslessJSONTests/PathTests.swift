import Testing
@testable import LosslessJSON

@Suite("Paths")
struct PathTests {
    @Test("jq paths parse", arguments: [
        (".", [] as [JSONPath.Component]),
        (".a.b[3]", ["a", "b", 3]),
        (".\"key with spaces\"", ["key with spaces"]),
        (".[\"k\"]", ["k"]),
        (".[0][1]", [0, 1]),
        (".a[\"x.y\"].c", ["a", "x.y", "c"]),
        (".\"quote\\\"d\"", ["quote\"d"]),
        (".é", ["é"]),
        (".\"\"", [""]),
    ])
    func parsesJQ(_ text: String, _ components: [JSONPath.Component]) throws {
        #expect(try JSONPath(parsing: text) == JSONPath(components))
    }

    @Test("pointers parse", arguments: [
        ("", [] as [JSONPath.Component]),
        ("/a/b/3", ["a", "b", "3"]),
        ("/a~1b/c~0d", ["a/b", "c~d"]),
        ("/", [""]),
        ("//x", ["", "x"]),
    ])
    func parsesPointers(_ text: String, _ components: [JSONPath.Component]) throws {
        #expect(try JSONPath(parsing: text) == JSONPath(components))
    }

    @Test func printsBothSpellings() {
        let path: JSONPath = ["people", 0, "e-mail", "a/b~c"]
        #expect(path.jq == ".people[0].\"e-mail\".\"a/b~c\"")
        #expect(path.pointer == "/people/0/e-mail/a~1b~0c")
        #expect(JSONPath.root.jq == ".")
        #expect(JSONPath.root.pointer == "")
    }

    @Test func printedPathsParseBack() throws {
        let paths: [JSONPath] = [["a", 1, "b c", "", "\"", "x.y", "[0]", "é"], [0], .root]
        for path in paths {
            #expect(try JSONPath(parsing: path.jq) == path)
            let fromPointer = try JSONPath(pointer: path.pointer)
            #expect(fromPointer.components.count == path.components.count)
        }
    }

    @Test("bad paths are rejected with a position", arguments: [
        ("a.b", 0), (".a..b", 3), (".[x]", 2), (".[1", 3), (".\"open", 1), ("/a~2", 2), (".a b", 2),
    ])
    func rejects(_ text: String, _ position: Int) {
        #expect(throws: JSONPathSyntaxError.self) { try JSONPath(parsing: text) }
        do {
            _ = try JSONPath(parsing: text)
        } catch {
            #expect(error.position == position, "\(error)")
        }
    }

    @Test func pointerTokensAddressArrayElements() throws {
        let document = try JSONDocument(#"{"a": [10, 20, {"01": "k"}]}"#)
        #expect(document.value(at: try JSONPath(parsing: "/a/1")) == 20)
        #expect(document.value(at: try JSONPath(parsing: "/a/01")) == nil)  // not canonical
        #expect(document.value(at: try JSONPath(parsing: "/a/2/01")) == "k")
        #expect(document.value(at: try JSONPath(parsing: ".a[5]")) == nil)
    }

    @Test func pointersSplitAtEverySlashEvenBeforeACombiningMark() throws {
        // "/\u{301}" is one Character; split by Characters, "/x/\u{301}y" was one key "x/\u{301}y".
        let path = try JSONPath(parsing: "/x/\u{301}y")
        #expect(path == JSONPath([.key("x"), .key("\u{301}y")]))
        #expect(try JSONPath(parsing: "/\u{301}") == JSONPath([.key("\u{301}")]))
        #expect(try JSONPath(parsing: "/a\u{200D}/b") == JSONPath([.key("a\u{200D}"), .key("b")]))
        let document = try JSONDocument(#"{"x": {"y": 1, "\u0301y": 2}}"#)
        #expect(document.value(at: path) == 2)
    }

    @Test func aVeryLongPathIsShortenedInItsSyntaxError() {
        let text = "." + String(repeating: "a", count: 130_000) + "["
        #expect(throws: JSONPathSyntaxError.self) { try JSONPath(parsing: text) }
        do {
            _ = try JSONPath(parsing: text)
        } catch {
            #expect(error.description.count < 500)
        }
    }
}
