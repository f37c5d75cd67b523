import Foundation
import JSONSchema
import LosslessJSON
import SchemaInference
import Testing

/// Schemas inferred from samples: sound on every sample, and saying what the samples share.
@Suite("Inferring schemas")
struct SchemaInferenceTests {
    func infer(_ samples: [String]) throws -> JSONValue {
        let inferrer = SchemaInferrer()
        for sample in samples { inferrer.add(try JSONValue(parsing: sample)) }
        return inferrer.schema()
    }

    /// The schema compiled, with formats asserted, so a claimed format is checked too.
    func compiled(_ schema: JSONValue) throws -> JSONSchema {
        try JSONSchema(text: JSONWriter.serialize(schema), options: JSONSchema.Options(assertFormat: true))
    }

    func at(_ schema: JSONValue, _ path: String...) -> JSONValue? {
        var value: JSONValue? = schema
        for key in path {
            switch value {
            case .object(let object)?: value = object[key]
            case .array(let array)?: value = Int(key).flatMap { $0 < array.count ? array[$0] : nil }
            default: return nil
            }
        }
        return value
    }

    @Test func requiredOptionalNullableAndIntegerOrNumber() throws {
        let schema = try infer([
            #"{"id": 1, "name": "a", "score": 1.5, "note": null}"#,
            #"{"id": 2, "name": "b", "score": 2, "note": "x"}"#,
            #"{"id": 3, "name": "c", "score": 3}"#,
        ])
        #expect(at(schema, "$schema") == "https://json-schema.org/draft/2020-12/schema")
        #expect(at(schema, "type") == "object")
        #expect(at(schema, "required") == ["id", "name", "score"])
        #expect(at(schema, "properties", "id") == ["type": "integer"])
        #expect(at(schema, "properties", "score") == ["type": "number"])
        #expect(at(schema, "properties", "note") == ["type": ["string", "null"]])
    }

