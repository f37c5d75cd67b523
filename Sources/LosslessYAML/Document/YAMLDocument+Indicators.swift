/// Where an entry's indicators and bytes stand in the text — an item's `-`, a key's `:`, a node's
/// own text after its properties, an entry's span — found from the nodes and the bytes between
/// them, for the edits that place text there.
extension YAMLDocument {
    /// The bytes of one entry: a member from its key to its value's end, an item from its `-`.
    func entrySpan(_ entry: ArraySlice<Int>, in container: Int) throws(YAMLDocumentError) -> Range<Int> {
        let first = stream.nodes[entry.first ?? container]
        let last = stream.nodes[entry.last ?? container]
        let end = max(first.range.upperBound, last.range.upperBound)
        switch stream.nodes[container].kind {
        case .mapping(flow: false):
            var before = first.range.lowerBound - 1
            while before >= 0, stream.bytes[before] == 0x20 { before -= 1 }
            if before >= 0, stream.bytes[before] == UInt8(ascii: "?") {
                throw .cannotEdit("entries with explicit keys (`? key`) cannot be removed in place yet")
            }
            return first.range.lowerBound..<end
        case .sequence(flow: false):
            return try dashBefore(entry.first ?? container)..<end
        default:
            return first.range.lowerBound..<end
        }
    }

    /// The bytes a flow collection loses with one entry: it and the comma after it (the comma
    /// before it, for the last).
    func flowCut(_ spans: [Range<Int>], _ index: Int) -> Range<Int> {
        if spans.count == 1 { return spans[0] }
        if index + 1 < spans.count { return spans[index].lowerBound..<spans[index + 1].lowerBound }
        return spans[index - 1].upperBound..<spans[index].upperBound
    }

    /// The `-` of a block sequence's item.
    func dashBefore(_ item: Int) throws(YAMLDocumentError) -> Int {
        guard let offset = dash(before: item) else {
            throw .cannotEdit("the `-` of this item was not found (a comment between it and its value?)")
        }
        return offset
    }

    /// The `-` of a block sequence's item, if only white space and comments stand between them.
    func dash(before item: Int) -> Int? {
        let bytes = stream.bytes
        var offset = stream.nodes[item].range.lowerBound - 1
        while offset >= 0 {
            if [0x20, 0x09, 0x0A, 0x0D].contains(bytes[offset]) {
                offset -= 1
            } else if let hash = commentStart(onLineOf: offset), hash <= offset {
                // Inside a comment (on the `-`'s line, or a line of its own): on before its `#`.
                offset = hash - 1
            } else {
                break
            }
        }
        return offset >= 0 && bytes[offset] == UInt8(ascii: "-") ? offset : nil
    }

    /// Where a comment starts on the line holding `offset`: its first `#` at the line's start or
    /// after white space. Only for lines of block structure (indicators, properties), where no
    /// quoted scalar can hold one.
    func commentStart(onLineOf offset: Int) -> Int? {
        let start = lineContentStart(of: offset)
        let bytes = stream.bytes
        return (start...offset).first { bytes[$0] == UInt8(ascii: "#") && ($0 == start || bytes[$0 - 1] == 0x20 || bytes[$0 - 1] == 0x09) }
    }

    /// Where an empty value's text goes — just past its key's `:`, or its item's `-` — and the
    /// indicator written before it: `:` after a flow mapping's key that stands without one
    /// (`{a, b}` holds two nulls).
    func emptyValuePosition(_ location: Location) throws(YAMLDocumentError) -> (offset: Int, indicator: String) {
        if let key = location.key {
            if let colon = colon(after: key) { return (colon + 1, "") }
            if let container = location.container, stream.nodes[container].kind == .mapping(flow: true) {
                return (stream.nodes[key].range.upperBound, ":")
            }
            throw .cannotEdit("the `:` after this key was not found")
        }
        guard let container = location.container, stream.nodes[container].kind == .sequence(flow: false) else {
            throw .cannotEdit("an empty value here cannot be written in place yet")
        }
        // The reader places an empty item just past its `-`.
        let offset = stream.nodes[location.node].range.lowerBound
        guard offset > 0, stream.bytes[offset - 1] == UInt8(ascii: "-") else {
            throw .cannotEdit("the `-` of this empty item was not found")
        }
        return (offset, "")
    }

    /// Just past the `:` after a key.
    func colonEnd(after key: Int) throws(YAMLDocumentError) -> Int {
        guard let offset = colon(after: key) else { throw .cannotEdit("the `:` after this key was not found") }
        return offset + 1
    }

    /// The `:` after a key, if only spaces and tabs stand between them.
    func colon(after key: Int) -> Int? {
        var offset = stream.nodes[key].range.upperBound
        while offset < stream.bytes.count, stream.bytes[offset] == 0x20 || stream.bytes[offset] == 0x09 { offset += 1 }
        return offset < stream.bytes.count && stream.bytes[offset] == UInt8(ascii: ":") ? offset : nil
    }

    /// Where a node's own text starts: after its anchor and tag and the space after them.
    func ownStart(_ index: Int) -> Int {
        let range = stream.nodes[index].range
        var offset = range.lowerBound
        while offset < range.upperBound, stream.bytes[offset] == UInt8(ascii: "&") || stream.bytes[offset] == UInt8(ascii: "!") {
            while offset < range.upperBound, ![0x20, 0x09, 0x0A, 0x0D].contains(stream.bytes[offset]) { offset += 1 }
            while offset < range.upperBound, [0x20, 0x09, 0x0A, 0x0D].contains(stream.bytes[offset]) { offset += 1 }
        }
        return offset
    }

    /// Whether a node stands inside a flow collection.
    func isInFlow(_ index: Int) -> Bool {
        var parent = stream.nodes[index].parent
        while let current = parent {
            if stream.nodes[current].kind == .mapping(flow: true) || stream.nodes[current].kind == .sequence(flow: true) { return true }
            parent = stream.nodes[current].parent
        }
        return false
    }
}
