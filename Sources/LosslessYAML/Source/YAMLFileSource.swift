import LosslessJSON
import Synchronization

/// A YAML file as a document source: one document of its stream shown as its data (JSON's) with
/// its comments, and saved by making each change of the data, and of a comment after a member,
/// an edit in place of the YAML — every byte the changes do not touch (other comments, quoting,
/// anchors, other documents) stays as it was.
public struct YAMLFileSource: DocumentSource {
    /// The file ("-" for standard input, which cannot be saved in place).
    public private(set) var path: String
    /// The document of the stream shown (0-based).
    public let documentNumber: Int
    /// The nesting limit of the document shown.
    public let options: JSONParseOptions
    private let reader: any YAMLSyntaxReader
    /// The file as loaded or last saved (its leading part through the document shown, and its
    /// state on disk), the document, and the data shown then.
    private var file: YAMLFile?
    private var yaml: YAMLDocument?
    private var shown: JSONValue = .null
    /// The data of `yaml` when known — what was shown, until an edit its aliases share made the
    /// file's differ — so that a save reads it no more.
    private var yamlData: JSONValue?
    public private(set) var notice: String?
    /// What the last save has to say once (anchors whose aliases changed with an edit).
    private let news = SaveNews()

    /// The source for document `documentNumber` of the file at `path`.
    public init(path: String, document documentNumber: Int = 0, options: JSONParseOptions = .default, reader: any YAMLSyntaxReader = YAMLReaderProcess.standard) {
        self.path = path
        self.documentNumber = documentNumber
        self.options = options
        self.reader = reader
    }

    public var name: String { documentNumber == 0 ? path : "\(path) (document \(documentNumber))" }
    public var layout: RootLayout { .document }
    public var canSaveInPlace: Bool { path != "-" }
    /// A large file (`JSONFileSource.slowLoadThreshold`) shows its start while the whole is read.
    public var loadsSlowly: Bool { JSONFileSource.isLarge(path) }

    /// A large file's start — the document shown as far as the first megabyte holds it whole
    /// (`YAMLDocument.leadingPart`), with its comments — shown read-only while the whole is read.
    public func preview() -> JSONDocument? {
        guard loadsSlowly, let start = JSONFileSource.start(of: path) else { return nil }
        let complete = start.count < JSONFileSource.previewSize
        guard let part = YAMLDocument.leadingPart(of: start, document: documentNumber, complete: complete, reader: AnyReader(reader)) else { return nil }
        // A start whose data does not read (an alias bomb, a duplicate key) waits for the whole
        // load, which says why.
        guard let value = try? part.value() else { return nil }
        return try? YAMLProjection.document(of: value, comments: part.commentTextsByPath(), options: options)  // (as above)
    }

    public mutating func load(progress: LoadProgress) throws(DocumentSourceError) -> JSONDocument {
        let file: YAMLFile
        let document: YAMLDocument
        let value: JSONValue
        do {
            file = try YAMLFile(path: path, through: documentNumber, reader: AnyReader(reader), progress: progress)
            progress.report(.making, done: 0, total: 0)
            document = try file.document(documentNumber)
            value = try document.value()
        } catch YAMLFileError.file(.cancelled) {
            throw DocumentSourceError(.cancelled, "\(path): loading was cancelled")
        } catch let error as YAMLFileError {
            throw DocumentSourceError(.failed, error.description)
        } catch let error as YAMLParseError {
            throw DocumentSourceError(.failed, YAMLFileError.invalid(path: path, error).description)
        } catch {
            throw DocumentSourceError(.failed, "\(error)")
        }
        self.file = file
        yaml = document
        shown = value
        yamlData = value
        let count = file.stream.documents.count
        let position = file.readsWholeStream ? (count > 1 ? " (document \(documentNumber) of \(count): --document picks another)" : "")
            : " (document \(documentNumber) of more, the rest not read: --document picks another)"
        notice = "YAML, shown as its data and comments" + position
            + "; saving edits only the changed values and comments in the file"
        return try YAMLProjection.document(of: value, comments: document.commentTextsByPath(), options: options)
    }

    public mutating func save(_ document: JSONDocument, since saved: JSONDocument, overrides: SaveOverrides) throws(DocumentSourceError) -> JSONDocument {
        guard canSaveInPlace else { throw DocumentSourceError(.failed, "standard input has no file: save with :w PATH") }
        var options = AtomicFileWriter.Options(hardLinks: overrides.hardLinks)
        options.expected = overrides.contains(.overwriteChanges) ? nil : file?.origin
        try write(document, to: path, options: options)
        return document
    }

    /// Saves to `path`, which the source then is.
    public mutating func save(_ document: JSONDocument, to path: String) throws(DocumentSourceError) -> JSONDocument {
        try write(document, to: path, options: AtomicFileWriter.Options(hardLinks: .split))
        self.path = path
        return document
    }

