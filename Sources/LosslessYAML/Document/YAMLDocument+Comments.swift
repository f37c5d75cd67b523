import LosslessJSON

/// A YAML document's comments by the members and items they belong to — those on lines of their
/// own above an entry, and the one after it on its line — read for the browser and written back
/// when the one after an entry is edited.
extension YAMLDocument {
    /// The comments of every member and item written in the document that has any, by path (the
    /// text after `#`, white space trimmed). What aliases and `<<` merges bring has its comments
    /// where it is written, at that path only.
    public func commentTextsByPath() -> [JSONPath: CommentTexts] {
        guard let root else { return [:] }
        var result: [JSONPath: CommentTexts] = [:]
        var pending: [(container: Int, path: JSONPath, headerStart: Int)] = [(root, .root, documentStart)]
        while let (container, path, headerStart) = pending.popLast() {
            let isMapping = if case .mapping = stream.nodes[container].kind { true } else { false }
            let entries = stream.entries(of: container)
            let step = isMapping ? 2 : 1
            // Comments above the first entry stand after its collection's own line.
            var previousEnd = headerStart
            for (index, first) in stride(from: 0, to: entries.count - step + 1, by: step).enumerated() {
                let key = isMapping ? entries[first] : nil
                let value = entries[first + step - 1]
                let place = entryPlace(key: key, value: value, container: container)
                let gap = previousEnd..<max(previousEnd, place.start)
                previousEnd = max(previousEnd, place.end)
                let component: JSONPath.Component
                if let key {
                    if stream.isMergeKey(key) { continue }
                    // The document's data read every key; one that did not would have no path.
                    guard let name = try? keyText(key) else { continue }
                    component = .key(name)
                } else {
                    component = .index(index)
                }
                let entryPath = path.appending(component)
                let trailing = place.commentFrom.flatMap { comment(from: $0, header: place.header) }
                let texts = CommentTexts(leading: ownLineComments(in: gap).map(commentText), trailing: trailing.map(commentText))
                if !texts.isEmpty { result[entryPath] = texts }
                switch stream.nodes[value].kind {
                case .mapping, .sequence: pending.append((value, entryPath, place.start))
                default: break
                }
            }
        }
        return result
    }

