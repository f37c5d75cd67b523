import DictionaryStorage
import Foundation
import LosslessJSON
@testable import ModelBrowser
import SampleModels
import Testing

/// `BrowserState.describeValues`: what `keepsake describe` prints, read off the browser's own
/// annotations.
@Suite("Describing values")
struct DescribeValuesTests {
    /// Every description under a path, by its JSON Pointer (missing members too).
    func described(_ state: BrowserState, at path: JSONPath = .root) -> [(pointer: String, value: ValueDescription)] {
        var all: [(String, ValueDescription)] = []
        let found = state.describeValues(at: path) { all.append(($0.path.pointer, $0)) }
        #expect(found)
        return all
    }

    func one(_ all: [(pointer: String, value: ValueDescription)], _ pointer: String) -> ValueDescription? {
        let matching = all.filter { $0.pointer == pointer }
        #expect(matching.count == 1, "\(pointer): \(matching.count) descriptions")
        return matching.first?.value
    }

    @Test func eachWayASchemaTypesAMemberIsKnownAndEveryOtherStatusIsSaid() throws {
        let schema = ##"""
            {"type": "object", "required": ["name", "port"], "additionalProperties": false,
             "properties": {
               "name": {"type": "string", "title": "Name", "markdownDescription": "The **service** name."},
               "port": {"type": "integer", "default": 8080, "description": "Where it listens."},
               "level": {"anyOf": [{"enum": ["low", "high"]}, {"type": "string"}], "default": "low"},
               "target": {"type": "string", "anyOf": [{"enum": ["es5", "es2015"]}, {"pattern": "^[Ee][Ss][0-9]+$"}]},
               "tags": {"type": "array", "items": {"type": "string", "description": "One tag."}},
               "env": {"type": "object", "additionalProperties": {"type": "string", "description": "A variable."}}
             },
             "patternProperties": {"^x-": {"type": "boolean", "description": "An extension."}}}
            """##
        let state = try SchemaBrowserTests().state(#"{"name": "api", "level": "mid", "target": "ES2017", "tags": ["a"], "env": {"HOME": "/"}, "x-beta": true, "stray": 1}"#, schema: schema)
        let all = described(state)
        // Document order, with the root's missing required member right after the root.
        #expect(all.map(\.pointer) == ["", "/port", "/name", "/level", "/target", "/tags", "/tags/0", "/env", "/env/HOME", "/x-beta", "/stray"])
        let port = try #require(one(all, "/port"))
        #expect(port.status == .missingRequired && port.kind == nil && port.type == "integer")
        #expect(port.defaultText == "8080" && port.description == "Where it listens.")
        let name = try #require(one(all, "/name"))
        #expect(name.status == .known && name.kind == .string && name.description == "Name: The service name.")
        // An open enumeration: its values and "another" both offered. A value a bare string type
        // takes is an unknown case, kept; one a pattern branch takes is known.
        let level = try #require(one(all, "/level"))
        #expect(level.choices == ["low", "high"] && level.takesOtherValues && level.defaultText == #""low""#)
        #expect(level.status == .kept && level.type?.hasSuffix("(unknown value)") == true)
        let target = try #require(one(all, "/target"))
        #expect(target.status == .known && target.type == #""es5"|"es2015"|…"# && target.choices == ["es5", "es2015"])
        // Items, additionalProperties and patternProperties each make a member known.
        #expect(one(all, "/tags/0")?.status == .known)
        #expect(one(all, "/env/HOME")?.status == .known)
        #expect(one(all, "/env/HOME")?.description == "A variable.")
        #expect(one(all, "/x-beta")?.status == .known && one(all, "/x-beta")?.description == "An extension.")
        // additionalProperties: false — the stray member is not allowed, and says why.
        let stray = try #require(one(all, "/stray"))
        #expect(stray.status == .notAllowed && stray.type == nil && stray.warning != nil)
        // The root, lacking a required member, is known with the browser's warning.
        #expect(one(all, "")?.status == .known && one(all, "")?.warning?.contains("port") == true)
    }

    @Test func aTaggedUnionNamesItsVariantAndABranchItsBranch() throws {
        let state = try SchemaBrowserTests().appConfig()
        let all = described(state, at: ["notifications"])
        #expect(all.first?.pointer == "/notifications")
        #expect(one(all, "/notifications/0")?.variant == "Email")
        #expect(one(all, "/notifications/1")?.variant == "Slack")
        // A tag the schema does not know: kept, as the fallback case.
        let pager = try #require(one(all, "/notifications/2"))
        #expect(pager.status == .kept && pager.variant == "unknown")
        #expect(one(all, "/notifications/2/service")?.status == .kept)
        // Only what is under the path.
        #expect(all.allSatisfy { $0.pointer.hasPrefix("/notifications") })
    }

    @Test func everyAnyOfBranchThatHoldsMakesItsMembersKnown() throws {
        // As tsconfig's root: files, include and references are each an anyOf branch, and a file
        // may use several; a oneOf still takes one branch.
        let schema = ##"""
            {"type": "object", "properties": {"compilerOptions": {"type": "object"}},
             "anyOf": [{"title": "files", "properties": {"files": {"type": "array", "items": {"type": "string"}}}},
                       {"title": "include", "properties": {"include": {"type": "array", "items": {"type": "string"}}}}]}
            """##
        let state = try SchemaBrowserTests().state(#"{"compilerOptions": {}, "files": ["a.ts"], "include": ["src"]}"#, schema: schema)
        let all = described(state)
        #expect(one(all, "/files")?.status == .known && one(all, "/include")?.status == .known, "\(all.map { ($0.pointer, $0.value.status) })")
        #expect(one(all, "")?.variant == #""files" + "include""#)
    }

    @Test func aCompiledModelDescribesItsFieldsAndKeepsTheRest() throws {
        let text = #"{"name": "Ada", "age": 36, "gender": "female", "nickname": "A"}"#
        let state = BrowserState(document: try JSONDocument(text), sourceName: "p.json", registry: SampleModels.registry, modelName: "Person")
        let all = described(state)
        #expect(one(all, "")?.type == "Person")
        #expect(one(all, "/age")?.status == .known)
        #expect(one(all, "/nickname")?.status == .kept)
        let gender = try #require(one(all, "/gender"))
        #expect(gender.choices?.contains("female") == true)
    }

    @Test func noValueAtThePathDescribesNothing() throws {
        let state = try SchemaBrowserTests().state(#"{"a": [1]}"#, schema: #"{"type": "object"}"#)
        var count = 0
        #expect(!state.describeValues(at: ["a", 3]) { _ in count += 1 })
        #expect(!state.describeValues(at: ["b"]) { _ in count += 1 })
        #expect(count == 0)
    }

    @Test func untypedValuesSayOnlyTheirKind() throws {
        let state = BrowserState(document: try JSONDocument(#"{"q": [null, {"r": 1}]}"#), sourceName: "x.json", registry: ModelRegistry())
        let all = described(state)
        #expect(all.map(\.pointer) == ["", "/q", "/q/0", "/q/1", "/q/1/r"])
        #expect(all.allSatisfy { $0.value.status == nil && $0.value.type == nil && $0.value.kind != nil })
    }

    @Test func aDeepAndWideDocumentIsDescribedWholeInOrder() throws {
        // 2,000 levels of arrays, then 5,000 siblings: one frame per level, no recursion.
        let depth = 2_000
        let text = String(repeating: "[", count: depth) + (0..<5_000).map(String.init).joined(separator: ",") + String(repeating: "]", count: depth)
        let document = try JSONDocument(text, options: JSONParseOptions(maxDepth: depth + 1))
        let state = BrowserState(document: document, sourceName: "deep.json", registry: ModelRegistry())
        var count = 0
        var last: JSONPath = .root
        #expect(state.describeValues(at: .root) { described in
            count += 1
            last = described.path
        })
        #expect(count == depth + 5_000)
        #expect(last.components.count == depth && last.components.last == .index(4_999))
    }

    /// A member whose schema is a union of kinds (package.json's `exports`: a path, an object of
    /// conditions, or an array of fallbacks) is typed by the branch its value's kind selects, and
    /// so are the members and elements inside it.
    @Test func aUnionOfKindsIsTypedByTheBranchTheValueSelects() throws {
        let schema = ##"""
            {"type": "object", "properties": {
               "entry": {"$ref": "#/definitions/entryOrFallback"},
               "list": {"oneOf": [{"type": "array", "items": {"type": "string"}}, {"type": "object", "properties": {"packages": {"type": "array"}}}]}},
             "definitions": {
               "path": {"type": ["string", "null"], "pattern": "^\\./", "description": "A module path."},
               "conditions": {"type": "object", "properties": {"import": {"$ref": "#/definitions/entryOrFallback", "description": "For import."}}},
               "entry": {"oneOf": [{"$ref": "#/definitions/path"}, {"$ref": "#/definitions/conditions"}]},
               "entryOrFallback": {"oneOf": [{"$ref": "#/definitions/entry"}, {"type": "array", "items": {"$ref": "#/definitions/entry"}}]}}}
            """##
        let state = try SchemaBrowserTests().state(#"{"entry": {"import": "./a.js"}, "list": ["a", "b"]}"#, schema: schema)
        let all = described(state)
        let entry = try #require(one(all, "/entry"))
        #expect(entry.status == .known && entry.type == "conditions", "\(entry)")
        let path = try #require(one(all, "/entry/import"))
        #expect(path.status == .known && path.type == "null|string (pattern)" && path.description == "For import.", "\(path)")
        #expect(one(all, "/list")?.type == "[string]")
        #expect(one(all, "/list/0")?.status == .known)
        // The same schema over a path: the string branch.
        let asPath = try SchemaBrowserTests().state(#"{"entry": "./index.js"}"#, schema: schema)
        #expect(one(described(asPath), "/entry")?.type == "null|string (pattern)")
        // Elements of a union too: each by its own kind, with its branch's description.
        let fallbacks = described(try SchemaBrowserTests().state(#"{"entry": [{"import": "./a.mjs"}, "./a.js"]}"#, schema: schema))
        #expect(one(fallbacks, "/entry/0")?.type == "conditions")
        #expect(one(fallbacks, "/entry/0/import")?.status == .known)
        let second = try #require(one(fallbacks, "/entry/1"))
        #expect(second.status == .known && second.type == "null|string (pattern)" && second.description == "A module path." && second.warning == nil, "\(second)")
        // A kind no branch takes stays untyped, not guessed.
        let asNumber = try SchemaBrowserTests().state(#"{"entry": 3}"#, schema: schema)
        #expect(one(described(asNumber), "/entry")?.type == "any")
    }
}
