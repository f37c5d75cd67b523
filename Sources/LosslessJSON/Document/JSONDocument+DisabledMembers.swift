/// A member of an object written inside a comment — `// "incremental": true,` or
/// `/* "strict": true */`, or a run of line comments holding one member laid out over lines —: a
/// setting turned off, one edit away from being on.
public struct DisabledMember: Sendable, Hashable {
    /// The comments that hold it, first byte to last (one comment, or a run of line comments).
    public let range: Range<Int>
    /// Its key.
    public let key: String
    /// The member's text as the comments hold it, markers gone and lines kept (`"incremental": true,`):
    /// what takes their place when it is turned on.
    public let text: String
    /// Its value.
    public let value: JSONValue
    /// Where its value ends in `text` (in bytes): a comma it needs goes there.
    let valueEnd: Int
    /// Whether a comma follows its value in `text`.
    let hasComma: Bool
}

extension JSONDocument {
    /// The members commented out inside an object, in order: each comment — or run of line
    /// comments on consecutive lines — whose text is one member in the document's syntax (a
    /// comma after it allowed). Empty in a syntax without comments.
    public func disabledMembers(of object: Node) -> [DisabledMember] {
        guard options.syntax.allowsComments, kind(object) == .object else { return [] }
        var comments: [JSONComment] = []
        var start = range(object).lowerBound + 1
        for child in children(object) {
            comments += gapTokens(start..<memberStart(child)).comments
            start = range(child).upperBound
        }
        comments += gapTokens(start..<(range(object).upperBound - 1)).comments
        var found: [DisabledMember] = []
        var index = 0
        while index < comments.count {
            // The longest run of line comments from here that reads as one member, else this one.
            var end = index + 1
            if !comments[index].isBlock {
                while end < comments.count, !comments[end].isBlock, isOnNextLine(comments[end], after: comments[end - 1]) { end += 1 }
            }
            var matched = false
            while end > index {
                if let member = disabledMember(in: Array(comments[index..<end])) {
                    found.append(member)
                    index = end
                    matched = true
                    break
                }
                end -= 1
            }
            if !matched { index += 1 }
        }
        return found
    }

    /// Whether `comment` starts on the line after `previous` ends, with only white space before it.
    private func isOnNextLine(_ comment: JSONComment, after previous: JSONComment) -> Bool {
        let between = text.slice(previous.range.upperBound..<comment.range.lowerBound)
        return between.filter { $0 == 0x0A }.count == 1 && between.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    }

    /// The member a run of comments holds, if their text is exactly one member.
    private func disabledMember(in run: [JSONComment]) -> DisabledMember? {
        // Each comment's text without its markers (and the one space after `//` or `/*`), the
        // line breaks and indentation between them as they are.
        var body = ""
        for (position, comment) in run.enumerated() {
            if position > 0 { body += text.string(run[position - 1].range.upperBound..<comment.range.lowerBound) }
            var inner = comment.isBlock ? (comment.range.lowerBound + 2)..<(comment.range.upperBound - 2) : (comment.range.lowerBound + 2)..<comment.range.upperBound
            if !inner.isEmpty, text[inner.lowerBound] == 0x20 { inner = (inner.lowerBound + 1)..<inner.upperBound }
            if comment.isBlock, !inner.isEmpty, text[inner.upperBound - 1] == 0x20 { inner = inner.lowerBound..<(inner.upperBound - 1) }
            body += text.string(inner)
        }
        let trimmed = body.trimmingWhiteSpace
        guard trimmed.first == "\"" || trimmed.first == "'" || (options.syntax == .json5 && trimmed.first.map(\.isLetter) == true) else { return nil }
        // Read as the one member of an object (on lines of its own: a comment inside ends at its line).
        var inner = options
        inner.maxDepth = max(1, options.maxDepth)
        guard let object = try? JSONDocument("{\n" + trimmed + "\n}", options: inner), object.childCount(object.root) == 1,
            let member = object.child(object.root, at: 0), let key = object.key(member)
        else { return nil }
        return DisabledMember(
            range: run[0].range.lowerBound..<run[run.count - 1].range.upperBound, key: key, text: trimmed, value: object.value(member),
            valueEnd: object.range(member).upperBound - 2, hasComma: object.trailingComma(after: member, in: object.root) != nil)
    }

