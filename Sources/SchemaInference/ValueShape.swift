import JSONSchema
import LosslessJSON

/// What the samples held at one place: how many values of each kind, and for strings, arrays and
/// objects what they held in turn. Memory is bounded by the shape of the data, not its size:
/// strings keep at most `StringShape.distinctLimit` distinct values, objects with more than
/// `ObjectShape.keyLimit` distinct keys fold into one map value shape.
///
/// The shapes' hot stored properties are `@exclusivity(unchecked)`: one thread owns an inferrer
/// (and its shapes), no method touches a property while another access to it is open, and the
/// run-time checks of each access to a class's property were a tenth of inference's time.
final class ValueShape {
    /// Places nested deeper than this are described by their kind alone (`{"type": "array"}`):
    /// still sound, and the schema, its memory and its text stay bounded however deep the data.
    static let levelLimit = 256
    /// How deep this place is (the root's values: 0).
    let level: Int
    /// Values seen here.
    @exclusivity(unchecked) var count = 0
    @exclusivity(unchecked) var nulls = 0
    @exclusivity(unchecked) var booleans = 0
    @exclusivity(unchecked) var integers = 0
    /// Numbers with a fraction (or an exponent that leaves one).
    @exclusivity(unchecked) var fractions = 0
    @exclusivity(unchecked) var strings: StringShape?
    @exclusivity(unchecked) var arrays: ArrayShape?
    @exclusivity(unchecked) var objects: ObjectShape?

    init(level: Int = 0) {
        self.level = level
    }

    /// Whether some place at or below this one was deeper than `levelLimit`.
    var reachesLimit: Bool {
        if let arrays, arrays.truncated || arrays.elements.reachesLimit { return true }
        guard let objects else { return false }
        objects.settle()
        return objects.truncated || objects.members.contains { $0.shape.reachesLimit } || objects.mapValues?.reachesLimit == true
    }

    /// Takes one more value: a tape's entry.
    func add(_ tape: JSONTape, _ value: Int, budget: ShapeBudget) {
        count += 1
        switch tape.kind(value) {
        case .null: nulls += 1
        case .boolean: booleans += 1
        case .number: if tape.isInteger(value) { integers += 1 } else { fractions += 1 }
        case .string:
            if strings == nil { strings = StringShape() }
            strings?.add(tape, value)
        case .array:
            if arrays == nil { arrays = ArrayShape(level: level) }
            arrays?.add(tape, value, budget: budget)
        case .object:
            if objects == nil {
                objects = ObjectShape(level: level)
                budget.made += 1
            }
            objects?.add(tape, value, budget: budget)
        }
    }

    /// Takes everything another shape saw (map values folded together, array elements).
    func merge(_ other: ValueShape) {
        count += other.count
        nulls += other.nulls
        booleans += other.booleans
        integers += other.integers
        fractions += other.fractions
        if let theirs = other.strings {
            if strings == nil { strings = StringShape() }
            strings?.merge(theirs)
        }
        if let theirs = other.arrays {
            if arrays == nil { arrays = ArrayShape(level: level) }
            arrays?.merge(theirs)
        }
        if let theirs = other.objects {
            if objects == nil { objects = ObjectShape(level: level) }
            objects?.merge(theirs)
        }
    }
}

/// The strings seen at one place: their distinct values while few, and the formats every one fits.
final class StringShape {
    /// Beyond this many distinct values, they are not kept (no `enum` is claimed).
    static let distinctLimit = 64
    /// The formats checked, each claimed only when every string passes its strict check.
    static let candidateFormats = ["date-time", "date", "time", "email", "uri", "uuid", "ipv4", "ipv6"]

