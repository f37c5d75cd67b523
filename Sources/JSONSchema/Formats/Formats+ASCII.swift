/// Format checks as bytes where the text is ASCII (the same rules as `Formats`' general paths,
/// without the cost of `Character`: schema inference checks every string it sees), and the checks
/// as other modules call them.
extension Formats {
    /// A hostname of ASCII bytes checked as bytes (the same rules as below, without the cost of
    /// `Character`); nil when the text is not all ASCII.
    static func isASCIIHostname(_ bytes: some Collection<UInt8>) -> Bool? {
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
        guard bytes.count <= 253 else { return false }
        var label: [UInt8] = []
        func labelHolds() -> Bool {
            guard !label.isEmpty, label.count <= 63, label.first != UInt8(ascii: "-"), label.last != UInt8(ascii: "-") else { return false }
            if label.count >= 4, label[2] == UInt8(ascii: "-"), label[3] == UInt8(ascii: "-"),
                !((label[0] | 0x20) == UInt8(ascii: "x") && (label[1] | 0x20) == UInt8(ascii: "n"))
            {
                return false
            }
            return true
        }
        for byte in bytes {
            if byte == UInt8(ascii: ".") {
                guard labelHolds() else { return false }
                label.removeAll(keepingCapacity: true)
                continue
            }
            let isAlphanumeric = (byte >= 0x30 && byte <= 0x39) || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A)
            guard isAlphanumeric || byte == UInt8(ascii: "-") else { return false }
            label.append(byte)
        }
        return labelHolds()
    }

    /// An email address of ASCII bytes checked as bytes (the rules of `isEmail`); nil when the text
    /// is not all ASCII or its domain is an address literal (`[…]`, left to the general check).
    static func isASCIIEmail(_ text: String) -> Bool? {
        let verdict = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool? in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            guard let at = bytes.lastIndex(of: UInt8(ascii: "@")) else { return false }
            let local = bytes[..<at]
            let domain = bytes[(at + 1)...]
            guard !local.isEmpty, !domain.isEmpty else { return false }
            if domain.first == UInt8(ascii: "["), domain.last == UInt8(ascii: "]") { return nil }
            let quote = UInt8(ascii: "\""), dot = UInt8(ascii: ".")
            if !(local.first == quote && local.last == quote && local.count >= 2) {
                guard local.first != dot, local.last != dot else { return false }
                var previous: UInt8 = 0
                for byte in local {
                    let isAlphanumeric = (byte >= 0x30 && byte <= 0x39) || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A)
                    guard isAlphanumeric || (byte == dot && previous != dot) || Self.atext.contains(byte) else { return false }
                    previous = byte
                }
            }
            return isASCIIHostname(domain)
        }
        return verdict ?? nil
    }

    /// The symbols RFC 5322's `atext` allows in a local part besides letters and digits.
    private static let atext = Array("!#$%&'*+-/=?^_`{|}~".utf8)

    /// An RFC 3339 date-time of ASCII bytes checked as bytes (the rules of `isDateTime`); nil when
    /// the text is not all ASCII.
    static func isASCIIDateTime(_ text: String) -> Bool? {
        ascii(text) { bytes in
            guard let separator = bytes.firstIndex(where: { $0 | 0x20 == UInt8(ascii: "t") }) else { return false }
            return isASCIIDate(bytes[..<separator]) && isASCIITime(bytes[(separator + 1)...])
        }
    }

    /// A check of a text's bytes, or nil when the text is not all ASCII (or not contiguous).
    static func ascii(_ text: String, _ check: (Slice<UnsafeBufferPointer<UInt8>>) -> Bool) -> Bool? {
        text.utf8.withContiguousStorageIfAvailable { bytes -> Bool? in
            bytes.allSatisfy { $0 < 0x80 } ? check(bytes[...]) : nil
        } ?? nil
    }

    /// `yyyy-mm-dd`, a day the month has.
    static func isASCIIDate(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        guard bytes.count == 10 else { return false }
        let s = bytes.startIndex
        guard bytes[s + 4] == UInt8(ascii: "-"), bytes[s + 7] == UInt8(ascii: "-"),
            let year = digits(bytes, s, 4), let month = digits(bytes, s + 5, 2), let day = digits(bytes, s + 8, 2), (1...12).contains(month)
        else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        return (1...days).contains(day)
    }

    /// `hh:mm:ss[.fraction]` then `Z` or `±hh:mm`; a leap second only at 23:59:60 UTC.
    static func isASCIITime(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        var end = bytes.endIndex
        var offsetMinutes = 0
        if let last = bytes.last, last | 0x20 == UInt8(ascii: "z") {
            end -= 1
        } else if let sign = bytes.lastIndex(where: { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") }) {
            guard end - sign == 6, bytes[sign + 3] == UInt8(ascii: ":"), let hours = digits(bytes, sign + 1, 2), let minutes = digits(bytes, sign + 4, 2),
                hours < 24, minutes < 60
            else { return false }
            offsetMinutes = (hours * 60 + minutes) * (bytes[sign] == UInt8(ascii: "-") ? -1 : 1)
            end = sign
        } else {
            return false
        }
        if let dot = bytes[..<end].firstIndex(of: UInt8(ascii: ".")) {
            guard dot + 1 < end, bytes[(dot + 1)..<end].allSatisfy({ $0 &- 0x30 < 10 }) else { return false }
            end = dot
        }
        let s = bytes.startIndex
        guard end - s == 8, bytes[s + 2] == UInt8(ascii: ":"), bytes[s + 5] == UInt8(ascii: ":"),
            let hour = digits(bytes, s, 2), let minute = digits(bytes, s + 3, 2), let second = digits(bytes, s + 6, 2),
            hour < 24, minute < 60, second <= 60
        else { return false }
        if second == 60 {
            let utc = ((hour * 60 + minute - offsetMinutes) % 1440 + 1440) % 1440
            return utc == 23 * 60 + 59
        }
        return true
    }

    /// The number `count` ASCII digits from `start` spell, or nil when one is not a digit.
    private static func digits(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, _ start: Int, _ count: Int) -> Int? {
        var value = 0
        for index in start..<(start + count) {
            let digit = bytes[index] &- 0x30
            guard digit < 10 else { return nil }
            value = value * 10 + Int(digit)
        }
        return value
    }
}

/// The format checks `validate --assert-format` makes, for other modules (schema inference claims a
/// format only when every sample passes the same check).
public enum FormatCheck {
    /// Whether a string is valid for a format (a format keepsake does not check: true).
    public static func holds(_ format: String, _ value: String) -> Bool { Formats.check(format, value) }
}
