/// Where a stream's documents end, found from its lines alone, so that a document near the start of
/// a large stream is read without the rest: a line starting with `---` or `...` (then a space, a
/// tab or the line's end) is never content (YAML 1.2 §9.1.4, c-forbidden) — it always begins or
/// ends a document, whatever was open before it.
extension YAMLStream {
    /// The offset where the text after document `number` (0-based) begins: the line that starts
    /// the next document (its `---`, or after a `...` its first directive, content or `---`).
    /// `bytes.count` when the stream has no document after it.
    public static func end(ofDocument number: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var document = 0
        // Whether the current document has begun (content or its own `---`), or was ended by `...`.
        var begun = false
        var ended = false
        var start = 0
        while start < bytes.count {
            var lineEnd = start
            // A line ends at LF or CR (§5.4: a CR alone breaks a line too; CRLF is a line and an empty one).
            while lineEnd < bytes.count, bytes[lineEnd] != 0x0A, bytes[lineEnd] != 0x0D { lineEnd += 1 }
            let startsDocument = isMarker(UInt8(ascii: "-"), at: start, in: bytes)
            let endsDocument = isMarker(UInt8(ascii: "."), at: start, in: bytes)
            var first = start
            while first < lineEnd, bytes[first] == 0x20 || bytes[first] == 0x09 { first += 1 }
            let isContent = first < lineEnd && bytes[first] != UInt8(ascii: "#")
            if ended ? (startsDocument || isContent && !endsDocument) : (startsDocument && begun) {
                if document == number { return start }
                document += 1
                (begun, ended) = (false, false)
            }
            if endsDocument {
                ended = true
            } else if startsDocument || isContent && !(first == start && bytes[first] == UInt8(ascii: "%") && !begun) {
                begun = true
            }
            start = lineEnd + 1
        }
        return bytes.count
    }

    /// Whether `---` (or `...`) stands at `offset`, followed by white space or the text's end.
    private static func isMarker(_ mark: UInt8, at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard offset + 3 <= bytes.count, bytes[offset] == mark, bytes[offset + 1] == mark, bytes[offset + 2] == mark else { return false }
        return offset + 3 == bytes.count || [0x20, 0x09, 0x0A, 0x0D].contains(bytes[offset + 3])
    }
}
