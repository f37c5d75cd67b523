import Foundation
@_spi(SchemaGraph) @testable import JSONSchema
import Testing

/// The small pattern matcher answers exactly as ICU (through the ECMA translation) does, on the
/// patterns it takes, and leaves every other pattern to ICU.
@Suite("Simple patterns agree with ICU")
struct SimplePatternTests {
    static let patterns = [
        "^[a-z0-9]+$", "^[0-9]+ ", "^(?!x)", "a", "^a", "a$", "^$", "", "^.*$", ".", "^.$", "\\d{3}-\\d{4}", "^\\w+@\\w+\\.[a-z]{2,}$",
        "^[^ ]*$", "\\s", "\\S+", "\\D", "\\W", "^[A-Z][a-z]*(ing)?$", "a{2}", "a{2,}", "a{1,3}b", "a*?b", "a+?", "x?y??z", "[]", "[^]",
        "^[\\d.-]+$", "[\\-a]", "^\\$\\.\\^$", "\\u00e9", "^\\u{1F600}$", "[\\u0041-\\u0043]+", "\\x41", "^[é-ö]+$", "😀", "^.{2}$",
        "\\t", "^[\\s\\d]+$", "^a*a*a*a*a*b$", "\\.", "[.]", "\\/", "^\\p{L}+$", "\\bword\\b", "(a|b)+",
    ]
    static let inputs = [
        "", "a", "b", "ab", "aab", "aaab", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "abc", "abc123", "ABC", "Abc", "Testing", "x", "xy", "xz",
        "y", "z", "123 Main", "123Main", " 123 ", "555-1234", "5551234", "ada@example.com", "a@b.c", "a b", "a\tb", "a\nb", "\n", "\r",
        "\u{2028}", "é", "ö", "éö", "😀", "a😀", "😀😀", "$.^", "1.5-2", "-", "A", "ABCD", "\u{A0}", "\u{3000}", "\u{FEFF}", "word", "a word!",
        "/", ".", "wordy", "\u{1F600}", "ééé", "x\u{0301}", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab",
    ]

    @Test func theSmallMatcherAgreesWithICUWhereItApplies() throws {
        var covered = 0
        for pattern in Self.patterns {
            let regex = try ECMARegex.compile(pattern)
            guard let simple = regex.simple else { continue }
            covered += 1
            for input in Self.inputs {
                let expected = regex.matchesWithICU(input)
                #expect(simple.matches(ScalarArrayInput(scalars: input.unicodeScalars.map(\.value))) == expected, "\(pattern) on \(input.debugDescription)")
                if input.utf8.allSatisfy({ $0 < 0x80 }) {
                    let ascii = Array(input.utf8).withUnsafeBufferPointer { simple.matches(ASCIIInput(bytes: $0)) }
                    #expect(ascii == expected, "\(pattern) on ASCII \(input.debugDescription)")
                }
            }
        }
        #expect(covered >= 38)
    }

    /// Patterns with what only the automaton (of the two matchers) reads: groups, alternation,
    /// quantified groups, `\b`, empty loops, anchors inside groups.
    static let automatonPatterns = [
        "(a|b)+", "^(a|b)*$", "^(?:a|b)*c$", "(ab)+", "^(ab){2}$", "^(ab){1,2}$", "^(a|ab)(c|bcd)(d*)$", "\\bword\\b", "\\Bor\\B",
        "^[A-Z][a-z]*(ing)?$", "(a*)*b", "(a+)+$", "(a|a)*b", "^(?:x|)y$", "a(b|c|)d", "(^a|b$)", "^(é|ö)+$", "(😀|a){2}", "^(?:\\d{3}-)?\\d{4}$",
        "^(([a-z])+.)+[A-Z]([a-z])+$", "x*y*z*", "^(?:)$", "a|^$", "(?:a{2,3}){2}",
    ]

    @Test func theAutomatonAgreesWithICU() throws {
        var covered = 0
        var icuGaveUp = 0
        for pattern in Self.patterns + Self.automatonPatterns {
            let regex = try ECMARegex.compile(pattern)
            guard let linear = regex.linear else { continue }
            covered += 1
            for input in Self.inputs + ["abab", "ababc", "abcd", "abcdd", "ay", "y", "ad", "acd", "123-4567", "Abc.Def", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaac"] {
                // ICU gives up (past its time limit) on the catastrophic ones: nothing to compare.
                guard let expected = regex.matchesWithICU(input) else {
                    icuGaveUp += 1
                    continue
                }
                #expect(linear.matches(ScalarArrayInput(scalars: input.unicodeScalars.map(\.value))) == expected, "\(pattern) on \(input.debugDescription)")
            }
        }
        #expect(covered >= 60)
        #expect(icuGaveUp > 0 && icuGaveUp < 10)
        // Lookaround, backreferences and properties stay ICU's.
        for pattern in ["^(?!x)", "(a)\\1", "^\\p{L}+$", "(?<=a)b", "(?=a)"] {
            #expect(try ECMARegex.compile(pattern).linear == nil, "\(pattern)")
        }
    }

    @Test func catastrophicPatternsTakeLinearTime() throws {
        // Each takes a backtracking engine exponential or polynomial time on a near miss.
        let nearMiss = String(repeating: "a", count: 100_000) + "!"
        for pattern in ["^(a+)+$", "^(a|a)*$", "^(a|aa)*$", "^(a*)*$", "a*a*a*a*a*a*b", "^(?:a?){30}a{30}$"] {
            let regex = try ECMARegex.compile(pattern)
            let clock = ContinuousClock()
            let start = clock.now
            #expect(regex.matches(nearMiss) == false, "\(pattern)")
            // Generous for a shared machine and a debug build; exponential time would not end.
            #expect(clock.now - start < .seconds(20), "\(pattern)")
        }
    }

    @Test func groupsAlternationLookaroundAndPropertiesAreLeftToICU() throws {
        for pattern in ["(a|b)+", "^(?!x)", "\\bword\\b", "^\\p{L}+$", "^[A-Z][a-z]*(ing)?$"] {
            #expect(try ECMARegex.compile(pattern).simple == nil, "\(pattern)")
        }
        #expect(throws: ECMARegexError.self) { try ECMARegex.compile("a{,2}") }
    }
}
