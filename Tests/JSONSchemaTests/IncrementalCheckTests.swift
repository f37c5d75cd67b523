import LosslessJSON
@testable import JSONSchema
import Testing

/// The checker after an edit agrees with a check of the whole document, whatever was edited.
@Suite("Incremental checks")
struct IncrementalCheckTests {
    static let schema = #"""
        {"type": "object", "required": ["records"],
         "properties": {
           "records": {"type": "array", "items": {"$ref": "#/$defs/record"}},
           "settings": {"type": "object", "additionalProperties": false, "properties": {"mode": {"enum": ["a", "b"]}, "level": {"type": "integer", "maximum": 3}}},
           "choice": {"oneOf": [{"type": "integer"}, {"type": "object", "properties": {"deep": {"type": "string"}}}]}
         },
         "$defs": {"record": {"type": "object", "required": ["id"], "unevaluatedProperties": false,
           "properties": {"id": {"type": "integer", "minimum": 0}, "tags": {"type": "array", "items": {"type": "string", "maxLength": 3}},
                          "geo": {"type": "array", "prefixItems": [{"type": "number"}, {"type": "number", "maximum": 90}], "items": false}}}}}
        """#

    @Test func everyEditGivesTheProblemsOfAWholeCheck() throws {
        let checker = SchemaChecker(try JSONSchema(text: Self.schema), name: "records")
        var document = try JSONDocument(#"""
            {"records": [{"id": 1, "tags": ["a"], "geo": [1, 2]}, {"id": -1, "extra": true}, {"id": 3, "tags": ["long tag"]}],
             "settings": {"mode": "a", "unknown": 1}, "choice": {"deep": "x"}}
            """#)
        var problems = checker.problems(in: document)
        #expect(problems.count == 4)
        let edits: [JSONEdit] = [
            .replace(at: ["records", 0, "id"], with: .number(JSONNumber(-5))),
            .replace(at: ["records", 1, "id"], with: .number(JSONNumber(2))),
            .insertElement(in: ["records", 0, "tags"], value: .string("toolong")),
            .replace(at: ["records", 0, "geo", 1], with: .number(JSONNumber(100))),
            .insertElement(in: ["records", 0, "geo"], value: .number(JSONNumber(5))),
            .remove(at: ["records", 1, "extra"]),
            .insertMember(in: ["records", 2], key: "more", value: .null),
            .set(at: ["settings", "level"], to: .number(JSONNumber(9))),
            .replace(at: ["settings", "unknown"], with: .string("still not allowed")),
            .replace(at: ["settings", "mode"], with: .string("c")),
            .replace(at: ["choice", "deep"], with: .number(JSONNumber(1))),
            .replace(at: ["choice"], with: .number(JSONNumber(7))),
            .remove(at: ["records", 0]),
            .replace(at: ["records", 1, "tags", 0], with: .string("ok")),
        ]
        for edit in edits {
            try document.apply(edit)
            let path: JSONPath = switch edit {
            case .replace(let at, _), .set(let at, _): at
            case .insertElement(let into, _, _), .insertMember(let into, _, _, _): into
            case .remove(let at), .renameKey(let at, _): at.parent ?? .root
            }
            problems = checker.problems(in: document, changedAt: path, before: problems)
            let whole = checker.problems(in: document)
            #expect(Set(problems) == Set(whole), "after \(edit): \(problems) vs \(whole)")
        }
    }
}
