import JSONSchema
import LosslessJSON

/// What the samples held at one place: how many values of each kind, and for strings, arrays and
/// objects what they held in turn. Memory is bounded by the shape of the data, not its size:
/// strings keep at most `StringShape.distinctLimit` distinct values, objects with more than
/// `ObjectShape.keyLimit` distinct keys fold into one map value shape.
final class ValueShape {
    /// Places nested deeper than this are described by their kind alone (`{"type": "array"}`):
    /// still sound, and the schema, its memory and its text stay bounded however deep the data.
    static let levelLimit = 256
    /// How deep this place is (the root's values: 0).
    let level: Int
    /// Values seen here.
    var count = 0
    var nulls = 0
    var booleans = 0
    var integers = 0
    /// Numbers with a fraction (or an exponent that leaves one).
    var fractions = 0
    var strings: StringShape?
    var arrays: ArrayShape?
    var objects: ObjectShape?

    init(level: Int = 0) {
        self.level = level
    }

    /// Whether some place at or below this one was deeper than `levelLimit`.
    var reachesLimit: Bool {
        if let arrays, arrays.truncated || arrays.elements.reachesLimit { return true }
        guard let objects else { return false }
        objects.settle()
        return objects.truncated || objects.members.values.contains { $0.shape.reachesLimit } || objects.mapValues?.reachesLimit == true
    }

    /// Takes one more value.
    func add(_ value: JSONValue) {
        count += 1
        switch value {
        case .null: nulls += 1
        case .bool: booleans += 1
        case .number(let number): if number.isInteger { integers += 1 } else { fractions += 1 }
        case .string(let text):
            if strings == nil { strings = StringShape() }
            strings?.add(text)
        case .array(let elements):
            if arrays == nil { arrays = ArrayShape(level: level) }
            arrays?.add(elements)
        case .object(let object):
            if objects == nil { objects = ObjectShape(level: level) }
            objects?.add(object)
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

    var count = 0
    /// Distinct values in the order first seen, with how often each was seen; nil once too many.
    var distinct: [String: Int]? = [:]
    var order: [String] = []
    /// Formats every string so far fits.
    var formats = Set(StringShape.candidateFormats)
    /// Strings already found to fit `formats` (which only shrink, so they still do): not checked
    /// again. At most `verifiedLimit`, so memory stays bounded where values are many.
    private var verified: Set<String> = []
    static let verifiedLimit = 4_096

    func add(_ text: String) {
        count += 1
        note(text, times: 1)
        guard !formats.isEmpty, !verified.contains(text) else { return }
        formats = formats.filter { FormatCheck.holds($0, text) }
        if !formats.isEmpty, verified.count < Self.verifiedLimit { verified.insert(text) }
    }

    func merge(_ other: StringShape) {
        count += other.count
        formats.formIntersection(other.formats)
        guard let theirs = other.distinct else {
            distinct = nil
            order = []
            return
        }
        for value in other.order { note(value, times: theirs[value] ?? 0) }
    }

    private func note(_ text: String, times: Int) {
        guard distinct != nil else { return }
        if let index = distinct?.index(forKey: text) {
            distinct?.values[index] += times
        } else if order.count < Self.distinctLimit {
            distinct?[text] = times
            order.append(text)
        } else {
            distinct = nil
            order = []
        }
    }
}

/// The arrays seen at one place: their elements, all folded into one shape.
final class ArrayShape {
    var count = 0
    let elements: ValueShape
    var minimumLength = Int.max
    var maximumLength = 0
    /// Whether elements were left out for being past `ValueShape.levelLimit`.
    var truncated = false
    let level: Int

    init(level: Int) {
        self.level = level
        elements = ValueShape(level: level + 1)
    }

    func add(_ values: [JSONValue]) {
        count += 1
        minimumLength = min(minimumLength, values.count)
        maximumLength = max(maximumLength, values.count)
        guard level < ValueShape.levelLimit else {
            truncated = truncated || !values.isEmpty
            return
        }
        for value in values { elements.add(value) }
    }

    func merge(_ other: ArrayShape) {
        count += other.count
        truncated = truncated || other.truncated
        minimumLength = min(minimumLength, other.minimumLength)
        maximumLength = max(maximumLength, other.maximumLength)
        elements.merge(other.elements)
    }
}
