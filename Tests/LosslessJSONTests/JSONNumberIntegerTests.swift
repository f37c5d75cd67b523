import LosslessJSON
import Testing

/// `JSONNumber.isInteger`: a whole number whatever its spelling — its plain-digits fast path and
/// the normalizing one must agree (schema inference counts integers by it).
@Suite("JSONNumber.isInteger")
struct JSONNumberIntegerTests {
    @Test func wholeNumbersInEverySpellingAndFractionsInNone() throws {
        let whole = ["0", "-0", "7", "-45", "12345678901234567890123", "1.0", "-2.000", "1e3", "1E+2", "2.5e1", "1e400", "10e-1", "0.1e1"]
        let fractions = ["1.5", "-0.5", "1e-2", "1e-400", "123.4567"]
        for text in whole {
            let number = try #require(JSONNumber(literal: text), "\(text)")
            #expect(number.isInteger, "\(text) is whole")
        }
        for text in fractions {
            let number = try #require(JSONNumber(literal: text), "\(text)")
            #expect(!number.isInteger, "\(text) is not whole")
        }
        // JSON5's spellings go the normalizing way: hex and a plus sign are whole, Infinity is not.
        for (text, expected) in [("0x1F", true), ("+3", true), ("+3.5", false), ("Infinity", false)] {
            guard case .number(let number) = try JSONValue(parsing: Array(text.utf8), options: JSONParseOptions(syntax: .json5)) else {
                Issue.record("\(text) is not a number")
                continue
            }
            #expect(number.isInteger == expected, "\(text)")
        }
    }
}
