import DictionaryStorage
import JSONSchema
import LosslessJSON
@testable import ModelBrowser
import SchemaDescriptions
import Testing

/// JSON with comments in the browser: comments beside their members, members commented out shown
/// as rows turned off — typed by the schema like live ones — and turned on and off by one key,
/// a member's comment written; every time only those bytes change.
@Suite("Comments in the browser")
struct CommentBrowsingTests {
    /// A tsconfig.json as `tsc --init` writes one (trimmed).
    let tsconfig = """
        {
          "compilerOptions": {
            /* Language and Environment */
            "target": "es2016",                                  /* Set the JavaScript language version. */
            // "jsx": "preserve",                                /* Specify what JSX code is generated. */

            /* Type Checking */
            "strict": true,                                      /* Enable all strict type-checking options. */
            // "noImplicitAny": true,                            /* Enable error reporting for implied 'any' types. */
            "skipLibCheck": true
          }
        }

        """

    let schema = #"""
        {"title": "tsconfig", "type": "object", "properties": {"compilerOptions": {"type": "object", "properties": {
          "target": {"enum": ["es3", "es5", "es2016", "esnext"]},
          "jsx": {"enum": ["preserve", "react", "react-jsx"], "description": "Specify what JSX code is generated."},
          "strict": {"type": "boolean"}, "noImplicitAny": {"type": "boolean"}, "skipLibCheck": {"type": "boolean"}}}}}
        """#

    func state(_ text: String, syntax: JSONSyntax = .jsonc, width: Int = 110) throws -> BrowserState {
        let document = try JSONDocument(text, options: JSONParseOptions(syntax: syntax))
        var state = BrowserState(document: document, sourceName: "tsconfig.json", registry: ModelRegistry(), width: width, height: 16)
        state.colors = false
        let compiled = try JSONSchema(text: schema)
        let description = SchemaDescription(compiled, name: "tsconfig")
        state.describe(as: description.rootType, name: description.name, models: description.registry, checker: SchemaChecker(compiled, name: description.name))
        return state
    }

    /// The row whose key column reads `key`.
    func row(_ state: BrowserState, _ key: String) -> Int? {
        (0..<state.rowCount).first { r in
            if let member = state.rows[r].disabled { return "// " + member.key == key }
            return !state.rows[r].isPlaceholder && state.document.key(state.rows[r].node) == key
        }
    }

    @Test func membersTurnedOffAreRowsTypedByTheSchemaAndCommentsShowBesideTheirMembers() throws {
        var state = try state(tsconfig, width: 160)
        _ = press(&state, ":.compilerOptions<Enter>l")
        let text = screen(state)
        #expect(text.contains("// jsx"), "\(text)")
        #expect(text.contains("// noImplicitAny"), "\(text)")
        // The turned-off member takes the schema's type, as a live one would.
        #expect(text.contains("// jsx            \"preserve\"|\"react\""), "\(text)")
        #expect(text.contains("strict            boolean                       true  // Type Checking · Enable all strict type-checking options."), "\(text)")
        // A member's comments, beside its value.
        #expect(text.contains("// Language and Environment · Set the JavaScript language version."), "\(text)")
        _ = press(&state, "C")
        #expect(!screen(state).contains("// Language and Environment"))
        _ = press(&state, "C")
        #expect(screen(state).contains("// Language and Environment"))
    }

    @Test func cTurnsAMemberOnAndOffChangingOnlyItsBytes() throws {
        var state = try state(tsconfig)
        _ = press(&state, ":.compilerOptions<Enter>l")
        let jsx = try #require(row(state, "// jsx"))
        state.cursor = jsx
        _ = press(&state, "c")
        #expect(state.document.value(at: ["compilerOptions", "jsx"]) == "preserve")
        #expect(state.document.text.string == tsconfig.replacingOccurrences(of: "    // \"jsx\": \"preserve\",  ", with: "    \"jsx\": \"preserve\",  "))
        #expect(state.cursorPath == ["compilerOptions", "jsx"])
        // Live now: its editor is the schema's menu.
        _ = press(&state, "<Enter>")
        guard case .menu(let menu) = state.mode else {
            Issue.record("no menu: \(state.mode)")
            return
        }
        #expect(menu.options.map(\.label).starts(with: ["preserve", "react", "react-jsx"]))
        _ = press(&state, "<Esc>")
        // And off again: back to the text it came from.
        _ = press(&state, "c")
        #expect(state.document.text.string == tsconfig)
        let strict = try #require(row(state, "strict"))
        state.cursor = strict
        _ = press(&state, "c")
        #expect(state.document.value(at: ["compilerOptions", "strict"]) == nil)
        #expect(state.document.text.string.contains("    // \"strict\": true,                                      /* Enable all strict type-checking options. */\n"))
        #expect(row(state, "// strict") != nil)
        _ = press(&state, "u")
        #expect(state.document.text.string == tsconfig)
    }

    @Test func semicolonWritesAMembersComment() throws {
        var state = try state(tsconfig)
        _ = press(&state, ":.compilerOptions.skipLibCheck<Enter>;no type checks of .d.ts<Enter>")
        #expect(state.document.text.string == tsconfig.replacingOccurrences(of: "\"skipLibCheck\": true\n", with: "\"skipLibCheck\": true // no type checks of .d.ts\n"))
        _ = press(&state, ";<C-u><Enter>")
        #expect(state.document.text.string == tsconfig)
    }

    @Test func strictJSONSaysWhyItHasNoComments() throws {
        var state = BrowserState(document: try JSONDocument(#"{"a": 1}"#), sourceName: "a.json", registry: ModelRegistry())
        _ = press(&state, "jc")
        #expect(state.message?.contains("JSON has no comments") == true)
        #expect(state.document.text.string == #"{"a": 1}"#)
    }

    /// A source that cannot save a member turned off (YAML): comments that read as members are
    /// comments, shown beside their members; `c` says why it does nothing; `;` still writes one.
    @Test func whereMembersDoNotTurnOffACommentedMemberIsACommentAndCSaysWhy() throws {
        var state = try state(tsconfig, width: 160)
        state.membersTurnOff = false
        _ = press(&state, ":.compilerOptions<Enter>l")
        #expect(row(state, "// jsx") == nil)
        let text = screen(state)
        #expect(text.contains("true  // \"jsx\": \"preserve\",   "), "\(text)")
        let strict = try #require(row(state, "strict"))
        state.cursor = strict
        _ = press(&state, "c")
        #expect(state.message?.contains("not turned off (commented out) here") == true)
        #expect(state.document.text.string == tsconfig)
        _ = press(&state, ";<C-u>on<Enter>")
        #expect(state.document.text.string.contains("\"strict\": true,                                      /* on */\n"))
    }
}