    @Test func aFormatIsClaimedOnlyWhenEverySamplePassesItsStrictCheck() throws {
        let dates = try infer([#"{"d": "2026-11-27", "t": "2026-11-27T10:00:00Z", "u": "1b4e28ba-2fa1-11d2-883f-0016d3cca427"}"#,
                               #"{"d": "2024-02-29", "t": "2025-01-01T00:00:00+01:00", "u": "6fa459ea-ee8a-3ca4-894e-db77e160355e"}"#])
        #expect(at(dates, "properties", "d", "format") == "date")
        #expect(at(dates, "properties", "t", "format") == "date-time")
        #expect(at(dates, "properties", "u", "format") == "uuid")
        // One date that is no date (2023 is no leap year): no format.
        let wrong = try infer([#"{"d": "2026-11-27"}"#, #"{"d": "2023-02-29"}"#])
        #expect(at(wrong, "properties", "d", "format") == nil)
        let emails = try infer([#""a@example.com""#, #""b@example.org""#])
        #expect(at(emails, "format") == "email")
    }

    @Test func aSmallSetOfStringsSeenManyTimesIsAnEnumAndNamesAreNot() throws {
        let genders = ["female", "male", "other"]
        let samples = (0..<30).map { #"{"name": "person \#($0)", "gender": "\#(genders[$0 % 3])"}"# }
        let schema = try infer(samples)
        #expect(at(schema, "properties", "gender", "enum") == ["female", "male", "other"])
        #expect(at(schema, "properties", "name", "enum") == nil)
        // Seen too few times to tell a set from a list: no enum.
        #expect(at(try infer([#""a""#, #""b""#]), "enum") == nil)
    }

    @Test func manyKeysHoldingOneKindAreAMap() throws {
        let members = (0..<50).map { #""pkg-\#($0)": "^1.\#($0).0""# }.joined(separator: ", ")
        let schema = try infer(["{\"dependencies\": {\(members)}}"])
        #expect(at(schema, "properties", "dependencies", "additionalProperties") == ["type": "string"])
        #expect(at(schema, "properties", "dependencies", "properties") == nil)
        // A few keys are properties, as written.
        let few = try infer([#"{"a": 1, "b": 2}"#])
        #expect(at(few, "properties", "a") == ["type": "integer"])
    }

    @Test func objectsTaggedByAMemberAreAOneOfFixingEachTag() throws {
        let schema = try infer([
            #"{"type": "click", "x": 1, "y": 2}"#,
            #"{"type": "key", "code": "A"}"#,
            #"{"type": "click", "x": 3, "y": 4, "button": "left"}"#,
            #"{"type": "scroll", "dy": -3.5}"#,
        ])
        #expect(at(schema, "type") == "object")
        guard case .array(let branches)? = at(schema, "oneOf") else {
            Issue.record("no oneOf: \(JSONWriter.serialize(schema))")
            return
        }
        #expect(branches.count == 3)
        #expect(at(branches[0], "properties", "type") == ["const": "click"])
        #expect(at(branches[0], "required") == ["type", "x", "y"])
        #expect(at(branches[1], "properties", "type") == ["const": "key"])
        #expect(at(branches[2], "properties", "dy") == ["type": "number"])
        // Two string members (so the root does not hand its objects to one tag's groups alone),
        // and groups whose only string member is the tag: each branch still has all its members.
        let two = try infer([
            #"{"type": "click", "source": "mouse", "x": 1}"#, #"{"type": "key", "source": "keyboard", "code": 65}"#,
            #"{"type": "click", "source": "mouse", "x": 2}"#, #"{"type": "key", "source": "keyboard", "code": 66}"#,
        ])
        guard case .array(let both)? = at(two, "oneOf") else {
            Issue.record("no oneOf: \(JSONWriter.serialize(two))")
            return
        }
        #expect(both.map { at($0, "required") } == [["type", "source", "x"], ["type", "source", "code"]])
        // A member with few values whose objects all look alike is no tag.
        let plain = try infer([#"{"status": "on", "n": 1}"#, #"{"status": "off", "n": 2}"#])
        #expect(at(plain, "oneOf") == nil)
    }

    @Test func arraysOfRecordsAndMixedKinds() throws {
        let schema = try infer([#"{"items": [{"sku": "a", "qty": 1}, {"sku": "b", "qty": 2, "gift": true}], "mixed": [1, "two", null]}"#])
        #expect(at(schema, "properties", "items", "items", "required") == ["sku", "qty"])
        #expect(at(schema, "properties", "items", "items", "properties", "gift") == ["type": "boolean"])
        guard case .array(let kinds)? = at(schema, "properties", "mixed", "items", "anyOf") else {
            Issue.record("no anyOf for mixed kinds")
            return
        }
        #expect(kinds == [["type": "integer"], ["type": "string"], ["type": "null"]])
    }

    /// Soundness: every sample of random documents — nested objects, arrays, every kind, tags,
    /// dates, repeated strings — validates against the schema inferred from them.
    @Test(arguments: 0..<150) func everySampleValidatesAgainstItsInferredSchema(seed: Int) throws {
        var random = SeededRandom(seed: UInt64(seed))
        let samples = (0..<(1 + Int(random.next() % 40))).map { _ in RandomDocument.value(&random, depth: 0) }
        let inferrer = SchemaInferrer()
        for sample in samples { inferrer.add(sample) }
        let schema = try compiled(inferrer.schema())
        for sample in samples {
            let document = try JSONDocument(JSONWriter.serialize(sample))
            #expect(schema.isValid(document), "seed \(seed): \(JSONWriter.serialize(sample)) against \(JSONWriter.serialize(inferrer.schema()))")
        }
    }

    /// Keys and values are told apart by their code points, as JSON Schema compares them: `"é"`
    /// and `"e\u{301}"` (equal as Swift strings) are two properties and two enum values, so a
    /// sample holding either validates.
    @Test func keysAndValuesSpelledWithOtherCodePointsAreKeptApart() throws {
        let composed = "\u{E9}"
        let decomposed = "e\u{301}"
        let samples = (0..<12).map { i in
            JSONValue.object(JSONObject([(i % 2 == 0 ? composed : decomposed, .number(JSONNumber(i))), ("v", .string(i / 2 % 2 == 0 ? composed : decomposed))]))
        }
        let inferrer = SchemaInferrer()
        for sample in samples { inferrer.add(sample) }
        let inferred = inferrer.schema()
        guard case .object(let properties)? = at(inferred, "properties") else {
            Issue.record("no properties: \(JSONWriter.serialize(inferred))")
            return
        }
        #expect(properties.keys.map { Array($0.unicodeScalars) } == [Array(composed.unicodeScalars), ["v"], Array(decomposed.unicodeScalars)])
        guard case .array(let values)? = at(inferred, "properties", "v", "enum") else {
            Issue.record("no enum: \(JSONWriter.serialize(inferred))")
            return
        }
        #expect(values.count == 2)
        let schema = try compiled(inferred)
        for sample in samples {
            #expect(schema.isValid(try JSONDocument(JSONWriter.serialize(sample))), "\(JSONWriter.serialize(sample))")
        }
    }

    /// A recursive document with candidate tags at every level (a tree of rules: `type`, `op` and
    /// `name` each take a few values) once made tag groups within groups with no end — the copies
    /// grew as the candidates to the power of the depth. It is inferred now, and soundly.
    @Test func aRecursiveTreeWithTagsAtEveryLevelIsInferredSoundly() throws {
        var random = SeededRandom(seed: 42)
        func node(_ depth: Int) -> JSONValue {
            let type = ["rule", "leaf", "group"][random.below(3)]
            var members: [(String, JSONValue)] = [("type", .string(type)), ("op", .string(["and", "or", "not"][random.below(3)])), ("name", .string(["a", "b", "c", "d"][random.below(4)]))]
            if depth > 0 { members.append(("children", .array((0..<2).map { _ in node(depth - 1) }))) }
            if type == "leaf" { members.append(("value", .number(JSONNumber(random.below(100))))) }
            return .object(JSONObject(members))
        }
        let samples = (0..<10).map { _ in node(9) }
        let inferrer = SchemaInferrer()
        for sample in samples { inferrer.add(sample) }
        let schema = try compiled(inferrer.schema())
        for sample in samples {
            #expect(schema.isValid(try JSONDocument(JSONWriter.serialize(sample))))
        }
    }

    /// Nesting past 256 levels is described by kind alone: still sound, and bounded.
    @Test func deepNestingIsCutAtItsLimitAndStaysSound() throws {
        let depth = 300
        let text = String(repeating: #"{"a": ["#, count: depth) + "1" + String(repeating: "]}", count: depth)
        let inferrer = SchemaInferrer()
        inferrer.add(try JSONValue(parsing: text, options: JSONParseOptions(maxDepth: 1_000)))
        #expect(inferrer.reachedDepthLimit)
        let schema = try compiled(inferrer.schema())
        #expect(schema.isValid(try JSONDocument(text, options: JSONParseOptions(maxDepth: 1_000))))
        let shallow = SchemaInferrer()
        shallow.add(try JSONValue(parsing: #"{"a": [1]}"#))
        #expect(!shallow.reachedDepthLimit)
    }

    /// The browser's model leaves out a kind seen rarely where another is the rule, so the rare
    /// value stands out; a kind too common to be a mistake, and `null`, stay.
    @Test func outliersAreLeftOutOnlyWhenAskedAndOnlyWhenRare() throws {
        let inferrer = SchemaInferrer()
        for age in 0..<19 { inferrer.add(try JSONValue(parsing: #"{"age": \#(age), "nick": null}"#)) }
        inferrer.add(try JSONValue(parsing: #"{"age": "high", "nick": "z"}"#))
        #expect(at(inferrer.schema(), "properties", "age", "anyOf") == [["type": "integer"], ["type": "string"]])
        let model = inferrer.schema(outliers: .leftOut)
        #expect(at(model, "properties", "age") == ["type": "integer"])
        // One string among 20 values (19 of them null) is no outlier: too few values to tell.
        #expect(at(model, "properties", "nick") == ["type": ["string", "null"]])
        let outlier = try JSONDocument(#"{"age": "high", "nick": "z"}"#)
        #expect(!(try compiled(model)).isValid(outlier))
        // Two strings in ten ages (20%) are a second kind, not a mistake.
        let mixed = SchemaInferrer()
        for age in 0..<8 { mixed.add(try JSONValue(parsing: #"{"age": \#(age)}"#)) }
        for _ in 0..<2 { mixed.add(try JSONValue(parsing: #"{"age": "high"}"#)) }
        #expect(at(mixed.schema(outliers: .leftOut), "properties", "age", "anyOf") == [["type": "integer"], ["type": "string"]])
    }

    @Test func noSampleTakesAnything() {
        #expect(SchemaInferrer().schema() == ["$schema": "https://json-schema.org/draft/2020-12/schema"])
        #expect(SchemaInferrer().samples == 0)
    }
}

/// A small deterministic generator (SplitMix64).
struct SeededRandom {
    var state: UInt64
    init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}

/// Random JSON values shaped like data: objects from a few key sets (some tagged), strings from
/// small sets, dates and free text, numbers of both kinds.
enum RandomDocument {
    static let keys = ["id", "name", "type", "kind", "value", "tags", "when", "meta", "count", "score"]
    static let words = ["red", "green", "blue", "x", "", "ünï", "a b"]

    static func value(_ random: inout SeededRandom, depth: Int) -> JSONValue {
        switch random.below(depth > 3 ? 6 : 9) {
        case 0: return .null
        case 1: return .bool(random.below(2) == 0)
        case 2: return .number(JSONNumber(random.below(2000) - 1000))
        case 3: return .number(JSONNumber(floatLiteral: Double(random.below(10_000)) / 7))
        case 4: return .string(words[random.below(words.count)])
        case 5: return .string(random.below(2) == 0 ? "2026-0\(1 + random.below(9))-1\(random.below(10))" : "free text \(random.next())")
        case 6, 7:
            var members: [(String, JSONValue)] = []
            if random.below(2) == 0 { members.append(("type", .string(["a", "b", "c"][random.below(3)]))) }
            for key in keys.shuffled(using: &random).prefix(random.below(5)) where key != "type" {
                members.append((key, value(&random, depth: depth + 1)))
            }
            return .object(JSONObject(members))
        default:
            return .array((0..<random.below(5)).map { _ in value(&random, depth: depth + 1) })
        }
    }
}

extension SeededRandom: RandomNumberGenerator {}
