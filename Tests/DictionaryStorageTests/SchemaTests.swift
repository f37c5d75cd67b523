import DictionaryStorage
import Foundation
import LosslessJSON
import Testing

@Suite("Schema")
struct SchemaTests {
    @Test func describesEveryField() throws {
        let schema = Person.schema
        #expect(schema.name == "Person")
        #expect(schema.fields.map(\.name) == ["name", "age", "gender", "email"])
        let email = try #require(schema.field(named: "email"))
        #expect(email.path == ["person_email"])
        #expect(email.typeText == "String?")
        #expect(email.type == .optional(.string))
        #expect(email.defaultValue == nil)
        let gender = try #require(schema.field(named: "gender"))
        #expect(gender.type == .enumeration(name: "Gender", knownValues: ["male", "female", "non-binary"], isOpen: true))
        #expect(gender.defaultValue == ".unknown(\"\")")
        #expect(schema.field(named: "name")?.defaultValue == "\"\"")
        #expect(schema.field(named: "age")?.type == .optional(.integer("Int")))

        let settings = Settings.schema
        #expect(settings.field(named: "myURLValue")?.path == ["my_url_value"])
        #expect(settings.field(named: "created")?.path == ["meta", "created"])
        #expect(settings.field(named: "created")?.strategy == .iso8601)
        #expect(settings.field(named: "id")?.isRequired == true)
        #expect(settings.field(named: "email")?.legacyKeys == ["mail", "e_mail"])
        #expect(settings.field(named: "flag")?.isLenient == true)
        #expect(Everything.schema.field(named: "people")?.type == .array(.model("Person")))
        #expect(Everything.schema.field(named: "scores")?.type == .dictionary(.integer("Int")))
        #expect(Object.schema.field(named: "usages")?.type == .array(.model("Usage")))
        #expect(Theme.schema.field(named: "primary")?.type == .custom("Color"))
    }

    @Test func typedGetGoesThroughTheAccessor() throws {
        let storage = try object(#"{"name": 5, "age": 1.0, "gender": "trans", "person_email": "a@b"}"#)
        let schema = Person.schema
        #expect(schema.field(named: "name")?.value(in: storage) == "")  // the accessor's default, not 5
        #expect(schema.field(named: "age")?.value(in: storage) == 1)
        #expect(schema.field(named: "gender")?.value(in: storage) == "trans")
        #expect(schema.field(named: "email")?.value(in: storage) == "a@b")
        #expect(schema.field(named: "age")?.value(in: JSONObject()) == nil)
    }

    @Test func typedSetGoesThroughTheSetterAndRefusesWrongTypes() throws {
        let storage = try object(#"{"name": "A", "age": 1.0, "extra": [1]}"#)
        let age = try #require(Person.schema.field(named: "age"))
        // The value it already has: nothing changes, the literal 1.0 stays.
        #expect(try age.setting(1, in: storage) == storage)
        #expect(try age.setting(2, in: storage) == (try object(#"{"name": "A", "age": 2, "extra": [1]}"#)))
        #expect(try age.setting(nil, in: storage) == (try object(#"{"name": "A", "extra": [1]}"#)))
        #expect(throws: FieldSetError.self) { try age.setting("two", in: storage) }
        #expect(throws: FieldSetError.self) { try age.setting(1.5, in: storage) }
        let name = try #require(Person.schema.field(named: "name"))
        #expect(throws: FieldSetError.notOptional("name")) { try name.setting(nil, in: storage) }
        let version = try #require(Outer.Inner.schema.field(named: "version"))
        #expect(throws: FieldSetError.readOnly("version")) { try version.setting(3, in: JSONObject()) }
        let date = try #require(Everything.schema.field(named: "date"))
        #expect(try date.setting("2020-01-01T00:00:00Z", in: JSONObject()) == ["date": "2020-01-01T00:00:00Z"])
        #expect(throws: FieldSetError.self) { try date.setting("yesterday", in: JSONObject()) }
        let tags = try #require(Everything.schema.field(named: "tags"))
        #expect(throws: FieldSetError.self) { try tags.setting(["a", 1], in: JSONObject()) }
    }

    @Test func registryPicksTheBestMatchingModel() throws {
        var registry = ModelRegistry()
        registry.register(Person.self)
        registry.register(Web.self)
        registry.register(App.self)
        registry.register(Settings.self)
        #expect(registry.bestMatch(for: try object(#"{"name": "A", "age": 3, "gender": "male"}"#))?.name == "Person")
        #expect(registry.bestMatch(for: try object(#"{"type": "app", "name": "Chrome", "bundleId": "x"}"#))?.name == "App")
        #expect(registry.bestMatch(for: try object(#"{"type": "web", "name": "E", "url": "u"}"#))?.name == "Web")
        #expect(registry.bestMatch(for: try object(#"{"completely": 1, "different": 2}"#)) == nil)
        let ranked = registry.ranked(for: try object(#"{"name": "A", "age": "x"}"#))
        #expect(ranked.first?.schema.name == "Person")
        #expect(ranked.first.map { $0.score > 0 && $0.score < 1 } == true)
    }
}
