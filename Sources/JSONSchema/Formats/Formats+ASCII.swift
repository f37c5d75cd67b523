/// Format checks as bytes where the text is ASCII (the same rules as `Formats`' general paths,
/// without the cost of `Character`: schema inference checks every string it sees), and the checks
/// as other modules call them.
extension Formats {
    /// A hostname of ASCII bytes checked as bytes (the same rules as below, without the cost of
    /// `Character`); nil when the text is not all ASCII.
    static func isASCIIHostname(_ bytes: String.UTF8View) -> Bool? {
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
}

/// The format checks `validate --assert-format` makes, for other modules (schema inference claims a
/// format only when every sample passes the same check).
public enum FormatCheck {
    /// Whether a string is valid for a format (a format keepsake does not check: true).
    public static func holds(_ format: String, _ value: String) -> Bool { Formats.check(format, value) }
}
