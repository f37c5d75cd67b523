/// A JSON number that keeps its literal exactly (`1.0`, `-0`, `1e3`, `12345678901234567890`).
///
/// Two numbers are equal when they denote the same decimal value (`1.0 == 1`, `1e3 == 1000`), so
/// writing back a value a field already holds changes nothing; `literal` tells the spellings apart.
/// Conversions are exact: they return `nil` instead of rounding, truncating or overflowing.
public struct JSONNumber: Sendable, Hashable, CustomStringConvertible, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral
{
    /// The number as written: a valid RFC 8259 number, or one of JSON5's spellings when read from
    /// a JSON5 text (`0x1F`, `.5`, `5.`, `+1`, `Infinity`, `NaN`).
    public let literal: String

    /// Wraps a literal; `nil` unless it matches the JSON number grammar exactly.
    public init?(literal: String) {
        guard Self.isValidLiteral(literal.utf8) else { return nil }
        self.literal = literal
    }

    /// A literal already validated by the parser.
    init(validated literal: String) { self.literal = literal }

    /// An integer, written in decimal.
    public init<I: BinaryInteger>(_ value: I) { literal = String(value) }

    /// A finite double, written in its shortest round-tripping form; `nil` for NaN and infinities.
    public init?(_ value: Double) {
        guard value.isFinite else { return nil }
        literal = Self.jsonSpelling(of: value)
    }

    /// An integer literal.
    public init(integerLiteral value: Int) { self.init(value) }

    /// A float literal (must be finite).
    public init(floatLiteral value: Double) {
        literal = value.isFinite ? Self.jsonSpelling(of: value) : "0"
    }

    public var description: String { literal }

    // MARK: Exact conversions

    /// The value as an `Int64`, when it is an integer in range (`1.0` and `1e3` are; `1.5` is not).
    public var int64: Int64? { integer(Int64.self) }

    /// The value as an `Int`, when it is an integer in range.
    public var int: Int? { integer(Int.self) }

    /// The value as a `UInt64`, when it is a non-negative integer in range.
    public var uint64: UInt64? { integer(UInt64.self) }

    /// The value as any fixed-width integer type, when it is an integer in that type's range.
    @inlinable
    public func integer<I: FixedWidthInteger>(_: I.Type = I.self) -> I? {
        if let plain = plainInteger(I.self) { return plain }
        return generalInteger(I.self)
    }

    /// Integers with a fraction or exponent (`1.0`, `1e3`), through the normalized decimal.
    @usableFromInline
    func generalInteger<I: FixedWidthInteger>(_: I.Type) -> I? {
        let decimal = normalized
        if decimal.digits.isEmpty { return 0 }
        guard decimal.exponent >= 0, decimal.digits.count + decimal.exponent <= 40 else { return nil }
        if decimal.negative && !I.isSigned { return nil }
        var result: I = 0
        for digit in decimal.digits.utf8 {
            let (times, overflow1) = result.multipliedReportingOverflow(by: 10)
            let d = I(digit - 0x30)
            let (next, overflow2) = decimal.negative ? times.subtractingReportingOverflow(d) : times.addingReportingOverflow(d)
            if overflow1 || overflow2 { return nil }
            result = next
        }
        for _ in 0..<decimal.exponent {
            let (times, overflow) = result.multipliedReportingOverflow(by: 10)
            if overflow { return nil }
            result = times
        }
        return result
    }

    // Fast path for a literal of digits only (`-12`, `300`): `nil` when it has a fraction or an
    // exponent (the general path decides) — or when it overflows, which the general path confirms.
    @inlinable
    internal func plainInteger<I: FixedWidthInteger>(_: I.Type) -> I? {
        var literal = literal
        return literal.withUTF8 { bytes -> I? in
            var index = 0
            let negative = bytes.first == UInt8(ascii: "-")
            if negative {
                guard I.isSigned else { return nil }
                index = 1
            }
            guard index < bytes.count, bytes.count - index <= 19 else { return nil }
            var result: I = 0
            while index < bytes.count {
                let digit = bytes[index] &- 0x30
                guard digit < 10 else { return nil }
                let (times, o1) = result.multipliedReportingOverflow(by: 10)
                let (next, o2) = negative ? times.subtractingReportingOverflow(I(digit)) : times.addingReportingOverflow(I(digit))
                if o1 || o2 { return nil }
                result = next
                index += 1
            }
            return result
        }
    }

    /// The value as a `Double`, when the double denotes exactly the same decimal value when written
    /// back in shortest form: `0.1` converts; `12345678901234567890` and `1e400` do not.
    public var double: Double? {
        guard let json = jsonLiteral else { return isNaN ? .nan : literal.hasPrefix("-") ? -.infinity : .infinity }
        guard let value = Double(json), value.isFinite else { return nil }
        if value == 0 { return normalized.digits.isEmpty ? value : nil }
        guard let back = JSONNumber(literal: Self.jsonSpelling(of: value)) else { return nil }
        return back.normalized == normalized ? value : nil
    }

    /// The nearest `Double`, even when that rounds (for display and arithmetic, never for storage).
    public var approximateDouble: Double {
        if isNaN { return .nan }
        return jsonLiteral.flatMap { Double($0) } ?? (literal.hasPrefix("-") ? -.infinity : .infinity)
    }

