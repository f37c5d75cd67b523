/// The patterns most schemas use — anchors at the ends, literals, classes, `.`, `\d` `\w` `\s` and
/// their negations, with greedy or lazy quantifiers, but no groups, alternation, lookaround or
/// backreferences — matched over code points without building a `String` or calling ICU. Other
/// patterns have no `SimplePattern` and run through `NSRegularExpression`.
struct SimplePattern: Sendable {
    /// A set of code points: ranges, possibly negated.
    struct ScalarSet: Sendable {
        var ranges: [ClosedRange<UInt32>]
        var negated = false

        func contains(_ scalar: UInt32) -> Bool {
            var found = false
            for range in ranges where range.contains(scalar) {
                found = true
                break
            }
            return found != negated
        }

        static let digits = ScalarSet(ranges: [0x30...0x39])
        static let word = ScalarSet(ranges: [0x30...0x39, 0x41...0x5A, 0x5F...0x5F, 0x61...0x7A])
        /// ECMA-262's WhiteSpace and LineTerminator.
        static let space = ScalarSet(ranges: [
            0x09...0x0D, 0x20...0x20, 0xA0...0xA0, 0x1680...0x1680, 0x2000...0x200A, 0x2028...0x2029, 0x202F...0x202F,
            0x205F...0x205F, 0x3000...0x3000, 0xFEFF...0xFEFF,
        ])
        /// `.`: anything but a line terminator.
        static let dot = ScalarSet(ranges: [0x0A...0x0A, 0x0D...0x0D, 0x2028...0x2029], negated: true)

        func negated(_ flag: Bool) -> ScalarSet { ScalarSet(ranges: ranges, negated: negated != flag) }
    }

    struct Piece: Sendable {
        var set: ScalarSet
        var minimum: Int
        var maximum: Int
        var greedy: Bool
    }

    let anchoredStart: Bool
    let anchoredEnd: Bool
    let pieces: [Piece]

    /// The pattern's simple form, or `nil` when it uses anything beyond the subset (or is not valid).
    init?(_ source: String) {
        var scalars = Array(source.unicodeScalars.map(\.value))[...]
        anchoredStart = scalars.first == 0x5E  // ^
        if anchoredStart { scalars = scalars.dropFirst() }
        // A final unescaped `$` anchors the end.
        var backslashes = 0
        if scalars.last == 0x24 {
            var index = scalars.endIndex - 2
            while index >= scalars.startIndex, scalars[index] == 0x5C {
                backslashes += 1
                index -= 1
            }
        }
        anchoredEnd = scalars.last == 0x24 && backslashes % 2 == 0
        if anchoredEnd { scalars = scalars.dropLast() }
        var pieces: [Piece] = []
        while let first = scalars.first {
            scalars = scalars.dropFirst()
            var set: ScalarSet
            switch first {
            case 0x28, 0x29, 0x7C, 0x5E, 0x24, 0x2A, 0x2B, 0x3F, 0x7B, 0x7D, 0x5D: return nil  // ( ) | ^ $ * + ? { } ]
            case 0x2E: set = .dot
            case 0x5B:
                guard let parsed = Self.parseClass(&scalars) else { return nil }
                set = parsed
            case 0x5C:
                guard let escaped = Self.parseEscape(&scalars, inClass: false) else { return nil }
                set = escaped
            default: set = ScalarSet(ranges: [first...first])
            }
            var piece = Piece(set: set, minimum: 1, maximum: 1, greedy: true)
            if let next = scalars.first {
                switch next {
                case 0x2A: (piece.minimum, piece.maximum) = (0, Int.max); scalars = scalars.dropFirst()
                case 0x2B: (piece.minimum, piece.maximum) = (1, Int.max); scalars = scalars.dropFirst()
                case 0x3F: (piece.minimum, piece.maximum) = (0, 1); scalars = scalars.dropFirst()
                case 0x7B:
                    guard let (low, high) = Self.parseBraces(&scalars) else { return nil }
                    (piece.minimum, piece.maximum) = (low, high)
                default: break
                }
                if next == 0x2A || next == 0x2B || next == 0x3F || next == 0x7B, scalars.first == 0x3F {
                    piece.greedy = false
                    scalars = scalars.dropFirst()
                }
            }
            pieces.append(piece)
        }
        self.pieces = pieces
    }

    static func parseBraces(_ scalars: inout ArraySlice<UInt32>) -> (Int, Int)? {
        var rest = scalars.dropFirst()
        func number() -> Int? {
            var value: Int?
            while let c = rest.first, (0x30...0x39).contains(c) {
                value = min(1_000_000, (value ?? 0) * 10 + Int(c - 0x30))
                rest = rest.dropFirst()
            }
            return value
        }
        guard let low = number() else { return nil }
        var high = low
        if rest.first == 0x2C {
            rest = rest.dropFirst()
            high = number() ?? Int.max
        }
        guard rest.first == 0x7D, low <= high else { return nil }
        scalars = rest.dropFirst()
        return (low, high)
    }

