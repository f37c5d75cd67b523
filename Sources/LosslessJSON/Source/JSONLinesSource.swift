#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A JSON Lines file as a document source: shown as an array of its lines' values, saved line by
/// line — a changed line edited byte-minimally, untouched and blank lines copied, new elements
/// appended as new lines, removed elements' lines dropped.
///
/// The lines are checked one at a time and copied once into the array's text, which is parsed
/// once: memory holds the file's bytes, that text and its index, and 40 bytes per line — no
/// document per line. A line is parsed on its own only when a save changes it.
public struct JSONLinesSource: DocumentSource {
    /// The file's path.
    public let path: String
    /// The parse options (nesting limit).
    public let options: JSONParseOptions
    /// The file's bytes as loaded or last saved, and its lines (blank ones included).
    private var file: (bytes: JSONBytes, lines: [Line])?
    /// The file's state on disk when it was read or written.
    private var origin: JSONFileOrigin?

    /// A line of the file, and whether it holds a value (else it is blank).
    private struct Line {
        let range: JSONLines.Line
        let holdsValue: Bool

        init(_ range: JSONLines.Line, in bytes: JSONBytes) {
            self.range = range
            holdsValue = !JSONLines.isBlank(UnsafeBufferPointer(rebasing: bytes.buffer[range.content]))
        }
    }

    /// A JSON Lines file.
    public init(path: String, options: JSONParseOptions = .default) {
        self.path = path
        self.options = options
    }

    /// Whether a file name says JSON Lines (`.jsonl`, `.ndjson`).
    public static func isJSONLines(_ path: String) -> Bool {
        path.hasSuffix(".jsonl") || path.hasSuffix(".ndjson")
    }

    public var name: String { path }
    public var layout: RootLayout { .document }
    public var canSaveInPlace: Bool { true }
    public var loadsSlowly: Bool { JSONFileSource.isLarge(path) }

    /// A large file's first lines: those complete in its first megabyte, up to the first invalid
    /// one, as the lines view shows them — shown while the whole file is read and parsed.
    public func preview() -> JSONDocument? {
        guard loadsSlowly, let start = JSONFileSource.start(of: path), let end = start.lastIndex(of: 0x0A) else { return nil }
        let bytes = JSONBytes(start[...end])
        var checker = JSONLineChecker(options: options)
        var lines: [Line] = []
        JSONLines.forEachLine(in: bytes.buffer) { line in
            let content = UnsafeBufferPointer(rebasing: bytes.buffer[line.content])
            guard checker.check(content) == nil else { return false }
            lines.append(Line(line, in: bytes))
            return true
        }
        do {
            return try Self.arrayDocument(of: bytes, lines: lines, options: options, progress: nil)
        } catch {
            return nil  // the whole load says what is wrong
        }
    }

    public mutating func load(progress: LoadProgress) throws(DocumentSourceError) -> JSONDocument {
        // The lines' array is about as long as the file, and held with it and its index.
        var info = stat()
        if stat(path, &info) == 0, Int(info.st_size) >= Int(UInt32.max) {
            throw DocumentSourceError(
                .failed, "\(path): \(Int(info.st_size) / 1_000_000) MB; the browser shows JSON Lines files under 4 GiB (keepsake get, set and validate read a file of any size)")
        }
        let (storage, origin) = try JSONFileSource.read(path, progress: progress)
        var checker = JSONLineChecker(options: options)
        var lines: [Line] = []
        var errors: [String] = []
        JSONLines.forEachLine(in: storage.buffer) { line in
            if let error = checker.check(UnsafeBufferPointer(rebasing: storage.buffer[line.content])) {
                errors.append("\(path):\(line.number):\(error.column): error: \(error.message)")
            }
            lines.append(Line(line, in: storage))
            return true
        }
        guard errors.isEmpty else {
            throw DocumentSourceError(.failed, (errors + ["\(path): \(errors.count) invalid line(s); fix them before browsing"]).joined(separator: "\n"))
        }
        let document: JSONDocument
        do {
            document = try Self.arrayDocument(of: storage, lines: lines, options: options, progress: progress)
        } catch where error.isCancellation {
            throw DocumentSourceError(.cancelled, "\(path): loading was cancelled")
        } catch {
            throw DocumentSourceError(.failed, "\(path): \(error)")
        }
        file = (storage, lines)
        self.origin = origin
        return document
    }

