import LosslessJSON

/// A scalar's new text in the style of the one it replaces, and whether its tag still fits.
extension YAMLDocument {
    /// The text of a scalar value written where a node stood, in its style when the value allows.
    func scalarText(_ value: JSONValue, replacing index: Int, notes: inout [String]) throws(YAMLDocumentError) -> String {
        guard case .string(let string) = value else {
            if case .array = value { return "[]" }
            if case .object = value { return "{}" }
            return YAMLScalarWriter.plain(value) ?? "null"
        }
        let node = stream.nodes[index]
        let inFlow = isInFlow(index)
        switch node.kind {
        case .scalar(.singleQuoted):
            return YAMLScalarWriter.singleQuoted(string) ?? YAMLScalarWriter.doubleQuoted(string)
        case .scalar(.doubleQuoted):
            return YAMLScalarWriter.doubleQuoted(string)
        case .scalar(let style) where style == .literal || style == .folded:
            if let block = blockText(string, replacing: index, folded: style == .folded) { return block }
            notes.append("the value cannot be a \(style == .literal ? "literal" : "folded") block: it is written in double quotes")
            return YAMLScalarWriter.doubleQuoted(string)
        default:
            let taggedString = stream.resolvedTag(of: index) == "tag:yaml.org,2002:str"
            return YAMLScalarWriter.plain(string, inFlow: inFlow, taggedString: taggedString) ?? YAMLScalarWriter.singleQuoted(string) ?? YAMLScalarWriter.doubleQuoted(string)
        }
    }

    /// A block scalar's new text: its header's indicators for the new value, the rest of the
    /// header line (a comment) as it was, the lines at the old indentation.
    private func blockText(_ string: String, replacing index: Int, folded: Bool) -> String? {
        let node = stream.nodes[index]
        let header = ownStart(index)
        // The reader places an empty block scalar at its mark (past a CR-broken header, say): without
        // its `|` or `>` where it stands, its header cannot be rewritten in place.
        guard header < stream.bytes.count, stream.bytes[header] == UInt8(ascii: "|") || stream.bytes[header] == UInt8(ascii: ">") else { return nil }
        let headerEnd = stream.lineEnd(of: header)
        var indicators = header + 1
        while indicators < headerEnd, "+-0123456789".utf8.contains(stream.bytes[indicators]) { indicators += 1 }
        var indent = 0
        var offset = headerEnd
        while offset < node.range.upperBound {
            let lineEnd = stream.lineEnd(of: offset)
            let spaces = stream.bytes[offset..<lineEnd].prefix { $0 == 0x20 }.count
            if offset + spaces < lineEnd, ![0x0A, 0x0D].contains(stream.bytes[offset + spaces]) {
                indent = spaces
                break
            }
            offset = lineEnd
        }
        if indent == 0 { indent = stream.column(of: stream.lineStart(of: header) + stream.bytes[stream.lineStart(of: header)...].prefix { $0 == 0x20 }.count) + indentationStep }
        guard let block = YAMLScalarWriter.block(string, folded: folded, indent: indent, newline: stream.newline) else { return nil }
        return block.header + stream.text(indicators..<headerEnd) + block.body
    }

    /// Whether a tag still says what the new value is.
    func tagFits(_ index: Int, _ value: JSONValue) -> Bool {
        guard let tag = stream.resolvedTag(of: index) else { return true }
        let node = stream.nodes[index]
        let core = "tag:yaml.org,2002:"
        switch (tag.hasPrefix(core) ? String(tag.dropFirst(core.count)) : nil, value) {
        case ("str", .string), ("int", .number), ("float", .number), ("bool", .bool), ("null", .null), ("seq", .array), ("map", .object): return true
        case (nil, .string): if case .scalar = node.kind { return true } else { return false }
        case (nil, .array): return node.kind == .sequence(flow: true) || node.kind == .sequence(flow: false)
        case (nil, .object): return node.kind == .mapping(flow: true) || node.kind == .mapping(flow: false)
        default: return false
        }
    }
}
