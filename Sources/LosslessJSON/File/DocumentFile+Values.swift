/// Reading values by path: the exact source bytes, read only as far as the path needs in a large
/// file, or by line in JSON Lines.
extension DocumentFile {
    /// The source bytes of the value at `path`, lent to `body` (from the mapping, uncopied, for a
    /// large file); `body`'s second argument reads the value decoded.
    public func withValue<R>(at path: JSONPath, _ body: (UnsafeBufferPointer<UInt8>, () throws(DocumentFileError) -> JSONValue) throws -> R) throws -> R {
        let faults = MappedFileGuard.faultCount
        do {
            switch contents {
            case .document(let whole):
                let document = whole.mayHaveFolds ? whole.unfolding(along: path) : whole
                guard let node = document.node(at: path) else { throw DocumentFileError.noValue(path: self.path, path, fewerLines: false) }
                let bytes = document.rawBytes(node)
                return try bytes.withUnsafeBufferPointer { buffer in try body(buffer, { document.value(node) }) }
            case .located(let bytes, _):
                let range: Range<Int>
                do {
                    guard let found = try path.locate(in: bytes, options: options) else { throw DocumentFileError.noValue(path: self.path, path, fewerLines: false) }
                    range = found
                } catch let error as JSONParseError {
                    throw DocumentFileError.invalid(path: self.path, error, line: nil)
                }
                let buffer = UnsafeBufferPointer(rebasing: bytes.buffer[range])
                return try body(buffer) { () throws(DocumentFileError) -> JSONValue in
                    do throws(JSONParseError) { return try JSONValue(parsing: buffer, options: options) } catch { throw .invalid(path: self.path, error, line: nil) }
                }
            case .lines:
                let target = try lineTarget(path)
                let line = try target.value()
                guard let node = line.node(at: target.inner) else { throw DocumentFileError.noValue(path: self.path, path, fewerLines: false) }
                return try line.rawBytes(node).withUnsafeBufferPointer { buffer in try body(buffer, { line.value(node) }) }
            }
        } catch where MappedFileGuard.faultCount > faults {
            throw DocumentFileError.shrank(path: self.path)
        }
    }
}

/// JSON Lines: one value line, found by its line breaks alone.
extension DocumentFile {
    /// One value line of the file, the path inside it, and the file as read.
    struct LineTarget {
        let bytes: JSONBytes
        let line: JSONLines.Line
        /// The line's value parsed on its own, or why it is not JSON.
        let parsed: Result<JSONDocument, JSONParseError>
        let file: String
        /// The path inside the line's value.
        let inner: JSONPath

        /// The line's value; an invalid line's error in the file's terms.
        func value() throws(DocumentFileError) -> JSONDocument {
            do {
                return try parsed.get()
            } catch {
                throw .invalid(path: file, error, line: line.number)
            }
        }

        /// The file's text with `range` replaced: the rest stays the file's bytes (a piece table).
        func replacing(_ range: Range<Int>, with new: [UInt8]) -> JSONText {
            LocatedEdit.text(bytes, with: JSONSplice(offset: range.lowerBound, removed: bytes.slice(range), inserted: new))
        }
    }

    /// The value line `path` starts with (`.[N]`): an invalid line can still be replaced or
    /// removed whole, which is how it is mended.
    func lineTarget(_ path: JSONPath) throws(DocumentFileError) -> LineTarget {
        guard case .lines(let bytes, _, _) = contents, let position = path.components.first?.arrayIndex else { throw .notALine(path: self.path) }
        guard let line = JSONLines.valueLine(position, in: bytes) else { throw .noValue(path: self.path, path, fewerLines: true) }
        var lineOptions = options
        lineOptions.jsonLines = false
        lineOptions.skipsByteOrderMark = line.number == 1
        let content = bytes.slice(line.content)
        let parsed = Result { () throws(JSONParseError) in try JSONDocument(bytes: content, options: lineOptions) }
        return LineTarget(bytes: bytes, line: line, parsed: parsed, file: self.path, inner: JSONPath(Array(path.components.dropFirst())))
    }
}
