import DictionaryStorage
import Foundation
import LosslessJSON
import Testing

func object(_ text: String) throws -> JSONObject {
    try #require(try JSONValue(parsing: text).objectValue)
}

@Suite("Field rules")
struct FieldRulesTests {
    @Test func missingAndNullReadAsTheDefault() throws {
        let person = Person(try object(#"{"age": null}"#))
        #expect(person.name == "")
        #expect(person.age == nil)
        #expect(person.gender == .unknown(""))
        #expect(person.validate().findings.isEmpty)
    }

    @Test func wrongTypeReadsAsTheDefaultAndIsReported() throws {
        let person = Person(try object(#"{"name": 42, "age": "thirty"}"#))
        #expect(person.name == "")
        #expect(person.age == nil)
        let findings = person.validate().findings
        #expect(findings.count == 2)
        #expect(findings[0].path == ["name"])
        #expect(findings[0].kind == .typeMismatch(expected: "String", found: "number 42"))
        #expect(findings[0].returned == "\"\"")
        #expect(findings[1].kind == .typeMismatch(expected: "Int", found: "string \"thirty\""))
        #expect(findings[1].returned == "nil")
        #expect(person.validate().hasErrors)
    }

    @Test func integersReadExactly() throws {
        var everything = Everything(try object(#"{"int": 1.0, "int8": 1.5, "uint8": 300, "uint": -1, "int64": 1e3}"#))
        #expect(everything.int == 1)
        #expect(everything.int8 == 0)
        #expect(everything.uint8 == 0)
        #expect(everything.uint == 0)
        #expect(everything.int64 == 1000)
        #expect(everything.validate().findings.map(\.path) == [["int8"], ["uint"], ["uint8"]])
        // Writing the value it already holds keeps the literal.
        everything.int = 1
        everything.int64 = 1000
        #expect(everything.storage["int"]?.numberValue?.literal == "1.0")
        #expect(everything.storage["int64"]?.numberValue?.literal == "1e3")
        everything.int = 2
        #expect(everything.storage["int"]?.numberValue?.literal == "2")
    }

    @Test func boolsAndNumbersDoNotMixUnlessLenient() throws {
        let strict = Everything(try object(#"{"bool": 1, "int": true}"#))
        #expect(strict.bool == false)
        #expect(strict.int == 0)
        #expect(strict.validate().findings.count == 2)
        let lenient = Settings(try object(#"{"flag": "yes", "number": "42", "label": 42}"#))
        #expect(lenient.flag == true)
        #expect(lenient.number == 42)
        #expect(lenient.label == "42")
        for (text, expected) in [("\"no\"", false), ("\"TRUE\"", true), ("\"0\"", false), ("1", true), ("0", false)] {
            #expect(Settings(try object("{\"flag\": \(text)}")).flag == expected, "\(text)")
        }
        #expect(Settings(try object(#"{"flag": 2}"#)).flag == false)
        #expect(Settings(try object(#"{"number": "4.5"}"#)).number == 0)
    }

    @Test func lenientFieldsMatchKeysInAnyCase() throws {
        let settings = Settings(try object(#"{"FLAG": true, "Number": 7}"#))
        #expect(settings.flag)
        #expect(settings.number == 7)
    }

    @Test func keyStylesSpellTheSameWords() {
        let name = "myURLValue"
        #expect(KeyStyle.verbatim.key(for: name) == "myURLValue")
        #expect(KeyStyle.camelCase.key(for: name) == "myUrlValue")
        #expect(KeyStyle.pascalCase.key(for: name) == "MyUrlValue")
        #expect(KeyStyle.snakeCase.key(for: name) == "my_url_value")
        #expect(KeyStyle.screamingSnakeCase.key(for: name) == "MY_URL_VALUE")
        #expect(KeyStyle.kebabCase.key(for: name) == "my-url-value")
        for spelling in ["myURLValue", "my_url_value", "MyUrlValue", "MY_URL_VALUE", "my-url-value"] {
            #expect(KeyStyle.words(spelling) == ["my", "url", "value"], "\(spelling)")
            #expect(KeyStyle.snakeCase.key(for: spelling) == "my_url_value")
        }
        #expect(KeyStyle.words("HTTPServer2Name") == ["http", "server2", "name"])
    }

    @Test func aTypesKeyStyleAppliesAndAPropertyKeyWins() throws {
        var settings = Settings()
        settings.myURLValue = "u"
        settings.isEnabled = true
        settings.custom = 3
        #expect(settings.storage.keys.contains("my_url_value"))
        #expect(settings.storage.keys.contains("is_enabled"))
        #expect(settings.storage.keys.contains("customKey"))
        // Keys match exactly: another spelling of the same words is another (unknown, kept) field.
        var other = Settings(try object(#"{"myURLValue": "x", "id": 1}"#))
        #expect(other.myURLValue == "")
        #expect(other.validate().findings.map(\.kind) == [.unknownField])
        other.myURLValue = "y"
        #expect(other.storage == ["myURLValue": "x", "id": 1, "my_url_value": "y"])
        // A lenient field matches other spellings, reports it, and writes back where it read.
        var lenient = Settings(try object(#"{"FLAG": "yes", "id": 1}"#))
        #expect(lenient.flag == true)
        #expect(lenient.validate().findings.map(\.kind) == [.keySpelledDifferently("FLAG")])
        lenient.flag = false
        #expect(lenient.storage == ["FLAG": false, "id": 1])
    }

    @Test func keyPathsReadWriteCreateAndRoundTrip() throws {
        var settings = Settings(try object(#"{"meta": {"created": "2023-06-16T21:18:53Z", "other": 1}, "id": 1}"#))
        #expect(settings.created == Date(timeIntervalSince1970: 1_686_950_333))
        #expect(settings.count == 0)
        settings.count = 5
        #expect(settings.storage["meta"] == ["created": "2023-06-16T21:18:53Z", "other": 1, "count": 5])
        var fresh = Settings()
        fresh.created = Date(timeIntervalSince1970: 0)
        #expect(fresh.storage.value(atPath: ["meta", "created"]) == "1970-01-01T00:00:00Z")
        #expect(Settings(fresh.storage).created == Date(timeIntervalSince1970: 0))
        fresh.created = nil
        #expect(fresh.storage.value(atPath: ["meta", "created"]) == nil)
    }

    @Test func legacyKeysAreReadInOrderAndKeptInStepOnWrite() throws {
        var settings = Settings(try object(#"{"e_mail": "old@x", "mail": "older@x", "id": 1}"#))
        #expect(settings.email == "older@x")  // "mail" comes before "e_mail" in legacyKeys
        #expect(settings.validate().findings.map(\.kind) == [.legacyKeyUsed("mail")])
        settings.email = "new@x"
        // The current key is written, and legacy keys that exist follow, for older app versions.
        #expect(settings.storage["email"] == "new@x")
        #expect(settings.storage["mail"] == "new@x")
        #expect(settings.storage["e_mail"] == "new@x")
        settings.email = nil
        #expect(settings.storage["email"] == nil && settings.storage["mail"] == nil && settings.storage["e_mail"] == nil)
    }

    @Test func missingRequiredFieldIsAFinding() throws {
        let settings = Settings(try object("{}"))
        #expect(settings.id == 0)
        #expect(settings.validate().findings.map(\.kind) == [.missingRequired])
        #expect(Settings(try object(#"{"id": null}"#)).validate().findings.map(\.kind) == [.missingRequired])
    }

    @Test func nilRemovesTheKeyOrWritesNullAsDeclared() throws {
        var settings = Settings(try object(#"{"email": "a", "note": "b", "id": 1}"#))
        settings.email = nil
        settings.note = nil
        #expect(settings.storage["email"] == nil)
        #expect(settings.storage["note"] == .null)
        #expect(settings.storage.keys == ["note", "id"])
    }

    @Test func settingTheSameValueChangesNothing() throws {
        let original = try object(#"{"double": 1.0, "decimal": 0.10, "date": "2023-06-16T21:18:53.000Z", "uuid": "e621e1f8-c36c-495a-93fc-0c247a3e6e5f"}"#)
        var everything = Everything(original)
        everything.double = 1
        everything.decimal = Decimal(string: "0.1")!
        everything.date = everything.date
        everything.uuid = everything.uuid
        #expect(everything.storage == original)
        #expect(everything.storage["double"]?.numberValue?.literal == "1.0")
        #expect(everything.storage["uuid"] == "e621e1f8-c36c-495a-93fc-0c247a3e6e5f")
    }

    @Test func arraysKeepUnreadableElementsInPlaceAndReportThem() throws {
        var everything = Everything(try object(#"{"tags": ["a", 1, "b", {"x": 1}]}"#))
        #expect(everything.tags == ["a", "b"])
        let findings = everything.validate().findings
        #expect(findings.map(\.path) == [["tags", 1], ["tags", 3]])
        #expect(findings.allSatisfy { $0.severity == .kept })
        everything.tags = ["a", "b", "c"]
        #expect(everything.storage["tags"] == ["a", 1, "b", ["x": 1], "c"])
        everything.tags = ["z"]
        #expect(everything.storage["tags"] == ["z", 1, ["x": 1]])
        everything.tags = []
        #expect(everything.storage["tags"] == [1, ["x": 1]])
    }

    @Test func dictionariesWithDynamicKeysKeepOrder() throws {
        var everything = Everything(try object(#"{"scores": {"zed": 1, "amy": 2, "bad": "x", "bob": 3}}"#))
        #expect(everything.scores == ["zed": 1, "amy": 2, "bob": 3])
        #expect(everything.validate().findings.map(\.path) == [["scores", "bad"]])
        everything.scores["amy"] = 20
        everything.scores["carl"] = 4
        everything.scores["bob"] = nil
        #expect(everything.storage["scores"]?.objectValue?.keys == ["zed", "amy", "bad", "carl"])
        #expect(everything.storage["scores"]?.objectValue?["amy"] == 20)
    }

    @Test func nestedModelsAndArraysOfModelsKeepUnknownFields() throws {
        var everything = Everything(try object(#"{"person": {"name": "A", "age": "x", "extra": true}, "people": [{"name": "B", "more": 1}, 7]}"#))
        #expect(everything.person?.name == "A")
        #expect(everything.people.map(\.name) == ["B"])
        everything.person?.name = "C"
        everything.people[0].age = 3
        #expect(everything.storage["person"] == ["name": "C", "age": "x", "extra": true])
        #expect(everything.storage["people"] == [["name": "B", "more": 1, "age": 3], 7])
        let paths = everything.validate().findings.map(\.path)
        #expect(paths.contains(["person", "age"]))
        #expect(paths.contains(["person", "extra"]))
        #expect(paths.contains(["people", 0, "more"]))
        #expect(paths.contains(["people", 1]))
    }

    @Test func unknownFieldsAreListedAsKept() throws {
        let report = Person(try object(#"{"name": "A", "nickname": "JD", "score": 1}"#)).validate()
        #expect(report.findings.map(\.kind) == [.unknownField, .unknownField])
        #expect(report.findings.map(\.path) == [["nickname"], ["score"]])
        #expect(!report.hasErrors)
    }

    @Test func everyScalarTypeAndStrategyReadsAndWrites() throws {
        let text = """
            {"bool": true, "int": -5, "int8": -128, "int16": 300, "int32": 70000, "int64": 9223372036854775807,
             "uint": 5, "uint8": 255, "uint16": 65535, "uint32": 4294967295, "uint64": 18446744073709551615,
             "float": 0.5, "double": 3.141592653589793, "decimal": 12345678901234567890.123, "string": "é😀",
             "date": "2023-06-16T21:18:53+02:00", "preciseDate": "2023-06-16T21:18:53.250Z",
             "rfc3339": "2023-06-16 21:18:53z", "rfc2822": "Fri, 16 Jun 2023 21:18:53 +0000", "day": "2023-06-16",
             "seconds": 1686950333, "milliseconds": 1686950333250, "url": "https://example.com/a?b=c",
             "uuid": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "data": "aGVsbG8=", "raw": {"any": [1, "thing"]}}
            """
        var e = Everything(try object(text))
        #expect(e.validate().findings.isEmpty, "\(e.validate())")
        #expect(e.bool && e.int == -5 && e.int8 == -128 && e.int16 == 300 && e.int32 == 70000 && e.int64 == .max)
        #expect(e.uint == 5 && e.uint8 == 255 && e.uint16 == 65535 && e.uint32 == .max && e.uint64 == .max)
        #expect(e.float == 0.5 && e.double == 3.141592653589793)
        #expect(e.decimal == Decimal(string: "12345678901234567890.123"))
        #expect(e.string == "é😀")
        let instant = Date(timeIntervalSince1970: 1_686_950_333)
        #expect(e.date == instant.addingTimeInterval(-7200))
        #expect(e.preciseDate == instant.addingTimeInterval(0.25))
        #expect(e.rfc3339 == instant)
        #expect(e.rfc2822 == instant)
        #expect(e.day == Date(timeIntervalSince1970: 1_686_873_600))
        #expect(e.seconds == instant)
        #expect(e.milliseconds == instant.addingTimeInterval(0.25))
        #expect(e.url == URL(string: "https://example.com/a?b=c"))
        #expect(e.uuid == UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        #expect(e.data == Data("hello".utf8))
        #expect(e.raw == ["any": [1, "thing"]])
        // Each strategy writes its own spelling.
        e.date = instant
        e.preciseDate = instant.addingTimeInterval(0.5)
        e.rfc2822 = instant.addingTimeInterval(1)
        e.day = Date(timeIntervalSince1970: 86_400)
        e.seconds = instant.addingTimeInterval(1)
        e.milliseconds = instant.addingTimeInterval(1)
        e.data = Data([1, 2, 3])
        #expect(e.storage["date"] == "2023-06-16T21:18:53Z")
        #expect(e.storage["preciseDate"] == "2023-06-16T21:18:53.500Z")
        #expect(e.storage["rfc2822"] == "Fri, 16 Jun 2023 21:18:54 +0000")
        #expect(e.storage["day"] == "1970-01-02")
        #expect(e.storage["seconds"] == 1_686_950_334.0)
        #expect(e.storage["milliseconds"] == 1_686_950_334_000.0)
        #expect(e.storage["data"] == "AQID")
    }

    @Test func invalidStrategyValuesAreMismatches() throws {
        let e = Everything(try object(#"{"date": "16/06/2023", "day": "2023-02-30", "uuid": "nope", "url": ""}"#))
        #expect(e.date == nil && e.day == nil && e.uuid == nil && e.url == nil)
        #expect(e.validate().findings.count == 4)
    }
}

@Suite("Model shape")
struct ModelShapeTests {
    @Test func memberwiseInitBuildsAnObject() {
        let person = Person(name: "Ada", age: 36, gender: .female, email: nil)
        #expect(person.storage == ["name": "Ada", "age": 36, "gender": "female"])
        #expect(Person(name: "Bo").storage == ["name": "Bo", "gender": ""])
    }

    @Test func nestedTypesKeywordsReadOnlyAndEmptyStructsWork() throws {
        var inner = Outer.Inner(try object(#"{"type": "t", "version": 2, "default": true}"#))
        #expect(inner.type == "t")
        #expect(inner.version == 2)
        #expect(inner.default)
        inner.type = "u"
        #expect(inner.storage["type"] == "u")
        #expect(Outer.Inner.schema.field(named: "version")?.isReadOnly == true)
        let empty = Empty(try object(#"{"anything": 1}"#))
        #expect(empty.storage == ["anything": 1])
        #expect(empty.validate().findings.map(\.kind) == [.unknownField])
    }

    @Test func existingInitializersAreKept() {
        let value = WithInit(shouting: "quiet")
        #expect(value.name == "QUIET")
        #expect(value.storage == ["name": "QUIET"])
    }

    @Test func modelsAreCodableByTheirStorage() throws {
        struct Envelope: Codable {
            var person: Person
            var note: String
        }
        let person = Person(try object(#"{"name": "A", "nickname": "JD", "big": 123}"#))
        let data = try JSONEncoder().encode(Envelope(person: person, note: "n"))
        let decoded = try JSONDecoder().decode(Envelope.self, from: data)
        #expect(decoded.person.name == "A")
        #expect(decoded.person.storage["nickname"] == "JD")
        #expect(decoded.person.storage["big"] == 123)
    }
}
