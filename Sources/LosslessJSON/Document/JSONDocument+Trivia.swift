/// A comment in a document's text (JSON with comments, JSON5).
public struct JSONComment: Sendable, Hashable {
    /// Its bytes, markers included (`// …` up to its line's end, or `/* … */`).
    public let range: Range<Int>
    /// Whether it is a block comment (`/* … */`).
    public let isBlock: Bool
}

/// A member's or element's comments: those on lines of their own above it (after the previous
/// sibling's line), and the one trailing it on its last line (after its comma, if any).
public struct MemberComments: Sendable, Hashable {
    /// Comments above it, in order.
    public var leading: [JSONComment] = []
    /// The comment after it on its last line.
    public var trailing: JSONComment?
}

/// What stands in the gap between two values of a container: white space, a comma, comments.
struct Gap {
    /// The comma's offset, if the gap holds one.
    var comma: Int?
    /// The comments, in order.
    var comments: [JSONComment] = []
}

extension JSONDocument {
    /// The tokens of a gap between values (or between a bracket and a value): white space,
    /// a comma and comments. Scanning stops at anything else.
    func gapTokens(_ gap: Range<Int>) -> Gap {
        var result = Gap()
        guard !gap.isEmpty else { return result }
        let json5 = options.syntax == .json5
        // Padded, so the scanners may look ahead (a comment is scanned eight bytes at a time).
        let bytes = text.slice(gap) + [UInt8](repeating: 0, count: TriviaScanner.padding)
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let end = base + gap.count
            var p = base
            while p < end {
                let c = p.pointee
                if c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D {
                    p += 1
                } else if json5, let after = TriviaScanner.json5Space(p) {
                    p = after
                } else if c == UInt8(ascii: ","), result.comma == nil {
                    result.comma = gap.lowerBound + (p - base)
                    p += 1
                } else if c == UInt8(ascii: "/"), p[1] == UInt8(ascii: "/") || p[1] == UInt8(ascii: "*") {
                    // The parse accepted the text: a block comment is closed within it.
                    let after = (try? TriviaScanner.skipComment(p, base: base, end: end, json5: json5)) ?? end
                    result.comments.append(JSONComment(range: (gap.lowerBound + (p - base))..<(gap.lowerBound + (after - base)), isBlock: p[1] == UInt8(ascii: "*")))
                    p = after
                } else {
                    return
                }
            }
        }
        return result
    }

    /// The last child of a container, if it has any.
    func lastChild(_ node: Node) -> Node? {
        let count = childCount(node)
        return count > 0 ? child(node, at: count - 1) : nil
    }

    /// The offset of the comma after a container's last child (a trailing comma), if there is one.
    func trailingComma(after last: Node, in container: Node) -> Int? {
        gapTokens(range(last).upperBound..<(range(container).upperBound - 1)).comma
    }

    /// Whether a line break stands in `range`.
    func hasLineBreak(_ range: Range<Int>) -> Bool {
        text.firstOccurrence(of: [0x0A], in: range) || text.firstOccurrence(of: [0x0D], in: range)
    }

    /// The comments of the child `node` of `container`: those above it on lines of their own, and
    /// the one trailing it on its last line. Empty in a syntax without comments.
    public func comments(of node: Node, in container: Node) -> MemberComments {
        guard options.syntax.allowsComments else { return MemberComments() }
        var comments = MemberComments()
        let position = child(container, holding: node)?.position ?? 0
        let before = position > 0 ? child(container, at: position - 1) : nil
        let gapBefore = (before.map { range($0).upperBound } ?? range(container).lowerBound + 1)..<memberStart(node)
        // Above it: the gap's comments but the previous sibling's trailing one.
        let previousTrailing = before.flatMap { trailingComment(of: $0, gap: gapTokens(gapBefore), gapStart: gapBefore.lowerBound) }
        comments.leading = gapTokens(gapBefore).comments.filter { $0 != previousTrailing }
        let after = child(container, at: position + 1)
        let gapAfter = range(node).upperBound..<(after.map(memberStart) ?? range(container).upperBound - 1)
        comments.trailing = trailingComment(of: node, gap: gapTokens(gapAfter), gapStart: gapAfter.lowerBound)
        return comments
    }

    /// The comment that starts in a gap on the line its value ends on (after its comma, if any).
    func trailingComment(of node: Node, gap: Gap, gapStart: Int) -> JSONComment? {
        guard let first = gap.comments.first, !hasLineBreak(gapStart..<first.range.lowerBound) else { return nil }
        return first
    }

    /// The comments in a container after its last child's trailing one (all of them in an empty
    /// container): what closes it.
    public func closingComments(of container: Node) -> [JSONComment] {
        guard options.syntax.allowsComments, kind(container).isContainer else { return [] }
        let closing = range(container).upperBound - 1
        guard let last = lastChild(container) else { return gapTokens((range(container).lowerBound + 1)..<closing).comments }
        let gapStart = range(last).upperBound
        let gap = gapTokens(gapStart..<closing)
        let trailing = trailingComment(of: last, gap: gap, gapStart: gapStart)
        return gap.comments.filter { $0 != trailing }
    }

    /// A comment's text without its markers and the white space around it.
    public func commentText(_ comment: JSONComment) -> String {
        let inner = comment.isBlock ? (comment.range.lowerBound + 2)..<max(comment.range.lowerBound + 2, comment.range.upperBound - 2) : (comment.range.lowerBound + 2)..<comment.range.upperBound
        return CommentTexts.trimmed(self.text.string(inner))
    }
}

