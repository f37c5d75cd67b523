import CFYAML

/// libfyaml (YAML 1.2) reading the syntax in this process.
///
/// libfyaml 0.7.12 has defects on hostile text (found by the fuzz target, reproduced in plain C;
/// docs/DESIGN.md "YAML: decisions"): use this reader for trusted text, in a fuzzer, or inside the
/// child process `YAMLReaderProcess` starts. It runs with the parser's own diagnostic object —
/// given one of one's own, 0.7.12 writes through a null pointer reporting some errors — told to
/// collect errors rather than print them (printing draws the source line, which crashes 0.7.12 on
/// some long lines): a text that is not YAML fails with libfyaml's reason and place.
public struct LibFYAMLReader: YAMLSyntaxReader {
    /// A reader.
    public init() {}

    public func read<Sink: YAMLEventSink>(_ bytes: [UInt8], into sink: inout Sink) throws(YAMLReadFailure) {
        // An empty stream holds no document (and libfyaml is given no empty buffer).
        guard !bytes.isEmpty else { return }
        var configuration = fy_parse_cfg()
        configuration.flags = fy_parse_cfg_flags(rawValue: FYPCF_QUIET.rawValue | FYPCF_DEFAULT_VERSION_1_2.rawValue)
        try bytes.withUnsafeBufferPointer { (text: UnsafeBufferPointer<UInt8>) throws(YAMLReadFailure) in
            // libfyaml reads the bytes in place: the parser lives only while they are pinned here.
            guard let start = text.baseAddress, let parser = fy_parser_create(&configuration) else {
                throw YAMLReadFailure.readerFailed("libfyaml could not start (out of memory?)")
            }
            defer { fy_parser_destroy(parser) }
            let diagnostics = fy_parser_get_diag(parser)
            defer {
                if let diagnostics {
                    // Turning collection off frees what was collected.
                    fy_diag_set_collect_errors(diagnostics, false)
                    fy_diag_unref(diagnostics)
                }
            }
            if let diagnostics { fy_diag_set_collect_errors(diagnostics, true) }
            guard fy_parser_set_string(parser, UnsafeRawPointer(start).assumingMemoryBound(to: CChar.self), text.count) == 0 else {
                throw YAMLReadFailure.readerFailed("libfyaml could not take the text")
            }
            // A node without a token (an empty value) stands where the last token ended.
            var lastEnd = 0
            while let raw = fy_parser_parse(parser) {
                defer { fy_parser_event_free(parser, raw) }
                guard let event = Self.event(raw, in: text, lastEnd: &lastEnd) else { continue }
                do throws(YAMLParseError) {
                    try sink.take(event)
                } catch {
                    throw YAMLReadFailure.refused(error)
                }
            }
            if fy_parser_get_stream_error(parser) { throw Self.firstError(diagnostics) }
        }
    }

    /// The first error libfyaml collected: its reason and its 1-based line and column.
    private static func firstError(_ diagnostics: OpaquePointer?) -> YAMLReadFailure {
        var iterator: UnsafeMutableRawPointer?
        while let diagnostics, let error = fy_diag_errors_iterate(diagnostics, &iterator) {
            guard error.pointee.type == FYET_ERROR, let message = error.pointee.msg else { continue }
            let (line, column) = (Int(error.pointee.line), Int(error.pointee.column))
            return .invalid(reason: String(cString: message), line: line > 0 ? line : nil, column: column > 0 ? column : nil)
        }
        return .invalid(reason: nil, line: nil, column: nil)
    }

    /// The event for one of libfyaml's, or nil for those a stream's nodes do not need (stream
    /// start and end).
    private static func event(_ event: UnsafeMutablePointer<fy_event>, in text: UnsafeBufferPointer<UInt8>, lastEnd: inout Int) -> YAMLEvent? {
        let type = event.pointee.type
        let token = fy_event_get_token(event)
        let range = token.map(Self.range) ?? lastEnd..<lastEnd
        for part in [token, fy_event_get_anchor_token(event), fy_event_get_tag_token(event)] {
            // A block collection's end is no token of the text: its mark can stand past the next
            // key (`? [..]` then a key on the next line; found by the fuzz target).
            if let part, fy_token_get_type(part) != FYTT_BLOCK_END { lastEnd = max(lastEnd, Self.range(part).upperBound) }
        }
        switch type {
        case FYET_DOCUMENT_START:
            return YAMLEvent(.documentStart, isImplicit: event.pointee.document_start.implicit, token: range)
        case FYET_DOCUMENT_END:
            return YAMLEvent(.documentEnd, isImplicit: event.pointee.document_end.implicit, token: range)
        case FYET_SEQUENCE_END:
            return YAMLEvent(.sequenceEnd, token: range)
        case FYET_MAPPING_END:
            return YAMLEvent(.mappingEnd, token: range)
        case FYET_SCALAR, FYET_ALIAS, FYET_SEQUENCE_START, FYET_MAPPING_START:
            let anchorToken = fy_event_get_anchor_token(event)
            let tagToken = fy_event_get_tag_token(event)
            var result = YAMLEvent(
                .scalar, token: range, anchor: anchorToken.map(Self.range), tag: tagToken.map(Self.range),
                resolvedTag: tagToken.map(Self.text))
            switch type {
            case FYET_SCALAR:
                let style = token.map { fy_token_scalar_style($0) } ?? FYSS_PLAIN
                result.style = switch style {
                case FYSS_SINGLE_QUOTED: .singleQuoted
                case FYSS_DOUBLE_QUOTED: .doubleQuoted
                case FYSS_LITERAL: .literal
                case FYSS_FOLDED: .folded
                default: .plain
                }
                result.text = token.flatMap { Self.text($0, differingFrom: range, in: text) }
                // 0.7.12 reads an empty block scalar at the text's very end as "\0" (found by the
                // fuzz target); a block scalar holds no escapes, and the text no NUL (§5.1).
                if result.style == .literal || result.style == .folded, let read = result.text, read.contains("\u{0}") {
                    let cleaned = read.filter { $0 != "\u{0}" }
                    result.text = cleaned.isEmpty && range.isEmpty ? nil : cleaned
                }
            case FYET_ALIAS:
                result.kind = .alias
                result.text = token.flatMap { Self.text($0, differingFrom: range, in: text) }
            case FYET_SEQUENCE_START:
                result.kind = .sequenceStart
            default:
                result.kind = .mappingStart
            }
            return result
        default:
            return nil
        }
    }

    private static func range(_ token: OpaquePointer) -> Range<Int> {
        let start = fy_token_start_mark(token).map { Int($0.pointee.input_pos) } ?? 0
        let end = fy_token_end_mark(token).map { Int($0.pointee.input_pos) } ?? start
        return start..<max(start, end)
    }

    /// A token's text.
    private static func text(_ token: OpaquePointer) -> String {
        var length = 0
        guard let start = fy_token_get_text(token, &length) else { return "" }
        return String(decoding: UnsafeRawBufferPointer(start: start, count: length), as: UTF8.self)
    }

    /// A token's text, or nil when it is exactly the bytes of `range` in the text (nothing to copy).
    private static func text(_ token: OpaquePointer, differingFrom range: Range<Int>, in text: UnsafeBufferPointer<UInt8>) -> String? {
        var length = 0
        guard let start = fy_token_get_text(token, &length) else { return range.isEmpty ? nil : "" }
        let read = UnsafeRawBufferPointer(start: start, count: length)
        if range.upperBound <= text.count, range.count == length, read.elementsEqual(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(text)[range])) {
            return nil
        }
        return String(decoding: read, as: UTF8.self)
    }
}
