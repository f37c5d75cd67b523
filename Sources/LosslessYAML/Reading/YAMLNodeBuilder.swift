import LosslessJSON

/// Builds a stream's located nodes from its events: each node's full range is found from its
/// tokens (an anchor's `&`, a quote and an alias's `*` are outside them; a block scalar's header is
/// found after the token before it; a block collection ends with its last entry).
struct YAMLNodeBuilder: YAMLEventSink {
    let stream: YAMLStream
    var nodes = YAMLNodeList()
    var documents: [YAMLStreamDocument] = []
    var properties: [YAMLNodeProperties] = []
    /// Open collections.
    private var open: [Int] = []
    /// Where the last token read ended: a block scalar's header is the first `|` or `>` after it,
    /// and an error the reader gives no place for is placed after it.
    private(set) var lastTokenEnd = 0
    /// The node each anchor name last named.
    private var anchors: [String: Int] = [:]

    /// Told how far the reading has come, about every `JSONParseProgress.stride` bytes.
    private let progress: JSONParseProgress?
    private var nextReport = JSONParseProgress.stride

    init(stream: YAMLStream, progress: JSONParseProgress? = nil) {
        self.stream = stream
        self.progress = progress
    }

    mutating func take(_ event: YAMLEvent) throws(YAMLParseError) {
        if let progress, event.token.upperBound >= nextReport {
            nextReport = event.token.upperBound + JSONParseProgress.stride
            guard progress.record(bytesRead: event.token.upperBound) else { throw YAMLParseError.cancelled }
        }
        switch event.kind {
        case .documentStart:
            // An anchor names nodes of its own document only (§3.2.2.2).
            anchors = [:]
            documents.append(YAMLStreamDocument(root: nil, explicitStart: !event.isImplicit, explicitEnd: false))
        case .documentEnd:
            if !documents.isEmpty { documents[documents.count - 1].explicitEnd = !event.isImplicit }
        case .scalar, .alias, .sequenceStart, .mappingStart:
            try begin(event)
        case .sequenceEnd, .mappingEnd:
            end(event)
        }
    }

    private mutating func begin(_ event: YAMLEvent) throws(YAMLParseError) {
        lastTokenEnd = max(lastTokenEnd, event.anchor?.upperBound ?? 0, event.tag?.upperBound ?? 0)
        let kind: YAMLNode.Kind
        var content = event.token
        // An empty node stands no earlier than what was read before it (an empty value moved past
        // its indicator below, for one).
        if content.isEmpty, content.lowerBound < lastTokenEnd { content = lastTokenEnd..<lastTokenEnd }
        if event.kind == .scalar, event.style == .plain, content.isEmpty, event.anchor == nil, event.tag == nil, let indicator = emptyValueIndicator(after: content.lowerBound) {
            content = indicator..<indicator
        }
        var full: Range<Int>
        switch event.kind {
        case .scalar:
            kind = .scalar(event.style)
            switch event.style {
            case .singleQuoted, .doubleQuoted: full = max(0, content.lowerBound - 1)..<min(stream.bytes.count, content.upperBound + 1)
            case .literal, .folded: full = blockHeader(before: content.lowerBound)..<blockEnd(content.upperBound)
            case .plain: full = content
            }
        case .alias:
            kind = .alias
            full = max(0, content.lowerBound - 1)..<content.upperBound
        default:
            let isFlow = content.count == 1
            kind = event.kind == .sequenceStart ? .sequence(flow: isFlow) : .mapping(flow: isFlow)
            full = content
        }
        var lower = full.lowerBound
        if let anchor = event.anchor { lower = min(lower, max(0, anchor.lowerBound - 1)) }
        if let tag = event.tag { lower = min(lower, tag.lowerBound) }
        full = lower..<max(lower, full.upperBound)
        lastTokenEnd = max(lastTokenEnd, full.upperBound)
        let index = nodes.count
        guard index < Int32.max else { throw stream.error("this YAML holds more than \(Int32.max) nodes: not read", at: full.lowerBound) }
        let anchor = event.anchor.map { stream.text($0) }
        var propertiesIndex: Int?
        if event.text != nil || event.tag != nil || event.resolvedTag != nil || anchor != nil {
            propertiesIndex = properties.count
            properties.append(YAMLNodeProperties(text: event.text, tag: event.tag.map { stream.text($0) }, resolvedTag: event.resolvedTag, anchor: anchor))
        }
        var target: Int?
        if case .alias = kind {
            let name = event.text ?? stream.text(content)
            guard let anchored = anchors[name] else {
                throw stream.error("the alias *\(name) names no anchor before it", at: full.lowerBound)
            }
            target = anchored
        }
        let node = YAMLNode(kind: kind, range: full, contentRange: content, parent: open.last, next: index + 1, target: target, properties: propertiesIndex)
        if let parent = open.last {
            nodes[parent].count += 1
        } else if !documents.isEmpty {
            documents[documents.count - 1].root = index
        }
        nodes.append(node)
        if let anchor { anchors[anchor] = index }
        if event.kind == .sequenceStart || event.kind == .mappingStart { open.append(index) }
    }

