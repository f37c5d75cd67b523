import LosslessJSON

/// A YAML file read for editing: its stream — the whole, or its leading part through the document
/// asked for —, and its state on disk, which a save checks so that another writer's change is
/// never overwritten unseen.
public struct YAMLFile: Sendable {
    /// The path as given ("-" for standard input).
    public let path: String
    /// The file's state when read (nil for standard input and pipes).
    public let origin: JSONFileOrigin?
    /// The stream read: the whole file's, or its documents through the one asked for.
    public let stream: YAMLStream
    /// The text after the part read, unread and written back as it was.
    private let rest: Rest

    /// Files at least this large are mapped, not read: only the part looked at is read from disk.
    static let mappingThreshold = 16 << 20

    /// Reads the file at `path` ("-" for standard input): the whole stream, or with `document`
    /// only its documents through that one (0-based) — the rest of a large stream is not read,
    /// parsed or held, and a save writes it back unchanged. The reading is told to `progress`,
    /// whose `cancel()` stops it (`JSONFileError.cancelled`).
    public init(path: String, through document: Int? = nil, reader: some YAMLSyntaxReader = YAMLReaderProcess.standard, progress: LoadProgress? = nil) throws(YAMLFileError) {
        let storage: JSONBytes
        var read: JSONFileOrigin?
        let isMapped: Bool
        do {
            if document != nil, let mapped = try JSONFileReader.mapIfLarge(path: path, minimumSize: Self.mappingThreshold) {
                // A mapped file cut short by another writer reads as zeros, not a SIGBUS.
                MappedFileGuard.install()
                (storage, read, isMapped) = (mapped.bytes, mapped.origin, true)
            } else {
                isMapped = false
                (storage, read) = try JSONFileReader.read(path: path, progress: progress.map { progress in
                    { done, total in
                        progress.report(.reading, done: done, total: total)
                        return !progress.isCancelled
                    }
                })
            }
        } catch {
            throw .file(error)
        }
        progress?.report(.indexing, done: 0, total: storage.count)
        self.path = path
        // The lines say where the document ends (the storage's bytes are read while it lives).
        let partEnd = withExtendedLifetime(storage) {
            document.map { YAMLStream.end(ofDocument: $0, in: storage.buffer) } ?? storage.count
        }
        // The parser has the last word: a part it does not read as that many documents (a stream
        // the lines misjudge, or not YAML before that line) is dropped and the whole stream read,
        // so its error is the whole stream's.
        if let document, partEnd < storage.count,
            let part = try? YAMLStream(bytes: withExtendedLifetime(storage) { Array(storage.buffer[0..<partEnd]) }, reader: reader, progress: progress?.parse),
            part.documents.count == document + 1 {
            (origin, stream, rest) = (read, part, .stored(storage, from: partEnd))
            return
        }
        // Nothing follows the stream: the file's bytes are let go once copied, before the parse,
        // not held twice (a local would live to the end of its scope) — nor by the origin, which
        // remembers a file read whole (not a mapped one) by the copy.
        let bytes = Self.copied(consume storage)
        if !isMapped { read = read?.remembering(bytes) }
        origin = read
        do {
            stream = try YAMLStream(bytes: bytes, reader: reader, progress: progress?.parse)
        } catch {
            throw error == .cancelled ? .file(.cancelled(path: path)) : .invalid(path: path, error)
        }
        rest = .owned([])
    }

    private static func copied(_ storage: consuming JSONBytes) -> [UInt8] {
        withExtendedLifetime(storage) { Array(storage.buffer) }
    }

    private init(path: String, origin: JSONFileOrigin?, stream: YAMLStream, rest: Rest) {
        (self.path, self.origin, self.stream, self.rest) = (path, origin, stream, rest)
    }

    /// The text after the part read.
    private enum Rest: Sendable {
        /// The file's bytes (mapped or read) from an offset on.
        case stored(JSONBytes, from: Int)
        /// Bytes of our own (the text written by the last save: the file may have been rewritten
        /// under a mapping).
        case owned(ArraySlice<UInt8>)
    }

    /// Whether the whole stream was read (no document after the part read).
    public var readsWholeStream: Bool {
        switch rest {
        case .stored(let storage, let from): from == storage.count
        case .owned(let bytes): bytes.isEmpty
        }
    }

    /// The file's whole text with `part` — the part read, edited — in place of the part read;
    /// refused when the mapped rest was cut short by another writer meanwhile (it read as zeros).
    public func text(withPart part: [UInt8]) throws(YAMLFileError) -> [UInt8] {
        switch rest {
        case .stored(let storage, let from):
            let faults = MappedFileGuard.faultCount
            let text = withExtendedLifetime(storage) { part + storage.buffer[from...] }
            guard MappedFileGuard.faultCount == faults else {
                throw .file(.cannotRead(path: path, reason: "another program cut the file short while it was read; nothing was saved"))
            }
            return text
        case .owned(let bytes):
            return part + bytes
        }
    }

