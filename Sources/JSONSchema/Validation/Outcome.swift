/// The result of applying a schema to one instance value: whether it held, and (when annotations
/// are collected, for `unevaluated*`) which members and items were evaluated — by their position
/// among the value's children, so no key is decoded to be remembered.
struct Outcome {
    /// Positions of the members evaluated (when not all).
    var properties = PositionSet()
    /// Items a `contains` matched.
    var containsIndices = PositionSet()
    /// The leading items evaluated.
    var items = 0
    var valid = true
    /// Every property was evaluated (`additionalProperties` or `unevaluatedProperties` ran).
    var allProperties = false
    /// Every item was evaluated.
    var allItems = false

    static let invalid = Outcome(valid: false)

    /// Takes the annotations of a subschema that applied to the same value and held.
    mutating func absorb(_ other: Outcome) {
        guard other.valid else { return }
        properties.formUnion(other.properties)
        allProperties = allProperties || other.allProperties
        items = max(items, other.items)
        allItems = allItems || other.allItems
        containsIndices.formUnion(other.containsIndices)
    }

    func evaluated(property position: Int) -> Bool { allProperties || properties.contains(position) }
    func evaluated(item index: Int) -> Bool { allItems || index < items || containsIndices.contains(index) }
}

/// A set of child positions: the first 64 as bits, the rest in a set.
struct PositionSet {
    private var low: UInt64 = 0
    private var high: Set<Int>?

    mutating func insert(_ position: Int) {
        if position < 64 { low |= 1 << UInt64(position) } else { high = (high ?? []).union(CollectionOfOne(position)) }
    }

    func contains(_ position: Int) -> Bool {
        position < 64 ? low & (1 << UInt64(position)) != 0 : high?.contains(position) ?? false
    }

    mutating func formUnion(_ other: PositionSet) {
        low |= other.low
        if let more = other.high { high = (high ?? []).union(more) }
    }
}