    /// The edit that sets the comment after the member or item at `path` on its line to `# text`
    /// (a text over several lines joined by spaces: a YAML comment ends its line); nil or empty
    /// text removes it, with the white space before it. Nil when nothing would change.
    public func edit(settingCommentAt path: JSONPath, to text: String?) throws(YAMLDocumentError) -> YAMLEdit? {
        let location = try locate(path)
        guard let container = location.container else { throw .cannotEdit("the root has no comment of its own") }
        guard !location.merged, location.aliasesPassed.allSatisfy({ $0 == location.node }) else {
            throw .cannotEdit("\(path) is written where an alias or a << merge takes it from: its comment is written there")
        }
        let place = entryPlace(key: location.key, value: location.node, container: container)
        guard let from = place.commentFrom else {
            throw .cannotEdit("keepsake cannot place a comment after \(path): \(place.noPlace)")
        }
        let wanted = (text ?? "").split(whereSeparator: \.isNewline).map(CommentTexts.trimmed).filter { !$0.isEmpty }.joined(separator: " ")
        let existing = comment(from: from, header: place.header)
        let bytes = stream.bytes
        if wanted.isEmpty {
            guard let existing else { return nil }
            var start = existing.lowerBound
            while start > from, bytes[start - 1] == 0x20 || bytes[start - 1] == 0x09 { start -= 1 }
            return YAMLEdit(range: start..<existing.upperBound, replacement: [])
        }
        let written = "# " + wanted
        if let existing {
            return stream.text(existing) == written ? nil : YAMLEdit(range: existing, text: written)
        }
        // A new comment ends its line: nothing but white space (and a flow comma) may follow it.
        var at = lineContentEnd(of: from)
        while at > from, bytes[at - 1] == 0x20 || bytes[at - 1] == 0x09 { at -= 1 }
        if !place.header, !bytes[from..<at].allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == UInt8(ascii: ",") }) {
            throw .cannotEdit("more follows \(path) on its line: a comment after it would hide that")
        }
        return YAMLEdit(range: at..<at, text: " " + written)
    }

    /// This document with the comment after each member and item as `wanted` has it (the browser's
    /// view of them), one edit each where it differs, checked to leave the data as it was; and how
    /// many entries' comments above them differ (those are not written: YAML keeps its own).
    public func applying(comments wanted: [JSONPath: CommentTexts], reader: some YAMLSyntaxReader = YAMLReaderProcess.standard) throws(YAMLDocumentError) -> (document: YAMLDocument, edits: [YAMLEdit], leadingNotWritten: Int) {
        let have = commentTextsByPath()
        var edits: [YAMLEdit] = []
        var leadingNotWritten = 0
        func compare(_ path: JSONPath, _ written: CommentTexts?, _ shown: CommentTexts?) throws(YAMLDocumentError) {
            if (written?.leading ?? []).map(Self.projected) != shown?.leading ?? [] { leadingNotWritten += 1 }
            guard written?.trailing.map(Self.projected) != shown?.trailing else { return }
            if let edit = try edit(settingCommentAt: path, to: shown?.trailing) { edits.append(edit) }
        }
        // Each path once: the file's, then those only the view has.
        for (path, written) in have { try compare(path, written, wanted[path]) }
        for (path, shown) in wanted where have[path] == nil { try compare(path, nil, shown) }
        guard !edits.isEmpty else { return (self, [], leadingNotWritten) }
        // From the end back, so each edit's offsets hold in the text the ones before it left.
        edits.sort { $0.range.lowerBound > $1.range.lowerBound }
        var bytes = stream.bytes
        for edit in edits { bytes = edit.applied(to: bytes) }
        do {
            let after = try YAMLDocument(YAMLStream(bytes: bytes, reader: reader), document: number)
            guard after.stream.documents.count == stream.documents.count, try after.value() == value() else {
                throw YAMLDocumentError.cannotEdit("writing the comments would change the data; nothing was changed")
            }
            return (after, edits, leadingNotWritten)
        } catch let error as YAMLDocumentError {
            throw error
        } catch {
            throw .cannotEdit("keepsake could not write the comments as valid YAML (\(error)); nothing was changed")
        }
    }

    /// A comment's text as the browser shows it, in a line comment of JSON5 as well: the line
    /// separators JSON5 ends a comment at (U+2028, U+2029) become spaces.
    public static func projected(_ comment: String) -> String {
        guard comment.unicodeScalars.contains(where: { $0 == "\u{2028}" || $0 == "\u{2029}" }) else { return comment }
        return String(String.UnicodeScalarView(comment.unicodeScalars.map { $0 == "\u{2028}" || $0 == "\u{2029}" ? " " : $0 }))
    }
}

/// Where an entry's comments stand.
extension YAMLDocument {
    /// One entry's place: its first byte (a key, or a block item's `-`), the end of its value, and
    /// where the comment after it is looked for on its line — right after its value (`header`
    /// false: only white space and a flow comma may come between), or anywhere on a header line
    /// (the line of a key or `-` whose block collection starts below, a block scalar's header).
    struct EntryPlace {
        var start: Int
        var end: Int
        /// Where the comment after it is looked for; nil when it has no such place.
        var commentFrom: Int?
        var header: Bool
        /// Why it has no place for a comment after it.
        var noPlace = ""
    }

