/// A JSON number that fits in 19 significant digits — nearly every number in real documents —
/// as sign × mantissa × 10^exponent, read straight from its literal's bytes; compared exactly
/// without allocating. Numbers that do not fit use `DecimalValue`.
struct SmallDecimal: Sendable, Equatable {
    /// The sign (false for zero).
    let negative: Bool
    /// The significant digits without trailing zeros (0 for zero).
    let mantissa: UInt64
    /// The power of ten the mantissa is multiplied by.
    let exponent: Int

    /// The value of a JSON number literal, or `nil` when it has more than 19 significant digits
    /// or an exponent beyond ±100,000.
    init?(literal bytes: UnsafeBufferPointer<UInt8>) {
        var negative = false
        var mantissa: UInt64 = 0
        var digits = 0
        var exponent = 0
        var index = 0
        let count = bytes.count
        if index < count, bytes[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        var inFraction = false
        while index < count {
            let byte = bytes[index]
            if byte == UInt8(ascii: ".") {
                inFraction = true
            } else if byte &- 0x30 < 10 {
                let digit = UInt64(byte &- 0x30)
                if digits > 0 || digit != 0 {
                    guard digits < 19 else { return nil }
                    mantissa = mantissa * 10 + digit
                    digits += 1
                }
                if inFraction { exponent -= 1 }
            } else {
                break
            }
            index += 1
        }
        if index < count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            var exponentNegative = false
            if index < count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
                exponentNegative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            var written = 0
            while index < count, bytes[index] &- 0x30 < 10 {
                written = written * 10 + Int(bytes[index] &- 0x30)
                guard written <= 100_000 else { return nil }
                index += 1
            }
            exponent += exponentNegative ? -written : written
        }
        self.init(negative: negative, mantissa: mantissa, exponent: exponent)
    }

    /// Whether a number literal of any length is a whole number: its fraction digits, less what
    /// the exponent moves, are all zeros.
    static func isIntegerLiteral(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        let count = bytes.count
        while index < count, bytes[index] != UInt8(ascii: "."), bytes[index] | 0x20 != UInt8(ascii: "e") { index += 1 }
        // Fraction digits, and how many of them are significant (up to the last non-zero one).
        var significant = 0
        if index < count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            var position = 0
            while index < count, bytes[index] &- 0x30 < 10 {
                position += 1
                if bytes[index] != UInt8(ascii: "0") { significant = position }
                index += 1
            }
        }
        guard significant > 0 else {
            // No fraction: a negative exponent can still make a fraction of the integer digits.
            guard index < count, bytes[index] | 0x20 == UInt8(ascii: "e") else { return true }
            return SmallDecimal(literal: bytes)?.isInteger ?? DecimalValue(literal: String(decoding: bytes, as: UTF8.self)).isInteger
        }
        var exponent = 0
        if index < count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            var negative = false
            if index < count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
                negative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            while index < count, bytes[index] &- 0x30 < 10 {
                exponent = min(1_000_000, exponent * 10 + Int(bytes[index] &- 0x30))
                index += 1
            }
            if negative { exponent = -exponent }
        }
        return exponent >= significant
    }

    /// A `DecimalValue` that fits, else `nil`.
    init?(_ value: DecimalValue) {
        guard value.digits.count <= 19 else { return nil }
        self.init(negative: value.negative, mantissa: value.digits.reduce(0) { $0 * 10 + UInt64($1) }, exponent: value.exponent)
    }

    private init(negative: Bool, mantissa: UInt64, exponent: Int) {
        var mantissa = mantissa
        var exponent = exponent
        while mantissa != 0, mantissa % 10 == 0 {
            mantissa /= 10
            exponent += 1
        }
        self.negative = negative && mantissa != 0
        self.mantissa = mantissa
        self.exponent = mantissa == 0 ? 0 : exponent
    }

    /// Whether the value is a whole number.
    var isInteger: Bool { exponent >= 0 }

    /// -1, 0 or 1 as `self` is below, equal to or above `other`.
    func compare(to other: SmallDecimal) -> Int {
        if negative != other.negative { return negative ? -1 : 1 }
        let magnitude = Self.compareMagnitudes(self, other)
        return negative ? -magnitude : magnitude
    }

    private static func compareMagnitudes(_ a: SmallDecimal, _ b: SmallDecimal) -> Int {
        if a.mantissa == 0 || b.mantissa == 0 { return a.mantissa == b.mantissa ? 0 : (a.mantissa == 0 ? -1 : 1) }
        // Orders of magnitude first; equal ones leave the shifted mantissa within 19 digits.
        let (orderA, orderB) = (digitCount(a.mantissa) + a.exponent, digitCount(b.mantissa) + b.exponent)
        if orderA != orderB { return orderA < orderB ? -1 : 1 }
        var (x, y) = (a.mantissa, b.mantissa)
        if a.exponent > b.exponent {
            for _ in 0..<(a.exponent - b.exponent) { x *= 10 }
        } else {
            for _ in 0..<(b.exponent - a.exponent) { y *= 10 }
        }
        return x == y ? 0 : (x < y ? -1 : 1)
    }

    private static func digitCount(_ value: UInt64) -> Int {
        var count = 1
        var rest = value / 10
        while rest > 0 {
            count += 1
            rest /= 10
        }
        return count
    }
}

/// A bound of `minimum`/`maximum`: exact, with its small form when it has one.
@_spi(SchemaGraph) public final class NumberLimit: Sendable, CustomStringConvertible {
    let value: DecimalValue
    let small: SmallDecimal?

    init(_ value: DecimalValue) {
        self.value = value
        small = SmallDecimal(value)
    }

    @_spi(SchemaGraph) public var description: String { value.description }
}
