import CFYAML

/// Reads libfyaml's events for a stream into located nodes: each node's full range is found from
/// its tokens' marks (an anchor's `&` and a quote are outside them; a block scalar's header is found
/// after the token before it).
struct YAMLEventReader {
    let stream: YAMLStream
    var nodes: [YAMLNode] = []
    var documents: [YAMLStreamDocument] = []
    /// Open collections.
    private var open: [Int] = []
    /// Where the last token read ended: a block scalar's header is the first `|` or `>` after it.
    private var lastTokenEnd = 0
    /// The node each anchor name last named.
    private var anchors: [String: Int] = [:]

    init(stream: YAMLStream) {
        self.stream = stream
    }

    mutating func read() throws(YAMLParseError) {
        // No diagnostic object of our own: given one (collecting errors or printing them
        // elsewhere), libfyaml 0.7.12 writes through a null pointer reporting some errors
        // (fy_indent_vacuum_internal; found by the fuzz target, reproduced in plain C). Its own
        // default diagnostics do not, but print on standard error and keep the reason from us:
        // our error is placed where the events stopped.
        var configuration = fy_parse_cfg()
        configuration.flags = fy_parse_cfg_flags(rawValue: FYPCF_QUIET.rawValue | FYPCF_DEFAULT_VERSION_1_2.rawValue)
        // An empty stream holds no document (and libfyaml is given no empty buffer).
        guard !stream.bytes.isEmpty else { return }
        let bytes = stream.bytes
        try bytes.withUnsafeBufferPointer { (text: UnsafeBufferPointer<UInt8>) throws(YAMLParseError) in
            // libfyaml reads the bytes in place: the parser lives only while they are pinned here.
            guard let start = text.baseAddress, let parser = fy_parser_create(&configuration) else {
                throw YAMLParseError("out of memory", line: 1, column: 1)
            }
            defer { fy_parser_destroy(parser) }
            guard fy_parser_set_string(parser, UnsafeRawPointer(start).assumingMemoryBound(to: CChar.self), text.count) == 0 else {
                throw YAMLParseError("cannot read the text", line: 1, column: 1)
            }
            while let event = fy_parser_parse(parser) {
                defer { fy_parser_event_free(parser, event) }
                try take(event)
            }
            if fy_parser_get_stream_error(parser) { throw stoppedError() }
        }
    }

