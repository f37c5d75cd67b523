/// Checks a JSON text fed in pieces of any size, in memory that does not grow with the text: the
/// state between two pieces is a few words and one bit per open container. It accepts and rejects
/// exactly what the indexing parser does — the same reason at the same offset — so
/// `keepsake validate` can check a file larger than memory, or a hostile one (two gigabytes of
/// spaces), without reading it whole.
///
/// Lines and columns are tracked as it goes (line breaks occur only between tokens, continuation
/// bytes only in strings it validates), so an error is placed without a second pass; it is thrown
/// once the few bytes after it that its excerpt shows have arrived (or at `finish()`).
public struct JSONStreamValidator: Sendable {
    enum State: UInt8 {
        case byteOrderMark, value, arrayStart, objectStart, key, colon, afterValue
        case string, escape, unicodeEscape, utf8
        case numberAfterMinus, numberAfterZero, numberInteger, numberFractionFirst, numberFraction
        case numberExponentSign, numberExponentFirst, numberExponent
        case literal
    }

    let maxDepth: Int
    var state = State.byteOrderMark
    /// The absolute offset of the next byte.
    public internal(set) var offset = 0
    var line = 1
    var lineStart = 0
    /// Continuation bytes seen (validated inside strings), and how many were before the line's start.
    var continuations = 0
    var continuationsAtLineStart = 0
    /// One bit per open container, set for an object; `depth` of them are in use.
    var containers: [UInt64] = []
    var depth = 0
    var afterComma = false
    var stringIsKey = false
    var previous: UInt8 = 0
    /// Inside a `\uXXXX` escape: hex digits still expected.
    var hexLeft = 0
    /// Inside a UTF-8 sequence: continuation bytes still expected, and the bounds of the next one.
    var utf8Left = 0
    var utf8Lower: UInt8 = 0x80
    var utf8Upper: UInt8 = 0xBF
    /// Inside a literal: which one, how far, and where it started.
    var literal: StaticString = "true"
    var literalIndex = 0
    var literalStart = 0
    /// The last bytes before the current piece (for an error's excerpt).
    var tail: [UInt8] = []
    /// 80 bytes shown before an error, plus a literal's length: a literal's error is at its start,
    /// which may be in the piece before.
    static let tailLength = 88

    /// A validator with the parser's options (`maxDepth`).
    public init(options: JSONParseOptions = .default) {
        maxDepth = options.maxDepth
    }

    /// An error found, waiting for the bytes after it that its description shows.
    var pending: (error: RawParseError, window: [UInt8], windowBegin: Int)?
    /// Zero-padded room for the regions run through the parser's scanners.
    var scratch: ValidatorScratch?
    /// How many bytes after an error its description needs (the excerpt, and a scalar "found").
    static let lookahead = 84

    /// Checks the next piece of the text; throws the parser's error (line and column counted from
    /// the start of the whole text) at the first byte that cannot be there — once the bytes after
    /// it that the error shows have arrived, or at `finish()`.
    public mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONParseError) {
        if pending != nil {
            pending!.window.append(contentsOf: bytes.prefix(Self.lookahead))
            try throwPendingIfComplete()
            return
        }
        let pieceStart = offset
        do {
            try consumeSplittingAtLines(bytes)
        } catch {
            pending = (error, tail + Array(bytes), pieceStart - tail.count)
            try throwPendingIfComplete()
            return
        }
        keepTail(bytes)
    }

    /// Ends the text: throws when it stops before a whole value (or an error found is waiting).
    public mutating func finish() throws(JSONParseError) {
        if let pending { throw describe(pending.error, window: pending.window, windowBegin: pending.windowBegin) }
        do {
            try end()
        } catch {
            throw describe(error, window: tail, windowBegin: offset - tail.count)
        }
    }

    func throwPendingIfComplete() throws(JSONParseError) {
        guard let pending else { return }
        if pending.window.count - (pending.error.offset - pending.windowBegin) >= Self.lookahead {
            throw describe(pending.error, window: pending.window, windowBegin: pending.windowBegin)
        }
    }

    // MARK: Describing an error

    mutating func keepTail(_ bytes: UnsafeBufferPointer<UInt8>) {
        if bytes.count >= Self.tailLength {
            tail = Array(bytes[(bytes.count - Self.tailLength)...])
        } else {
            tail.append(contentsOf: bytes)
            if tail.count > Self.tailLength { tail.removeFirst(tail.count - Self.tailLength) }
        }
    }

    /// The parser's error for `raw`: its words from the bytes around the offset, its line and
    /// column from what was counted.
    func describe(_ raw: RawParseError, window: [UInt8], windowBegin: Int) -> JSONParseError {
        let errorOffset = raw.offset
        let at = min(max(errorOffset - windowBegin, 0), window.count)
        // From the error's line start (or 80 bytes before the error) to just past what it shows.
        let from = max(lineStart - windowBegin, at - 80, 0)
        let shown = JSONBytes(window[from..<min(window.count, at + Self.lookahead)])
        let local = JSONParseError(RawParseError(offset: at - from, reason: raw.reason), in: shown)
        let clipped = windowBegin + from > lineStart
        return JSONParseError(
            offset: errorOffset, line: line, column: errorOffset - lineStart - (continuations - continuationsAtLineStart) + 1,
            expected: local.expected, found: local.found, sourceLine: (clipped ? "…" : "") + local.sourceLine, hint: local.hint,
            caretColumn: local.caretColumn + (clipped ? 1 : 0))
    }
}
