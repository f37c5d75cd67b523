/// A JSON Lines file as a document source: shown as an array of its lines' values, saved line by
/// line — a changed line edited byte-minimally, untouched and blank lines copied, new elements
/// appended as new lines, removed elements' lines dropped.
public struct JSONLinesSource: DocumentSource {
    /// The file's path.
    public let path: String
    /// The parse options (nesting limit).
    public let options: JSONParseOptions
    /// The lines as loaded or last saved.
    private var lines: JSONLinesDocument?
    /// The file's state on disk when it was read or written.
    private var origin: JSONFileOrigin?

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
        var complete = start[...end]
        let lines: JSONLinesDocument
        do {
            lines = try JSONLinesDocument(bytes: complete, options: options)
        } catch {
            // The lines before the first invalid one.
            let valid = (error.lines.first?.line ?? 1) - 1
            var breaks = 0
            guard valid > 0, let cut = complete.firstIndex(where: { byte in
                if byte == 0x0A { breaks += 1 }
                return breaks == valid
            }) else { return nil }
            complete = complete[...cut]
            do { lines = try JSONLinesDocument(bytes: complete, options: options) } catch { return nil }
        }
        do { return try Self.arrayDocument(of: lines, options: options, path: path) } catch { return nil }
    }

    public mutating func load(progress: LoadProgress) throws(DocumentSourceError) -> JSONDocument {
        let (storage, origin) = try JSONFileSource.read(path, progress: progress)
        let lines: JSONLinesDocument
        do {
            lines = try JSONLinesDocument(bytes: storage.buffer, options: options)
        } catch {
            let each = error.lines.map { "\(path):\($0.line):\($0.error.column): error: \($0.error.message)" }
            throw DocumentSourceError(.failed, (each + ["\(path): \(error.lines.count) invalid line(s); fix them before browsing"]).joined(separator: "\n"))
        }
        self.lines = lines
        self.origin = origin
        return try Self.arrayDocument(of: lines, options: options, path: path)
    }

    /// The lines' values as one array document, each line's text verbatim.
    private static func arrayDocument(of lines: JSONLinesDocument, options: JSONParseOptions, path: String) throws(DocumentSourceError) -> JSONDocument {
        var text: [UInt8] = Array("[\n".utf8)
        var first = true
        for line in lines.lines {
            guard let document = line.document else { continue }
            if !first { text += Array(",\n".utf8) }
            first = false
            text += Array("  ".utf8)
            document.text.forEachChunk { text.append(contentsOf: $0) }
        }
        text += Array("\n]\n".utf8)
        do {
            return try JSONDocument(bytes: text, options: options)
        } catch {
            throw DocumentSourceError(.failed, "\(path): \(error)")
        }
    }

    public mutating func save(_ document: JSONDocument, since saved: JSONDocument, overrides: SaveOverrides) throws(DocumentSourceError) -> JSONDocument {
        guard let original = lines else { throw DocumentSourceError(.failed, "\(path): nothing was loaded to save") }
        guard case .array(let old) = saved.rootValue, case .array(let new) = document.rootValue else {
            throw DocumentSourceError(.failed, "the lines view must stay an array")
        }
        let output: [UInt8]
        do {
            output = try Self.bytes(of: original, from: old, to: new)
        } catch {
            throw DocumentSourceError(.failed, "\(path): \(error)")
        }
        // One copy of the new bytes: written from, remembered as the file's contents, read back.
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
        do {
            lines = try JSONLinesDocument(bytes: bytes.buffer, options: options)
        } catch {
            throw DocumentSourceError(.failed, "\(path): saved, but the result does not read back: \(error)")
        }
        origin = written
        return document
    }

    /// The file's new bytes: each line whose value changed edited in place, the rest copied.
    private static func bytes(of original: JSONLinesDocument, from old: [JSONValue], to new: [JSONValue]) throws(JSONEditError) -> [UInt8] {
        var output: [UInt8] = []
        var valueIndex = 0
        for line in original.lines {
            guard var document = line.document else {
                output += original.bytes(of: line) + line.terminator
                continue
            }
            defer { valueIndex += 1 }
            guard valueIndex < new.count else { continue }  // removed from the end
            if valueIndex < old.count, old[valueIndex] != new[valueIndex] {
                try document.update(at: .root, to: new[valueIndex])
            }
            output += document.text.array + line.terminator
        }
        for value in new.dropFirst(valueIndex) {
            if let last = output.last, last != 0x0A { output.append(0x0A) }
            output += Array(JSONWriter.serialize(value).utf8) + [0x0A]
        }
        return output
    }
}
