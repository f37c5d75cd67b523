import Testing
@testable import LosslessJSON

/// Edits among comments: a value's bytes and nothing else change; a deleted member takes its own
/// line (its trailing comment with it) and leaves the comment lines above it; an insertion is one
/// contiguous run of bytes that never lands before a comment of the member above it; new text
/// follows the container's habits (trailing commas, JSON5's quotes and bare keys, CRLF).
@Suite("Edits among comments")
struct CommentedEditTests {
    func edited(_ text: String, _ syntax: JSONSyntax = .jsonc, _ edits: JSONEdit...) throws -> String {
        var document = try JSONDocument(text, options: JSONParseOptions(syntax: syntax))
        for edit in edits { try document.apply(edit) }
        return document.text.string
    }

    let settings = """
        {
          // Editor
          "editor.fontSize": 14, // points
          /* tabs */
          "editor.tabSize": 2,
          "files.autoSave": "off" // no
        }
        """

    @Test func replacingAValueChangesOnlyItsBytes() throws {
        #expect(try edited(settings, .jsonc, .replace(at: ["editor.tabSize"], with: 4)) == settings.replacingOccurrences("\"editor.tabSize\": 2", "\"editor.tabSize\": 4"))
        #expect(try edited(settings, .jsonc, .replace(at: ["files.autoSave"], with: "afterDelay")) == settings.replacingOccurrences("\"off\"", "\"afterDelay\""))
    }