    /// The nearest `Float` when converting back gives the same decimal value, as for `double`.
    public var float: Float? {
        guard let json = jsonLiteral else { return isNaN ? .nan : literal.hasPrefix("-") ? -.infinity : .infinity }
        guard let value = Float(json), value.isFinite else { return nil }
        if value == 0 { return normalized.digits.isEmpty ? value : nil }
        guard let back = JSONNumber(literal: Self.jsonSpelling(of: value)) else { return nil }
        return back.normalized == normalized ? value : nil
    }

    /// Whether the value is a whole number, whatever its spelling (`1.0`, `1e3` and `1e400` are;
    /// `1.5` and `1e-2` are not), with no limit on its size.
    public var isInteger: Bool {
        // The common spelling, digits after an optional minus sign, needs no normalizing (a
        // schema inference asks this of every number).
        var digits = 0
        for byte in literal.utf8 {
            if byte >= 0x30, byte <= 0x39 {
                digits += 1
            } else if byte != 0x2D || digits > 0 {
                digits = -1
                break
            }
        }
        if digits > 0 { return true }
        guard jsonLiteral != nil else { return false }
        let decimal = normalized
        // An exponent too large to hold: a huge positive one makes a whole number, a negative one a fraction.
        if decimal.saturated { return !literal.contains("e-") && !literal.contains("E-") }
        return decimal.exponent >= 0
    }

    // MARK: Equality by decimal value

    public static func == (lhs: JSONNumber, rhs: JSONNumber) -> Bool {
        lhs.literal == rhs.literal || lhs.normalized == rhs.normalized
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(normalized) }

    /// sign × digits × 10^exponent with no leading or trailing zeros in `digits` ("" for zero, sign dropped).
    struct Decimal: Hashable {
        var negative: Bool
        var digits: String
        var exponent: Int
        /// The literal's exponent did not fit in an Int; equality falls back to the literal.
        var saturated: Bool
    }

    var normalized: Decimal {
        guard let spelled = jsonLiteral else {
            // Infinity and NaN: equal to themselves (whatever their sign's spelling), to no number.
            return Decimal(negative: literal.hasPrefix("-"), digits: isNaN ? "NaN" : "Infinity", exponent: 0, saturated: true)
        }
        var negative = false
        var integerDigits: [UInt8] = []
        var fractionDigits: [UInt8] = []
        var exponent = 0
        var exponentNegative = false
        var saturated = false
        var part = 0  // 0 integer, 1 fraction, 2 exponent
        for byte in spelled.utf8 {
            switch byte {
            case UInt8(ascii: "-"):
                if part == 2 { exponentNegative = true } else { negative = true }
            case UInt8(ascii: "+"): break
            case UInt8(ascii: "."): part = 1
            case UInt8(ascii: "e"), UInt8(ascii: "E"): part = 2
            default:
                switch part {
                case 0: integerDigits.append(byte)
                case 1: fractionDigits.append(byte)
                default:
                    let (times, o1) = exponent.multipliedReportingOverflow(by: 10)
                    let (next, o2) = times.addingReportingOverflow(Int(byte - 0x30))
                    if o1 || o2 || next > Int.max / 4 { saturated = true } else { exponent = next }
                }
            }
        }
        if exponentNegative { exponent = -exponent }
        var digits = integerDigits + fractionDigits
        exponent -= fractionDigits.count
        let firstNonZero = digits.firstIndex { $0 != UInt8(ascii: "0") } ?? digits.count
        digits.removeFirst(firstNonZero)
        while let last = digits.last, last == UInt8(ascii: "0") {
            digits.removeLast()
            exponent += 1
        }
        if digits.isEmpty { return Decimal(negative: false, digits: "", exponent: 0, saturated: false) }
        return Decimal(negative: negative, digits: String(decoding: digits, as: UTF8.self), exponent: exponent, saturated: saturated)
    }

    // MARK: Grammar

    /// Whether `bytes` is exactly one JSON number.
    static func isValidLiteral(_ bytes: String.UTF8View) -> Bool {
        var iterator = bytes.makeIterator()
        var c = iterator.next()
        func isDigit(_ c: UInt8?) -> Bool { c.map { $0 &- 0x30 < 10 } ?? false }
        if c == UInt8(ascii: "-") { c = iterator.next() }
        if c == UInt8(ascii: "0") {
            c = iterator.next()
        } else if isDigit(c) {
            repeat { c = iterator.next() } while isDigit(c)
        } else {
            return false
        }
        if c == UInt8(ascii: ".") {
            c = iterator.next()
            guard isDigit(c) else { return false }
            repeat { c = iterator.next() } while isDigit(c)
        }
        if c == UInt8(ascii: "e") || c == UInt8(ascii: "E") {
            c = iterator.next()
            if c == UInt8(ascii: "+") || c == UInt8(ascii: "-") { c = iterator.next() }
            guard isDigit(c) else { return false }
            repeat { c = iterator.next() } while isDigit(c)
        }
        return c == nil
    }

    /// Swift's shortest round-trip spelling of a finite value ("0.1", "1.0", "1e-05", "5e+20"), which is valid JSON.
    static func jsonSpelling<F: BinaryFloatingPoint & LosslessStringConvertible>(of value: F) -> String {
        value.description
    }
}
