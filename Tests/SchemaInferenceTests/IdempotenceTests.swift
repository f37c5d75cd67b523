import LosslessJSON
import SchemaInference
import Testing

/// Idempotence: examples made from an inferred schema — every branch, enum value, format, optional
/// member present and absent, map and tag — give the same schema when inferred from again.
@Suite("Inferring from a schema's own examples")
struct IdempotenceTests {
    @Test(arguments: 0..<150) func theExamplesOfAnInferredSchemaInferTheSameSchema(seed: Int) throws {
        var random = SeededRandom(seed: UInt64(seed) &* 7919)
        let samples = (0..<(2 + random.below(40))).map { _ in RandomDocument.value(&random, depth: 0) }
        let first = SchemaInferrer()
        for sample in samples { first.add(sample) }
        let schema = first.schema()
        var examples = SchemaExamples(seed: UInt64(seed))
        let again = SchemaInferrer()
        for _ in 0..<2_000 { again.add(examples.value(for: schema, at: "")) }
        let same = again.schema() == schema
        #expect(same, "seed \(seed): \(JSONWriter.serialize(schema)) became \(JSONWriter.serialize(again.schema()))")
    }

    /// The forms each on their own: a tagged union, a map, formats, an enum with null, numbers.
    @Test func eachFormInfersItselfAgain() throws {
        let inferrer = SchemaInferrer()
        for i in 0..<30 {
            let tag = ["click", "key", "scroll"][i % 3]
            let extra = tag == "click" ? #""x": \#(i), "y": \#(i)"# : tag == "key" ? #""code": "K\#(i)""# : #""delta": \#(Double(i) + 0.5)"#
            let text = #"{"type": "\#(tag)", "at": "2026-11-2\#(i % 10)T10:00:00Z", "level": \#(i % 4 == 0 ? "null" : #""\#(["low", "high"][i % 2])""#), "counts": {\#((0..<40).map { #""k\#($0 + i)": \#($0)"# }.joined(separator: ", "))}, \#(extra)}"#
            inferrer.add(try JSONValue(parsing: text))
        }
        let schema = inferrer.schema()
        var examples = SchemaExamples(seed: 1)
        let again = SchemaInferrer()
        for _ in 0..<2_000 { again.add(examples.value(for: schema, at: "")) }
        let same = again.schema() == schema
        #expect(same, "\(JSONWriter.serialize(schema)) became \(JSONWriter.serialize(again.schema()))")
    }
}

/// Makes values a schema of the inferred forms takes, cycling through each place's branches and
/// enum values (a counter per place) and leaving optional members out at random, so that together
/// they show everything the schema says.
struct SchemaExamples {
    var random: SeededRandom
    var counters: [String: Int] = [:]

    init(seed: UInt64) { random = SeededRandom(seed: seed) }

    /// The next count at a place.
    private mutating func next(_ place: String) -> Int {
        defer { counters[place, default: 0] += 1 }
        return counters[place, default: 0]
    }

    mutating func value(for schema: JSONValue, at place: String) -> JSONValue {
        guard case .object(let node) = schema else { return .null }
        if case .array(let branches)? = node["anyOf"] {
            let branch = next(place + "|") % branches.count
            return value(for: branches[branch], at: place + "|\(branch)")
        }
        var types: [String] = []
        switch node["type"] {
        case .string(let type)?: types = [type]
        case .array(let list)?: types = list.compactMap { if case .string(let type) = $0 { type } else { nil } }
        default: return .null  // `{}`: no value was ever seen here (the items of empty arrays)
        }
        let type = types[next(place + "#type") % types.count]
        // Each kind counts its own turns, so its choices do not follow the choice of kind.
        let turn = next(place + "#" + type)
        switch type {
        case "null": return .null
        case "boolean": return .bool(turn % 2 == 0)
        case "integer": return .number(JSONNumber(turn))
        case "number": return .number(turn % 2 == 0 ? JSONNumber(floatLiteral: Double(turn) + 0.5) : JSONNumber(turn))
        case "string": return .string(string(node, turn))
        case "array":
            guard let items = node["items"], items != .object([:]) else { return .array([]) }
            return .array((0..<(1 + turn % 3)).map { _ in value(for: items, at: place + "[]") })
        default: return .object(object(node, place: place, turn: turn))
        }
    }

    private func string(_ node: JSONObject, _ turn: Int) -> String {
        if case .array(let values)? = node["enum"] {
            let strings = values.compactMap { if case .string(let text) = $0 { text } else { nil } }
            return strings[turn % strings.count]
        }
        let hex = String(turn % 4096, radix: 16)
        switch node["format"] {
        case "date-time"?: return "2026-01-\(10 + turn % 18)T10:00:0\(turn % 10)Z"
        case "date"?: return "2026-02-\(10 + turn % 18)"
        case "time"?: return "10:00:0\(turn % 10)Z"
        case "email"?: return "user\(turn)@example.com"
        case "uri"?: return "https://example.com/\(turn)"
        case "uuid"?: return "123e4567-e89b-42d3-a456-\(String(repeating: "0", count: 12 - hex.count))\(hex)"
        case "ipv4"?: return "10.0.\(turn / 256 % 256).\(turn % 256)"
        case "ipv6"?: return "2001:db8::\(hex)"
        default: return "text \(turn)"  // a new value each time: never an enum, never a format
        }
    }

    private mutating func object(_ node: JSONObject, place: String, turn: Int) -> JSONObject {
        if let values = node["additionalProperties"] {
            // Each key cycles through the values' branches on its own, so every key holds every kind.
            return JSONObject((0..<40).map { ("key\($0)", value(for: values, at: place + "{}\($0)")) })
        }
        if case .array(let branches)? = node["oneOf"] {
            guard case .object(let branch) = branches[turn % branches.count] else { return [:] }
            return members(branch, place: place + "<\(turn % branches.count)>")
        }
        return members(node, place: place)
    }

    private mutating func members(_ node: JSONObject, place: String) -> JSONObject {
        guard case .object(let properties)? = node["properties"] else { return [:] }
        let required = Set((node["required"]?.arrayValue ?? []).compactMap { if case .string(let key) = $0 { key } else { nil } })
        // The first object at a place holds every member, so they are first seen in the schema's
        // order; the second holds only the required ones, so the others are seen to be optional.
        let turn = next(place + "#members")
        var result: [(String, JSONValue)] = []
        for member in properties.members {
            let (key, schema) = (member.key, member.value)
            guard turn == 0 || required.contains(key) || (turn > 1 && random.below(3) != 0) else { continue }
            if case .string(let tag)? = schema.objectValue?["const"] {
                result.append((key, .string(tag)))
            } else {
                result.append((key, value(for: schema, at: place + "." + key)))
            }
        }
        return JSONObject(result)
    }
}
