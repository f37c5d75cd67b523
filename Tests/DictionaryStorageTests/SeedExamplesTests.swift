import DictionaryStorage
import Foundation
import LosslessJSON
import Testing

@Suite("Seed README examples")
struct SeedExamplesTests {
    @Test func personReadsAndKeepsUnknownFields() throws {
        let data = Data(#"{"name": "John Doe", "age": 30, "gender": "male", "person_email": "j@x.com", "nickname": "JD"}"#.utf8)
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var person = Person(json)
        #expect(person.name == "John Doe")
        #expect(person.age == 30)
        #expect(person.gender == .male)
        #expect(person.email == "j@x.com")
        person.age = (person.age ?? 0) + 1
        #expect(person.rawDictionary["nickname"] as? String == "JD")
        #expect(person.rawDictionary["age"] as? Int == 31)
        #expect(person.rawDictionary["age"] as? Double == 31)
        #expect(person.computed == "JOHN DOE")
    }

    @Test func stringRawRepresentationWithCustomNameAndUnknown() {
        #expect(Person.Gender(rawValue: "non-binary") == .nonBinary)
        #expect(Person.Gender.nonBinary.rawValue == "non-binary")
        #expect(Person.Gender(rawValue: "trans") == .unknown("trans"))
        #expect(Person.Gender.unknown("trans").rawValue == "trans")
        #expect(Person.Gender.knownRawValues == ["male", "female", "non-binary"])
        var person = Person([:])
        person.storage["gender"] = "trans"
        #expect(person.gender == .unknown("trans"))
        #expect(person.validate().findings.map(\.kind) == [.unknownEnumValue("trans")])
    }

    @Test func hashableComparesKnownProperties() {
        let a = Person(["name": "A", "extra": 1])
        let b = Person(["name": "A", "extra": 2])
        #expect(a == b)
        #expect(Set([a, b]).count == 1)
    }

    @Test func manualUsagePolymorphismInsideObject() throws {
        let text = """
            {"usages": [
              {"type": "web", "name": "Example.com", "url": "https://www.example.com"},
              {"type": "web", "name": "Apple", "url": "https://www.apple.com"},
              {"type": "app", "name": "Chrome", "bundleId": "com.google.chrome"},
              {"type": "something_else", "name": "Something Else"}
            ]}
            """
        let object = Object(try #require(try JSONValue(parsing: text).objectValue))
        #expect(object.usages.count == 4)
        guard case .web(let web) = object.usages[0].value else {
            Issue.record("not web")
            return
        }
        #expect(web.type == .web)
        #expect(web.name == "Example.com")
        #expect(web.url == "https://www.example.com")
        guard case .app(let app) = object.usages[2].value else {
            Issue.record("not app")
            return
        }
        #expect(app.bundleId == "com.google.chrome")
        guard case .unknown(let raw) = object.usages[3].value else {
            Issue.record("not unknown")
            return
        }
        #expect(raw["type"] as? String == "something_else")
    }

    @Test func customTypeThroughSeedOverloads() throws {
        var theme = Theme(try #require(try JSONValue(parsing: ##"{"primary": "#ff0000", "accent": "red", "palette": ["#111111", 5, "#222222"]}"##).objectValue))
        #expect(theme.primary == Color(hex: "#ff0000"))
        #expect(theme.accent == nil)  // "red" is not a Color to the custom decoder
        #expect(theme.palette == [Color(hex: "#111111"), Color(hex: "#222222")])
        theme.palette.append(Color(hex: "#333333"))
        // The unreadable element keeps its place.
        #expect(theme.storage["palette"] == ["#111111", 5, "#222222", "#333333"])
        theme.accent = Color(hex: "#00ff00")
        #expect(theme.storage["accent"] == "#00ff00")
    }

    @Test func uuidCustomTypeFromTheSeedReadme() throws {
        let uuid = UUID()
        var person = IdentifiedPerson(["id": uuid.uuidString, "name": "A"])
        #expect(person.id == uuid)
        let other = UUID()
        person.id = other
        #expect(person.rawDictionary["id"] as? String == other.uuidString)
    }

    @Test func customOverloadsWinOverBuiltInCoding() throws {
        // Everything.url is a URL; the test module's seed-style URL overloads only accept https.
        #expect(Everything(["url": "https://example.com/a"]).url == URL(string: "https://example.com/a"))
        #expect(Everything(["url": "http://example.com/a"]).url == nil)
        var everything = Everything()
        everything.url = URL(string: "ftp://files.example.com/x")
        #expect(everything.storage["url"] == "https://files.example.com/x")
        #expect(Everything.schema.field(named: "url")?.type == .optional(.string))
    }
}
