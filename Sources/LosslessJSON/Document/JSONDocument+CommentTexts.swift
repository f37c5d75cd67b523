/// A member's or element's comments as text (markers and surrounding white space gone): those on
/// lines of their own above it, and the one after it on its line.
public struct CommentTexts: Sendable, Hashable {
    /// The comments above it, in order.
    public var leading: [String]
    /// The comment after it on its line.
    public var trailing: String?

    /// Comments as text.
    public init(leading: [String] = [], trailing: String? = nil) {
        self.leading = leading
        self.trailing = trailing
    }

    /// Whether there are none.
    public var isEmpty: Bool { leading.isEmpty && trailing == nil }

    /// A comment's text without the white space at its ends — the one rule every syntax's comments
    /// are read by, so that a comment read from one text compares equal to the same read from another.
    /// White space is trimmed scalar by scalar, not character by character: a space followed by a
    /// combining mark is one character, and dropping it would drop the mark too.
    public static func trimmed(_ text: some StringProtocol) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(String.UnicodeScalarView(scalars[first...last]))
    }
}

extension JSONDocument {
    /// The comments of every member and element that has any, by path — what a source that keeps
    /// comments in a text of its own (YAML) compares to write them back. Empty in a syntax without
    /// comments; nil when a container is folded (its children's comments are not indexed).
    public func commentTextsByPath() -> [JSONPath: CommentTexts]? {
        guard options.syntax.allowsComments else { return [:] }
        // Every comment starts with `/`: a text without one has none (the common case, at once).
        guard text.firstOccurrence(of: [UInt8(ascii: "/")], from: 0, ignoringASCIICase: false) != nil else { return [:] }
        var result: [JSONPath: CommentTexts] = [:]
        var pending: [(node: Node, path: JSONPath)] = [(root, .root)]
        while let (container, path) = pending.popLast() {
            guard kind(container).isContainer else { continue }
            if isFolded(container) { return nil }
            let isObject = kind(container) == .object
            let members = Array(children(container))
            guard !members.isEmpty else { continue }
            // The gap before each child, and the one closing the container.
            var gaps: [(start: Int, tokens: Gap)] = []
            gaps.reserveCapacity(members.count + 1)
            var start = range(container).lowerBound + 1
            for member in members {
                gaps.append((start, gapTokens(start..<memberStart(member))))
                start = range(member).upperBound
            }
            gaps.append((start, gapTokens(start..<(range(container).upperBound - 1))))
            var previousTrailing: JSONComment?
            for (position, member) in members.enumerated() {
                let trailing = trailingComment(of: member, gap: gaps[position + 1].tokens, gapStart: gaps[position + 1].start)
                let leading = gaps[position].tokens.comments.filter { $0 != previousTrailing }
                previousTrailing = trailing
                let memberPath = path.appending(isObject ? .key(key(member) ?? "") : .index(position))
                let texts = CommentTexts(leading: leading.map(commentText), trailing: trailing.map(commentText))
                if !texts.isEmpty { result[memberPath] = texts }
                if kind(member).isContainer { pending.append((member, memberPath)) }
            }
        }
        return result
    }
}
