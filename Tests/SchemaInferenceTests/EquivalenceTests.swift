import LosslessJSON
import SchemaInference
import Testing

/// One inferrer, or several over parts of the samples merged in order (how `schema infer --lines`
/// uses the cores), give one schema.
@Suite("Inferring the same samples another way")
struct EquivalenceTests {
    /// Random documents, numbers spelled every way (`1.0`, `1e3`, `-0`, `2.5e-1`) and tagged
    /// objects so that tag groups, maps and enums are all in play.
    func samples(seed: Int) -> [JSONValue] {
        var random = SeededRandom(seed: UInt64(seed) &* 104_729)
        var samples = (0..<(2 + random.below(60))).map { _ in RandomDocument.value(&random, depth: 0) }
        for i in 0..<random.below(30) {
            let spelled = ["1.0", "1e3", "-0", "2.5e-1", "7", "-12", "1E2", "0.5"][i % 8]
            samples.append(try! JSONValue(parsing: #"{"kind": "\#(["a", "b"][i % 2])", "n": \#(spelled), "m": {"k\#(i % 5)": \#(i)}}"#))
        }
        return samples
    }

    @Test(arguments: 0..<120) func partsMergedInOrderInferWhatOnePassDoes(seed: Int) throws {
        let samples = samples(seed: seed)
        let whole = SchemaInferrer()
        for sample in samples { whole.add(sample) }
        var random = SeededRandom(seed: UInt64(seed))
        let cut = random.below(samples.count + 1)
        let first = SchemaInferrer()
        let second = SchemaInferrer()
        for sample in samples[..<cut] { first.add(sample) }
        for sample in samples[cut...] { second.add(sample) }
        first.merge(second)
        // Members, required names, enum values and branches may come in another order (a group's
        // members settle after the other parts' were seen); what they say is the same.
        let merged = Self.unordered(first.schema())
        let expected = Self.unordered(whole.schema())
        #expect(merged == expected, "seed \(seed), cut at \(cut) of \(samples.count): \(JSONWriter.serialize(merged)) vs \(JSONWriter.serialize(expected))")
        #expect(first.samples == whole.samples)
    }

    /// Samples read from their text (scanned into the inferrer's tape, escapes and all) and from
    /// their values (laid out) give the same schema, in the same order.
    @Test(arguments: 0..<120) func textAndValuesInferTheSameSchema(seed: Int) throws {
        let samples = samples(seed: seed)
        let fromValues = SchemaInferrer()
        let fromText = SchemaInferrer()
        for (index, sample) in samples.enumerated() {
            fromValues.add(sample)
            var text = JSONWriter.serialize(sample, style: index % 2 == 0 ? .minified : .pretty)
            try text.withUTF8 { try fromText.add(parsing: $0) }
        }
        #expect(JSONWriter.serialize(fromText.schema()) == JSONWriter.serialize(fromValues.schema()), "seed \(seed)")
        #expect(fromText.samples == fromValues.samples)
    }

    /// A text that is not JSON is refused with the parser's error, and no sample is taken.
    @Test func aTextThatIsNotJSONIsRefusedAndNotCounted() {
        let inferrer = SchemaInferrer()
        var text = #"{"a": [1, 2,]}"#
        #expect(throws: JSONParseError.self) {
            try text.withUTF8 { try inferrer.add(parsing: $0) }
        }
        #expect(inferrer.samples == 0)
    }

    /// A schema with its objects' members sorted by key and its lists whose order means nothing
    /// (`required`, `enum`, `type`, `anyOf`, `oneOf`) sorted by their text.
    static func unordered(_ schema: JSONValue, under key: String? = nil) -> JSONValue {
        switch schema {
        case .object(let object):
            return .object(JSONObject(object.members.sorted { $0.key < $1.key }.map { ($0.key, unordered($0.value, under: $0.key)) }))
        case .array(let elements):
            let inner = elements.map { unordered($0) }
            guard let key, ["required", "enum", "type", "anyOf", "oneOf"].contains(key) else { return .array(inner) }
            return .array(inner.sorted { JSONWriter.serialize($0) < JSONWriter.serialize($1) })
        default:
            return schema
        }
    }
}