    /// The file as it is after `written` — `text(withPart:)` of `document`'s stream, an edit of
    /// the part read — was saved at `path` with `origin`: the rest is the written text's.
    public func saved(_ document: YAMLDocument, written: [UInt8], origin: JSONFileOrigin?, path: String) -> YAMLFile {
        // The written text is held anyway (the rest is a slice of it): the next save compares the
        // file with it.
        YAMLFile(path: path, origin: origin?.remembering(written), stream: document.stream, rest: .owned(written[document.stream.bytes.count...]))
    }

    /// Its document `number` (0-based).
    public func document(_ number: Int) throws(YAMLFileError) -> YAMLDocument {
        do {
            return try YAMLDocument(stream, document: number)
        } catch {
            throw .document(path: path, error)
        }
    }

    /// What a saved edit gives back: what a person should know, and the text when it was asked for
    /// instead of a save.
    public struct Outcome: Sendable {
        /// The edit's notes (anchors whose aliases share it, a style or tag not kept).
        public var notes: [String]
        /// The edited text, for `FileSaveRequest.Destination.text`.
        public var text: [UInt8]?
    }

    /// Makes an edit of document `number` of the file at `path` and saves it as `request` says,
    /// crash-safe and under the file's lock. A file that changed on disk since it was read is read
    /// again and the edit made again on it (`request.merge`), else refused unless `request.force`.
    public static func edit(
        path: String, document number: Int, saving request: FileSaveRequest, reader: some YAMLSyntaxReader = YAMLReaderProcess.standard,
        _ make: (YAMLDocument) throws(YAMLDocumentError) -> (document: YAMLDocument, edit: YAMLEdit)
    ) throws(YAMLFileError) -> Outcome {
        for _ in 0..<max(1, request.attempts) {
            let file = try YAMLFile(path: path, through: number, reader: reader)
            let document = try file.document(number)
            let made: (document: YAMLDocument, edit: YAMLEdit)
            do throws(YAMLDocumentError) {
                // `make` reads the data before it edits (`setting`, `removing`): a document whose data
                // cannot be read (an alias bomb, a duplicate key) is refused there, nothing written.
                made = try make(document)
            } catch {
                throw .document(path: path, error)
            }
            let bytes = try file.text(withPart: made.document.stream.bytes)
            let target: String
            var options = AtomicFileWriter.Options(hardLinks: request.writeInPlace ? .writeInPlace : .refuse)
            switch request.destination {
            case .text:
                return Outcome(notes: made.edit.notes, text: bytes)
            case .file(let other):
                target = other
            case .inPlace:
                guard path != "-", let origin = file.origin else {
                    throw .file(.cannotWrite(path: path, reason: "standard input cannot be saved to; give --output"))
                }
                target = path
                options.expected = request.force ? nil : origin
            }
            do {
                try bytes.withUnsafeBufferPointer { buffer in _ = try AtomicFileWriter.write(buffer, to: target, options: options) }
                return Outcome(notes: made.edit.notes, text: nil)
            } catch JSONFileError.changedOnDisk where request.merge {
                continue
            } catch let error as JSONFileError {
                throw .file(error)
            } catch {
                throw .file(.cannotWrite(path: target, reason: "\(error)"))
            }
        }
        throw .file(.changedOnDisk(path: path))
    }
}

/// Why a YAML file could not be read, edited or saved; the message names the file.
public enum YAMLFileError: Error, Sendable, CustomStringConvertible {
    /// Reading or saving the file failed.
    case file(JSONFileError)
    /// The text is not YAML (or its data not JSON's).
    case invalid(path: String, YAMLParseError)
    /// The document or the path is not there, or the edit cannot be made.
    case document(path: String, YAMLDocumentError)

    public var description: String {
        switch self {
        case .file(let error): error.description
        case .invalid(let path, let error): "\(shownInMessage(path)):\(error.line):\(error.column): \(error.message)"
        case .document(let path, .invalid(let error)): "\(shownInMessage(path)):\(error.line):\(error.column): \(error.message)"
        case .document(let path, let error): "\(shownInMessage(path)): \(error)"
        }
    }
}

extension YAMLFile {
    /// Whether a file's name says it is YAML (`.yaml`, `.yml`, in any case).
    public static func isYAMLName(_ path: String) -> Bool {
        let name = path.lowercased()
        return name.hasSuffix(".yaml") || name.hasSuffix(".yml")
    }
}
