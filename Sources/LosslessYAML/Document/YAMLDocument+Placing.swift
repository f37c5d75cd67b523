import LosslessJSON

/// Where an edit's bytes go: the replaced node's own text (after its anchor and tag), the line
/// after a collection's last entry, an entry's whole lines.
extension YAMLDocument {
    var writer: YAMLValueWriter { YAMLValueWriter(newline: stream.newline, step: indentationStep) }

    /// How far the document indents a nested block collection: the first one found that starts
    /// its own line, else 2.
    var indentationStep: Int {
        for (index, node) in stream.nodes.enumerated().prefix(10_000) {
            guard case .mapping(flow: false) = node.kind, let parent = node.parent, case .mapping(flow: false) = stream.nodes[parent].kind,
                stream.startsItsLine(node.range.lowerBound), index != parent + 1
            else { continue }
            let step = stream.column(of: node.range.lowerBound) - stream.column(of: stream.nodes[parent].range.lowerBound)
            if step > 0 { return step }
        }
        return 2
    }

    /// Replaces the value at a location: a scalar keeps its style when the value allows it, a
    /// collection is written in the style of the place (flow inside flow, else block at the node's
    /// column).
    /// `anchoring` names an anchor the written value takes (an alias written as the node it named).
    func replace(_ location: Location, with value: JSONValue, anchoring: String? = nil) throws(YAMLDocumentError) -> YAMLEdit {
        let index = location.node
        let node = stream.nodes[index]
        var notes = sharingNotes(of: index)
        let shared = !notes.isEmpty
        let start = ownStart(index)
        var from = start
        var prefix = ""
        let anchor = anchoring ?? stream.anchor(of: index)
        // A node's own anchor stays where it stands (before `start`); a new one is written.
        let newAnchor = anchoring.map { "&\($0) " } ?? ""
        if let tag = stream.tag(of: index), !tagFits(index, value) {
            from = node.range.lowerBound
            prefix = anchor.map { "&\($0) " } ?? ""
            notes.append("the tag \(tag) was dropped: it does not fit the new value")
        }
        let inFlow = isInFlow(index)
        let isFlowCollection = node.kind == .mapping(flow: true) || node.kind == .sequence(flow: true)
        let isBlockCollection = node.kind == .mapping(flow: false) || node.kind == .sequence(flow: false)
        let memberOfBlockMapping = location.key != nil && node.parent.map { stream.nodes[$0].kind == .mapping(flow: false) } == true
        let nested = isNonEmptyCollection(value)
        var range = from..<node.range.upperBound
        var text: String
        if node.range.isEmpty, node.kind == .scalar(.plain) {
            // An empty value (`key:`, `-`) is written after its indicator.
            let (at, indicator) = try emptyValuePosition(location)
            let written: String
            if !nested {
                written = " " + (try scalarText(value, replacing: index, notes: &notes))
            } else if inFlow {
                written = " " + writer.flow(value)
            } else if let key = location.key {
                written = writer.afterColon(value, keyColumn: stream.column(of: stream.nodes[key].range.lowerBound))
            } else {
                // An item: after `- `, its later lines at the column the first starts at.
                written = " " + writer.block(value, column: stream.column(of: at) + 1)
            }
            return YAMLEdit(range: at..<at, text: indicator + written, notes: notes, changesAliases: shared)
        }
        if !nested {
            let scalar = try scalarText(value, replacing: index, notes: &notes)
            text = prefix + newAnchor + scalar
            if isBlockCollection, memberOfBlockMapping, let key = location.key {
                // A block collection under its key becomes a value on the key's line.
                range = try colonEnd(after: key)..<node.range.upperBound
                text = " " + (anchor.map { "&\($0) " } ?? "") + scalar
            }
        } else if inFlow || isFlowCollection {
            text = prefix + newAnchor + writer.flow(value)
        } else if memberOfBlockMapping, !isBlockCollection, let key = location.key {
            range = try colonEnd(after: key)..<node.range.upperBound
            text = (anchor.map { " &\($0)" } ?? "") + writer.afterColon(value, keyColumn: stream.column(of: stream.nodes[key].range.lowerBound))
        } else if let anchoring {
            // Properties on a block mapping's first line would be its first key's: the anchor
            // stands alone, the collection below at the same column.
            let column = stream.column(of: start)
            text = "&\(anchoring)\n" + String(repeating: " ", count: column) + writer.block(value, column: column)
        } else {
            text = prefix + writer.block(value, column: stream.column(of: start))
        }
        return YAMLEdit(range: range, text: fittingEnding(text, of: range), notes: notes, changesAliases: shared)
    }

