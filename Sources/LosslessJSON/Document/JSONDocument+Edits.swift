extension JSONDocument {
    /// Applies an edit; returns the bytes it changed (apply `inverse` to undo).
    @discardableResult
    public mutating func apply(_ edit: JSONEdit) throws(JSONEditError) -> JSONSplice {
        let splice = try self.splice(for: edit)
        try apply(splice)
        return splice
    }

    /// A copy of this document with an edit applied.
    public func applying(_ edit: JSONEdit) throws(JSONEditError) -> JSONDocument {
        var copy = self
        try copy.apply(edit)
        return copy
    }

    /// Applies a splice made for this version of the text (or the inverse of the last one applied).
    public mutating func apply(_ splice: JSONSplice) throws(JSONEditError) {
        let range = splice.removedRange
        guard range.upperBound <= self.text.count, self.text.slice(range) == splice.removed else {
            throw JSONEditError.spliceMismatch(offset: splice.offset)
        }
        do {
            self = try replacing(splice)
        } catch {
            throw JSONEditError.invalidResult(error)
        }
    }

    /// The splice an edit makes, computed without changing the document.
    public func splice(for edit: JSONEdit) throws(JSONEditError) -> JSONSplice {
        try splice(for: edit, style: nil)
    }

    /// The splice an edit makes with new text laid out in `style` (this document's when nil) where
    /// the value's own container does not say otherwise: a part of a larger text edited alone
    /// takes the whole text's style.
    func splice(for edit: JSONEdit, style: JSONStyle?) throws(JSONEditError) -> JSONSplice {
        // The text is the same once unfolded: a splice made there applies here. (The style is read
        // here, so this document keeps it for the edits after this one.)
        guard mayHaveFolds else { return try indexedSplice(for: edit, style: style) }
        return try unfolding(along: edit.path).indexedSplice(for: edit, style: style ?? self.style)
    }

    /// `splice(for:style:)` once the containers the edit reads are unfolded.
    private func indexedSplice(for edit: JSONEdit, style: JSONStyle?) throws(JSONEditError) -> JSONSplice {
        switch edit {
        case .replace(let path, let value):
            guard let node = node(at: path) else { throw .notFound(path) }
            return try replacement(of: node, with: value, style: style)
        case .set(let path, let value):
            if let node = node(at: path) { return try replacement(of: node, with: value, style: style) }
            guard case .key(let key)? = path.last, let parentPath = path.parent else { throw .notFound(path) }
            guard let parent = node(at: parentPath) else { throw .notFound(parentPath) }
            // RFC 6901's "-": the position after an array's last element.
            if key == "-", kind(parent) == .array { return insertion(into: parent, key: nil, value: value, at: nil, style: style) }
            guard kind(parent) == .object else {
                throw .wrongKind(parentPath, expected: "an object", found: kind(parent))
            }
            return insertion(into: parent, key: key, value: value, at: nil, style: style)
        case .insertMember(let path, let key, let value, let position):
            guard let node = node(at: path) else { throw .notFound(path) }
            guard kind(node) == .object else { throw .wrongKind(path, expected: "an object", found: kind(node)) }
            let count = childCount(node)
            if let position, position < 0 || position > count {
                throw .indexOutOfRange(path, index: position, count: count)
            }
            return insertion(into: node, key: key, value: value, at: position, style: style)
        case .insertElement(let path, let value, let position):
            guard let node = node(at: path) else { throw .notFound(path) }
            guard kind(node) == .array else { throw .wrongKind(path, expected: "an array", found: kind(node)) }
            let count = childCount(node)
            if let position, position < 0 || position > count {
                throw .indexOutOfRange(path, index: position, count: count)
            }
            return insertion(into: node, key: nil, value: value, at: position, style: style)
        case .remove(let path):
            guard let parentPath = path.parent else { throw .rootNotAllowed("remove") }
            guard let node = node(at: path), let parent = self.node(at: parentPath) else { throw .notFound(path) }
            return removal(of: node, from: parent)
        case .renameKey(let path, let newKey):
            guard !path.isRoot else { throw .rootNotAllowed("rename") }
            guard let node = node(at: path) else { throw .notFound(path) }
            guard let keyRange = keyRange(node) else {
                let parentPath = path.parent ?? .root
                throw .wrongKind(parentPath, expected: "an object", found: self.node(at: parentPath).map(kind) ?? .array)
            }
            return JSONSplice(offset: keyRange.lowerBound, removed: self.text.slice(keyRange), inserted: Array(renamedKey(newKey, replacing: keyRange).utf8))
        }
    }

    private func replacement(of node: Node, with value: JSONValue, style: JSONStyle?) throws(JSONEditError) -> JSONSplice {
        if isLinesRoot(node) {
            guard case .array(let lines) = value else { throw .rootNotAllowed("give a JSON Lines text anything but an array of lines as") }
            return linesReplacement(with: lines, style: style)
        }
        let range = range(node)
        let text = JSONWriter.serialize(value, style: layout(inside: node, style: style), baseIndent: lineIndent(at: range.lowerBound))
        return JSONSplice(offset: range.lowerBound, removed: self.text.slice(range), inserted: Array(text.utf8))
    }

    /// The style for new text at `node`: `style` (the document's), on one line if `node`'s own
    /// container is one line.
    private func layout(inside node: Node, style: JSONStyle?) -> JSONStyle {
        var style = style ?? self.style
        if kind(node).isContainer, let first = child(node, at: 0), let second = child(node, at: 1) {
            let between = separator(before: second, after: first)
            if !between.utf8.contains(0x0A) {
                style.indent = nil
                style.comma = between
            }
        } else if kind(node).isContainer, let first = child(node, at: 0) {
            let leading = self.text.slice((range(node).lowerBound + 1)..<memberStart(first))
            if !leading.contains(0x0A) { style.indent = nil }
        }
        return style
    }

    private func insertion(into container: Node, key: String?, value: JSONValue, at position: Int?, style: JSONStyle?) -> JSONSplice {
        if isLinesRoot(container) { return lineInsertion(of: value, at: position, style: style) }
        let containerRange = range(container)
        var style = layout(inside: container, style: style)
        // Children by position (a large container's directory finds them without a walk).
        let count = childCount(container)
        let first = child(container, at: 0)
        if let first, let colonEnd = keyRange(first)?.upperBound {
            style.colon = self.text.string(colonEnd..<range(first).lowerBound)
        }
        func memberText(indent: String) -> String {
            let valueText = JSONWriter.serialize(value, style: style, baseIndent: indent)
            guard let key else { return valueText }
            return JSONWriter.key(key, style: style) + style.colon + valueText
        }
        guard let first, let last = child(container, at: count - 1) else {
            // Empty container: lay it open if the document is multi-line. White space already
            // inside it is kept: the member goes before a line break there (which then closes the
            // container), else after the spaces.
            let interior = (containerRange.lowerBound + 1)..<(containerRange.upperBound - 1)
            let parentIndent = lineIndent(at: containerRange.lowerBound)
            if !interior.isEmpty {
                let inside = self.text.slice(interior)
                if inside.contains(0x0A) {
                    let unit = style.indent ?? "  "
                    let text = style.newline + parentIndent + unit + memberText(indent: parentIndent + unit)
                    return JSONSplice(offset: interior.lowerBound, removed: [], inserted: Array(text.utf8))
                }
                return JSONSplice(offset: interior.upperBound, removed: [], inserted: Array(memberText(indent: parentIndent).utf8))
            }
            let text: String
            if let unit = style.indent {
                text = style.newline + parentIndent + unit + memberText(indent: parentIndent + unit) + style.newline + parentIndent
            } else {
                text = memberText(indent: parentIndent)
            }
            return JSONSplice(offset: interior.lowerBound, removed: self.text.slice(interior), inserted: Array(text.utf8))
        }
        var between: String
        if count >= 2, let second = child(container, at: 1) {
            between = separator(before: second, after: first)
        } else {
            // One child: its leading whitespace if it sits on its own line, else the document's comma spacing.
            let leading = self.text.string((containerRange.lowerBound + 1)..<memberStart(first))
            between = leading.utf8.contains(0x0A) ? leading : style.comma
        }
        let childIndent = between.utf8.contains(0x0A) ? lineIndent(at: memberStart(first)) : lineIndent(at: containerRange.lowerBound)
        let member = memberText(indent: childIndent)
        if options.syntax.allowsComments, between.utf8.contains(0x2F) {
            // The separator holds comments: new text takes only its line break and indentation.
            between = between.utf8.contains(0x0A) ? style.newline + childIndent : style.comma
        }
        if options.syntax.allowsComments, between.utf8.contains(0x0A),
            let splice = insertionBesideComments(member, into: container, at: position, count: count, last: last, lineStart: style.newline + childIndent)
        {
            return splice
        }
        if let position, position < count, let target = child(container, at: position) {
            let at = memberStart(target)
            return JSONSplice(offset: at, removed: [], inserted: Array((member + "," + between).utf8))
        }
        let at = range(last).upperBound
        return JSONSplice(offset: at, removed: [], inserted: Array(("," + between + member).utf8))
    }

    private func removal(of node: Node, from parent: Node) -> JSONSplice {
        if isLinesRoot(parent) { return lineRemoval(of: node) }
        let next = subtreeEnd(node) < subtreeEnd(parent) ? Node(id: subtreeEnd(node)) : nil
        let position = child(parent, holding: node)?.position ?? 0
        if options.syntax.allowsComments, let splice = removalBesideComments(of: node, from: parent, at: position, next: next) { return splice }
        let previous = position > 0 ? child(parent, at: position - 1) : nil
        let removed: Range<Int>
        if let next {
            removed = memberStart(node)..<memberStart(next)
        } else if let previous {
            removed = range(previous).upperBound..<range(node).upperBound
        } else {
            let parentRange = range(parent)
            removed = (parentRange.lowerBound + 1)..<(parentRange.upperBound - 1)
        }
        return JSONSplice(offset: removed.lowerBound, removed: self.text.slice(removed), inserted: [])
    }
}

