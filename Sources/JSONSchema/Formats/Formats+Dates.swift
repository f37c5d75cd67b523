/// RFC 3339's dates, times and date-times, and ISO 8601 durations, by `Character` (ASCII text is
/// checked as bytes first: `Formats+ASCII`).
extension Formats {
    private static func number(_ text: Substring, digits: Int) -> Int? {
        guard text.count == digits, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(text)
    }

    static func isDate(_ text: Substring) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, let year = number(parts[0], digits: 4), let month = number(parts[1], digits: 2),
            let day = number(parts[2], digits: 2), (1...12).contains(month)
        else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        return (1...days).contains(day)
    }

    /// A full time with its offset; a leap second only where it falls at 23:59:60 UTC.
    static func isTime(_ text: Substring) -> Bool {
        let upper = text.uppercased()
        var rest = Substring(upper)
        var offsetMinutes = 0
        if rest.hasSuffix("Z") {
            rest = rest.dropLast()
        } else if let sign = rest.lastIndex(where: { $0 == "+" || $0 == "-" }) {
            let offset = rest[rest.index(after: sign)...].split(separator: ":", omittingEmptySubsequences: false)
            guard offset.count == 2, let hours = number(offset[0], digits: 2), let minutes = number(offset[1], digits: 2),
                hours < 24, minutes < 60
            else { return false }
            offsetMinutes = (hours * 60 + minutes) * (rest[sign] == "-" ? -1 : 1)
            rest = rest[..<sign]
        } else {
            return false
        }
        if let dot = rest.firstIndex(of: ".") {
            let fraction = rest[rest.index(after: dot)...]
            guard !fraction.isEmpty, fraction.allSatisfy({ $0.isASCII && $0.isNumber }) else { return false }
            rest = rest[..<dot]
        }
        let parts = rest.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3, let hour = number(parts[0], digits: 2), let minute = number(parts[1], digits: 2),
            let second = number(parts[2], digits: 2), hour < 24, minute < 60, second <= 60
        else { return false }
        if second == 60 {
            let utc = ((hour * 60 + minute - offsetMinutes) % 1440 + 1440) % 1440
            return utc == 23 * 60 + 59
        }
        return true
    }

    static func isDateTime(_ text: String) -> Bool {
        isASCIIDateTime(text) ?? isAnyDateTime(text)
    }

    /// `isDateTime` by `Character`, for text that is not all ASCII.
    static func isAnyDateTime(_ text: String) -> Bool {
        guard let separator = text.firstIndex(where: { $0 == "T" || $0 == "t" }) else { return false }
        return isDate(text[..<separator]) && isTime(text[text.index(after: separator)...])
    }

    /// ISO 8601 durations as RFC 3339's appendix A writes them: P1Y2M3DT4H5M6S, P2W, PT0.5S.
    static func isDuration(_ text: String) -> Bool {
        guard text.hasPrefix("P"), text.count > 1 else { return false }
        var rest = Substring(text.dropFirst())
        if rest.hasSuffix("W") {
            let weeks = rest.dropLast()
            return !weeks.isEmpty && weeks.allSatisfy { $0.isASCII && $0.isNumber }
        }
        func units(_ part: Substring, order: [Character]) -> Bool {
            var remaining = order[...]
            var digits = ""
            var any = false
            for character in part {
                if character.isASCII && character.isNumber {
                    digits.append(character)
                    continue
                }
                guard !digits.isEmpty, let position = remaining.firstIndex(of: character) else { return false }
                remaining = remaining[(position + 1)...]
                digits = ""
                any = true
            }
            return digits.isEmpty && any
        }
        var time: Substring?
        if let t = rest.firstIndex(of: "T") {
            time = rest[rest.index(after: t)...]
            rest = rest[..<t]
        }
        if !rest.isEmpty, !units(rest, order: ["Y", "M", "D"]) { return false }
        if let time, !units(time, order: ["H", "M", "S"]) { return false }
        return !rest.isEmpty || time != nil
    }
}