    /// Adds a member after the last of a mapping, at its siblings' column (block) or after a
    /// comma (flow).
    func insert(key: String, value: JSONValue, into mapping: Int) throws(YAMLDocumentError) -> YAMLEdit {
        let node = stream.nodes[mapping]
        let entries = stream.entries(of: mapping)
        let notes = sharingNotes(of: mapping)
        guard case .mapping(let flow) = node.kind else { throw .cannotEdit("not a mapping") }
        if flow {
            let member = writer.key(key, inFlow: true) + ": " + writer.flow(value)
            guard let lastValue = entries.last else {
                let at = node.contentRange.lowerBound + 1
                return YAMLEdit(range: at..<at, text: member, notes: notes, changesAliases: !notes.isEmpty)
            }
            let at = max(stream.nodes[entries[entries.count - 2]].range.upperBound, stream.nodes[lastValue].range.upperBound)
            return YAMLEdit(range: at..<at, text: ", " + member, notes: notes, changesAliases: !notes.isEmpty)
        }
        guard let first = entries.first, entries.count >= 2 else { throw .cannotEdit("an empty block mapping") }
        let column = stream.column(of: stream.nodes[first].range.lowerBound)
        let lastKey = stream.nodes[entries[entries.count - 2]]
        let end = max(lastKey.range.upperBound, stream.nodes[entries[entries.count - 1]].range.upperBound)
        let line = String(repeating: " ", count: column) + writer.key(key, inFlow: false) + ":" + writer.afterColon(value, keyColumn: column)
        return insertLine(line, after: lastKey.range.lowerBound..<end, notes: notes)
    }

    /// Adds an item after the last of a sequence.
    func append(_ value: JSONValue, to sequence: Int) throws(YAMLDocumentError) -> YAMLEdit {
        let node = stream.nodes[sequence]
        let entries = stream.entries(of: sequence)
        let notes = sharingNotes(of: sequence)
        if node.kind == .sequence(flow: true) {
            guard let last = entries.last else {
                let at = node.contentRange.lowerBound + 1
                return YAMLEdit(range: at..<at, text: writer.flow(value), notes: notes, changesAliases: !notes.isEmpty)
            }
            let at = stream.nodes[last].range.upperBound
            return YAMLEdit(range: at..<at, text: ", " + writer.flow(value), notes: notes, changesAliases: !notes.isEmpty)
        }
        guard let first = entries.first, let last = entries.last else { throw .cannotEdit("an empty block sequence") }
        let dash = try dashBefore(first)
        let column = stream.column(of: dash)
        let line = String(repeating: " ", count: column) + "- " + writer.block(value, column: column + 2)
        return insertLine(line, after: try dashBefore(last)..<stream.nodes[last].range.upperBound, notes: notes)
    }

    /// A line inserted after the line `span` ends on (a last line without a line break gets one
    /// before it instead); `notes` are the collection's sharing notes.
    private func insertLine(_ line: String, after span: Range<Int>, notes: [String]) -> YAMLEdit {
        let at = stream.lineEnd(of: stream.lastByte(of: span))
        let endsWithBreak = at > 0 && (stream.bytes[at - 1] == 0x0A || stream.bytes[at - 1] == 0x0D)
        return YAMLEdit(range: at..<at, text: endsWithBreak ? line + stream.newline : stream.newline + line, notes: notes, changesAliases: !notes.isEmpty)
    }

    /// What a person should know when a node or one holding it is anchored and aliased: the
    /// change shows at every alias.
    func sharingNotes(of index: Int) -> [String] {
        var notes: [String] = []
        var current: Int? = index
        while let node = current {
            if let anchor = stream.anchor(of: node) {
                let aliases = stream.nodes.reduce(0) { $0 + ($1.kind == .alias && $1.target == node ? 1 : 0) }
                if aliases > 0 {
                    notes.append("&\(anchor) is shared by \(aliases) alias\(aliases == 1 ? "" : "es") (*\(anchor)): the change shows there too")
                }
            }
            current = stream.nodes[node].parent
        }
        return notes
    }

    private func isNonEmptyCollection(_ value: JSONValue) -> Bool {
        switch value {
        case .array(let elements): !elements.isEmpty
        case .object(let object): !object.members.isEmpty
        default: false
        }
    }

    /// New text ends with a line break exactly when the replaced bytes did (a block scalar's or a
    /// block collection's text ends after one).
    private func fittingEnding(_ text: String, of range: Range<Int>) -> String {
        // Bytes, not characters: `\r\n` is one character, and a CR alone ends a line too (§5.4).
        let isBreak = { (byte: UInt8?) in byte == 0x0A || byte == 0x0D }
        let oldEnds = !range.isEmpty && isBreak(stream.bytes[range.upperBound - 1])
        let newEnds = isBreak(text.utf8.last)
        if oldEnds, !newEnds { return text + stream.newline }
        if !oldEnds, newEnds {
            var bytes = Array(text.utf8)
            if bytes.last == 0x0A { bytes.removeLast() }
            if bytes.last == 0x0D { bytes.removeLast() }
            return String(decoding: bytes, as: UTF8.self)
        }
        return text
    }

    /// Sets the root of an empty stream (the only place in an empty document an edit can write).
    func editEmptyDocument(setting path: JSONPath, to value: JSONValue) throws(YAMLDocumentError) -> YAMLEdit {
        guard path.isRoot else { throw .noValue(path, "the document is empty") }
        guard stream.documents.isEmpty else {
            throw .cannotEdit("document \(number) is empty: keepsake cannot yet place a value inside an empty document of a stream")
        }
        let bytes = stream.bytes
        let text = writer.block(value, column: 0) + stream.newline
        let needsBreak = !bytes.isEmpty && bytes.last != 0x0A && bytes.last != 0x0D
        return YAMLEdit(range: bytes.count..<bytes.count, text: needsBreak ? stream.newline + text : text)
    }
}