    @Test func aDeletedMemberTakesItsLineAndItsTrailingCommentOnly() throws {
        #expect(try edited(settings, .jsonc, .remove(at: ["editor.fontSize"])) == """
            {
              // Editor
              /* tabs */
              "editor.tabSize": 2,
              "files.autoSave": "off" // no
            }
            """)
        #expect(try edited(settings, .jsonc, .remove(at: ["editor.tabSize"])) == """
            {
              // Editor
              "editor.fontSize": 14, // points
              /* tabs */
              "files.autoSave": "off" // no
            }
            """)
    }

    @Test func deletingTheLastMemberTakesTheCommaBeforeItWhenNoCommentStandsBetween() throws {
        let text = "{\n  \"a\": 1,\n  \"b\": 2 // why\n}"
        #expect(try edited(text, .jsonc, .remove(at: ["b"])) == "{\n  \"a\": 1\n}")
        // A comment between: the comma stays, a trailing comma these syntaxes allow.
        let commented = "{\n  \"a\": 1, // note\n  \"b\": 2 // why\n}"
        #expect(try edited(commented, .jsonc, .remove(at: ["b"])) == "{\n  \"a\": 1, // note\n}")
        // The container's trailing comma stays where it was.
        let trailing = "{\n  \"a\": 1,\n  \"b\": 2, // why\n}"
        #expect(try edited(trailing, .jsonc, .remove(at: ["b"])) == "{\n  \"a\": 1,\n}")
    }

    @Test func anInsertionNeverLandsBeforeTheCommentOfTheMemberAbove() throws {
        #expect(try edited(settings, .jsonc, .insertMember(in: .root, key: "editor.wordWrap", value: "on", at: 1)) == """
            {
              // Editor
              "editor.fontSize": 14, // points
              "editor.wordWrap": "on",
              /* tabs */
              "editor.tabSize": 2,
              "files.autoSave": "off" // no
            }
            """)
        // At the end, after a last member with a comment and no comma: the comma goes after the
        // value, the comment stays on its line.
        #expect(try edited(settings, .jsonc, .set(at: ["editor.wordWrap"], to: "on")) == """
            {
              // Editor
              "editor.fontSize": 14, // points
              /* tabs */
              "editor.tabSize": 2,
              "files.autoSave": "off", // no
              "editor.wordWrap": "on"
            }
            """)
        // First: after the opening bracket's line (and a comment on it).
        #expect(try edited("{ // top\n  // about a\n  \"a\": 1\n}", .jsonc, .insertMember(in: .root, key: "z", value: 0, at: 0))
            == "{ // top\n  \"z\": 0,\n  // about a\n  \"a\": 1\n}")
    }

    @Test func anInsertionKeepsTheContainersTrailingCommaHabit() throws {
        #expect(try edited("{\n  \"a\": 1,\n}", .jsonc, .set(at: ["b"], to: 2)) == "{\n  \"a\": 1,\n  \"b\": 2,\n}")
        #expect(try edited("{\n  \"a\": 1, // c\n}", .jsonc, .set(at: ["b"], to: 2)) == "{\n  \"a\": 1, // c\n  \"b\": 2,\n}")
        #expect(try edited("{\n  \"a\": 1\n  // closing\n}", .jsonc, .set(at: ["b"], to: 2)) == "{\n  \"a\": 1,\n  \"b\": 2\n  // closing\n}")
        #expect(try edited("[\n  1,\n  2,\n]", .jsonc, .insertElement(in: .root, value: 3)) == "[\n  1,\n  2,\n  3,\n]")
    }

    @Test func commentsInsideSeparatorsAreNotCopied() throws {
        let text = "{\n  \"a\": 1,\n  // about b\n  \"b\": 2\n}"
        #expect(try edited(text, .jsonc, .set(at: ["c"], to: 3)) == "{\n  \"a\": 1,\n  // about b\n  \"b\": 2,\n  \"c\": 3\n}")
        let single = "{\n  // about a\n  \"a\": 1\n}"
        #expect(try edited(single, .jsonc, .set(at: ["b"], to: [1])) == "{\n  // about a\n  \"a\": 1,\n  \"b\": [\n    1\n  ]\n}")
    }

    @Test func crlfAndTabsStay() throws {
        let text = "{\r\n\t\"a\": 1, // x\r\n\t\"b\": 2\r\n}\r\n"
        #expect(try edited(text, .jsonc, .remove(at: ["a"])) == "{\r\n\t\"b\": 2\r\n}\r\n")
        #expect(try edited(text, .jsonc, .insertMember(in: .root, key: "c", value: 3, at: 1)) == "{\r\n\t\"a\": 1, // x\r\n\t\"c\": 3,\r\n\t\"b\": 2\r\n}\r\n")
    }

    @Test func json5NewTextTakesTheFilesQuotesKeysAndNumbers() throws {
        let text = "{\n  name: 'keepsake',\n  size: 0x1F,\n}\n"
        #expect(try edited(text, .json5, .set(at: ["tags"], to: ["a", "b"])) == "{\n  name: 'keepsake',\n  size: 0x1F,\n  tags: [\n    'a',\n    'b',\n  ],\n}\n")
        #expect(try edited(text, .json5, .set(at: ["my key"], to: "it's")) == "{\n  name: 'keepsake',\n  size: 0x1F,\n  'my key': 'it\\'s',\n}\n")
        #expect(try edited(text, .json5, .renameKey(at: ["name"], to: "title")) == "{\n  title: 'keepsake',\n  size: 0x1F,\n}\n")
        let quoted = "{\"a\": \"x\"}"
        #expect(try edited(quoted, .json5, .set(at: ["b"], to: "y")) == "{\"a\": \"x\", \"b\": \"y\"}")
    }

    @Test func json5LiteralsKeepTheirSpellingAndStrictJSONGetsJSONs() throws {
        let five = try JSONDocument("{a: [0x10, .5, +1]}", options: JSONParseOptions(syntax: .json5))
        let value = try #require(five.value(at: ["a"]))
        #expect(try edited("{\"b\": 0}", .json, .replace(at: ["b"], with: value)) == "{\"b\": [16, 0.5, 1]}")
        #expect(try edited("{b: 0}", .json5, .replace(at: ["b"], with: value)) == "{b: [0x10, .5, +1]}")
        // Infinity has no JSON spelling: the edit of a JSON text fails, and nothing changes.
        let infinity = try JSONDocument("Infinity", options: JSONParseOptions(syntax: .json5)).rootValue
        var strict = try JSONDocument("{\"b\": 0}")
        #expect(throws: JSONEditError.self) { try strict.apply(.replace(at: ["b"], with: infinity)) }
        #expect(strict.text.string == "{\"b\": 0}")
    }

    @Test("random edits among random comments", arguments: 0..<40)
    func randomEdits(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        let syntax: JSONSyntax = seed % 2 == 0 ? .jsonc : .json5
        var generator = CommentedText(syntax: syntax, rng: rng)
        let text = generator.document()
        rng = generator.rng
        let options = JSONParseOptions(syntax: syntax)
        var document = try JSONDocument(text, options: options)
        let comments = generator.comments
        for _ in 0..<12 {
            let before = document
            guard let edit = randomEdit(in: before, using: &rng) else { continue }
            let expected = PropertyTests.reference(edit, on: before.rootValue)
            let splice = try document.apply(edit)
            // The result re-parses in its syntax to the expected data, and the splice is all that changed.
            let reparsed = try JSONDocument(document.text.string, options: options)
            #expect(reparsed.rootValue == expected, "seed \(seed): \(edit) on\n\(before.text.string)\ngave\n\(document.text.string)")
            var undone = document
            try undone.apply(splice.inverse)
            #expect(undone.text.string == before.text.string)
            // Every comment stays, but a deleted member's own (on its lines, after it) and those inside it.
            let removed = String(decoding: splice.removed, as: UTF8.self)
            for comment in comments where before.text.string.contains(comment) && !removed.contains(comment) {
                #expect(document.text.string.contains(comment), "seed \(seed): \(edit) lost \(comment)")
            }
        }
    }

    /// An edit of a random existing place: replace, insert (member or element, at a random
    /// position) or remove.
    func randomEdit(in document: JSONDocument, using rng: inout SeededGenerator) -> JSONEdit? {
        var paths: [JSONPath] = []
        func collect(_ node: JSONDocument.Node, _ path: JSONPath) {
            paths.append(path)
            for (position, child) in document.children(node).enumerated() {
                collect(child, path.appending(document.kind(node) == .object ? .key(document.key(child) ?? "") : .index(position)))
            }
        }
        collect(document.root, .root)
        guard let path = paths.randomElement(using: &rng), let node = document.node(at: path) else { return nil }
        let fresh: JSONValue = [["n": 7, "s": "new's"], "x", 1.5, [1, 2], nil].randomElement(using: &rng)!
        switch Int.random(in: 0..<4, using: &rng) {
        case 0 where !path.isRoot: return .remove(at: path)
        case 1 where document.kind(node) == .object:
            let position = Int.random(in: 0...document.childCount(node), using: &rng)
            return .insertMember(in: path, key: "k\(Int.random(in: 0..<1000, using: &rng))", value: fresh, at: position)
        case 2 where document.kind(node) == .array:
            return .insertElement(in: path, value: fresh, at: Int.random(in: 0...document.childCount(node), using: &rng))
        default: return .replace(at: path, with: fresh)
        }
    }
}

/// Pretty-printed documents with comments in random places: lines of their own above members,
/// after members on their lines, blocks between tokens, trailing commas; JSON5 literals in JSON5.
struct CommentedText {
    let syntax: JSONSyntax
    var rng: SeededGenerator
    /// Every comment written, each unique.
    var comments: [String] = []

    mutating func comment() -> String {
        let text = Bool.random(using: &rng) ? "// note \(comments.count), with a comma" : "/* note \(comments.count) */"
        comments.append(text)
        return text
    }

    mutating func document() -> String { container(depth: 0, indent: "") }

    mutating func scalar() -> String {
        let json5 = syntax == .json5
        let choices = json5 ? ["1", "0x1F", ".5", "+2", "'single'", "\"double\"", "true", "null", "Infinity"] : ["1", "-2.5", "\"s\"", "true", "null"]
        return choices.randomElement(using: &rng)!
    }

    mutating func container(depth: Int, indent: String) -> String {
        let isObject = Bool.random(using: &rng)
        let count = Int.random(in: 0..<4, using: &rng)
        let inner = indent + "  "
        var lines: [String] = []
        for i in 0..<count {
            var line = ""
            if Int.random(in: 0..<3, using: &rng) == 0 { lines.append(inner + comment()) }
            if isObject {
                let key = syntax == .json5 && Bool.random(using: &rng) ? "key\(i)" : "\"key\(i)\""
                line += key + ": "
            }
            line += depth < 3 && Int.random(in: 0..<4, using: &rng) == 0 ? container(depth: depth + 1, indent: inner) : scalar()
            let last = i == count - 1
            if !last || Bool.random(using: &rng) { line += "," }
            if Int.random(in: 0..<3, using: &rng) == 0 { line += " " + comment() }
            lines.append(inner + line)
        }
        if Int.random(in: 0..<4, using: &rng) == 0 { lines.append(inner + comment()) }
        let (open, close) = isObject ? ("{", "}") : ("[", "]")
        if lines.isEmpty { return open + close }
        // A line comment must end its line: close on a line of its own.
        return open + "\n" + lines.joined(separator: "\n") + "\n" + indent + close
    }
}