    /// The splice that turns a disabled member of `object` on: its comments give way to the member,
    /// a comma after it where a live member follows (or where the object's last member has one), a
    /// comma after the live member before it where that one had none. The bytes between keep
    /// their text.
    public func enabling(_ member: DisabledMember, in object: Node) -> JSONSplice {
        let live = Array(children(object))
        let before = live.last { range($0).upperBound <= member.range.lowerBound }
        let after = live.first { memberStart($0) >= member.range.upperBound }
        var memberText = Array(member.text.utf8)
        // A comma goes right after the value (a comment in the text may follow it).
        if after != nil, !member.hasComma { memberText.insert(UInt8(ascii: ","), at: member.valueEnd) }
        // A member before it without a comma (it was the last live one) takes one.
        if let before, after == nil, gapTokens(range(before).upperBound..<member.range.lowerBound).comma == nil {
            let between = text.slice(range(before).upperBound..<member.range.lowerBound)
            let removed = text.slice(range(before).upperBound..<member.range.upperBound)
            return JSONSplice(offset: range(before).upperBound, removed: removed, inserted: [UInt8(ascii: ",")] + between + memberText)
        }
        return JSONSplice(offset: member.range.lowerBound, removed: text.slice(member.range), inserted: memberText)
    }

    /// The splice that turns the live member `node` of `object` off: its text and its comma become a
    /// comment in the style of the object's members already turned off — else a line comment (one
    /// a line for a member over several lines) that takes the comment trailing the member along —,
    /// a block comment where more stands on the member's line. Nil in a syntax without comments,
    /// or where no comment can hold the member.
    public func disabling(_ node: Node, in object: Node) -> JSONSplice? {
        guard options.syntax.allowsComments, keyRange(node) != nil else { return nil }
        let start = memberStart(node)
        let valueEnd = range(node).upperBound
        let next = children(object).first { $0.id > node.id && memberStart($0) > valueEnd }
        let gapEnd = next.map(memberStart) ?? range(object).upperBound - 1
        let gap = gapTokens(valueEnd..<gapEnd)
        // The member's own text, with its comma when the comma stands on its line (a comma on a
        // later line stays, still separating the members around it).
        var end = valueEnd
        if let comma = gap.comma, !hasLineBreak(valueEnd..<comma) { end = comma + 1 }
        let memberText = text.string(start..<end)
        // A comment trailing the member on its line goes inside the line comment with it.
        let trailing = gap.comments.first { $0.range.lowerBound >= end && !hasLineBreak(end..<$0.range.lowerBound) }
        let lineEnd = trailing?.range.upperBound ?? end
        let restOfLine = text.slice(lineEnd..<min(gapEnd + (next == nil ? 1 : 0), text.count)).prefix { $0 != 0x0A && $0 != 0x0D }
        let linesContinue = next.map { !hasLineBreak(lineEnd..<memberStart($0)) } ?? restOfLine.contains { $0 != 0x20 && $0 != 0x09 }
        let objectUsesBlocks = disabledMembers(of: object).first.map { text[$0.range.lowerBound + 1] == UInt8(ascii: "*") } ?? false
        if objectUsesBlocks || linesContinue {
            guard !memberText.contains("*/") else { return nil }
            return JSONSplice(offset: start, removed: text.slice(start..<end), inserted: Array(("/* " + memberText + " */").utf8))
        }
        // Each line behind `//`, at the member's indentation.
        let indent = lineIndent(at: start)
        let commented = memberText.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { index, line in
            index == 0 ? "// " + line : indent + "// " + line.dropFirst(min(indent.count, line.prefix { $0 == " " || $0 == "\t" }.count))
        }.joined(separator: "\n")
        return JSONSplice(offset: start, removed: text.slice(start..<lineEnd), inserted: Array(commented.utf8) + text.slice(end..<lineEnd))
    }
}

extension String {
    /// The string without white space at its ends.
    var trimmingWhiteSpace: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }
}
