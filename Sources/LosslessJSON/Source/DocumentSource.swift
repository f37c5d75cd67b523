import Synchronization

/// Where a browsed document comes from and how its changes go back: a JSON file, standard input,
/// a JSON Lines file, a record store, a table of a database.
///
/// A source loads one `JSONDocument` — for a store, a projection of its records into one document
/// whose values are the stored texts verbatim — and saves by comparing the document as loaded (or
/// last saved) with the document now, so that only what changed is written back, in the source's
/// own terms: bytes of a file, lines of a JSON Lines file, records in one transaction.
public protocol DocumentSource: Sendable {
    /// What the title bar calls the source.
    var name: String { get }
    /// How the document's root is to be read (one document, records by type, rows by key).
    var layout: RootLayout { get }
    /// Whether saving needs no path (standard input does: it has nowhere to go back to).
    var canSaveInPlace: Bool { get }
    /// Whether loading takes long enough to show progress (a large file).
    var loadsSlowly: Bool { get }

    /// Reads the source; `progress` is updated as it goes and can cancel it from another thread.
    mutating func load(progress: LoadProgress) throws(DocumentSourceError) -> JSONDocument

    /// Writes back the changes from `saved` (as loaded or last saved) to `document`; a file that
    /// changed on disk since it was read is overwritten, and a hard-linked file replaced or written
    /// in place, only as `overrides` allow. Returns the document as saved (with its new origin),
    /// which later saves compare against.
    mutating func save(_ document: JSONDocument, since saved: JSONDocument, overrides: SaveOverrides) throws(DocumentSourceError) -> JSONDocument

    /// Writes the whole document to a file at `path` (`:w PATH`), atomically. Returns it as saved.
    mutating func save(_ document: JSONDocument, to path: String) throws(DocumentSourceError) -> JSONDocument

    /// What someone else changed in the source since it was loaded or last asked, as a sentence
    /// ("Person records changed by someone else."), or nil: nothing, or the source cannot tell.
    /// The browser asks a few times a second.
    func changesByOthers() -> String?

    /// The start of a source that loads slowly, read at once: a document to show (read-only) while
    /// the whole loads. Nil when the source has none.
    func preview() -> JSONDocument?

    /// What the last load has to tell the person once (how it read the source), or nil.
    var notice: String? { get }

    /// Whether a save writes a text of the source's own, not the document's (a YAML file saved
    /// as edits of its YAML): the pending changes are then shown as `pendingDiff` says.
    var savesItsOwnText: Bool { get }

    /// The pending changes from `saved` to `document` as the save would write them, as the lines of
    /// a unified diff.
    func pendingDiff(of document: JSONDocument, since saved: JSONDocument) throws(DocumentSourceError) -> [String]

    /// Whether a member turned off in the document (commented out, the browser's `c`) is saved as
    /// such; a source that cannot write it so (YAML) refuses the key.
    var membersTurnOff: Bool { get }
}

extension DocumentSource {
    /// Cannot tell.
    public func changesByOthers() -> String? { nil }

    /// No preview.
    public func preview() -> JSONDocument? { nil }

    /// Nothing to tell.
    public var notice: String? { nil }

    /// The document's text is what is saved.
    public var savesItsOwnText: Bool { false }

    /// The document's text is what is saved, members turned off included.
    public var membersTurnOff: Bool { true }

    /// The document's text against the saved one's.
    public func pendingDiff(of document: JSONDocument, since saved: JSONDocument) throws(DocumentSourceError) -> [String] {
        document.text.unifiedDiff(from: saved.text, name: name)
    }

    /// Writes the document's text to a file, atomically; the source itself is unchanged (a store
    /// exported to a file keeps saving to the store).
    public mutating func save(_ document: JSONDocument, to path: String) throws(DocumentSourceError) -> JSONDocument {
        try document.saved(to: path, overrides: [.overwriteChanges, .splitHardLinks])
    }
}

/// What a person allowed a save to do beyond the safe default (which refuses both).
public struct SaveOverrides: OptionSet, Sendable, Hashable {
    public let rawValue: Int

    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Overwrite a file that changed on disk since it was read.
    public static let overwriteChanges = SaveOverrides(rawValue: 1)
    /// Write a file with other hard links in place, so every name sees the new contents.
    public static let writeInPlace = SaveOverrides(rawValue: 2)
    /// Replace a file with other hard links anyway; the other names keep the old contents.
    public static let splitHardLinks = SaveOverrides(rawValue: 4)

