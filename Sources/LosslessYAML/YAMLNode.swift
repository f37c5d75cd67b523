/// One node of a YAML stream where it stands in the text: its kind and style, its bytes, its
/// properties (anchor, tag) and, for a collection, how many entries it holds and where its subtree
/// ends. Nodes are stored flat, in text order, as a JSON document's index is.
public struct YAMLNode: Sendable, Equatable {
    /// How a scalar is written.
    public enum ScalarStyle: Sendable, Equatable {
        case plain, singleQuoted, doubleQuoted, literal, folded
    }

    /// What a node is.
    public enum Kind: Sendable, Equatable {
        case scalar(ScalarStyle)
        /// A sequence in block (`- a`) or flow (`[a]`) style.
        case sequence(flow: Bool)
        /// A mapping in block (`k: v`) or flow (`{k: v}`) style; its entries alternate key and value.
        case mapping(flow: Bool)
        /// `*name`: the node last anchored `&name` before it.
        case alias
    }

    public var kind: Kind
    /// The node's bytes: from its first property (anchor or tag) to the end of its content — a
    /// quoted scalar's closing quote, a flow collection's bracket, a block scalar's last line, a
    /// block collection's last entry. Empty where a value is left out (`key:` holds a null).
    public var range: Range<Int>
    /// A scalar's text as written (inside its quotes; a block scalar's lines after its header), an
    /// alias's name after `*`; for a collection, `range` without its properties.
    public var contentRange: Range<Int>
    /// A scalar's text with escapes, folding and chomping applied (the parser's reading).
    public var text: String
    /// The tag as written (`!!str`, `!Ref`), or nil; `resolvedTag` is its full name.
    public var tag: String?
    public var resolvedTag: String?
    /// The anchor's name (without `&`), or nil.
    public var anchor: String?
    /// An alias's node: the one last anchored with its name before it.
    public var target: Int?
    /// The node holding this one (nil for a document's root).
    public var parent: Int?
    /// A collection's entries (a mapping's keys and values both count); 0 for others.
    public var count: Int
    /// The node after this one's subtree.
    public var next: Int
}

/// One document of a stream.
public struct YAMLStreamDocument: Sendable, Equatable {
    /// Its root node, or nil for an empty document (which reads as `null`).
    public var root: Int?
    /// Whether it began with `---` and ended with `...`.
    public var explicitStart: Bool
    public var explicitEnd: Bool
}
