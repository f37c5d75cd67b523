/// The result of applying a schema to one instance value: whether it held, and (when annotations
/// are collected, for `unevaluated*`) which properties and items were evaluated.
struct Outcome {
    var valid = true
    /// Evaluated property names (when not all).
    var properties: Set<String> = []
    /// Every property was evaluated (`additionalProperties` or `unevaluatedProperties` ran).
    var allProperties = false
    /// The leading items evaluated.
    var items = 0
    /// Every item was evaluated.
    var allItems = false
    /// Items a `contains` matched.
    var containsIndices: Set<Int> = []

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

    func evaluated(property key: String) -> Bool { allProperties || properties.contains(key) }
    func evaluated(item index: Int) -> Bool { allItems || index < items || containsIndices.contains(index) }
}
