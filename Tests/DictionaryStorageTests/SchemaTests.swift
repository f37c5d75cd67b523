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

/// A default written over several lines, with quotes and a backslash in it.
@DictionaryStorage
struct MultiLineDefault {
    var tags: [String] = [
        "a \"quoted\" tag",
        "back\\slash",
    ]
}

@Suite("Schemas built from data")
struct DataSchemaTests {
    @Test func aMultiLineDefaultIsKeptAsItsSourceText() throws {
        #expect(MultiLineDefault.schema.field(named: "tags")?.defaultValue == "[\n        \"a \\\"quoted\\\" tag\",\n        \"back\\\\slash\",\n    ]")
        #expect(MultiLineDefault(JSONObject()).tags == ["a \"quoted\" tag", "back\\slash"])
    }

    @Test func aJSONFieldAccessorReadsChecksAndWrites() throws {
        let accessor = FieldAccessor.json(at: ["server", "port"], type: .optional(.integer("integer")), name: "port")
        let field = FieldSchema(name: "port", path: ["server", "port"], typeText: "integer", type: .optional(.integer("integer")), accessor: accessor)
        #expect(field.ownedKeys == ["server"])
        let good = try object(#"{"server": {"port": 8080.0}}"#)
        #expect(field.isPresent(in: good) && field.reads(good))
        #expect(field.value(in: good) == 8080)
        let bad = try object(#"{"server": {"port": "80"}}"#)
        #expect(field.isPresent(in: bad) && !field.reads(bad))
        #expect(throws: FieldSetError.self) { try field.setting(1.5, in: good) }
        #expect(try field.setting(9, in: good).value(atPath: ["server", "port"]) == 9)
        #expect(try field.setting(nil, in: good).value(atPath: ["server", "port"]) == nil)
        let readOnly = FieldSchema(name: "id", path: ["id"], typeText: "string", type: .string, accessor: .json(at: ["id"], type: .string, name: "id", readOnly: true))
        #expect(readOnly.isReadOnly)
        #expect(throws: FieldSetError.readOnly("id")) { try readOnly.setting("x", in: good) }
    }

    @Test func aRegisteredDescriptionValidatesAndIsChosenForADocument() throws {
        let name = FieldSchema(name: "name", path: ["name"], typeText: "string", type: .string, accessor: .json(at: ["name"], type: .string, name: "name"))
        let schema = ModelSchema(name: "Pet", fields: [name]) { object in
            object["name"] == nil ? [ValidationFinding(path: ["name"], kind: .missingRequired)] : []
        }
        var registry = ModelRegistry()
        registry.register(schema)
        registry.register(schema)  // a name already registered is kept once
        #expect(registry.schemas.count == 1)
        let document = try JSONDocument(#"[{"name": "Rex"}, 3, {"age": 2}]"#)
        #expect(registry.bestMatch(for: document)?.name == "Pet")
        // The binding rule: each object element of a root array, with its path.
        #expect(ModelBinding.objects(in: document).map(\.path) == [[0], [2]])
        #expect(schema.findings(in: document)?.map(\.path) == [[2, "name"]])
        #expect(schema.findings(in: try JSONDocument("[1, 2]")) == nil)
        #expect(schema.findings(in: try JSONDocument(#"{"name": "Solo"}"#)) == [])
    }

    @Test func aDeeplyNestedDocumentIsNotSampledAndDoesNotCrash() throws {
        // 100,000 levels: decoded and freed, it took the stack past its end (the browser's first
        // screen crashed choosing a model for it).
        let depth = 100_000
        let text = String(repeating: #"{"name":"#, count: depth) + "1" + String(repeating: "}", count: depth)
        let document = try JSONDocument(text, options: JSONParseOptions(maxDepth: 200_000))
        #expect(ModelBinding.sample(in: document) == nil)
        var registry = ModelRegistry()
        registry.register(Person.self)
        #expect(registry.bestMatch(for: document) == nil)
        // A shallow one is still sampled.
        let shallow = try JSONDocument(#"{"name": "A", "age": 3, "gender": "male"}"#)
        #expect(registry.bestMatch(for: shallow)?.name == "Person")
    }
}