extension JSONDocument {
    /// Whether the value at `path` already is `value` (JSON equality: the same literal, or equal
    /// numbers, strings by scalars, members in order) — an edit to it would change nothing, so
    /// callers skip it and `"\u00e9"`, `1.0` or `[[]   ]` keep their text. Kinds are compared
    /// first, so a mismatch builds no value.
    public func holds(_ value: JSONValue, at path: JSONPath) -> Bool {
        if mayHaveFolds { return unfolding(along: path).unfoldedHolds(value, at: path) }
        return unfoldedHolds(value, at: path)
    }

    private func unfoldedHolds(_ value: JSONValue, at path: JSONPath) -> Bool {
        guard let node = node(at: path) else { return false }
        switch (kind(node), value) {
        case (.null, .null), (.false, .bool), (.true, .bool), (.number, .number), (.string, .string): return self.value(node) == value
        case (.array, .array(let elements)): return childCount(node) == elements.count && self.value(node) == value
        case (.object, .object(let object)): return childCount(node) == object.members.count && self.value(node) == value
        default: return false
        }
    }
}

/// Edits of a JSON Lines text's lines: a line's value is written on one line, and a line goes in
/// or out with its line break.
extension JSONDocument {
    /// Whether a node is the root of a JSON Lines text (its lines' array, with no brackets).
    func isLinesRoot(_ node: Node) -> Bool { options.jsonLines && node == root }

