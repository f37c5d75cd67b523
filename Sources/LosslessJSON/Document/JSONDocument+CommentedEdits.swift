/// Where insertions and removals go among comments (JSON with comments, JSON5). A comment on the
/// line a member ends on belongs to that member; comments on lines of their own above a member
/// stay where they are (they may head a section). Containers without comments around the edit are
/// edited as in JSON.
extension JSONDocument {
    /// A new member (or element) inserted after the line of the member before it — after its
    /// comma and the comment trailing it — or, first, after the opening bracket's line: one
    /// contiguous insertion that never lands before a comment belonging to the member above it.
    /// A last member without a comma gets one right after its value (its comment rewritten as it
    /// stands). Nil when no comment stands there: the JSON placement is right.
    func insertionBesideComments(_ member: String, into container: Node, at position: Int?, count: Int, last: Node, lineStart: String) -> JSONSplice? {
        let target = position.flatMap { $0 < count ? child(container, at: $0) : nil }
        let previous = target == nil ? last : position.flatMap { $0 > 0 ? child(container, at: $0 - 1) : nil }
        let gapStart = previous.map { range($0).upperBound } ?? range(container).lowerBound + 1
        let gapEnd = target.map(memberStart) ?? range(container).upperBound - 1
        let gap = gapTokens(gapStart..<gapEnd)
        guard !gap.comments.isEmpty else { return nil }
        // A comma on a later line than the value (a leading-comma layout): the JSON placement.
        if let comma = gap.comma, hasLineBreak(gapStart..<comma) { return nil }
        let onItsLine = gap.comments.prefix { !hasLineBreak(gapStart..<$0.range.lowerBound) }
        let lineEnd = max(gap.comma.map { $0 + 1 } ?? gapStart, onItsLine.last?.range.upperBound ?? gapStart)
        if target != nil || gap.comma != nil {
            return JSONSplice(offset: lineEnd, removed: [], inserted: Array((lineStart + member + ",").utf8))
        }
        guard lineEnd > gapStart else { return nil }
        let kept = text.slice(gapStart..<lineEnd)
        return JSONSplice(offset: gapStart, removed: kept, inserted: [UInt8(ascii: ",")] + kept + Array((lineStart + member).utf8))
    }

    /// A member removed with its line: its bytes, its comma and the comment trailing it on its
    /// last line, and the line break — one contiguous cut; the comment lines above it stay. A last
    /// member without a trailing comma takes the comma before it too, unless comments stand
    /// between (then that comma stays, a trailing comma these syntaxes allow). Nil when no comment
    /// stands beside it or it does not have lines of its own: the JSON cut is right.
    func removalBesideComments(of node: Node, from parent: Node, at position: Int, next: Node?) -> JSONSplice? {
        let previous = position > 0 ? child(parent, at: position - 1) : nil
        let previousEnd = previous.map { range($0).upperBound } ?? range(parent).lowerBound + 1
        let valueEnd = range(node).upperBound
        let gapBefore = gapTokens(previousEnd..<memberStart(node))
        let gapAfter = gapTokens(valueEnd..<(next.map(memberStart) ?? range(parent).upperBound - 1))
        guard !gapBefore.comments.isEmpty || !gapAfter.comments.isEmpty else { return nil }
        if let comma = gapAfter.comma, hasLineBreak(valueEnd..<comma) { return nil }
        let onItsLine = gapAfter.comments.prefix { !hasLineBreak(valueEnd..<$0.range.lowerBound) }
        let end = max(valueEnd, gapAfter.comma.map { $0 + 1 } ?? valueEnd, onItsLine.last?.range.upperBound ?? valueEnd)
        guard let lineStart = blankLineStart(before: memberStart(node)), let lineEnd = blankLineEnd(after: end) else { return nil }
        let cut: Range<Int>
        if next == nil, gapAfter.comma == nil, previous != nil, gapBefore.comments.isEmpty {
            cut = previousEnd..<end
        } else {
            cut = lineStart..<lineEnd
        }
        return JSONSplice(offset: cut.lowerBound, removed: text.slice(cut), inserted: [])
    }

    /// The start of the line holding `offset` when only spaces and tabs stand before it there.
    private func blankLineStart(before offset: Int) -> Int? {
        var i = offset
        while i > 0, text[i - 1] == 0x20 || text[i - 1] == 0x09 { i -= 1 }
        return i == 0 || text[i - 1] == 0x0A ? i : nil
    }

    /// The start of the line after the one holding `offset` when only spaces and tabs stand after
    /// it there (the text's end for its last line).
    private func blankLineEnd(after offset: Int) -> Int? {
        var i = offset
        while i < text.count, text[i] == 0x20 || text[i] == 0x09 { i += 1 }
        if i == text.count { return i }
        if text[i] == 0x0A { return i + 1 }
        if text[i] == 0x0D, i + 1 < text.count, text[i + 1] == 0x0A { return i + 2 }
        return nil
    }

    /// A new key in the spelling of the one it replaces: bare (JSON5) when that one was bare and
    /// the new one can be, else in its quote.
    func renamedKey(_ key: String, replacing old: Range<Int>) -> String {
        guard options.syntax == .json5 else { return JSONWriter.quoted(key) }
        let open = text[old.lowerBound]
        var style = JSONStyle.minified
        style.syntax = .json5
        style.quote = open == UInt8(ascii: "'") ? "'" : "\""
        style.bareKeys = open != UInt8(ascii: "'") && open != UInt8(ascii: "\"")
        return JSONWriter.key(key, style: style)
    }
}
