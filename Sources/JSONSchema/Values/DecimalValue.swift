import BigInt
import LosslessJSON

/// A JSON number's exact value, from its literal: sign × digits × 10^exponent, never a `Double`.
/// `1.0`, `1` and `1e0` are one value; `1e400` is a number like any other.
@_spi(SchemaGraph) public struct DecimalValue: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The sign (false for zero).
    let negative: Bool
    /// The significant digits, without leading or trailing zeros (empty for zero).
    let digits: [UInt8]
    /// The power of ten the digits are multiplied by.
    let exponent: Int

    /// The value of a number literal (JSON's grammar; anything else is zero).
    init(literal: String) {
        var negative = false
        var integer: [UInt8] = []
        var fraction: [UInt8] = []
        var exponent = 0
        var exponentNegative = false
        var part = 0
        for byte in literal.utf8 {
            switch byte {
            case UInt8(ascii: "-"): if part == 2 { exponentNegative = true } else { negative = true }
            case UInt8(ascii: "+"): break
            case UInt8(ascii: "."): part = 1
            case UInt8(ascii: "e"), UInt8(ascii: "E"): part = 2
            default:
                let digit = byte &- 0x30
                guard digit < 10 else { continue }
                switch part {
                case 0: integer.append(digit)
                case 1: fraction.append(digit)
                default: exponent = exponent > Int.max / 20 ? exponent : exponent * 10 + Int(digit)
                }
            }
        }
        if exponentNegative { exponent = -exponent }
        var digits = integer + fraction
        exponent -= fraction.count
        let first = digits.firstIndex { $0 != 0 } ?? digits.count
        digits.removeFirst(first)
        while let last = digits.last, last == 0 {
            digits.removeLast()
            exponent += 1
        }
        self.negative = negative && !digits.isEmpty
        self.digits = digits
        self.exponent = digits.isEmpty ? 0 : exponent
    }

    init(_ number: JSONNumber) { self.init(literal: number.literal) }

    init(_ integer: Int) { self.init(literal: String(integer)) }

    var isZero: Bool { digits.isEmpty }

    /// Whether the value is a whole number.
    var isInteger: Bool { exponent >= 0 }

    /// The value when it is a whole number that fits an `Int`.
    var int: Int? {
        guard isInteger, digits.count + exponent <= 18 else { return nil }
        var value = 0
        for digit in digits { value = value * 10 + Int(digit) }
        for _ in 0..<exponent { value *= 10 }
        return negative ? -value : value
    }

    /// The value written plainly (`150`, `0.25`), or with an exponent when that would be long.
    @_spi(SchemaGraph) public var description: String {
        guard !digits.isEmpty else { return "0" }
        let sign = negative ? "-" : ""
        let text = digitsText
        if exponent >= 0, exponent <= 20 { return sign + text + String(repeating: "0", count: exponent) }
        if exponent < 0, -exponent <= 20 {
            let point = text.count + exponent
            if point > 0 { return sign + text.prefix(point) + "." + text.dropFirst(point) }
            return sign + "0." + String(repeating: "0", count: -point) + text
        }
        return sign + text + "e\(exponent)"
    }

    @_spi(SchemaGraph) public static func < (a: DecimalValue, b: DecimalValue) -> Bool {
        if a.negative != b.negative { return a.negative }
        let magnitude = compareMagnitude(a, b)
        return a.negative ? magnitude > 0 : magnitude < 0
    }

    /// -1, 0 or 1 as |a| is below, equal to or above |b|.
    private static func compareMagnitude(_ a: DecimalValue, _ b: DecimalValue) -> Int {
        if a.isZero || b.isZero { return a.isZero ? (b.isZero ? 0 : -1) : 1 }
        // The position of the most significant digit decides, then the digits themselves.
        let aTop = a.digits.count + a.exponent
        let bTop = b.digits.count + b.exponent
        if aTop != bTop { return aTop < bTop ? -1 : 1 }
        for i in 0..<max(a.digits.count, b.digits.count) {
            let x = i < a.digits.count ? a.digits[i] : 0
            let y = i < b.digits.count ? b.digits[i] : 0
            if x != y { return x < y ? -1 : 1 }
        }
        return 0
    }

    /// Whether this value divided by `divisor` is a whole number, exactly (0.3 is a multiple of 0.1).
    func isMultiple(of divisor: DecimalValue) -> Bool {
        guard !divisor.isZero else { return false }
        if isZero { return true }
        let value = BigUInt(digitsText) ?? 0
        let by = BigUInt(divisor.digitsText) ?? 1
        let shift = exponent - divisor.exponent
        if shift >= 0 {
            // (value × 10^shift) mod by == 0, with the power taken modulo `by`.
            let power = BigUInt(10).power(BigUInt(shift), modulus: by)
            return (value % by) * power % by == 0
        }
        // value mod (by × 10^-shift) == 0: impossible when the divisor has more digits than the value.
        guard -shift <= digits.count else { return false }
        return value % (by * BigUInt(10).power(-shift)) == 0
    }

    private var digitsText: String { String(decoding: digits.map { $0 + 0x30 }, as: UTF8.self) }
}