    @exclusivity(unchecked) var count = 0
    /// Distinct values (their UTF-8) in the order first seen; nil once too many.
    @exclusivity(unchecked) private(set) var distinct: ByteKeys? = ByteKeys()
    /// How often each distinct value was seen, and its text.
    @exclusivity(unchecked) private var times: [Int] = []
    @exclusivity(unchecked) private(set) var order: [String] = []
    /// The formats every string so far fits: bit `i` for `candidateFormats[i]`.
    @exclusivity(unchecked) private var formatBits: UInt8 = 0xFF
    /// Strings beyond the distinct ones already found to fit the formats left (which only shrink,
    /// so they still do): not checked again. At most `verifiedLimit`, so memory stays bounded.
    @exclusivity(unchecked) private var verified = ByteKeys()
    static let verifiedLimit = 4_096

    /// The first candidate format every string fits, if one does.
    var format: String? {
        Self.candidateFormats.indices.first { formatBits & 1 << $0 != 0 }.map { Self.candidateFormats[$0] }
    }

    func add(_ tape: JSONTape, _ value: Int) {
        count += 1
        // Once neither values nor formats are kept, a string teaches nothing more: no text is made.
        guard distinct != nil || formatBits != 0 else { return }
        if let bytes = tape.unescapedBytes(value) {
            add(bytes, text: nil)
        } else {
            let text = tape.string(value)
            var utf8 = text
            utf8.withUTF8 { add($0, text: text) }
        }
    }

    private func add(_ bytes: UnsafeBufferPointer<UInt8>, text: String?) {
        // A value seen before passed the formats left when first seen, and they only shrink.
        guard !note(bytes, text: text, times: 1), formatBits != 0, verified.position(of: bytes) == nil else { return }
        let text = text ?? String(decoding: bytes, as: UTF8.self)
        for (bit, format) in Self.candidateFormats.enumerated() where formatBits & 1 << bit != 0 && !FormatCheck.holds(format, text) {
            formatBits &= ~(1 << bit)
        }
        if formatBits != 0, distinct == nil, verified.count < Self.verifiedLimit { _ = verified.append(bytes) }
    }

    func merge(_ other: StringShape) {
        count += other.count
        formatBits &= other.formatBits
        guard let theirs = other.distinct else {
            distinct = nil
            times = []
            order = []
            return
        }
        for (position, key) in theirs.keys.enumerated() {
            key.withUnsafeBufferPointer { _ = note($0, text: other.order[position], times: other.times[position]) }
        }
    }

    /// Counts a value among the distinct ones; returns whether it was one already.
    private func note(_ bytes: UnsafeBufferPointer<UInt8>, text: String?, times seen: Int) -> Bool {
        guard distinct != nil else { return false }
        if let position = distinct?.position(of: bytes) {
            times[position] += seen
            return true
        }
        if order.count < Self.distinctLimit {
            _ = distinct?.append(bytes)
            times.append(seen)
            order.append(text ?? String(decoding: bytes, as: UTF8.self))
        } else {
            distinct = nil
            times = []
            order = []
        }
        return false
    }
}

/// The arrays seen at one place: their elements, all folded into one shape.
final class ArrayShape {
    @exclusivity(unchecked) var count = 0
    let elements: ValueShape
    @exclusivity(unchecked) var minimumLength = Int.max
    @exclusivity(unchecked) var maximumLength = 0
    /// Whether elements were left out for being past `ValueShape.levelLimit`.
    @exclusivity(unchecked) var truncated = false
    let level: Int

    init(level: Int) {
        self.level = level
        elements = ValueShape(level: level + 1)
    }

    func add(_ tape: JSONTape, _ array: Int, budget: ShapeBudget) {
        count += 1
        let length = tape.count(array)
        minimumLength = min(minimumLength, length)
        maximumLength = max(maximumLength, length)
        guard level < ValueShape.levelLimit else {
            truncated = truncated || length > 0
            return
        }
        tape.forEachElement(of: array) { elements.add(tape, $0, budget: budget) }
    }

    func merge(_ other: ArrayShape) {
        count += other.count
        truncated = truncated || other.truncated
        minimumLength = min(minimumLength, other.minimumLength)
        maximumLength = max(maximumLength, other.maximumLength)
        elements.merge(other.elements)
    }
}
