import Foundation
import LosslessJSON
import Testing

@Suite("README: the library")
struct LibraryExample {
    @Test func editUndoAndSave() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let path = scratch.path("people.json")
        let original = "{\n  \"people\": [\n    {\"name\": \"John Doe\", \"age\": 31}\n  ]\n}\n"
        try Data(original.utf8).write(to: URL(fileURLWithPath: path))

        var document = try JSONDocument(contentsOfFile: path)   // {"people": [{"name": "John Doe", "age": 31}]}
        let name = document.value(at: [.key("people"), 0, "name"])   // .string("John Doe")
        #expect(name == .string("John Doe"))
        try document.apply(.replace(at: try JSONPath(parsing: ".people[0].age"), with: 32))
        let undo = try document.apply(.insertMember(in: ["people", 0], key: "nickname", value: "JD"))
        #expect(document.value(at: ["people", 0, "nickname"]) == .string("JD"))
        try document.apply(undo.inverse)                        // byte-for-byte undo
        #expect(document.value(at: ["people", 0, "nickname"]) == nil)
        try document.save()                                     // refuses if the file changed on disk

        let saved = try String(contentsOfFile: path, encoding: .utf8)
        #expect(saved == original.replacingOccurrences(of: "\"age\": 31", with: "\"age\": 32"))

        try Data((original + "\n").utf8).write(to: URL(fileURLWithPath: path))   // changed by someone else
        #expect(throws: JSONFileError.self) { try document.save() }
    }
}
