/// How a document lays out its text, so new values look like their neighbours.
public struct JSONStyle: Sendable, Hashable {
    /// One level of indentation ("  ", "    ", "\t"), or `nil` when containers stay on one line.
    public var indent: String?
    /// The line break ("\n" or "\r\n").
    public var newline: String
    /// What stands between a key and its value, colon included (": ", ":", " : ").
    public var colon: String
    /// What follows a comma inside one-line containers ("" or " ").
    public var comma: String
    /// The syntax new text is written in: JSON5 keeps its number spellings, JSON writes JSON's.
    public var syntax: JSONSyntax = .json
    /// The quote strings and quoted keys take: `"`, or `'` (JSON5 only).
    public var quote: Character = "\""
    /// Whether keys that are identifiers are written without quotes (JSON5 only).
    public var bareKeys = false
    /// Whether the last member or element of a container laid out over lines is followed by a
    /// comma (JSON with comments and JSON5 only).
    public var trailingComma = false

    /// Creates a style.
    public init(indent: String?, newline: String = "\n", colon: String = ": ", comma: String = " ") {
        self.indent = indent
        self.newline = newline
        self.colon = colon
        self.comma = comma
    }

    /// `{"a":1,"b":[1,2]}`.
    public static let minified = JSONStyle(indent: nil, colon: ":", comma: "")
    /// Two-space indentation.
    public static let pretty = JSONStyle(indent: "  ")
}

extension JSONDocument {
    /// The style of this document, read from its first containers and members.
    ///
    /// The indent unit is the difference between the first multi-line container's indentation and
    /// its first child's; the colon spacing is the first member's; the line break is the first one's.
    ///
    /// A document with folded containers reads it from the parse of its first megabyte, where
    /// nothing is folded: the same values are looked at as when the whole was indexed. What that
    /// read finds is kept for the edits after it that start past the text it looked at.
    public var style: JSONStyle {
        if options.jsonLines { return linesStyle }
        if mayHaveFolds {
            if let kept = cache.foldedStyle.withLock({ $0 }) { return kept.style }
            let sample = self.text.withContiguousBytes(0..<min(self.text.count, LocatedEdit.styleSample)) {
                JSONDocument.leadingPart(of: $0, options: options)
            }
            if let read = sample?.scannedStyle() {
                cache.foldedStyle.withLock { $0 = read }
                return read.style
            }
        }
        return scannedStyle().style
    }

    /// The style, and the offset before which the text decides it: an edit that starts there or
    /// later leaves it as it is (`LocatedEdit.styleSample` when it depends on the whole sample).
    private func scannedStyle() -> (style: JSONStyle, decidedBefore: Int) {
        var style = JSONStyle.minified
        var sawColon = false
        var sawIndent = false
        var sawComma = false
        // What was read: the starts of the values looked at, and whether a container's end was
        // (a missing child: what comes later could add one).
        var lastRead = 0
        var readAnEnd = false
        // Newline style.
        // A document without a line break in its first megabyte is treated as one line.
        var lf: Int?
        var scanned = 0
        text.forEachChunk(of: 0..<min(text.count, 1 << 20)) { chunk in
            if lf == nil, let found = chunk.firstIndex(of: 0x0A) { lf = scanned + found }
            scanned += chunk.count
        }
        if let lf {
            style.newline = lf > 0 && text[lf - 1] == 0x0D ? "\r\n" : "\n"
            lastRead = lf
        }
        // Scan a bounded number of values: the style shows within the first few.
        let limit = min(index.count, 10_000)
        var i = 0
        while i < limit, !(sawColon && sawIndent && sawComma) {
            let node = Node(id: i)
            lastRead = max(lastRead, range(node).lowerBound)
            if !sawColon, let keyRange = keyRange(node) {
                style.colon = text.string(keyRange.upperBound..<range(node).lowerBound)
                sawColon = true
            }
            if kind(node).isContainer {
                guard let first = children(node).first(where: { _ in true }) else {
                    readAnEnd = true
                    i += 1
                    continue
                }
                let open = range(node).lowerBound
                let firstStart = memberStart(first)
                lastRead = max(lastRead, firstStart)
                let leading = text.slice((open + 1)..<firstStart)
                if !sawIndent, leading.contains(0x0A) {
                    let childIndent = lineIndent(at: firstStart)
                    let parentIndent = lineIndent(at: open)
                    if childIndent.hasPrefix(parentIndent), childIndent.count > parentIndent.count {
                        style.indent = String(childIndent.dropFirst(parentIndent.count))
                        sawIndent = true
                    }
                }
                if !sawComma, !leading.contains(0x0A) {
                    if let second = child(node, at: 1) {
                        lastRead = max(lastRead, memberStart(second))
                        let between = separator(before: second, after: first)
                        if !between.utf8.contains(0x0A) {
                            style.comma = between
                            sawComma = true
                        }
                    } else {
                        readAnEnd = true
                    }
                }
            }
            i += 1
        }
        // No member to copy from: a multi-line document spaces its colons.
        if !sawColon, style.indent != nil { style.colon = ": " }
        if options.syntax != .json { readExtendedHabits(into: &style, limit: limit) }
        // No one-line container with two children to copy from: space commas like colons.
        if !sawComma, style.colon.hasSuffix(" ") { style.comma = " " }
        let decided = lf != nil && sawColon && sawIndent && sawComma && !readAnEnd
        return (style, decided ? lastRead + 1 : LocatedEdit.styleSample)
    }