    /// A value on one line, spaced as the document spaces its members.
    private func lineText(_ value: JSONValue, style: JSONStyle?) -> [UInt8] {
        var style = style ?? self.style
        style.indent = nil
        return Array(JSONWriter.serialize(value, style: style).utf8)
    }

    /// Where the line holding `offset` starts.
    private func lineStart(at offset: Int) -> Int {
        var start = offset
        while start > 0, text[start - 1] != 0x0A { start -= 1 }
        return start
    }

    /// Where the line holding `offset` ends, its line break included (the text's end for the last).
    private func lineEnd(at offset: Int) -> Int {
        var end = offset
        while end < text.count, text[end] != 0x0A { end += 1 }
        return min(end + 1, text.count)
    }

    /// A new line for `value` before the line at `position` (after the last when nil), ended as
    /// its neighbour is (the line it goes before, or the text's last line); a text without a final
    /// line break keeps none.
    private func lineInsertion(of value: JSONValue, at position: Int?, style: JSONStyle?) -> JSONSplice {
        let line = lineText(value, style: style)
        /// The line break ending at `end` (exclusive), or the document's.
        func lineBreak(endingAt end: Int) -> [UInt8] {
            guard end > 0, text[end - 1] == 0x0A else { return Array((style ?? self.style).newline.utf8) }
            return end > 1 && text[end - 2] == 0x0D ? [0x0D, 0x0A] : [0x0A]
        }
        if let position, let target = child(root, at: position) {
            let start = lineStart(at: range(target).lowerBound)
            return JSONSplice(offset: start, removed: [], inserted: line + lineBreak(endingAt: lineEnd(at: range(target).upperBound)))
        }
        if text.count == 0 || text[text.count - 1] == 0x0A {
            return JSONSplice(offset: text.count, removed: [], inserted: line + lineBreak(endingAt: text.count))
        }
        return JSONSplice(offset: text.count, removed: [], inserted: lineBreak(endingAt: 0) + line)
    }

    /// A line taken out with its line break (the last line, without one, with the break before it).
    private func lineRemoval(of node: Node) -> JSONSplice {
        let value = range(node)
        var removed = lineStart(at: value.lowerBound)..<lineEnd(at: value.upperBound)
        if removed.upperBound == text.count, text[removed.upperBound - 1] != 0x0A, removed.lowerBound > 0 {
            let breakStart = removed.lowerBound >= 2 && text[removed.lowerBound - 2] == 0x0D ? removed.lowerBound - 2 : removed.lowerBound - 1
            removed = breakStart..<removed.upperBound
        }
        return JSONSplice(offset: removed.lowerBound, removed: text.slice(removed), inserted: [])
    }

    /// The whole text replaced by lines, one per value.
    private func linesReplacement(with values: [JSONValue], style: JSONStyle?) -> JSONSplice {
        let newline = Array((style ?? self.style).newline.utf8)
        let inserted = values.flatMap { lineText($0, style: style) + newline }
        return JSONSplice(offset: 0, removed: text.array, inserted: inserted)
    }
}
