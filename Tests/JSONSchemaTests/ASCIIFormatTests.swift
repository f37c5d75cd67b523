@testable import JSONSchema
import Testing

/// The byte checks of dates and times (what schema inference runs on every string) must say what
/// the `Character` checks say, on valid forms and on each of them broken.
@Suite("Date and time formats as bytes")
struct ASCIIFormatTests {
    static let valid = [
        "2026-11-28T10:00:00Z", "2026-11-28t10:00:00z", "1990-12-31T23:59:60Z", "1990-12-31T15:59:60-08:00", "2024-02-29T00:00:00.123+05:30",
        "2023-02-29T00:00:00Z", "2026-13-01T00:00:00Z", "2026-11-28T24:00:00Z", "2026-11-28T10:60:00Z", "2026-11-28T10:00:61Z",
        "2026-11-28T10:00:00", "2026-11-28 10:00:00Z", "2026-11-28T10:00:00.Z", "2026-11-28T10:00:00+5:30", "2026-11-28T10:00:00+24:00",
        "2026-11-28T10:00:60Z", "2026-11-28T10:00:00+05:60", "26-11-28T10:00:00Z", "2026-1-28T10:00:00Z", "2026-11-28T1:00:00Z",
        "2026-11-28", "10:00:00Z", "23:59:60Z", "12:00:00.5-01:00", "2000-02-29", "1900-02-29", "2026-04-31", "", "T", "2026-11-28T",
    ]

    /// Each text, then each with every byte in turn replaced by each of `replacements`, or left out.
    static func broken(_ texts: [String], by replacements: String) -> [String] {
        var all = texts
        for text in texts {
            let bytes = Array(text.utf8)
            for index in bytes.indices {
                for replacement in replacements.utf8 {
                    var changed = bytes
                    changed[index] = replacement
                    all.append(String(decoding: changed, as: UTF8.self))
                }
                all.append(String(decoding: bytes[..<index] + bytes[(index + 1)...], as: UTF8.self))
            }
        }
        return all
    }

    @Test func theByteChecksAgreeWithTheCharacterChecks() {
        for text in Self.valid + Self.broken(Array(Self.valid.prefix(5)), by: "0:9-+.Tz") {
            #expect(Formats.isASCIIDateTime(text) == Formats.isAnyDateTime(text), "date-time \(text)")
            #expect(Formats.ascii(text, Formats.isASCIIDate) == Formats.isDate(Substring(text)), "date \(text)")
            #expect(Formats.ascii(text, Formats.isASCIITime) == Formats.isTime(Substring(text)), "time \(text)")
        }
    }

    static let emails = [
        "u1@example.com", "a.b+c@x-y.example.org", "\"quoted local\"@example.com", ".a@example.com", "a.@example.com", "a..b@example.com",
        "a@b@example.com", "@example.com", "a@", "a", "a@-example.com", "a@example-.com", "a@ab--cd.com", "a@xn--bcher-kva.example", "a@[127.0.0.1]",
        "!#$%&'*+-/=?^_`{|}~@example.com", "a b@example.com", "a@exa mple.com", "a@" + String(repeating: "x", count: 64) + ".com",
    ]

    @Test func theEmailByteCheckAgreesWithTheCharacterCheck() {
        for text in Self.emails + Self.broken(Array(Self.emails.prefix(3)), by: "@.-\" x[") {
            for international in [false, true] {
                #expect(Formats.isEmail(text, international: international) == Formats.isAnyEmail(text, international: international), "\(text) (international: \(international))")
            }
        }
    }

    @Test func textThatIsNotASCIIIsLeftToTheCharacterChecks() {
        #expect(Formats.isASCIIDateTime("2026-11-28T10:00:00Ｚ") == nil)
        #expect(!Formats.check("date-time", "２026-11-28T10:00:00Z"))
        #expect(Formats.check("date-time", "2026-11-28T10:00:00Z"))
    }
}
