/// Lines of a stream's text, as edits need them: where a line starts and ends, a byte's column,
/// the file's line break.
extension YAMLStream {
    /// The 0-based line holding a byte offset.
    func lineIndex(of offset: Int) -> Int {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if Int(lineStarts[middle]) <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The first byte of the line holding `offset`.
    func lineStart(of offset: Int) -> Int { Int(lineStarts[lineIndex(of: offset)]) }

    /// The offset just past the line holding `offset`, its line break included (the text's end
    /// for a last line without one).
    func lineEnd(of offset: Int) -> Int {
        let line = lineIndex(of: offset)
        return line + 1 < lineStarts.count ? Int(lineStarts[line + 1]) : bytes.count
    }

    /// A byte's column, counted in bytes from its line's start (indentation is spaces, so this is
    /// the indentation of what starts there).
    func column(of offset: Int) -> Int { offset - lineStart(of: offset) }

    /// Whether only spaces stand before `offset` on its line.
    func startsItsLine(_ offset: Int) -> Bool {
        bytes[lineStart(of: offset)..<offset].allSatisfy { $0 == 0x20 }
    }

    /// The text's line break: its first line's (`\r\n`, `\r` or `\n`), `\n` for one line.
    var newline: String {
        guard lineStarts.count > 1 else { return "\n" }
        let end = Int(lineStarts[1]) - 1
        if bytes[end] == 0x0D { return "\r" }
        return end > 0 && bytes[end - 1] == 0x0D ? "\r\n" : "\n"
    }

    /// The last byte of a node's text (its start, for an empty one): a block scalar's range ends
    /// after its line break, so "the line a node ends on" is the line of this byte.
    func lastByte(of range: Range<Int>) -> Int { max(range.lowerBound, range.upperBound - 1) }
}
