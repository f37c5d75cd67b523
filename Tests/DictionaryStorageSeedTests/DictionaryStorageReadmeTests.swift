// The naan/DictionaryStorage README's examples, with the README's one import. (The seed's
// `let name: String = ""` is written `private(set) var`, the fix-it the macro offers: Swift gives a
// `let` no accessors, and the seed silently left it unexpanded.)
import DictionaryStorage
import Foundation
import Testing

@DictionaryStorage
struct Person {
    @StringRawRepresentation
    enum Gender {
        case male, female
        case unknown(String)
    }

    var name: String
    var age: Int?
    var gender: Gender?
}

@DictionaryStorage
struct IdentifiedPerson: Identifiable {
    private(set) var name: String = ""
    var age: Int?
    private let _id = UUID()
    var id: UUID { _id }
}

@DictionaryStorage(.equatable)
struct EquatablePerson {
    private(set) var name: String = ""
    var age: Int?
}

@DictionaryStorage
struct RenamedPerson {
    @DictionaryStorageProperty("person_name")
    var name: String = ""
}

@StringRawRepresentation
public enum InputType {
    case text
    case email
    case password
    @CustomName("select-one") case option
    case unknown(String)
}

/// A type with no conformance, coded only through the README's custom functions.
struct Badge: Equatable {
    var code: String
}

extension DictionaryStorage {
    static func decode(_ type: Badge.Type, value: Any?) -> Badge? {
        (value as? String).map(Badge.init(code:))
    }

    static func encode(_ value: Badge?) -> Any? {
        value?.code
    }

    static public func decode(_ type: UUID.Type, value: Any?) -> UUID? {
        if let value = value as? String {
            return UUID(uuidString: value)
        } else {
            return nil
        }
    }

    static func encode(_ value: UUID?) -> Any? {
        return value?.uuidString
    }
}

@DictionaryStorage
struct Member: Identifiable {
    var id: UUID = UUID()
    var name: String = ""
    var age: Int?
    var badge: Badge?
}

@DictionaryStorage
struct Web {
    var type: Usage.UsageType = .web
    var name: String = ""
    var url: String = ""
}

@DictionaryStorage
struct App {
    var type: Usage.UsageType = .app
    var name: String = ""
    var bundleId: String = ""
}

struct Usage: DictionaryRepresentable {
    enum UsageType: String {
        case web
        case app
        case unknown
    }

    enum Value {
        case web(Web)
        case app(App)
        case unknown([String: Any])
    }
    var type: UsageType
    var value: Value

    var _storage: [String: Any]

    var rawDictionary: [String: Any] {
        _storage
    }

    init(_ dictionary: [String: Any]) {
        self._storage = dictionary
        if let typeString = dictionary["type"] as? String,
            let type = UsageType(rawValue: typeString)
        {
            self.type = type
            switch type {
            case .web:
                value = .web(Web(dictionary))
            case .app:
                value = .app(App(dictionary))
            case .unknown:
                value = .unknown(dictionary)
            }
        } else {
            self.type = .unknown
            value = .unknown(dictionary)
        }
    }
}

@DictionaryStorage
struct Object {
    var usages: [Usage] = []
}

@Suite("naan/DictionaryStorage README, with only `import DictionaryStorage`")
struct DictionaryStorageReadmeTests {
    @Test func thePersonWithoutDefaultsReadsAndKeepsUnknownFields() throws {
        let data =
            """
            {
                "name": "John Doe",
                "age": 30,
                "gender": "trans",
                "nickname": "JD"
            }
            """.data(using: .utf8)!
        let json = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        var person = Person(json!)
        #expect(person.name == "John Doe")
        #expect(person.age == 30)
        #expect(person.gender == .unknown("trans"))
        person.age = (person.age ?? 0) + 1
        #expect(person.rawDictionary["age"] as? Int == 31)
        #expect(person.rawDictionary["nickname"] as? String == "JD")
        #expect(person.rawDictionary["gender"] as? String == "trans")
        // `var name: String` with no default reads "" when the key is absent, as in the seed.
        let empty = Person([:])
        #expect(empty.name == "")
        #expect(empty.age == nil)
        // The expansion names LosslessJSON's types; this file sees them through the one import.
        let object: JSONObject = person.storage
        #expect(object["name"] == "John Doe")
    }

    @Test func privatePropertiesAreLeftAloneAndKeysCanBeCustom() throws {
        let person = IdentifiedPerson(["name": "Ann", "age": 4])
        #expect(person.name == "Ann")
        #expect(person.id == person.id)
        #expect(IdentifiedPerson.schema.fields.map(\.name) == ["name", "age"])
        var renamed = RenamedPerson([:])
        renamed.name = "John Doe"
        #expect(renamed.rawDictionary as? [String: String] == ["person_name": "John Doe"])
    }

    @Test func equatableComparesTheKnownProperties() {
        #expect(EquatablePerson(["name": "A", "x": 1]) == EquatablePerson(["name": "A", "x": 2]))
        #expect(EquatablePerson(["name": "A"]) != EquatablePerson(["name": "B"]))
    }

    @Test func stringRawRepresentationWithCustomNames() {
        #expect(InputType.option.rawValue == "select-one")
        #expect(InputType(rawValue: "select-one") == .option)
        #expect(InputType(rawValue: "tel") == .unknown("tel"))
    }

    @Test func customTypesThroughDecodeAndEncodeOverloads() {
        let uuid = UUID()
        var member = Member(["id": uuid.uuidString, "name": "M", "badge": "gold"])
        #expect(member.id == uuid)
        #expect(member.badge == Badge(code: "gold"))
        member.badge = Badge(code: "silver")
        #expect(member.rawDictionary["badge"] as? String == "silver")
    }

    @Test func aHeterogeneousArrayThroughDictionaryRepresentable() throws {
        let data =
            """
            {
                "usages" : [
                    {
                        "type": "web",
                        "name": "Example.com",
                        "url": "https://www.example.com",
                    },
                    {
                        "type": "app",
                        "name": "Chrome",
                        "bundleId": "com.google.chrome",
                    },
                    {
                        "type": "something_else",
                        "name": "Something Else",
                    },
                ]
            }
            """.data(using: .utf8)!
        // The README's JSON has trailing commas, which Foundation's reader accepts.
        let json = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        let object = Object(json!)
        #expect(object.usages.count == 3)
        guard case let .web(web) = object.usages[0].value else {
            Issue.record("the first usage is not .web")
            return
        }
        #expect(web.type == .web)
        #expect(web.name == "Example.com")
        #expect(web.url == "https://www.example.com")
        guard case .unknown(let raw) = object.usages[2].value else {
            Issue.record("the unknown usage is not kept")
            return
        }
        #expect(raw["name"] as? String == "Something Else")
        #expect(object.rawDictionary.count == 1)
    }

    @Test func memberwiseStyleConstruction() {
        var person = Person([:])
        person.name = "John Doe"
        #expect(person.rawDictionary as? [String: String] == ["name": "John Doe"])
        let built = Person(name: "John Doe")
        #expect(built.rawDictionary as? [String: String] == ["name": "John Doe"])
    }
}
