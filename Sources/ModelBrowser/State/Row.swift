import LosslessJSON

/// A node of the browsed document.
typealias Node = JSONDocument.Node

/// One visible row: a node of the document at a depth, or a row an open object lists after its
/// members (its `node` and `parent` are the object): a member commented out in the text, or a
/// placeholder for a required field it lacks.
struct Row: Hashable, Sendable {
    /// The node shown (a placeholder's object).
    var node: Node
    /// How deep it is (the root is 0).
    var depth: Int
    /// Its position among its siblings (the array index for elements).
    var index: Int
    /// The parent node (`nil` for the root).
    var parent: Node?
    /// For a placeholder, the name of the required field it stands for.
    var missingField: String?
    /// For a member commented out, the member as its comment holds it.
    var disabled: DisabledMember? { disabledBox?.member }
    /// Boxed: rows are copied on every frame and few are members turned off, so a row carries a
    /// pointer rather than the member's key, text and value (the frame cost 5% more unboxed).
    private let disabledBox: DisabledBox?

    init(node: Node, depth: Int, index: Int, parent: Node?, missingField: String? = nil, disabled: DisabledMember? = nil) {
        (self.node, self.depth, self.index, self.parent, self.missingField) = (node, depth, index, parent, missingField)
        disabledBox = disabled.map(DisabledBox.init)
    }

    /// Whether the row comes after its object's members rather than showing a value: a member
    /// turned off, or a missing required field.
    var isPlaceholder: Bool { missingField != nil || disabled != nil }
}

/// A member turned off, held by reference (see `Row.disabled`).
private final class DisabledBox: Hashable, Sendable {
    let member: DisabledMember
    init(_ member: DisabledMember) { self.member = member }
    static func == (a: DisabledBox, b: DisabledBox) -> Bool { a.member == b.member }
    func hash(into hasher: inout Hasher) { hasher.combine(member) }
}

/// How an open container was reached: its parent and its position there, enough to compute any
/// open node's path in O(depth) without searching the document.
struct Expansion: Hashable, Sendable {
    /// The parent node (`nil` for the root).
    var parent: Node?
    /// The position among the parent's children.
    var index: Int

    /// The root's expansion.
    static let root = Expansion(parent: nil, index: 0)
}

extension JSONDocument.Node {
    /// The node `delta` ids later (after an edit moved the nodes after it).
    func moved(by delta: Int) -> Node { Node(id: id + delta) }
}
