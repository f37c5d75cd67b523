/// A JSON Lines text: one JSON value per line, each line addressable and editable on its own.
///
/// Line breaks (`\n` or `\r\n`) and blank lines are kept; writing copies every untouched line.
public struct JSONLinesDocument: Sendable {
    /// One line of the text.
    public struct Line: Sendable {
        /// The 1-based line number in the original text.
        public let number: Int
        /// The line's value, or `nil` for a blank line.
        public var document: JSONDocument?
        /// The bytes of a blank line (whitespace only).
        var blank: [UInt8]
        /// The line break after the line ("\n", "\r\n", or "" for the last line).
        public let terminator: [UInt8]
    }

    /// A line that is not valid JSON.
    public struct LineError: Error, Sendable, CustomStringConvertible {
        /// The 1-based line number.
        public let line: Int
        /// The parse error within the line (its `line` is 1; its `column` is also the column in the file).
        public let error: JSONParseError
        public var description: String { "\(line):\(error.column): \(error.message)" }
    }

    /// Every invalid line of a text (all are reported, not just the first).
    public struct Errors: Error, Sendable, CustomStringConvertible {
        /// The invalid lines, in order.
        public let lines: [LineError]
        public var description: String { lines.map(\.description).joined(separator: "\n") }
    }

    /// The lines in order, blank ones included.
    public private(set) var lines: [Line]

    /// The lines that hold a value.
    public var valueLines: [Line] { lines.filter { $0.document != nil } }

    /// Splits and parses a JSON Lines text.
    public init(bytes: some Collection<UInt8>, options: JSONParseOptions = .default) throws(Errors) {
        let all = Array(bytes)
        var lines: [Line] = []
        var errors: [LineError] = []
        var start = 0
        var number = 1
        while start < all.count {
            var end = start
            while end < all.count, all[end] != 0x0A { end += 1 }
            var contentEnd = end
            var terminator: [UInt8] = []
            if end < all.count {
                terminator = [0x0A]
                if contentEnd > start, all[contentEnd - 1] == 0x0D {
                    contentEnd -= 1
                    terminator = [0x0D, 0x0A]
                }
            }
            let content = Array(all[start..<contentEnd])
            if content.withUnsafeBufferPointer({ JSONLines.isBlank($0, first: number == 1) }) {
                lines.append(Line(number: number, document: nil, blank: content, terminator: terminator))
            } else {
                do {
                    var lineOptions = options
                    lineOptions.skipsByteOrderMark = number == 1
                    let document = try JSONDocument(bytes: content, options: lineOptions)
                    lines.append(Line(number: number, document: document, blank: [], terminator: terminator))
                } catch {
                    errors.append(LineError(line: number, error: error))
                }
            }
            start = end + 1
            number += 1
        }
        guard errors.isEmpty else { throw Errors(lines: errors) }
        self.lines = lines
    }

    /// The whole text: every line's bytes and line break.
    public var bytes: [UInt8] {
        var out: [UInt8] = []
        for line in lines {
            if let document = line.document { document.text.forEachChunk { out.append(contentsOf: $0) } } else { out.append(contentsOf: line.blank) }
            out.append(contentsOf: line.terminator)
        }
        return out
    }

    /// One line's bytes, line break excluded.
    public func bytes(of line: Line) -> [UInt8] {
        line.document.map(\.text.array) ?? line.blank
    }

    /// Applies an edit to the value on the given 1-based line.
    @discardableResult
    public mutating func apply(_ edit: JSONEdit, toLine number: Int) throws(JSONEditError) -> JSONSplice {
        guard let position = lines.firstIndex(where: { $0.number == number }), var document = lines[position].document else {
            throw .notFound(JSONPath([.index(number)]))
        }
        let splice = try document.apply(edit)
        lines[position].document = document
        return splice
    }
}