    /// The lines' values as one array document, each line's text verbatim, parsed once.
    private static func arrayDocument(
        of bytes: JSONBytes, lines: [Line], options: JSONParseOptions, progress: LoadProgress?
    ) throws(JSONParseError) -> JSONDocument {
        let values = lines.filter(\.holdsValue)
        let open = Array("[\n  ".utf8), separator = Array(",\n  ".utf8), close = Array("\n]\n".utf8)
        let size = open.count + close.count + values.reduce(0) { $0 + $1.range.content.count } + max(0, values.count - 1) * separator.count
        let text = JSONBytes(uninitializedCount: values.isEmpty ? 3 : size)
        var at = text.base
        func append(_ source: UnsafeBufferPointer<UInt8>) {
            guard let start = source.baseAddress else { return }
            at.update(from: start, count: source.count)
            at += source.count
        }
        if values.isEmpty {
            Array("[]\n".utf8).withUnsafeBufferPointer { append($0) }
        } else {
            open.withUnsafeBufferPointer { append($0) }
            for (i, line) in values.enumerated() {
                if i > 0 { separator.withUnsafeBufferPointer { append($0) } }
                append(UnsafeBufferPointer(rebasing: bytes.buffer[line.range.content]))
            }
            close.withUnsafeBufferPointer { append($0) }
        }
        progress?.report(.indexing, done: 0, total: text.count)
        return try JSONDocument(storage: text, options: options, progress: progress?.parse)
    }

    public mutating func save(_ document: JSONDocument, since saved: JSONDocument, overrides: SaveOverrides) throws(DocumentSourceError) -> JSONDocument {
        guard let file else { throw DocumentSourceError(.failed, "\(path): nothing was loaded to save") }
        guard saved.kind(saved.root) == .array, document.kind(document.root) == .array else {
            throw DocumentSourceError(.failed, "the lines view must stay an array")
        }
        let output: [UInt8]
        do {
            output = try Self.bytes(of: file, from: saved, to: document, options: options)
        } catch {
            throw DocumentSourceError(.failed, "\(path): \(error)")
        }
        // One copy of the new bytes: written from, remembered as the file's contents.
        let bytes = JSONBytes(output)
        let written: JSONFileOrigin
        let saving = AtomicFileWriter.Options(
            expected: overrides.contains(.overwriteChanges) ? nil : origin, hardLinks: overrides.hardLinks, newFileMode: origin?.mode ?? 0o644)
        do {
            written = try AtomicFileWriter.write(JSONText(bytes), to: path, options: saving)
        } catch {
            throw DocumentSourceError(error)
        }
        // Later saves start from what this one wrote.
        var lines: [Line] = []
        JSONLines.forEachLine(in: bytes.buffer) { line in
            lines.append(Line(line, in: bytes))
            return true
        }
        self.file = (bytes, lines)
        origin = written
        return document
    }

    /// The file's new bytes: each line whose value's text changed edited in place (the line
    /// parsed then, on its own), the rest copied.
    private static func bytes(
        of file: (bytes: JSONBytes, lines: [Line]), from old: JSONDocument, to new: JSONDocument, options: JSONParseOptions
    ) throws -> [UInt8] {
        let oldCount = old.childCount(old.root), newCount = new.childCount(new.root)
        var output: [UInt8] = []
        output.reserveCapacity(file.bytes.count)
        var valueIndex = 0
        // Children by position, walked in step (a position lookup each would be a search).
        var oldChildren = old.children(old.root).makeIterator()
        var newChildren = new.children(new.root).makeIterator()
        for line in file.lines {
            let whole = UnsafeBufferPointer(rebasing: file.bytes.buffer[line.range.whole])
            guard line.holdsValue else {
                output.append(contentsOf: whole)
                continue
            }
            defer { valueIndex += 1 }
            let oldChild = valueIndex < oldCount ? oldChildren.next() : nil
            guard valueIndex < newCount, let newChild = newChildren.next() else { continue }  // removed from the end
            if let oldChild, old.text.slice(old.range(oldChild)) == new.text.slice(new.range(newChild)) {
                output.append(contentsOf: whole)
                continue
            }
            var value = try JSONDocument(bytes: file.bytes.slice(line.range.content), options: options)
            try value.update(at: .root, to: new.value(newChild))
            value.text.forEachChunk { output.append(contentsOf: $0) }
            output.append(contentsOf: file.bytes.buffer[line.range.content.upperBound..<line.range.whole.upperBound])
        }
        while valueIndex < newCount, let added = newChildren.next() {
            if let last = output.last, last != 0x0A { output.append(0x0A) }
            output += Array(JSONWriter.serialize(new.value(added)).utf8) + [0x0A]
            valueIndex += 1
        }
        return output
    }
}
