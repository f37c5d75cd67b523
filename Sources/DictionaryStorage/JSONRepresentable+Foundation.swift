import Foundation
import LosslessJSON

extension Decimal: JSONRepresentable {
    /// Reads the number's literal exactly (no binary rounding).
    public init?(json: JSONValue, options: FieldOptions) {
        switch json {
        case .number(let number):
            guard let value = Decimal(string: number.literal, locale: Locale(identifier: "en_US_POSIX")) else { return nil }
            self = value
        case .string(let text) where options.lenient:
            guard let number = JSONNumber(literal: text.trimmingSpaces),
                let value = Decimal(string: number.literal, locale: Locale(identifier: "en_US_POSIX"))
            else { return nil }
            self = value
        default: return nil
        }
    }
    public func json(options: FieldOptions) -> JSONValue {
        guard let number = JSONNumber(literal: NSDecimalNumber(decimal: self).description(withLocale: Locale(identifier: "en_US_POSIX"))) else {
            return .null
        }
        return .number(number)
    }
    public static var fieldType: FieldType { .double("Decimal") }
}

extension URL: JSONRepresentable {
    public init?(json: JSONValue, options: FieldOptions) {
        guard case .string(let text) = json, !text.isEmpty, let url = URL(string: text) else { return nil }
        self = url
    }
    public func json(options: FieldOptions) -> JSONValue { .string(absoluteString) }
    public static var fieldType: FieldType { .string }
}

extension UUID: JSONRepresentable {
    public init?(json: JSONValue, options: FieldOptions) {
        guard case .string(let text) = json, let uuid = UUID(uuidString: text) else { return nil }
        self = uuid
    }
    public func json(options: FieldOptions) -> JSONValue { .string(uuidString) }
    public static var fieldType: FieldType { .string }
}

extension Data: JSONRepresentable {
    /// Base64 text (the only strategy for data).
    public init?(json: JSONValue, options: FieldOptions) {
        guard case .string(let text) = json, let data = Data(base64Encoded: text) else { return nil }
        self = data
    }
    public func json(options: FieldOptions) -> JSONValue { .string(base64EncodedString()) }
    public static var fieldType: FieldType { .string }
}

extension Date: JSONRepresentable {
    /// Reads the field's strategy (ISO 8601 by default, with or without fractional seconds).
    public init?(json: JSONValue, options: FieldOptions) {
        let strategy = options.strategy ?? .iso8601
        switch (strategy, json) {
        case (.secondsSince1970, _), (.millisecondsSince1970, _), (.deferredToDate, _):
            // A timestamp is a number, or a string holding one (`"1686950333"`) as some APIs send it.
            guard let seconds = Self.timestamp(json) else { return nil }
            switch strategy {
            case .millisecondsSince1970: self = Date(timeIntervalSince1970: seconds / 1000)
            case .deferredToDate: self = Date(timeIntervalSinceReferenceDate: seconds)
            default: self = Date(timeIntervalSince1970: seconds)
            }
        case (.iso8601, .string(let text)), (.iso8601WithFractionalSeconds, .string(let text)):
            guard let date = DateFormats.parseISO8601(text, rfc3339: false) else { return nil }
            self = date
        case (.rfc3339, .string(let text)):
            guard let date = DateFormats.parseISO8601(text, rfc3339: true) else { return nil }
            self = date
        case (.yearMonthDay, .string(let text)):
            guard let date = DateFormats.parseYearMonthDay(text) else { return nil }
            self = date
        case (.rfc2822, .string(let text)):
            guard let date = DateFormats.parseRFC2822(text) else { return nil }
            self = date
        default:
            return nil
        }
    }

    /// The number a timestamp holds, from a number or a string of one.
    private static func timestamp(_ json: JSONValue) -> Double? {
        switch json {
        case .number(let number): return number.approximateDouble
        case .string(let text): return JSONNumber(literal: text).map(\.approximateDouble)
        default: return nil
        }
    }

    /// A timestamp stored as a string of its number is written back as one.
    public func json(options: FieldOptions, over old: JSONValue) -> JSONValue {
        let new = json(options: options)
        guard case .string = old, case .number(let number) = new else { return new }
        let value = number.approximateDouble
        // Whole seconds as the integer they are ("1700000000", not "1700000000.0").
        if value == value.rounded(), abs(value) < 1e15 { return .string(String(Int64(value))) }
        return .string(number.literal)
    }

    public func json(options: FieldOptions) -> JSONValue {
        switch options.strategy ?? .iso8601 {
        case .secondsSince1970: return Double(timeIntervalSince1970).json(options: options)
        case .millisecondsSince1970: return (timeIntervalSince1970 * 1000).rounded().json(options: options)
        case .deferredToDate: return timeIntervalSinceReferenceDate.json(options: options)
        case .iso8601, .rfc3339, .base64: return .string(DateFormats.iso8601(self, fractional: false))
        case .iso8601WithFractionalSeconds: return .string(DateFormats.iso8601(self, fractional: true))
        case .yearMonthDay: return .string(DateFormats.yearMonthDay(self))
        case .rfc2822: return .string(DateFormats.rfc2822(self))
        }
    }

    public static var fieldType: FieldType { .date }
}