    /// The error where the events stopped: at the first byte after the last token read that is
    /// not white space (a tab indenting that line, or the next, is named).
    private func stoppedError() -> YAMLParseError {
        let bytes = stream.bytes
        var offset = min(lastTokenEnd, bytes.count)
        while offset < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[offset]) { offset += 1 }
        let place = stream.place(of: offset)
        var message = offset < bytes.count ? "not valid YAML from here" : "the text ends before the YAML does (an unclosed bracket or quote?)"
        if let tabbed = [place.line, place.line + 1].first(where: { stream.lineHasLeadingTab($0) }) {
            message += " (a tab indents line \(tabbed): YAML indents with spaces)"
        }
        return YAMLParseError(message, line: place.line, column: place.column)
    }

    private mutating func take(_ event: UnsafeMutablePointer<fy_event>) throws(YAMLParseError) {
        switch event.pointee.type {
        case FYET_DOCUMENT_START:
            documents.append(YAMLStreamDocument(root: nil, explicitStart: !event.pointee.document_start.implicit, explicitEnd: false))
        case FYET_DOCUMENT_END:
            if !documents.isEmpty { documents[documents.count - 1].explicitEnd = !event.pointee.document_end.implicit }
        case FYET_SCALAR, FYET_ALIAS, FYET_SEQUENCE_START, FYET_MAPPING_START:
            try begin(event)
        case FYET_SEQUENCE_END, FYET_MAPPING_END:
            end(event)
        default:
            break
        }
    }

    private mutating func begin(_ event: UnsafeMutablePointer<fy_event>) throws(YAMLParseError) {
        let type = event.pointee.type
        let token = fy_event_get_token(event)
        let anchorToken = fy_event_get_anchor_token(event)
        let tagToken = fy_event_get_tag_token(event)
        let anchorRange = anchorToken.map(Self.range)
        let tagRange = tagToken.map(Self.range)
        lastTokenEnd = max(lastTokenEnd, anchorRange?.upperBound ?? 0, tagRange?.upperBound ?? 0)
        let kind: YAMLNode.Kind
        var content: Range<Int>
        var full: Range<Int>
        var text = ""
        switch type {
        case FYET_SCALAR:
            let style = token.map { fy_token_scalar_style($0) } ?? FYSS_PLAIN
            content = token.map(Self.range) ?? lastTokenEnd..<lastTokenEnd
            text = token.map(Self.text) ?? ""
            switch style {
            case FYSS_SINGLE_QUOTED, FYSS_DOUBLE_QUOTED:
                kind = .scalar(style == FYSS_SINGLE_QUOTED ? .singleQuoted : .doubleQuoted)
                full = (content.lowerBound - 1)..<(content.upperBound + 1)
            case FYSS_LITERAL, FYSS_FOLDED:
                kind = .scalar(style == FYSS_LITERAL ? .literal : .folded)
                full = blockHeader(before: content.lowerBound)..<content.upperBound
            default:
                kind = .scalar(.plain)
                full = content
            }
        case FYET_ALIAS:
            kind = .alias
            content = token.map(Self.range) ?? lastTokenEnd..<lastTokenEnd
            text = token.map(Self.text) ?? ""
            full = (content.lowerBound - 1)..<content.upperBound
        default:
            let start = token.map(Self.range) ?? lastTokenEnd..<lastTokenEnd
            let isFlow = start.count == 1
            kind = type == FYET_SEQUENCE_START ? .sequence(flow: isFlow) : .mapping(flow: isFlow)
            content = start.lowerBound..<start.upperBound
            full = content
        }
        var lower = full.lowerBound
        if let anchorRange { lower = min(lower, anchorRange.lowerBound - 1) }
        if let tagRange { lower = min(lower, tagRange.lowerBound) }
        full = lower..<max(lower, full.upperBound)
        lastTokenEnd = max(lastTokenEnd, full.upperBound)
        let index = nodes.count
        let node = YAMLNode(
            kind: kind, range: full, contentRange: content, text: text,
            tag: tagRange.map { stream.text($0) }, resolvedTag: tagToken.map(Self.text),
            anchor: anchorToken.map(Self.text), target: kind == .alias ? anchors[text] : nil, parent: open.last, count: 0, next: index + 1)
        if case .alias = kind, anchors[text] == nil {
            throw stream.error("the alias *\(text) names no anchor before it", at: full.lowerBound)
        }
        if let parent = open.last {
            nodes[parent].count += 1
        } else if !documents.isEmpty {
            documents[documents.count - 1].root = index
        }
        nodes.append(node)
        if let anchor = node.anchor { anchors[anchor] = index }
        if type == FYET_SEQUENCE_START || type == FYET_MAPPING_START { open.append(index) }
    }

    private mutating func end(_ event: UnsafeMutablePointer<fy_event>) {
        guard let index = open.popLast() else { return }
        nodes[index].next = nodes.count
        let token = fy_event_get_token(event).map(Self.range)
        var end = nodes[index].range.upperBound
        switch nodes[index].kind {
        case .sequence(flow: true), .mapping(flow: true):
            end = token?.upperBound ?? end
        default:
            // A block collection ends with its last entry (whose own end is its subtree's).
            if nodes.count > index + 1 { end = max(end, nodes[index + 1..<nodes.count].map(\.range.upperBound).max() ?? end) }
        }
        nodes[index].range = nodes[index].range.lowerBound..<end
        nodes[index].contentRange = nodes[index].contentRange.lowerBound..<end
        lastTokenEnd = max(lastTokenEnd, token?.upperBound ?? end)
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

    private static func range(_ token: OpaquePointer) -> Range<Int> {
        let start = fy_token_start_mark(token).map { Int($0.pointee.input_pos) } ?? 0
        let end = fy_token_end_mark(token).map { Int($0.pointee.input_pos) } ?? start
        return start..<max(start, end)
    }

    private static func text(_ token: OpaquePointer) -> String {
        var length = 0
        guard let start = fy_token_get_text(token, &length) else { return "" }
        return String(decoding: UnsafeRawBufferPointer(start: start, count: length), as: UTF8.self)
    }
}