    /// Makes the changes from the data shown at the last load or save to `document`'s as edits of
    /// the YAML, and writes it.
    private mutating func write(_ document: JSONDocument, to target: String, options: AtomicFileWriter.Options) throws(DocumentSourceError) {
        guard let file else { throw DocumentSourceError(.failed, "nothing was loaded") }
        let value = document.rootValue
        let edited = try edits(to: document, failure: "nothing was saved")
        let bytes: [UInt8]
        do {
            bytes = try file.text(withPart: edited.document.stream.bytes)
        } catch {
            throw DocumentSourceError(.failed, error.description)
        }
        let origin: JSONFileOrigin
        do {
            origin = try bytes.withUnsafeBufferPointer { (buffer) throws(JSONFileError) in try AtomicFileWriter.write(buffer, to: target, options: options) }
        } catch {
            throw DocumentSourceError(error)
        }
        self.file = file.saved(edited.document, written: bytes, origin: origin, path: target)
        self.yaml = edited.document
        yamlData = edited.data
        // What the view shows stays what the edits were made from: an alias's copy of an anchored
        // node changed in the file, not in the view, until it is loaded again.
        shown = value
        var said = edited.notes.isEmpty ? [] : [edited.notes.joined(separator: "; ") + " (:e shows it)"]
        if let unwritten = edited.unwrittenComments { said.append(unwritten) }
        if !said.isEmpty { news.say(said.joined(separator: "; ")) }
    }

    /// The YAML's edits that make the data shown at the last load or save into `document`'s, and
    /// the comments after its members and items into the ones it shows; with what of the
    /// document's comments a save does not write.
    private func edits(to document: JSONDocument, failure: String) throws(DocumentSourceError) -> (document: YAMLDocument, edits: [YAMLEdit], notes: [String], unwrittenComments: String?, data: JSONValue?) {
        guard let yaml else { throw DocumentSourceError(.failed, "nothing was loaded") }
        do {
            let data = try yaml.applying(changesFrom: shown, to: document.rootValue, reader: AnyReader(reader), data: yamlData)
            // A document in a syntax without comments says nothing of them: the file keeps its own.
            guard document.options.syntax.allowsComments else { return (data.document, data.edits, data.notes, nil, data.data) }
            guard let comments = document.commentTextsByPath() else {
                return (data.document, data.edits, data.notes, "comments were not compared (part of the view is not indexed): the file keeps its own", data.data)
            }
            // (Comment edits are checked to leave the data as it was.)
            let commented = try data.document.applying(comments: comments, reader: AnyReader(reader))
            let unwritten = commented.leadingNotWritten == 0 ? nil
                : "comments above \(commented.leadingNotWritten) member\(commented.leadingNotWritten == 1 ? "" : "s") differ from the file's and were not written (only the comment after a member is saved to YAML)"
            return (commented.document, data.edits + commented.edits, data.notes, unwritten, data.data)
        } catch {
            throw DocumentSourceError(.failed, "\(shownInMessage(path)): \(error); \(failure)")
        }
    }

    /// A save writes the YAML's own text, edited.
    public var savesItsOwnText: Bool { true }

    /// YAML's members are not commented out and back in (the browser's `c`).
    public var membersTurnOff: Bool { false }

    /// The edits a save would make in the YAML, as a unified diff of its lines (numbered as in the
    /// file: the part read is its start).
    public func pendingDiff(of document: JSONDocument, since saved: JSONDocument) throws(DocumentSourceError) -> [String] {
        guard let yaml else { throw DocumentSourceError(.failed, "nothing was loaded") }
        let made = try edits(to: document, failure: "no diff")
        return JSONText.unifiedDiff(of: yaml.stream.bytes, edits: made.edits.map { ($0.range, $0.replacement) }, name: name)
    }

    /// What the last save changed beyond what the view shows, once.
    public func changesByOthers() -> String? { news.take() }
}

/// A sentence for the browser's next look, said once.
private final class SaveNews: Sendable {
    private let sentence = Mutex<String?>(nil)
    func say(_ text: String) { sentence.withLock { $0 = text } }
    func take() -> String? { sentence.withLock { value in defer { value = nil }; return value } }
}

/// A reader kept as `any` and passed where `some` is asked.
private struct AnyReader: YAMLSyntaxReader {
    let base: any YAMLSyntaxReader
    init(_ base: any YAMLSyntaxReader) { self.base = base }
    func read<Sink: YAMLEventSink>(_ bytes: [UInt8], into sink: inout Sink) throws(YAMLReadFailure) {
        try base.read(bytes, into: &sink)
    }
}
