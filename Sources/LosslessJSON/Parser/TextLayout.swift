/// Whether a parse keeps its offsets in segments: a type, so that the loop for a text within the
/// limit is compiled without the checks.
protocol Segmenting {
    static var isSegmented: Bool { get }
}

enum OneSegment: Segmenting {
    static var isSegmented: Bool { false }
}

enum ManySegments: Segmenting {
    static var isSegmented: Bool { true }
}

/// Whether a parse reads a JSON text or JSON Lines: a type, so that each loop is compiled for one.
protocol TextLayout {
    static var isLines: Bool { get }
}

enum OneTextLayout: TextLayout {
    static var isLines: Bool { false }
}

enum JSONLinesLayout: TextLayout {
    static var isLines: Bool { true }
}
