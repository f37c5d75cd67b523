import LosslessJSON
@_spi(SchemaGraph) @testable import JSONSchema
import Testing

/// How deep evaluation may go: along a deep value as far as the value goes (within a bound the
/// large stack holds), but a schema that refers to itself at one value is caught.
@Suite("Evaluation depth")
struct DepthTests {
    /// A recursive schema: every `a` holds an object like its parent, or a number.
    static let recursive = ##"{"$defs": {"n": {"anyOf": [{"type": "number"}, {"type": "object", "properties": {"a": {"$ref": "#/$defs/n"}}}]}}, "$ref": "#/$defs/n"}"##

    static func nestedText(_ depth: Int, leaf: String = "1") -> String {
        String(repeating: #"{"a":"#, count: depth) + leaf + String(repeating: "}", count: depth)
    }

    static func nested(_ depth: Int, leaf: String = "1") throws -> JSONDocument {
        try JSONDocument(nestedText(depth, leaf: leaf), options: JSONParseOptions(maxDepth: 100_000))
    }

    @Test func aDeepValueAgainstARecursiveSchemaGetsItsOwnVerdict() throws {
        let schema = try JSONSchema(text: Self.recursive)
        // 5,000 levels took the evaluator past its old bound of 4,000 and were called a schema that
        // "refers to itself"; each level here is three evaluations deep (anyOf, the branch, $ref).
        #expect(schema.validate(try Self.nested(5_000)).isValid)
        #expect(!schema.isValid(try Self.nested(5_000, leaf: #""x""#)))
        // (Every level of an invalid deep value has an error with its whole path: its report is
        // as large as the square of the depth, so its words are checked on a shallower one.)
        let invalid = schema.validate(try Self.nested(300, leaf: #""x""#))
        #expect(!invalid.isValid)
        #expect(!invalid.errors.isEmpty && !invalid.errors.contains { $0.message.contains("refers to itself") })
    }

    @Test func aValueTooDeepForTheBoundIsUndecidedAndASelfReferenceIsCaughtOnce() throws {
        let schema = try JSONSchema(text: Self.recursive)
        // 24,000 evaluations: past the bound of 20,000. Valid, but not known to be: no verdict.
        let deep = schema.validate(try Self.nested(8_000))
        #expect(!deep.isValid && deep.errors.isEmpty)
        #expect(deep.undecided.map(\.message).contains { $0.contains("nests too deeply to check") }, "\(deep.undecided)")
        // On a caller's stack the bound is 200 evaluations: 200 levels (600 evaluations) pass it.
        let tooDeep = schema.errors(of: schema.root, for: try JSONValue(parsing: Self.nestedText(200), options: JSONParseOptions(maxDepth: 1_000)), collecting: true)
        #expect(!tooDeep.valid)
        #expect(tooDeep.errors.contains { $0.message.contains("nests too deeply to check") }, "\(tooDeep.errors.prefix(2))")
        // A loop through allOf, anyOf and oneOf back to itself at one value: found on its first
        // turn (it once went 4,000 levels deep, for every branch), and no verdict is given.
        let loop = try JSONSchema(text: ##"{"$defs": {"a": {"allOf": [{"$ref": "#/$defs/b"}]}, "b": {"anyOf": [{"$ref": "#/$defs/c"}]}, "c": {"oneOf": [{"$ref": "#/$defs/a"}]}}, "$ref": "#/$defs/a"}"##)
        let looped = loop.validate(try JSONDocument("1"))
        #expect(!looped.isValid && looped.errors.isEmpty)
        #expect(looped.undecided.count == 1)
        #expect(looped.undecided.first?.message.contains("refers to itself at this value") == true, "\(looped.undecided)")
    }
}

/// A schema thousands of levels deep loads and checks (its locations share their pointers: the
/// load once took time and memory growing with the square of the depth — 4,000 levels, 55 s and
/// 800 MB in a debug build; `Benchmarks/Scripts/schema_depth.py` measures the growth).
@Suite("Deep schemas")
struct DeepSchemaTests {
    @Test func aSchemaFiveThousandLevelsDeepLoadsAndChecks() throws {
        let depth = 5_000
        let schemaText = String(repeating: #"{"required": ["a"], "properties": {"a": "#, count: depth) + #"{"type": "integer"}"# + String(repeating: "}}", count: depth)
        let schema = try JSONSchema(text: schemaText)
        let options = JSONParseOptions(maxDepth: 100_000)
        let valid = try JSONDocument(String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth), options: options)
        let invalid = try JSONDocument(String(repeating: #"{"a":"#, count: depth) + #""x""# + String(repeating: "}", count: depth), options: options)
        #expect(schema.validate(valid).isValid)
        let report = schema.validate(invalid)
        #expect(!report.isValid && report.undecided.isEmpty)
        #expect(report.errors.count == 1)
        #expect(report.errors.first?.instancePath.components.count == depth)
        // Its absolute location is made when the message asks for it, and names the whole pointer.
        #expect(report.errors.first?.absoluteKeywordLocation.hasSuffix(String(repeating: "/properties/a", count: depth) + "/type") == true)
    }
}

/// Nested applicators that reach one definition along many paths: each definition is applied once
/// per value, so the cost stays linear where it once doubled with every level.
@Suite("Evaluation cost")
struct EvaluationCostTests {
    /// Levels `L1`…`Ln`, each reaching the one below four times (two anyOf branches, oneOf, allOf).
    static func doubling(_ levels: Int, reference: String = "$ref", dialect: String = "https://json-schema.org/draft/2020-12/schema") -> String {
        var definitions = [#""L0": {"type": "integer", "minimum": 5}"#]
        for k in 1...levels {
            let below = ##"{"\##(reference)": "#/$defs/L\##(k - 1)"}"##
            definitions.append(##""L\##(k)": {"anyOf": [\##(below), {"allOf": [\##(below)]}], "oneOf": [\##(below), {"type": "string"}]}"##)
        }
        return ##"{"$schema": "\##(dialect)", "$defs": {\##(definitions.joined(separator: ", "))}, "$ref": "#/$defs/L\##(levels)"}"##
    }

    @Test func nestedApplicatorsThroughReferencesAreLinear() throws {
        // 2^48 paths to L0: without remembering outcomes this would not end.
        let schema = try JSONSchema(text: Self.doubling(24))
        #expect(schema.validate(try JSONDocument("7")).isValid)
        let invalid = schema.validate(try JSONDocument("3"))
        #expect(!invalid.isValid && invalid.undecided.isEmpty)
        // The explanation doubles with every level too: it is cut at a thousand errors, and says so.
        #expect(invalid.errors.count == Evaluator.maxErrors + 1)
        #expect(invalid.errors.last?.message.contains("the rest are not shown") == true)
        let few = schema.validate(try JSONDocument("3")).errors.filter { $0.keyword == "minimum" }
        #expect(!few.isEmpty)
    }

    @Test func aCheckPastItsBudgetGivesNoVerdict() throws {
        // `$dynamicRef` makes an outcome depend on the path taken, so nothing is remembered: the
        // doubling runs until the budget is spent, and then the answer is "too complex to decide".
        let schema = try JSONSchema(text: Self.doubling(30, reference: "$dynamicRef"))
        let report = schema.validate(try JSONDocument("3"))
        #expect(!report.isValid && report.errors.isEmpty)
        #expect(report.undecided.first?.message.hasPrefix("too complex to decide: more than") == true, "\(report.undecided)")
        #expect(!schema.isValid(try JSONDocument("7")))
    }
}
