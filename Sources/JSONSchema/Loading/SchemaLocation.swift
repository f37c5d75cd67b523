import LosslessJSON

/// A schema within a document: the document's number and the JSON Pointer tokens leading to it.
///
/// The tokens are a chain from the last back to the first, shared with the locations above (a
/// location one step below another costs one link, not a copy of its whole pointer), hashed as
/// they are made: a schema thousands of levels deep is indexed and compiled in time and memory
/// linear in its depth.
@_spi(SchemaGraph) public struct SchemaLocation: Hashable, Sendable {
    let document: Int
    private let tail: PointerLink?

    init(document: Int, pointer: [String]) {
        self.init(document: document, tail: pointer.reduce(nil) { PointerLink($1, after: $0) })
    }

    private init(document: Int, tail: PointerLink?) {
        self.document = document
        self.tail = tail
    }

    /// The tokens, first to last (O(depth): for messages and descriptions, not for walking).
    @_spi(SchemaGraph) public var pointer: [String] {
        var tokens: [String] = []
        var link = tail
        while let current = link {
            tokens.append(current.token)
            link = current.parent
        }
        return tokens.reversed()
    }

    /// The last token (nil at a document's root).
    var last: String? { tail?.token }
    /// Whether this is a document's root.
    var isRoot: Bool { tail == nil }
    /// How many tokens lead here.
    var depth: Int { tail?.depth ?? 0 }
    /// The location one step up (nil at the root).
    var parent: SchemaLocation? { tail.map { SchemaLocation(document: document, tail: $0.parent) } }

    func appending(_ tokens: String...) -> SchemaLocation { appending(contentsOf: tokens) }
    func appending(contentsOf tokens: [String]) -> SchemaLocation {
        SchemaLocation(document: document, tail: tokens.reduce(tail) { PointerLink($1, after: $0) })
    }

    public static func == (lhs: SchemaLocation, rhs: SchemaLocation) -> Bool {
        lhs.document == rhs.document && PointerLink.same(lhs.tail, rhs.tail)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(document)
        hasher.combine(tail?.hash ?? 0)
    }

    /// The pointer as text (`/properties/a~1b`, escaped as RFC 6901 wants).
    var pointerText: String { JSONPath.pointer(keys: pointer) }
}

/// One token of a location's pointer and the link before it, with the chain's depth and hash.
final class PointerLink: Sendable {
    let token: String
    let parent: PointerLink?
    let depth: Int
    let hash: Int

    init(_ token: String, after parent: PointerLink?) {
        self.token = token
        self.parent = parent
        depth = (parent?.depth ?? 0) + 1
        var hasher = Hasher()
        hasher.combine(parent?.hash ?? 0)
        hasher.combine(token)
        hash = hasher.finalize()
    }

    /// Whether two chains hold the same tokens: a shared link ends the comparison at once.
    static func same(_ a: PointerLink?, _ b: PointerLink?) -> Bool {
        var (a, b) = (a, b)
        while true {
            if a === b { return true }
            guard let x = a, let y = b, x.depth == y.depth, x.hash == y.hash, x.token == y.token else { return false }
            (a, b) = (x.parent, y.parent)
        }
    }
}