    private mutating func end(_ event: YAMLEvent) {
        guard let index = open.popLast() else { return }
        nodes[index].next = nodes.count
        var end = nodes[index].range.upperBound
        switch nodes[index].kind {
        case .sequence(flow: true), .mapping(flow: true):
            end = event.token.upperBound
        default:
            // A block collection ends with its entries (each closed, its range its subtree's); its
            // end event marks no token (the mark can stand past what follows). Its entries, not its
            // whole subtree: nested blocks would make the build quadratic in their depth.
            var entry = index + 1
            while entry < nodes.count {
                end = max(end, nodes[entry].range.upperBound)
                entry = nodes[entry].next
            }
        }
        nodes[index].range = nodes[index].range.lowerBound..<end
        nodes[index].contentRange = nodes[index].contentRange.lowerBound..<end
        lastTokenEnd = max(lastTokenEnd, end)
    }

    /// Just past the indicator an empty value follows — a block sequence's `-`, a mapping's `:` —
    /// which no token marks: the reader places the value where the last token ended, before it.
    private func emptyValueIndicator(after offset: Int) -> Int? {
        guard let parent = open.last else { return nil }
        let indicator: UInt8
        switch nodes[parent].kind {
        case .sequence(flow: false): indicator = UInt8(ascii: "-")
        case .mapping where nodes[parent].count % 2 == 1: indicator = UInt8(ascii: ":")
        default: return nil
        }
        let bytes = stream.bytes
        var at = offset
        while at < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[at]) { at += 1 }
        guard at < bytes.count, bytes[at] == indicator, at + 1 == bytes.count || [0x20, 0x09, 0x0A, 0x0D].contains(bytes[at + 1]) else { return nil }
        return at + 1
    }

    /// Where a block scalar ends: after its last line break when only indentation follows it
    /// (libfyaml's mark stands at the next token's column, past the next line's spaces).
    private func blockEnd(_ end: Int) -> Int {
        var offset = end
        while offset > 0, stream.bytes[offset - 1] == 0x20 { offset -= 1 }
        return offset > 0 && stream.bytes[offset - 1] == 0x0A ? offset : end
    }

    /// Where a block scalar's header (`|` or `>`, its indicators after) is: the first `|` or `>`
    /// after the token before the scalar, outside comments.
    private func blockHeader(before content: Int) -> Int {
        let bytes = stream.bytes
        var offset = lastTokenEnd
        var inComment = false
        while offset < content {
            let byte = bytes[offset]
            if byte == 0x0A {
                inComment = false
            } else if !inComment {
                if byte == UInt8(ascii: "|") || byte == UInt8(ascii: ">") { return offset }
                if byte == UInt8(ascii: "#"), offset == 0 || bytes[offset - 1] == 0x20 || bytes[offset - 1] == 0x09 || bytes[offset - 1] == 0x0A { inComment = true }
            }
            offset += 1
        }
        return content
    }

    /// The error for a reader's failure: where and why it says, else at the first byte after the
    /// last token read that is not white space; a tab indenting that line, or the next, is named.
    func error(_ failure: YAMLReadFailure) -> YAMLParseError {
        let bytes = stream.bytes
        var offset = min(lastTokenEnd, bytes.count)
        while offset < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[offset]) { offset += 1 }
        var (line, column) = stream.place(of: offset)
        var message: String
        switch failure {
        case .refused(let error):
            return error
        case .invalid(let reason, let placeLine, let placeColumn):
            message = reason ?? (offset < bytes.count ? "not valid YAML from here" : "the text ends before the YAML does (an unclosed bracket or quote?)")
            if let placeLine, let placeColumn { (line, column) = (placeLine, placeColumn) }
        case .readerFailed(let reason):
            message = "cannot read this YAML from here: \(reason)"
        }
        if let tabbed = [line, line + 1].first(where: { stream.lineHasLeadingTab($0) }) {
            message += " (a tab indents line \(tabbed): YAML indents with spaces)"
        }
        return YAMLParseError(message, line: line, column: column)
    }
}