/// Date spellings, computed with the proleptic Gregorian calendar in UTC (no formatter objects).
enum DateFormats {
    /// Days since 1970-01-01 for a civil date (Howard Hinnant's algorithm).
    static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The civil date of a day count since 1970-01-01.
    static func civil(days z0: Int) -> (year: Int, month: Int, day: Int) {
        let z = z0 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    static func daysInMonth(_ year: Int, _ month: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    private static func number(_ bytes: [UInt8], _ start: Int, _ count: Int) -> Int? {
        guard start + count <= bytes.count else { return nil }
        var value = 0
        for i in start..<(start + count) {
            let digit = Int(bytes[i]) - 48
            guard digit >= 0, digit <= 9 else { return nil }
            value = value * 10 + digit
        }
        return value
    }

    /// `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)`; RFC 3339 also allows ' ' or 't' and 'z'.
    static func parseISO8601(_ text: String, rfc3339: Bool) -> Date? {
        let b = Array(text.utf8)
        guard b.count >= 20, let year = number(b, 0, 4), b[4] == 45, let month = number(b, 5, 2), b[7] == 45,
            let day = number(b, 8, 2)
        else { return nil }
        let separator = b[10]
        guard separator == 84 || (rfc3339 && (separator == 116 || separator == 32)) else { return nil }
        guard let hour = number(b, 11, 2), b[13] == 58, let minute = number(b, 14, 2), b[16] == 58,
            let second = number(b, 17, 2)
        else { return nil }
        guard (1...12).contains(month), day >= 1, day <= daysInMonth(year, month), hour < 24, minute < 60, second <= 60
        else { return nil }
        var i = 19
        var fraction = 0.0
        if i < b.count, b[i] == 46 {
            i += 1
            var scale = 0.1
            let start = i
            while i < b.count, b[i] >= 48, b[i] <= 57 {
                fraction += Double(b[i] - 48) * scale
                scale /= 10
                i += 1
            }
            guard i > start else { return nil }
        }
        guard i < b.count else { return nil }
        var offset = 0
        if b[i] == 90 || (rfc3339 && b[i] == 122) {
            i += 1
        } else if b[i] == 43 || b[i] == 45 {
            // `+01:00`, or `+0100` as many servers (and the kits' RFC 3339 formatters) write it.
            let colon = i + 3 < b.count && b[i + 3] == 58
            guard let oh = number(b, i + 1, 2), let om = number(b, i + (colon ? 4 : 3), 2), oh < 24, om < 60 else { return nil }
            offset = (oh * 3600 + om * 60) * (b[i] == 45 ? -1 : 1)
            i += colon ? 6 : 5
        } else {
            return nil
        }
        guard i == b.count else { return nil }
        let seconds = days(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    static func parseYearMonthDay(_ text: String) -> Date? {
        let b = Array(text.utf8)
        guard b.count == 10, let year = number(b, 0, 4), b[4] == 45, let month = number(b, 5, 2), b[7] == 45,
            let day = number(b, 8, 2), (1...12).contains(month), day >= 1, day <= daysInMonth(year, month)
        else { return nil }
        return Date(timeIntervalSince1970: Double(days(year: year, month: month, day: day) * 86_400))
    }

    static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    static let dayNames = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]  // 1970-01-01 was a Thursday

    /// `[Day, ]DD Mon YYYY HH:MM[:SS] (+HHMM|-HHMM|GMT|UT|Z)`.
    static func parseRFC2822(_ text: String) -> Date? {
        var parts = text.split(separator: " ").map(String.init)
        if let first = parts.first, first.hasSuffix(",") { parts.removeFirst() }
        guard parts.count == 5, let day = Int(parts[0]), let monthIndex = monthNames.firstIndex(of: parts[1]),
            let year = Int(parts[2])
        else { return nil }
        let time = parts[3].split(separator: ":").compactMap { Int($0) }
        guard time.count == 2 || time.count == 3, day >= 1, day <= daysInMonth(year, monthIndex + 1) else { return nil }
        let zone = parts[4]
        var offset = 0
        if zone == "GMT" || zone == "UT" || zone == "Z" {
            offset = 0
        } else if zone.count == 5, let sign = zone.first, sign == "+" || sign == "-", let hhmm = Int(zone.dropFirst()) {
            offset = (hhmm / 100 * 3600 + hhmm % 100 * 60) * (sign == "-" ? -1 : 1)
        } else {
            return nil
        }
        let seconds = days(year: year, month: monthIndex + 1, day: day) * 86_400 + time[0] * 3600 + time[1] * 60
            + (time.count == 3 ? time[2] : 0) - offset
        return Date(timeIntervalSince1970: Double(seconds))
    }

    private static func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
    private static func four(_ n: Int) -> String { String(repeating: "0", count: max(0, 4 - String(n).count)) + String(n) }

    private static func split(_ date: Date) -> (days: Int, seconds: Int, fraction: Double) {
        let t = date.timeIntervalSince1970
        let whole = t.rounded(.down)
        let total = Int(whole)
        let days = total >= 0 ? total / 86_400 : (total - 86_399) / 86_400
        return (days, total - days * 86_400, t - whole)
    }

    static func iso8601(_ date: Date, fractional: Bool) -> String {
        let (d, s, f) = split(date)
        let (y, m, day) = civil(days: d)
        var text = "\(four(y))-\(two(m))-\(two(day))T\(two(s / 3600)):\(two(s / 60 % 60)):\(two(s % 60))"
        if fractional {
            let millis = min(999, Int((f * 1000).rounded()))
            text += "." + String(repeating: "0", count: 3 - String(millis).count) + String(millis)
        }
        return text + "Z"
    }

    static func yearMonthDay(_ date: Date) -> String {
        let (y, m, d) = civil(days: split(date).days)
        return "\(four(y))-\(two(m))-\(two(d))"
    }

    static func rfc2822(_ date: Date) -> String {
        let (d, s, _) = split(date)
        let (y, m, day) = civil(days: d)
        let weekday = dayNames[((d % 7) + 7) % 7]
        return "\(weekday), \(two(day)) \(monthNames[m - 1]) \(four(y)) \(two(s / 3600)):\(two(s / 60 % 60)):\(two(s % 60)) +0000"
    }
}
