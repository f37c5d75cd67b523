/// JSON5's spellings of numbers (`0x1F`, `.5`, `5.`, `+1`, `Infinity`, `NaN`), read as the values
/// they are.
extension JSONNumber {

    /// The value spelled as an RFC 8259 number: the literal itself, or — for a JSON5 spelling —
    /// the same value in JSON's (`0x1F` → `31`, `.5` → `0.5`, `+1` → `1`, `5.` → `5`); nil for
    /// `Infinity` and `NaN`, which JSON cannot spell.
    public var jsonLiteral: String? {
        if Self.isJSONSpelling(literal.utf8) { return literal }
        let bytes = literal.utf8
        guard let first = bytes.first else { return literal }
        var rest = Substring(literal)
        var sign = ""
        if first == UInt8(ascii: "+") || first == UInt8(ascii: "-") {
            rest = rest.dropFirst()
            if first == UInt8(ascii: "-") { sign = "-" }
        }
        let restBytes = Array(rest.utf8)
        guard let lead = restBytes.first else { return literal }
        if lead == UInt8(ascii: "I") || lead == UInt8(ascii: "N") { return nil }
        if restBytes.count > 2, lead == UInt8(ascii: "0"), restBytes[1] | 0x20 == UInt8(ascii: "x") {
            return sign + Self.decimalDigits(ofHex: restBytes.dropFirst(2))
        }
        var body = restBytes
        if lead == UInt8(ascii: ".") { body.insert(UInt8(ascii: "0"), at: 0) }
        if let dot = body.firstIndex(of: UInt8(ascii: ".")), dot + 1 == body.count || !(body[dot + 1] &- 0x30 < 10) {
            body.remove(at: dot)  // "5." and "5.e3"
        }
        if first != UInt8(ascii: "+"), body == restBytes { return literal }
        return sign + String(decoding: body, as: UTF8.self)
    }

    /// Whether a literal the parser accepted is spelled as JSON spells numbers (one pass, no
    /// allocation): it starts with a digit or '-' and a digit, holds no 'x', and a point in it is
    /// followed by a digit.
    private static func isJSONSpelling(_ bytes: String.UTF8View) -> Bool {
        var previous: UInt8 = 0
        var position = 0
        for byte in bytes {
            let digit = byte &- 0x30 < 10
            if position == 0 ? !(digit || byte == UInt8(ascii: "-")) : (position == 1 && previous == UInt8(ascii: "-") && !digit) { return false }
            if byte | 0x20 == UInt8(ascii: "x") || (previous == UInt8(ascii: ".") && !digit) { return false }
            previous = byte
            position += 1
        }
        return previous != UInt8(ascii: ".")
    }

    /// Whether the literal is JSON5's `NaN`.
    var isNaN: Bool { literal.hasSuffix("NaN") }

    /// Hexadecimal digits as decimal ones, of any length.
    static func decimalDigits(ofHex hex: some Collection<UInt8>) -> String {
        // Base 10^9 limbs, least significant first.
        var limbs: [UInt64] = [0]
        for c in hex {
            let digit = UInt64(c <= UInt8(ascii: "9") ? c - 0x30 : (c | 0x20) - 0x61 + 10)
            var carry = digit
            for i in limbs.indices {
                let value = limbs[i] * 16 + carry
                limbs[i] = value % 1_000_000_000
                carry = value / 1_000_000_000
            }
            if carry > 0 { limbs.append(carry) }
        }
        var text = String(limbs[limbs.count - 1])
        for limb in limbs.dropLast().reversed() {
            let part = String(limb)
            text += String(repeating: "0", count: 9 - part.count) + part
        }
        return text
    }
}

extension JSONNumber {
    /// Positive infinity, which JSON cannot spell and JSON5 and YAML can (`Infinity`, `.inf`).
    public static let infinity = JSONNumber(validated: "Infinity")
    /// Negative infinity (`-Infinity`, `-.inf`).
    public static let negativeInfinity = JSONNumber(validated: "-Infinity")
    /// Not a number (`NaN`, `.nan`).
    public static let notANumber = JSONNumber(validated: "NaN")
}
