import LosslessJSON

/// YAML 1.2's core schema (§10.3): what a plain scalar without a tag is.
public enum YAMLCoreSchema {
    /// A plain scalar's value: null, a boolean, a number, or its text.
    public static func resolve(_ text: String) -> JSONValue {
        switch text {
        case "", "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        default: break
        }
        if let number = integer(text) ?? float(text) { return .number(number) }
        return .string(text)
    }

    /// `[-+]?[0-9]+`, `0o[0-7]+` or `0x[0-9a-fA-F]+`, as a JSON number.
    public static func integer(_ text: String) -> JSONNumber? {
        let bytes = Array(text.utf8)
        if bytes.count > 2, bytes[0] == UInt8(ascii: "0"), bytes[1] == UInt8(ascii: "o") || bytes[1] == UInt8(ascii: "x") {
            let base = bytes[1] == UInt8(ascii: "o") ? 8 : 16
            var digits: [Int] = []
            for byte in bytes[2...] {
                guard let digit = digitValue(byte), digit < base else { return nil }
                digits.append(digit)
            }
            return JSONNumber(literal: decimal(digits, base: base))
        }
        var rest = bytes[...]
        var negative = false
        if let sign = rest.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
            negative = sign == UInt8(ascii: "-")
            rest = rest.dropFirst()
        }
        guard !rest.isEmpty, rest.allSatisfy({ $0 &- 0x30 < 10 }) else { return nil }
        let trimmed = rest.drop { $0 == UInt8(ascii: "0") }
        return JSONNumber(literal: (negative ? "-" : "") + (trimmed.isEmpty ? "0" : String(decoding: trimmed, as: UTF8.self)))
    }

    /// `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`, `[-+]?\.inf` or `.nan` (in the three
    /// casings the schema names), as a JSON number (JSON5's `Infinity` and `NaN` for those).
    public static func float(_ text: String) -> JSONNumber? {
        switch text {
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .infinity
        case "-.inf", "-.Inf", "-.INF": return .negativeInfinity
        case ".nan", ".NaN", ".NAN": return .notANumber
        default: break
        }
        var rest = Substring(text)
        var sign = ""
        if let first = rest.first, first == "-" || first == "+" {
            if first == "-" { sign = "-" }
            rest = rest.dropFirst()
        }
        var mantissa = rest
        var exponent = ""
        if let e = rest.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            mantissa = rest[..<e]
            exponent = String(rest[e...])
            let digits = exponent.dropFirst().drop { $0 == "+" || $0 == "-" }
            guard exponent.dropFirst().prefix(1).allSatisfy({ $0 == "+" || $0 == "-" || $0.isASCII && $0.isNumber }),
                !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), exponent.dropFirst().filter({ $0 == "+" || $0 == "-" }).count <= 1
            else { return nil }
        }
        let parts = mantissa.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let whole = parts[0]
        let fraction = parts.count > 1 ? parts[1] : nil
        guard whole.allSatisfy({ $0.isASCII && $0.isNumber }), fraction?.allSatisfy({ $0.isASCII && $0.isNumber }) ?? true,
            !whole.isEmpty || !(fraction ?? "").isEmpty
        else { return nil }
        let integerPart = whole.drop { $0 == "0" }
        var literal = sign + (integerPart.isEmpty ? "0" : String(integerPart))
        if let fraction { literal += "." + (fraction.isEmpty ? "0" : String(fraction)) }
        return JSONNumber(literal: literal + exponent)
    }

    private static func digitValue(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - 0x30)
        case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(byte - 0x61 + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(byte - 0x41 + 10)
        default: nil
        }
    }

    /// Digits in a base, in decimal (any length: a decimal digit array multiplied and added).
    private static func decimal(_ digits: [Int], base: Int) -> String {
        var result: [Int] = [0]  // least significant first
        for digit in digits {
            var carry = digit
            for index in result.indices {
                let value = result[index] * base + carry
                result[index] = value % 10
                carry = value / 10
            }
            while carry > 0 {
                result.append(carry % 10)
                carry /= 10
            }
        }
        while result.count > 1, result.last == 0 { result.removeLast() }
        return String(result.reversed().map { Character(String($0)) })
    }
}
