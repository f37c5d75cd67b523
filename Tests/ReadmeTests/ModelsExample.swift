import DictionaryStorage
import Foundation
import LosslessJSON
import Testing

@DictionaryStorage(.hashable, keyStyle: .verbatim)
struct Person {
    @StringRawRepresentation
    enum Gender { case male, female; @CustomName("non-binary") case nonBinary; case unknown(String) }

    var name: String = ""
    var age: Int?
    var gender: Gender = .unknown("")
    @DictionaryStorageProperty("person_email") var email: String?
    @DictionaryStorageProperty(path: "meta.created", strategy: .iso8601) var created: Date?
}

@Suite("README: models")
struct ModelsExample {
    @Test func readEditAndValidate() throws {
        var person = try Person(parsing: #"{"name": "Ada", "age": 1.0, "gender": "trans", "nickname": "A"}"#)
        #expect(person.age == 1)
        person.age = 37                        // only "age" changes; "nickname" and the unknown gender are kept
        #expect(JSONWriter.serialize(.object(person.storage)) == #"{"name":"Ada","age":37,"gender":"trans","nickname":"A"}"#)
        let report = person.validate()         // unknown field .nickname (kept), unknown value "trans" (kept)
        #expect(report.findings.contains { $0.path == ["nickname"] && $0.kind == .unknownField })
        #expect(report.findings.contains { $0.path == ["gender"] && $0.kind == .unknownEnumValue("trans") })
        #expect(!report.hasErrors)
        let fields = Person.schema.fields      // names, keys, Swift types, kinds, defaults: what a browser needs
        #expect(fields.map(\.name) == ["name", "age", "gender", "email", "created"])
        #expect(fields.first { $0.name == "email" }?.path == ["person_email"])

        #expect(throws: ModelParseError.notAnObject(found: "array")) { try Person(parsing: "[1]") }
        #expect(throws: ModelParseError.self) { try Person(parsing: #"{"name": }"#) }
    }
}
