import DictionaryStorage
import Foundation
import JSONSchema
import LosslessJSON
@testable import ModelBrowser
import Testing

/// Schemas written the way SchemaStore's are: enumerations spread over union branches, help in
/// `markdownDescription`, references that cannot be had; and menus long enough to need a filter.
@Suite("Browsing with schemas as SchemaStore writes them")
struct SchemaStoreBrowsingTests {
    @Test func enumerationsInsideUnionsAreMenus() throws {
        // As SchemaStore writes them: prettier's oneOf of consts, tsconfig's target (a nullable
        // string type around an enum and a pattern), and the two-branch open enumeration.
        let schema = ##"""
            {"type": "object", "properties": {
               "trailingComma": {"oneOf": [{"const": "none", "description": "No commas."}, {"const": "es5"}, {"const": "all"}]},
               "target": {"type": ["string", "null"], "anyOf": [{"enum": ["es3", "es5", "es2015"]}, {"pattern": "^[Ee][Ss][0-9]+$"}]},
               "extends": {"anyOf": [{"type": "string", "enum": ["base", "strict"]}, {"type": "string"}]},
               "level": {"anyOf": [{"enum": ["low", "high"]}, {"type": "integer"}]}
            }}
            """##
        var state = try SchemaBrowserTests().state(#"{"trailingComma": "es5", "target": "es5", "extends": "base", "level": 1}"#, schema: schema)
        let text = screen(state)
        // They showed `any` and `null|string`, with a raw JSON editor and a text box.
        #expect(text.contains(#"trailingComma  "none"|"es5"|"all"      "es5""#), "\(text)")
        #expect(text.contains(#"target         "es3"|"es5"|"es2015"|…  "es5""#), "\(text)")
        #expect(text.contains(#"extends        "base"|"strict"|…       "base""#), "\(text)")
        // A union that also takes integers: a menu of its strings that takes a value of one's own.
        #expect(text.contains(#"level          "low"|"high"|…          1"#), "\(text)")
        // The menu offers every branch's values.
        press(&state, "jj<Enter>")
        let menu = screen(state)
        #expect(menu.contains("es2015") && menu.contains("es3"), "\(menu)")
    }

    @Test func valuesOfSeveralKindsAreOneMenuAndEachIsWrittenAsItsKind() throws {
        // As SchemaStore writes them: eslint's severities (numbers or words), a number enum, a
        // boolean beside a word, and a union of a number enum and any integer.
        let schema = ##"""
            {"type": "object", "properties": {
               "severity": {"oneOf": [{"enum": [0, 1, 2]}, {"enum": ["off", "warn", "error"]}]},
               "tabWidth": {"type": "integer", "enum": [2, 4, 8]},
               "semi": {"anyOf": [{"type": "boolean"}, {"const": "auto"}]},
               "retries": {"anyOf": [{"enum": [0, 3]}, {"type": "integer"}]}
            }}
            """##
        var state = try SchemaBrowserTests().state(#"{"severity": "warn", "tabWidth": 4, "semi": true, "retries": 3}"#, schema: schema)
        let text = screen(state)
        #expect(text.contains(#"severity  0|1|2|"off"|"warn"|"error""#), "\(text)")
        #expect(text.contains("tabWidth  2|4|8"), "\(text)")
        #expect(text.contains(#"semi      true|false|"auto""#), "\(text)")
        // The menu holds every branch's values, 1 and "1" told apart, the current one selected.
        press(&state, "j<Enter>")
        guard case .menu(let severities) = state.mode else { Issue.record("no menu: \(state.mode)"); return }
        #expect(severities.options.map(\.label) == ["0", "1", "2", #""off""#, #""warn""#, #""error""#])
        #expect(severities.selected == 4)
        // Choosing a number writes a number: only the value's bytes change.
        press(&state, "<Up><Up><Enter>")
        #expect(state.document.text.string == #"{"severity": 2, "tabWidth": 4, "semi": true, "retries": 3}"#)
        press(&state, "j<Enter><Up><Enter>")
        #expect(state.document.text.string == #"{"severity": 2, "tabWidth": 2, "semi": true, "retries": 3}"#)
        // An open menu's value of one's own: JSON when it is JSON, else the words typed.
        press(&state, "jj<Enter><Down><Enter>7<Enter>")
        #expect(state.document.text.string == #"{"severity": 2, "tabWidth": 2, "semi": true, "retries": 7}"#)
        #expect(state.message?.contains("refused") != true, "\(state.message ?? "")")
        // 7 is none of the menu's values; a bare integer type takes it: an unknown case, kept and marked.
        #expect(screen(state).contains("(unknown value)"), "\(screen(state))")
    }

    @Test func anArrayOfEnumeratedValuesHasAMenuOnEachElement() throws {
        // tsconfig's lib: elements from a list, or others by pattern.
        let schema = #"{"type": "object", "properties": {"lib": {"type": "array", "items": {"type": "string", "anyOf": [{"enum": ["ES5", "ES2015", "DOM"]}, {"pattern": "^[Ee][Ss]"}]}}}}"#
        var state = try SchemaBrowserTests().state(#"{"lib": ["ES5", "dom"]}"#, schema: schema)
        press(&state, "jll")
        #expect(state.cursorPath == ["lib", 0])
        press(&state, "<Enter>")
        guard case .menu(let menu) = state.mode else { Issue.record("no menu on the element: \(state.mode)"); return }
        #expect(menu.options.map(\.label) == ["ES5", "ES2015", "DOM", "other…"] && menu.selected == 0)
        press(&state, "j<Enter>")
        #expect(state.document.text.string == #"{"lib": ["ES2015", "dom"]}"#)
        var all: [ValueDescription] = []
        _ = state.describeValues(at: ["lib", 1]) { all.append($0) }
        #expect(all.first?.choices == ["ES5", "ES2015", "DOM"] && all.first?.takesOtherValues == true)
    }

    @Test func anObjectOrStringFieldIsTypedAsTheObjectAndTakesTheString() throws {
        // package.json's person: {"name", "email", "url"} or "Name <email> (url)".
        let schema = ##"""
            {"type": "object", "definitions": {"person": {"type": ["object", "string"], "properties": {"name": {"type": "string"}, "email": {"type": "string"}}}},
             "properties": {"author": {"$ref": "#/definitions/person"}, "contributors": {"type": "array", "items": {"$ref": "#/definitions/person"}}}}
            """##
        let state = try SchemaBrowserTests().state(#"{"author": {"name": "Ann", "email": "a@b.c"}, "contributors": ["Bo <b@c.d>", {"name": "Cy"}]}"#, schema: schema)
        var all: [String: ValueDescription] = [:]
        _ = state.describeValues(at: .root) { all[$0.path.pointer] = $0 }
        #expect(all["/author"]?.type == "person|string" && all["/author/name"]?.status == .known && all["/author/email"]?.type == "string")
        // An element has no field to check it: the string is not marked wrong.
        #expect(all["/contributors/0"]?.warning == nil, "\(String(describing: all["/contributors/0"]))")
        #expect(!screen(state).contains("⚠"), "\(screen(state))")
    }

    @Test func typingFiltersAMenuAndThePageKeysPageIt() throws {
        let values = (0..<60).map { #""v\#($0)""# } + [#""target-es2015""#, #""Java""#]
        let schema = #"{"type": "object", "properties": {"target": {"enum": [\#(values.joined(separator: ", "))]}}}"#
        var state = try SchemaBrowserTests().state(#"{"target": "v1"}"#, schema: schema, width: 80, height: 20)
        press(&state, "j<Enter>")
        guard case .menu = state.mode else { Issue.record("no menu: \(state.mode)"); return }
        // A page down, then the filter: "es2" matches anywhere.
        press(&state, "<PgDn>")
        guard case .menu(let paged) = state.mode else { Issue.record("the menu closed"); return }
        // From the current value's option (v1), a page: the 16 rows the box shows, less one.
        #expect(paged.selected == 16)
        press(&state, "es2")
        guard case .menu(let filtered) = state.mode else { Issue.record("the menu closed"); return }
        #expect(filtered.shown.map(\.label) == ["target-es2015"])
        #expect(screen(state).contains("/es2▏ 1 of 62"), "\(screen(state))")
        // Case is ignored, and j goes into a filter once one is typed ("/" starts one).
        press(&state, "<Esc>/j")
        guard case .menu(let java) = state.mode else { Issue.record("the menu closed"); return }
        #expect(java.shown.map(\.label) == ["Java"])
        // Nothing left: Enter says so and keeps the menu; Backspace widens it again.
        press(&state, "zz<Enter>")
        guard case .menu(let none) = state.mode else { Issue.record("the menu closed on no option"); return }
        #expect(none.shown.isEmpty && state.message?.contains("no option holds \"jzz\"") == true)
        press(&state, "<BS><BS><Enter>")
        #expect(state.document.text.string == #"{"target": "Java"}"#)
        // Esc drops the filter, a second Esc closes the menu.
        press(&state, "<Enter>x<Esc>")
        guard case .menu(let unfiltered) = state.mode else { Issue.record("the first Esc closed the menu"); return }
        #expect(unfiltered.filter == nil)
        press(&state, "<Esc>")
        #expect(state.mode == .normal)
    }

    @Test func theHelpLineHasTheDescriptionDefaultExamplesPatternAndDeprecation() throws {
        let schema = ##"""
            {"type": "object", "properties": {
               "name": {"type": "string", "pattern": "^[a-z]+$", "default": "app", "examples": ["web", "api"],
                        "markdownDescription": "The **package** name;\nsee [npm](https://docs.npmjs.com) for `rules`."},
               "old": {"type": "integer", "deprecated": true, "description": "Use name."}
            }}
            """##
        var state = try SchemaBrowserTests().state(#"{"name": "web", "old": 1}"#, schema: schema, width: 160)
        press(&state, "j")
        var text = screen(state)
        #expect(text.contains("    name  string (pattern)    \"web\""), "\(text)")
        #expect(text.contains(#"The package name; see npm for rules.; default "app"; e.g. "web", "api"; pattern ^[a-z]+$"#), "\(text)")
        press(&state, "j")
        text = screen(state)
        #expect(text.contains("Use name.; deprecated"), "\(text)")
    }

    @Test func aBranchWhoseReferenceCannotBeResolvedIsUntypedAndTheRestTyped() throws {
        let schema = #"""
            {"type": "object", "properties": {
               "port": {"type": "integer", "maximum": 10},
               "plugin": {"$ref": "https://schemas.example.com/plugin.json"}}}
            """#
        var state = try SchemaBrowserTests().state(#"{"port": 12, "plugin": {"name": "p"}}"#, schema: schema)
        press(&state, "j")
        let text = screen(state)
        // The schema used to be dropped whole: every row untyped.
        #expect(text.contains("    port    integer …10  12  ⚠ 12 is above the maximum 10"), "\(text)")
        #expect(text.contains("  ▸ plugin  any          {…} 1 key"), "\(text)")
    }
}