    static func parseClass(_ scalars: inout ArraySlice<UInt32>) -> ScalarSet? {
        var negated = false
        if scalars.first == 0x5E {
            negated = true
            scalars = scalars.dropFirst()
        }
        var ranges: [ClosedRange<UInt32>] = []
        while true {
            guard let c = scalars.first else { return nil }
            scalars = scalars.dropFirst()
            if c == 0x5D { break }  // ]
            var low: UInt32
            if c == 0x5C {
                guard let escaped = parseEscape(&scalars, inClass: true) else { return nil }
                if escaped.negated || escaped.ranges.count != 1 || escaped.ranges[0].count != 1 {
                    // A class escape (\d, \w, \s) joins as a whole; a negated one is left to ICU.
                    guard !escaped.negated else { return nil }
                    ranges += escaped.ranges
                    continue
                }
                low = escaped.ranges[0].lowerBound
            } else {
                low = c
            }
            if scalars.first == 0x2D, let after = scalars.dropFirst().first, after != 0x5D {
                scalars = scalars.dropFirst(2)
                var high = after
                if after == 0x5C {
                    guard let escaped = parseEscape(&scalars, inClass: true), !escaped.negated, escaped.ranges.count == 1, escaped.ranges[0].count == 1 else { return nil }
                    high = escaped.ranges[0].lowerBound
                }
                guard low <= high else { return nil }
                ranges.append(low...high)
            } else {
                ranges.append(low...low)
            }
        }
        return ScalarSet(ranges: ranges, negated: negated)
    }

    /// The set an escape stands for (after the backslash); `nil` for what the subset leaves to ICU.
    static func parseEscape(_ scalars: inout ArraySlice<UInt32>, inClass: Bool) -> ScalarSet? {
        guard let c = scalars.first else { return nil }
        scalars = scalars.dropFirst()
        func single(_ value: UInt32) -> ScalarSet { ScalarSet(ranges: [value...value]) }
        switch c {
        case 0x64: return .digits  // d
        case 0x44: return ScalarSet.digits.negated(true)
        case 0x77: return .word  // w
        case 0x57: return ScalarSet.word.negated(true)
        case 0x73: return .space  // s
        case 0x53: return ScalarSet.space.negated(true)
        case 0x74: return single(0x09)  // t
        case 0x6E: return single(0x0A)  // n
        case 0x72: return single(0x0D)  // r
        case 0x66: return single(0x0C)  // f
        case 0x76: return single(0x0B)  // v
        case 0x2D where inClass: return single(0x2D)
        case 0x78:  // xHH
            let digits = scalars.prefix(2)
            guard digits.count == 2, let value = UInt32(String(String.UnicodeScalarView(digits.compactMap(Unicode.Scalar.init))), radix: 16) else { return nil }
            scalars = scalars.dropFirst(2)
            return single(value)
        case 0x75:  // uHHHH or u{…}
            if scalars.first == 0x7B {
                guard let close = scalars.firstIndex(of: 0x7D) else { return nil }
                let hex = String(String.UnicodeScalarView(scalars[scalars.index(after: scalars.startIndex)..<close].compactMap(Unicode.Scalar.init)))
                guard let value = UInt32(hex, radix: 16), Unicode.Scalar(value) != nil else { return nil }
                scalars = scalars[scalars.index(after: close)...]
                return single(value)
            }
            let digits = scalars.prefix(4)
            guard digits.count == 4, let value = UInt32(String(String.UnicodeScalarView(digits.compactMap(Unicode.Scalar.init))), radix: 16),
                Unicode.Scalar(value) != nil  // a surrogate (of a pair) is left to ICU
            else { return nil }
            scalars = scalars.dropFirst(4)
            return single(value)
        default:
            // Syntax characters and `/` stand for themselves; other escapes are ICU's.
            let syntax: Set<UInt32> = [0x5E, 0x24, 0x5C, 0x2E, 0x2A, 0x2B, 0x3F, 0x28, 0x29, 0x5B, 0x5D, 0x7B, 0x7D, 0x7C, 0x2F]
            return syntax.contains(c) ? single(c) : nil
        }
    }

    // MARK: Matching

    /// Whether the pattern matches anywhere in `input` (code points).
    func matches<Input: ScalarInput>(_ input: Input) -> Bool {
        let count = input.count
        // Failed (piece, position) pairs, so a pattern with many quantifiers stays polynomial.
        var failed: [Bool] = count > 32 ? Array(repeating: false, count: (pieces.count + 1) * (count + 1)) : []
        func match(_ p: Int, _ i: Int) -> Bool {
            if p == pieces.count { return !anchoredEnd || i == count }
            if !failed.isEmpty, failed[p * (count + 1) + i] { return false }
            let piece = pieces[p]
            var n = 0
            while n < piece.maximum, i + n < count, piece.set.contains(input[i + n]) { n += 1 }
            if n >= piece.minimum {
                if piece.greedy {
                    for k in stride(from: n, through: piece.minimum, by: -1) where match(p + 1, i + k) { return true }
                } else {
                    for k in piece.minimum...n where match(p + 1, i + k) { return true }
                }
            }
            if !failed.isEmpty { failed[p * (count + 1) + i] = true }
            return false
        }
        if anchoredStart { return match(0, 0) }
        for start in 0...count where match(0, start) { return true }
        return false
    }
}

/// Code points by position, for `SimplePattern`.
protocol ScalarInput {
    var count: Int { get }
    subscript(_ position: Int) -> UInt32 { get }
}

/// ASCII bytes as code points.
struct ASCIIInput: ScalarInput {
    let bytes: UnsafeBufferPointer<UInt8>
    var count: Int { bytes.count }
    subscript(_ position: Int) -> UInt32 { UInt32(bytes[position]) }
}

/// Decoded code points.
struct ScalarArrayInput: ScalarInput {
    let scalars: [UInt32]
    var count: Int { scalars.count }
    subscript(_ position: Int) -> UInt32 { scalars[position] }
}
