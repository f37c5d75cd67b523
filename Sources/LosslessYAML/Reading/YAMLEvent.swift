/// One event of a YAML stream as a syntax reader reports it: what begins or ends, where its token
/// stands in the text and, for a scalar whose reading differs from its bytes, its text.
///
/// Events carry byte ranges, not pointers, so that they can cross a process boundary
/// (`YAMLReaderProcess`) unchanged.
public struct YAMLEvent: Sendable, Equatable {
    /// What the event reports.
    public enum Kind: UInt8, Sendable {
        case documentStart = 1, documentEnd, scalar, alias, sequenceStart, sequenceEnd, mappingStart, mappingEnd
    }

    public var kind: Kind
    /// A scalar's style (`.plain` for every other event).
    public var style: YAMLNode.ScalarStyle
    /// A document start or end that is not written (`---` or `...` left out).
    public var isImplicit: Bool
    /// The token's bytes: a scalar's content (inside quotes; a block scalar's lines), an alias's
    /// name, a collection's first token (`[`, `{`, or its first entry's) or last (`]`, `}`).
    public var token: Range<Int>
    /// The anchor's name (after `&`), and the tag as written, when the node has them.
    public var anchor: Range<Int>?
    public var tag: Range<Int>?
    /// The tag's full name (`tag:yaml.org,2002:str` for `!!str`).
    public var resolvedTag: String?
    /// A scalar's text with escapes, folding and chomping applied, or nil when it is exactly the
    /// bytes of `token` (most plain scalars: nothing to copy).
    public var text: String?

    /// An event.
    public init(
        _ kind: Kind, style: YAMLNode.ScalarStyle = .plain, isImplicit: Bool = false, token: Range<Int>,
        anchor: Range<Int>? = nil, tag: Range<Int>? = nil, resolvedTag: String? = nil, text: String? = nil
    ) {
        self.kind = kind
        self.style = style
        self.isImplicit = isImplicit
        self.token = token
        self.anchor = anchor
        self.tag = tag
        self.resolvedTag = resolvedTag
        self.text = text
    }
}

/// What takes a stream's events, one at a time, in order; it may refuse one (an alias that names no
/// anchor) and the reading stops there.
public protocol YAMLEventSink {
    /// Takes the next event.
    mutating func take(_ event: YAMLEvent) throws(YAMLParseError)
}

/// Reads YAML's syntax into events: the one part of LosslessYAML that is not Swift.
///
/// `LibFYAMLReader` runs libfyaml in this process; `YAMLReaderProcess` runs it in a child process,
/// so that a defect of the library met on hostile text is an error, not a crash of the program
/// holding pending edits.
public protocol YAMLSyntaxReader: Sendable {
    /// Reports the events of `bytes` (a UTF-8 YAML stream) to `sink` in order.
    func read<Sink: YAMLEventSink>(_ bytes: [UInt8], into sink: inout Sink) throws(YAMLReadFailure)
}

/// Why a syntax reader stopped.
public enum YAMLReadFailure: Error, Sendable {
    /// The text is not YAML: the reader's reason and place (1-based) when it gave them.
    case invalid(reason: String?, line: Int?, column: Int?)
    /// The sink refused an event.
    case refused(YAMLParseError)
    /// The reader itself failed (it crashed, stalled, or could not be started): why.
    case readerFailed(String)
}