    /// How a file save treats hard links under these overrides.
    public var hardLinks: AtomicFileWriter.HardLinks {
        contains(.writeInPlace) ? .writeInPlace : contains(.splitHardLinks) ? .split : .refuse
    }
}

extension JSONDocument {
    /// This document saved to `path` (its origin's file when `nil`), as a source reports it.
    func saved(to path: String?, overrides: SaveOverrides) throws(DocumentSourceError) -> JSONDocument {
        var saving = self
        let force = overrides.contains(.overwriteChanges)
        do {
            if let path {
                try saving.save(to: path, force: force, hardLinks: overrides.hardLinks)
            } else {
                try saving.save(force: force, hardLinks: overrides.hardLinks)
            }
        } catch {
            throw DocumentSourceError(error)
        }
        return saving
    }
}

/// How a browser reads a source's root value.
public enum RootLayout: Sendable, Hashable {
    /// One JSON document: the root object, or each element of a root array, is matched against
    /// the known models (a file, standard input, the lines of a JSON Lines file).
    case document
    /// Records grouped by type: the root's keys are type names, each holding an object of records
    /// by id, each record a document of that type (a record store).
    case recordsByType
    /// Rows by key: each member of the root object is one stored document (a table's JSON column).
    case rowsByKey
}

/// Why loading or saving a source failed; the message names the source and says what to do.
public struct DocumentSourceError: Error, Sendable, CustomStringConvertible {
    /// What kind of failure it is, for the browser to choose its question.
    public enum Kind: Sendable, Hashable {
        /// The file changed on disk since it was read: saving would overwrite someone's change.
        case changedOnDisk
        /// The file has other hard links: saving must either write it in place or split them.
        case hardLinked
        /// The person cancelled the load.
        case cancelled
        /// The database could not be reached or the connection was lost; nothing was written, and
        /// trying again may work.
        case unavailable
        /// Anything else: the message says what.
        case failed
    }

    /// What kind of failure it is.
    public let kind: Kind
    /// The whole explanation (it may hold several lines, one per invalid line of a file).
    public let message: String

    /// A failure with a message.
    public init(_ kind: Kind = .failed, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// A file error, as the source reports it.
    public init(_ error: JSONFileError) {
        switch error {
        case .changedOnDisk: self.init(.changedOnDisk, error.description)
        case .hardLinked: self.init(.hardLinked, error.description)
        case .cancelled: self.init(.cancelled, error.description)
        default: self.init(.failed, error.description)
        }
    }

    public var description: String { message }
}

/// How far the load of a source running on another thread has come, and a way to cancel it.
public final class LoadProgress: Sendable {
    /// What the load is doing.
    public enum Phase: String, Sendable {
        /// Reading bytes.
        case reading
        /// Parsing and indexing them.
        case indexing
        /// Making what was read into what is shown (another syntax's data as JSON's); its work
        /// is not counted in bytes.
        case making = "making the view"
    }

    /// Where the load is: its phase and the bytes done of the total in that phase.
    public struct Snapshot: Sendable, Hashable {
        /// The phase.
        public var phase: Phase
        /// Bytes done in this phase.
        public var done: Int
        /// Bytes in all.
        public var total: Int
    }

    private let state = Mutex(Snapshot(phase: .reading, done: 0, total: 0))
    /// The parse's own progress, read for the indexing phase (the parser updates it without a lock).
    public let parse = JSONParseProgress()

    /// A progress that has done nothing yet.
    public init() {}

    /// Records the phase and how far it has come.
    public func report(_ phase: Phase, done: Int, total: Int) {
        state.withLock { $0 = Snapshot(phase: phase, done: done, total: total) }
    }

    /// Where the load is now.
    public var snapshot: Snapshot {
        var now = state.withLock { $0 }
        if now.phase == .indexing { now.done = parse.bytesParsed }
        return now
    }

    /// Asks the load to stop at its next check.
    public func cancel() { parse.cancel() }

    /// Whether `cancel()` was called.
    public var isCancelled: Bool { parse.isCancelled }
}
