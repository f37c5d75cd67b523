import Testing
@testable import LosslessJSON

/// Settings commented out (`// "incremental": true,`) found as the members they are, turned on and
/// off by one splice each; a member's trailing comment added, changed and removed.
@Suite("Commented-out members and comments")
struct DisabledMemberTests {
    /// As `tsc --init` writes a tsconfig.json: options on and off, headings, a block comment.
    let tsconfig = """
        {
          "compilerOptions": {
            /* Language and Environment */
            "target": "es2016",                                  /* Set the JavaScript language version. */
            // "lib": [],                                        /* Specify a set of bundled library declaration files. */
            // "jsx": "preserve",                                /* Specify what JSX code is generated. */

            /* Modules */
            "module": "commonjs",                                /* Specify what module code is generated. */
            // "rootDir": "./",                                  /* Specify the root folder within your source files. */
            "strict": true,
            // "paths": {
            //   "@app/*": ["src/*"]
            // },
            "skipLibCheck": true
          }
        }
        """

    func document(_ text: String, _ syntax: JSONSyntax = .jsonc) throws -> JSONDocument {
        try JSONDocument(text, options: JSONParseOptions(syntax: syntax))
    }

    @Test func commentedOutMembersAreFoundWithTheirKeysAndValues() throws {
        let document = try document(tsconfig)
        let options = try #require(document.node(at: ["compilerOptions"]))
        let disabled = document.disabledMembers(of: options)
        #expect(disabled.map(\.key) == ["lib", "jsx", "rootDir", "paths"])
        #expect(disabled[0].value == [])
        #expect(disabled[1].value == "preserve")
        #expect(disabled[3].value == ["@app/*": ["src/*"]])
        // Headings and descriptions are not members.
        #expect(!disabled.map(\.key).contains("Modules"))
    }

    @Test func enablingChangesOnlyTheCommentsBytesAndTheMemberIsLive() throws {
        var document = try document(tsconfig)
        let options = try #require(document.node(at: ["compilerOptions"]))
        let lib = try #require(document.disabledMembers(of: options).first { $0.key == "lib" })
        try document.apply(document.enabling(lib, in: options))
        #expect(document.text.string == tsconfig.replacingOccurrences(of: "// \"lib\": [],                                        /*", with: "\"lib\": [],                                        /*"))
        #expect(document.value(at: ["compilerOptions", "lib"]) == [])
        // The run of line comments holding one member over three lines.
        var again = try self.document(tsconfig)
        let node = try #require(again.node(at: ["compilerOptions"]))
        let paths = try #require(again.disabledMembers(of: node).first { $0.key == "paths" })
        try again.apply(again.enabling(paths, in: node))
        #expect(again.value(at: ["compilerOptions", "paths", "@app/*"]) == ["src/*"])
        #expect(again.text.string.contains("\"strict\": true,\n    \"paths\": {\n      \"@app/*\": [\"src/*\"]\n    },\n    \"skipLibCheck\": true"))
    }

    @Test func enablingAfterTheLastLiveMemberGivesThatOneAComma() throws {
        let text = "{\n  \"a\": 1\n  // \"b\": 2\n}"
        var document = try document(text)
        let b = try #require(document.disabledMembers(of: document.root).first)
        try document.apply(document.enabling(b, in: document.root))
        #expect(document.text.string == "{\n  \"a\": 1,\n  \"b\": 2\n}")
    }

    @Test func disablingWritesTheMemberInTheFilesCommentStyleAndEnablingRestoresIt() throws {
        let text = "{\n  \"a\": 1, // why\n  \"b\": {\n    \"c\": true\n  },\n  \"d\": 4\n}\n"
        var document = try document(text)
        let a = try #require(document.node(at: ["a"]))
        try document.apply(try #require(document.disabling(a, in: document.root)))
        #expect(document.text.string == "{\n  // \"a\": 1, // why\n  \"b\": {\n    \"c\": true\n  },\n  \"d\": 4\n}\n")
        let b = try #require(document.node(at: ["b"]))
        try document.apply(try #require(document.disabling(b, in: document.root)))
        #expect(document.text.string == "{\n  // \"a\": 1, // why\n  // \"b\": {\n  //   \"c\": true\n  // },\n  \"d\": 4\n}\n")
        #expect(document.rootValue == ["d": 4])
        // Both come back as they were.
        for key in ["b", "a"] {
            let member = try #require(document.disabledMembers(of: document.root).first { $0.key == key })
            try document.apply(document.enabling(member, in: document.root))
        }
        #expect(document.text.string == text)
    }

    @Test func aMemberSharingItsLineIsDisabledWithABlockComment() throws {
        var document = try document("{\"a\": 1, \"b\": 2}")
        let a = try #require(document.node(at: ["a"]))
        try document.apply(try #require(document.disabling(a, in: document.root)))
        #expect(document.text.string == "{/* \"a\": 1, */ \"b\": 2}")
        #expect(document.disabledMembers(of: document.root).map(\.key) == ["a"])
        var five = try self.document("{a: 1, b: 'x'}", .json5)
        let b = try #require(five.node(at: ["b"]))
        try five.apply(try #require(five.disabling(b, in: five.root)))
        #expect(five.text.string == "{a: 1, /* b: 'x' */}")
        #expect(five.disabledMembers(of: five.root).first?.value == "x")
    }

    @Test func strictJSONHasNoCommentsToTurnMembersOff() throws {
        let document = try JSONDocument("{\"a\": 1}")
        #expect(document.disabling(try #require(document.node(at: ["a"])), in: document.root) == nil)
        #expect(document.disabledMembers(of: document.root).isEmpty)
    }

    @Test func aMembersTrailingCommentIsAddedChangedAndRemoved() throws {
        let text = "{\n  \"a\": 1,\n  \"b\": 2\n}"
        var document = try document(text)
        let a = try #require(document.node(at: ["a"]))
        try document.apply(try #require(document.settingComment(of: a, in: document.root, to: "why")))
        #expect(document.text.string == "{\n  \"a\": 1, // why\n  \"b\": 2\n}")
        let again = try #require(document.node(at: ["a"]))
        try document.apply(try #require(document.settingComment(of: again, in: document.root, to: "because")))
        #expect(document.text.string == "{\n  \"a\": 1, // because\n  \"b\": 2\n}")
        let same = try #require(document.node(at: ["a"]))
        #expect(document.settingComment(of: same, in: document.root, to: "because") == nil)
        let last = try #require(document.node(at: ["a"]))
        try document.apply(try #require(document.settingComment(of: last, in: document.root, to: nil)))
        #expect(document.text.string == text)
        // The last member (no comma) and one on a shared line.
        let b = try #require(document.node(at: ["b"]))
        try document.apply(try #require(document.settingComment(of: b, in: document.root, to: "last")))
        #expect(document.text.string == "{\n  \"a\": 1,\n  \"b\": 2 // last\n}")
        var oneLine = try self.document("[1, 2]")
        let first = try #require(oneLine.node(at: [.index(0)]))
        try oneLine.apply(try #require(oneLine.settingComment(of: first, in: oneLine.root, to: "one")))
        #expect(oneLine.text.string == "[1, /* one */ 2]")
    }
}