    func entryPlace(key: Int?, value: Int, container: Int) -> EntryPlace {
        let node = stream.nodes[value]
        // An empty key's node stands where the reader's mark was, not always at its `:`.
        let keyNode = key.map { stream.nodes[$0] }.flatMap { $0.range.isEmpty ? nil : $0 }
        let dash = stream.nodes[container].kind == .sequence(flow: false) ? dash(before: value) : nil
        let afterIndicator = keyNode != nil ? key.flatMap { colon(after: $0) }.map { $0 + 1 } : dash.map { $0 + 1 }
        let start = keyNode?.range.lowerBound ?? dash ?? node.range.lowerBound
        let end = max(keyNode?.range.upperBound ?? 0, node.range.upperBound, afterIndicator ?? 0)
        var place = EntryPlace(start: start, end: end, commentFrom: nil, header: true)
        if key != nil, keyNode == nil {
            place.noPlace = "an entry with an empty key"
            return place
        }
        switch node.kind {
        case .mapping(flow: false), .sequence(flow: false):
            if let afterIndicator, lineContentEnd(of: afterIndicator) < node.contentRange.lowerBound {
                place.commentFrom = afterIndicator
            } else {
                place.noPlace = "its line goes on with its first entry, whose comment one there is"
            }
        case .scalar(.literal), .scalar(.folded):
            // Its header: `|` or `>` and its indicators (where the reader placed the node there).
            let header = ownStart(value)
            if header < stream.bytes.count, stream.bytes[header] == UInt8(ascii: "|") || stream.bytes[header] == UInt8(ascii: ">") {
                place.commentFrom = header
            } else {
                place.noPlace = "its block scalar's header was not found"
            }
        default:
            place.header = false
            if !node.range.isEmpty {
                place.commentFrom = node.range.upperBound
            } else if keyNode != nil, let afterIndicator {
                place.commentFrom = afterIndicator
            } else {
                // An empty item's node stands where the reader's mark was: past its `-`, or past the
                // next item's when a line break follows its own — which `-` is its own is not known.
                place.noPlace = "an empty item"
            }
        }
        return place
    }

    /// The comment on the line of `offset`, at or after it (to its line's end): with `header`, the
    /// first `#` after white space; else only when white space (and one flow comma) comes first.
    func comment(from offset: Int, header: Bool) -> Range<Int>? {
        let bytes = stream.bytes
        let end = lineContentEnd(of: offset)
        var sawComma = false
        var i = offset
        while i < end {
            let byte = bytes[i]
            if byte == UInt8(ascii: "#"), i == lineContentStart(of: i) || bytes[i - 1] == 0x20 || bytes[i - 1] == 0x09 { return i..<end }
            if byte == 0x20 || byte == 0x09 {
                // White space.
            } else if byte == UInt8(ascii: ","), !header, !sawComma {
                sawComma = true
            } else if !header {
                return nil
            }
            i += 1
        }
        return nil
    }

    /// The comments in a gap between entries that stand on lines of their own.
    func ownLineComments(in gap: Range<Int>) -> [Range<Int>] {
        let bytes = stream.bytes
        var found: [Range<Int>] = []
        var i = gap.lowerBound
        while i < gap.upperBound {
            guard bytes[i] == UInt8(ascii: "#") else {
                i += 1
                continue
            }
            // Between entries a `#` only starts a comment: the rest of its line is the comment's.
            let end = lineContentEnd(of: i)
            if bytes[lineContentStart(of: i)..<i].allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { found.append(i..<end) }
            i = end
        }
        return found
    }

    /// A comment's text: after its `#`, white space trimmed (as the browser trims a comment's).
    func commentText(_ range: Range<Int>) -> String {
        let bytes = stream.bytes
        var lower = range.lowerBound + 1
        var upper = range.upperBound
        // Spaces and tabs at the ends, byte by byte; past them, other white space is Unicode's.
        while lower < upper, bytes[lower] == 0x20 || bytes[lower] == 0x09 { lower += 1 }
        while upper > lower, bytes[upper - 1] == 0x20 || bytes[upper - 1] == 0x09 { upper -= 1 }
        let text = stream.text(lower..<upper)
        guard lower < upper, bytes[lower] >= 0x80 || bytes[upper - 1] >= 0x80 else { return text }
        return CommentTexts.trimmed(text)
    }

    /// The end of the line holding `offset`: its line break (a CR alone is one, §5.4), or the
    /// text's end.
    func lineContentEnd(of offset: Int) -> Int {
        let bytes = stream.bytes
        var end = offset
        while end < bytes.count, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
        return end
    }

    /// The start of the line holding `offset`: after the line break before it.
    func lineContentStart(of offset: Int) -> Int {
        let bytes = stream.bytes
        var start = min(offset, bytes.count)
        while start > 0, bytes[start - 1] != 0x0A, bytes[start - 1] != 0x0D { start -= 1 }
        return start
    }

    /// Where this document's text starts: after the previous document's root (its `---` line and
    /// comments above it are this document's).
    var documentStart: Int {
        stream.documents[..<min(number, stream.documents.count)].reversed().lazy.compactMap(\.root).first.map { stream.nodes[$0].range.upperBound } ?? 0
    }
}