extension JSONDocument {
    /// The splice that sets the comment trailing the member (or element) `node` of `container` on
    /// its line: `newText` replaces the comment there (in its style), or becomes a new one — `// text`
    /// at the end of the member's line, after its comma, or `/* text */` where more follows on the
    /// line or the text spans lines; nil or empty text removes it (with the spaces before it).
    /// Nil in a syntax without comments, or when nothing would change.
    public func settingComment(of node: Node, in container: Node, to newText: String?) -> JSONSplice? {
        guard options.syntax.allowsComments else { return nil }
        let valueEnd = range(node).upperBound
        let next = children(container).first { $0.id > node.id && memberStart($0) > valueEnd }
        let gap = gapTokens(valueEnd..<(next.map(memberStart) ?? range(container).upperBound - 1))
        let existing = comments(of: node, in: container).trailing
        let wanted = newText?.trimmingWhiteSpace ?? ""
        if wanted.isEmpty {
            guard let existing else { return nil }
            var start = existing.range.lowerBound
            while start > valueEnd, text[start - 1] == 0x20 || text[start - 1] == 0x09 { start -= 1 }
            return JSONSplice(offset: start, removed: text.slice(start..<existing.range.upperBound), inserted: [])
        }
        // After the comma on the member's line, if there is one.
        var after = valueEnd
        if let comma = gap.comma, !hasLineBreak(valueEnd..<comma) { after = comma + 1 }
        // Anything after it on its line (the next member, the closing bracket) needs a block comment.
        var probe = after
        while probe < text.count, text[probe] == 0x20 || text[probe] == 0x09 { probe += 1 }
        let lineGoesOn = probe < text.count && text[probe] != 0x0A && text[probe] != 0x0D && existing == nil
        let block = wanted.contains("\n") || lineGoesOn || existing?.isBlock == true
        if block, wanted.contains("*/") { return nil }
        let written = block ? "/* " + wanted + " */" : "// " + wanted
        if let existing {
            let old = text.slice(existing.range)
            let new = Array(written.utf8)
            return old == new ? nil : JSONSplice(offset: existing.range.lowerBound, removed: old, inserted: new)
        }
        return JSONSplice(offset: after, removed: [], inserted: Array((" " + written).utf8))
    }
}