    /// The habits of a syntax beyond JSON, from the first values: the quote (JSON5: the first
    /// string's or quoted key's), bare keys (JSON5: the first key's), and trailing commas (the
    /// first container laid out over lines with a child).
    private func readExtendedHabits(into style: inout JSONStyle, limit: Int) {
        style.syntax = options.syntax
        var sawQuote = false
        var sawKey = false
        var sawTrailing = false
        var i = 0
        while i < limit, !(sawQuote && sawKey && sawTrailing) {
            let node = Node(id: i)
            i += 1
            if options.syntax == .json5, !sawKey || !sawQuote, let keyRange = keyRange(node) {
                let open = text[keyRange.lowerBound]
                let quoted = open == UInt8(ascii: "\"") || open == UInt8(ascii: "'")
                if !sawKey { (style.bareKeys, sawKey) = (!quoted, true) }
                if quoted, !sawQuote { (style.quote, sawQuote) = (open == UInt8(ascii: "'") ? "'" : "\"", true) }
            }
            if options.syntax == .json5, !sawQuote, kind(node) == .string {
                (style.quote, sawQuote) = (text[range(node).lowerBound] == UInt8(ascii: "'") ? "'" : "\"", true)
            }
            if !sawTrailing, kind(node).isContainer, let last = lastChild(node), text.slice(range(node)).contains(0x0A) {
                style.trailingComma = trailingComma(after: last, in: node) != nil
                sawTrailing = true
            }
        }
        if options.syntax != .json5 { (style.quote, style.bareKeys) = ("\"", false) }
    }

    /// A JSON Lines text's style: one line per value, spaced as its first line's value, with the
    /// text's line break.
    private var linesStyle: JSONStyle {
        var style = JSONStyle.minified
        // (The first line was checked when the text was read: a parse of it fails only for a file
        // changed under its mapping, and then the minified style stands.)
        if let first = child(root, at: 0), range(first).count <= 1 << 20, let line = try? JSONDocument(bytes: rawBytes(first)) {
            style = line.style
        }
        style.indent = nil
        let breakAt = text.withContiguousBytes(0..<min(text.count, 1 << 20)) { $0.firstIndex(of: 0x0A) }
        style.newline = breakAt.map { $0 > 0 && text[$0 - 1] == 0x0D ? "\r\n" : "\n" } ?? "\n"
        return style
    }

    /// Where a child's text starts: its key for a member, else its value (without reading the key).
    func memberStart(_ node: Node) -> Int {
        let entry = index[node.id]
        switch entry.keyDelta {
        case 0: return Int(entry.start)
        case IndexEntry.longKeyDelta: return index.longKeyStart(node.id) ?? Int(entry.start)
        default: return Int(entry.start) - Int(entry.keyDelta)
        }
    }

    /// The trivia between the comma after `previous` and its next sibling `node` (white space;
    /// and comments, in a syntax that has them).
    func separator(before node: Node, after previous: Node) -> String {
        let start = memberStart(node)
        guard options.syntax.allowsComments else {
            var i = start
            while i > 0, text[i - 1] != UInt8(ascii: ",") { i -= 1 }
            return text.string(i..<start)
        }
        // A comment may hold a comma: the gap is read from its start, the previous value's end.
        let gap = gapTokens(range(previous).upperBound..<start)
        return text.string((gap.comma.map { $0 + 1 } ?? start)..<start)
    }

    /// The leading whitespace of the line holding `offset` (none when the line starts more than
    /// 64 KB before it: such a line is not laid out by indentation, and a minified gigabyte is one line).
    func lineIndent(at offset: Int) -> String {
        var lineStart = offset
        while lineStart > 0, text[lineStart - 1] != 0x0A {
            lineStart -= 1
            if offset - lineStart > 1 << 16 { return "" }
        }
        if lineStart == 0, hasByteOrderMark { lineStart = 3 }
        var end = lineStart
        while end < offset, text[end] == 0x20 || text[end] == 0x09 { end += 1 }
        return text.string(lineStart..<end)
    }
}
