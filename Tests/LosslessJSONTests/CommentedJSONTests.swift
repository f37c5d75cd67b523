import Testing
@testable import LosslessJSON

/// JSON with comments as VS Code's jsonc-parser reads it with trailing commas allowed: `//` and
/// `/* */` comments, one trailing comma, and otherwise strict JSON.
@Suite("JSON with comments")
struct CommentedJSONTests {
    let jsonc = JSONParseOptions(syntax: .jsonc)

    func value(_ text: String) throws -> JSONValue { try JSONDocument(text, options: jsonc).rootValue }

    func rejects(_ text: String, as options: JSONParseOptions? = nil) -> JSONParseError? {
        do {
            _ = try JSONDocument(text, options: options ?? jsonc)
            return nil
        } catch {
            return error
        }
    }

    @Test func commentsInEveryPosition() throws {
        let text = """
            // before the value
            {
              /* before the first member */ "a" /* between key and colon */ : /* between colon and value */ 1 /* before the comma */ , // after the comma
              "b": [ // after an opening bracket
                // inside, before an element
                2 // after the last element
              ],
              "c": {/* inside an empty object */},
              "d": [/* inside an empty array */],
              "e": [ // only a comment
              ]
              // after the last member
            }
            // at the end of the file
            """
        #expect(try value(text) == ["a": 1, "b": [2], "c": [:], "d": [], "e": []])
        #expect(try value("1 // without a line break") == 1)
        #expect(try value("1 /* block at the end */") == 1)
        #expect(try value("[1,\r\n// CRLF\r\n2]") == [1, 2])
        #expect(try value("[1,\t/*\ttab\t*/\t2]") == [1, 2])
        #expect(try value("[\"// in a string\", \"/* too */\"]") == ["// in a string", "/* too */"])
    }

    @Test func oneTrailingCommaNestedAnywhere() throws {
        #expect(try value("[1, 2,]") == [1, 2])
        #expect(try value(#"{"a": {"b": [1,],}, "c": [[],],}"#) == ["a": ["b": [1]], "c": [[]]])
        #expect(try value("[1, // one\n]") == [1])
        for text in ["[1,,]", "[,]", "{,}", #"{"a": 1,,}"#] { #expect(rejects(text) != nil, "\(text)") }
    }

    @Test("otherwise strict JSON", arguments: [
        "['a']", "{a: 1}", "[NaN]", "[Infinity]", "[0x1F]", "[.5]", "[+1]", "[01]", "[\"a\nb\"]", "[\"\\x41\"]", "[1 / 2]", "[1 /* open",
    ])
    func strictOtherwise(_ text: String) throws {
        let error = try #require(rejects(text), "\(text.debugDescription) was accepted")
        #expect(error.message.contains("JSON with comments"))
    }

    @Test func theMessagesSayWhatIsWrong() throws {
        #expect(try #require(rejects("[1 /* open")).message == "expected '*/' to close the comment, found '/' (JSON with comments)")
        #expect(try #require(rejects("['a']")).message == "expected a value, found ''' (JSON with comments: strings must use double quotes)")
        #expect(try #require(rejects("[1 / 2]")).message == "expected ',' or ']', found '/' (JSON with comments: a lone '/' starts no comment)")
    }

    @Test func strictJSONStillRefusesComments() throws {
        let error = try #require(rejects("{\n  // c\n  \"a\": 1}", as: .default))
        #expect(error.message.contains("comments are not allowed"))
        #expect(!error.message.contains("JSON with comments"))
    }

    @Test func commentsAreFoundAndAttributed() throws {
        let text = """
            {
              // about a
              /* and more */
              "a": 1, // why a
              "b": 2 /* why b */,
              // commented out: "c": 3
            }
            """
        let document = try JSONDocument(text, options: jsonc)
        let a = try #require(document.node(at: ["a"]))
        let b = try #require(document.node(at: ["b"]))
        let ofA = document.comments(of: a, in: document.root)
        #expect(ofA.leading.map(document.commentText) == ["about a", "and more"])
        #expect(ofA.trailing.map(document.commentText) == "why a")
        let ofB = document.comments(of: b, in: document.root)
        #expect(ofB.leading.isEmpty)
        #expect(ofB.trailing.map(document.commentText) == "why b")
        #expect(document.closingComments(of: document.root).map(document.commentText) == [#"commented out: "c": 3"#])
    }
}
