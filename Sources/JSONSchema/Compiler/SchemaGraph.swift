/// Every node of one compiled schema, released together.
///
/// Nodes refer to each other through their checks, and a reference to an enclosing schema (`$ref:
/// "#"`, a recursive `$defs` entry) makes a cycle that reference counting alone never frees. The
/// graph is held by the `JSONSchema` (and so by everything that keeps one: descriptions, checkers,
/// the closures of their fields); when the last holder lets go, every node's checks are cleared,
/// which breaks the cycles. (Found by the schema fuzzer's leak check.)
final class SchemaGraph: @unchecked Sendable {
    /// The nodes, in the order they were made.
    private(set) var nodes: [SchemaNode] = []

    /// Adds a node made for this schema.
    func add(_ node: SchemaNode) { nodes.append(node) }

    deinit {
        for node in nodes { node.releaseReferences() }
    }
}
