/// One node of a YAML stream where it stands in the text: its kind and style, its bytes and, for a
/// collection, how many entries it holds and where its subtree ends. Nodes are stored flat, in text
/// order, as a JSON document's index is, in 36 bytes each: offsets and indexes as 32-bit numbers,
/// and what few nodes have — a text that differs from its bytes, a tag, an anchor — kept beside
/// them in the stream (`YAMLStream.text(of:)`, `tag(of:)`, `anchor(of:)`).
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
    private var lower: UInt32
    private var upper: UInt32
    private var contentLower: UInt32
    private var contentUpper: UInt32
    /// The parent's index, -1 for a document's root.
    private var parentIndex: Int32
    private var nextIndex: Int32
    /// A collection's entry count, an alias's target (-1 when it has none).
    private var payload: Int32
    /// Where the node's properties stand in `YAMLStream.properties`, -1 when it has none.
    var propertiesIndex: Int32

    /// The largest stream a node can stand in: offsets are 32-bit.
    static let maximumOffset = Int(UInt32.max)

    init(kind: Kind, range: Range<Int>, contentRange: Range<Int>, parent: Int?, next: Int, target: Int?, properties: Int?) {
        self.kind = kind
        lower = UInt32(range.lowerBound)
        upper = UInt32(range.upperBound)
        contentLower = UInt32(contentRange.lowerBound)
        contentUpper = UInt32(contentRange.upperBound)
        parentIndex = Int32(parent ?? -1)
        nextIndex = Int32(next)
        payload = Int32(target ?? (kind == .alias ? -1 : 0))
        propertiesIndex = Int32(properties ?? -1)
    }

    /// The node's bytes: from its first property (anchor or tag) to the end of its content — a
    /// quoted scalar's closing quote, a flow collection's bracket, a block scalar's last line, a
    /// block collection's last entry. Empty where a value is left out (`key:` holds a null).
    public var range: Range<Int> {
        get { Int(lower)..<Int(upper) }
        set { (lower, upper) = (UInt32(newValue.lowerBound), UInt32(newValue.upperBound)) }
    }

    /// A scalar's text as written (inside its quotes; a block scalar's lines after its header), an
    /// alias's name after `*`; for a collection, `range` without its properties.
    public var contentRange: Range<Int> {
        get { Int(contentLower)..<Int(contentUpper) }
        set { (contentLower, contentUpper) = (UInt32(newValue.lowerBound), UInt32(newValue.upperBound)) }
    }

    /// The node holding this one (nil for a document's root).
    public var parent: Int? { parentIndex < 0 ? nil : Int(parentIndex) }

    /// The node after this one's subtree.
    public var next: Int {
        get { Int(nextIndex) }
        set { nextIndex = Int32(newValue) }
    }

    /// A collection's entries (a mapping's keys and values both count); 0 for others.
    public var count: Int {
        get { kind == .alias ? 0 : Int(payload) }
        set { if kind != .alias { payload = Int32(newValue) } }
    }

    /// An alias's node: the one last anchored with its name before it.
    public var target: Int? { kind == .alias && payload >= 0 ? Int(payload) : nil }
}

/// What few nodes have, kept beside the nodes: a scalar's reading where it differs from its
/// bytes, the tag as written and its full name, the anchor's name.
struct YAMLNodeProperties: Sendable, Equatable {
    var text: String?
    var tag: String?
    var resolvedTag: String?
    var anchor: String?
}

/// One document of a stream.
public struct YAMLStreamDocument: Sendable, Equatable {
    /// Its root node, or nil for an empty document (which reads as `null`).
    public var root: Int?
    /// Whether it began with `---` and ended with `...`.
    public var explicitStart: Bool
    public var explicitEnd: Bool
}
