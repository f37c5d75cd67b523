@_spi(SchemaGraph) @testable import JSONSchema
import LosslessJSON
import Testing

/// When ICU gives up on a pattern (its backtracking stack or time limit), the answer is "undecided",
/// never "does not match" — and a pattern that needs no backtracking never reaches ICU: its
/// automaton answers in time linear in the value.
@Suite("Patterns the engine cannot decide")
struct PatternLimitTests {
    /// `^(?:a|b)*$` on a million characters that match: ICU runs out of backtracking stack.
    static let long = String(repeating: "ab", count: 500_000)

    /// A lookahead: ICU's alone, and it runs out of backtracking stack on `long`.
    static let undecidable = "^(?:(?=a)a|b)*$"

    @Test func icuGivingUpIsNoAnswerAndTheAutomatonDecides() throws {
        let regex = try ECMARegex.compile("^(?:a|b)*$")
        #expect(regex.simple == nil)  // a group: not the small matcher's
        #expect(regex.matchesWithICU(Self.long) == nil)
        // The automaton decides what ICU could not, both ways.
        #expect(regex.linear != nil)
        #expect(regex.matches(Self.long) == true)
        #expect(regex.matches(Self.long + "c") == false)
        let lookahead = try ECMARegex.compile(Self.undecidable)
        #expect(lookahead.linear == nil && lookahead.matches(Self.long) == nil)
        #expect(regex.matchesWithICU(String(Self.long.prefix(2_000))) == true)
        #expect(regex.matchesWithICU(String(Self.long.prefix(2_000)) + "c") == false)
    }

    @Test func anUndecidedValueIsReportedAsUndecidedNotAsInvalid() throws {
        let schema = try JSONSchema(text: #"{"pattern": "^(?:(?=a)a|b)*$"}"#)
        let report = schema.validate(try JSONDocument(JSONWriter.quoted(Self.long)))
        #expect(!report.isValid)
        #expect(report.undecided.count == 1)
        #expect(report.undecided.first?.message.contains("could not be checked against the pattern") == true)
        #expect(report.errors.allSatisfy { !$0.message.contains("does not match") }, "\(report.errors)")
        #expect(!schema.isValid(try JSONDocument(JSONWriter.quoted(Self.long))))
        // Under `not`, an undecided pattern would turn into a wrong "valid": it stays undecided.
        let negated = try JSONSchema(text: #"{"not": {"pattern": "^(?:(?=a)a|b)*$"}}"#)
        let negatedReport = negated.validate(try JSONDocument(JSONWriter.quoted(Self.long)))
        #expect(!negatedReport.isValid && negatedReport.undecided.count == 1)
        // Decided values are unaffected.
        #expect(schema.validate(try JSONDocument(#""abab""#)).isValid)
        #expect(schema.validate(try JSONDocument(#""abc""#)).undecided.isEmpty)
    }

    @Test func anUndecidedKeyPatternIsReportedToo() throws {
        let schema = try JSONSchema(text: #"{"patternProperties": {"^(?:(?=a)a|b)*$": {"type": "integer"}}, "additionalProperties": false}"#)
        let document = try JSONDocument("{" + JSONWriter.quoted(Self.long) + ": 1}")
        let report = schema.validate(document)
        #expect(!report.isValid)
        #expect(report.undecided.count >= 1)
    }

    @Test func theBrowsersCheckerShowsAnUndecidedPatternAsAProblem() throws {
        let schema = try JSONSchema(text: #"{"properties": {"s": {"pattern": "^(?:(?=a)a|b)*$"}}}"#)
        let document = try JSONDocument(#"{"s": "# + JSONWriter.quoted(Self.long) + "}")
        let checker = SchemaChecker(schema, name: "s")
        let problems = checker.problems(in: document)
        #expect(problems.count == 1)
        #expect(problems.first?.message.contains("could not be checked against the pattern") == true)
        // Checked again after an edit at .s: still said.
        let again = checker.problems(in: document, changedAt: try JSONPath(parsing: ".s"), before: problems)
        #expect(again.map(\.message) == problems.map(\.message))
    }
}
