import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A JSON file, a JSON Lines file, or standard input (`-`), as a document source: saved
/// atomically to the file, only the edited bytes changed, never over a change made on disk since
/// it was read.
///
/// A JSON Lines file (`options.jsonLines`) is a document of its lines (`JSONParseOptions`): an
/// array of their values whose text is the file itself, so it is saved as any file is — an edit
/// inside a line changes that line's bytes, a new element is a new line, a removed one takes its
/// line away; blank lines and line breaks stay.
public struct JSONFileSource: DocumentSource {
    /// The file's path, or "-" for standard input.
    public private(set) var path: String
    /// The parse options (nesting limit, syntax, JSON Lines).
    public private(set) var options: JSONParseOptions
    /// Whether the syntax came from the file's name rather than from the person: then a file
    /// strict JSON refuses only for its comments or trailing commas is read as JSON with comments
    /// (and `notice` says so).
    public let syntaxFromName: Bool
    /// What the last load has to tell the person once (a syntax it fell back to), if anything.
    public private(set) var notice: String?
    /// How a file of `mappedFileSize` or more is indexed: mapped rather than read, its small
    /// containers folded until opened (see `JSONFolding`); nil reads and indexes every file whole.
    public var folding: JSONFolding? = .default
    /// Files at least this large are mapped and folded (when `folding` is set).
    public var mappedFileSize = DocumentFile.largeFileSize
    /// The file as mapped, watched for changes made under the mapping.
    private let mapping = MappingWatch()

    /// Files at least this large load with progress shown (`DocumentFile.largeFileSize`).
    public static var slowLoadThreshold: Int { DocumentFile.largeFileSize }

    /// A file (or standard input for "-"), read with `options`; with `syntaxFromName`, a strict
    /// JSON file that only JSON with comments reads is read so (see `syntaxFromName`).
    public init(path: String, options: JSONParseOptions = .default, syntaxFromName: Bool = false) {
        self.path = path
        self.options = options
        self.syntaxFromName = syntaxFromName
    }

    /// A JSON Lines file.
    public init(jsonLinesAt path: String, options: JSONParseOptions = .default) {
        var options = options
        options.jsonLines = true
        self.init(path: path, options: options)
    }

    /// Whether a file name says JSON Lines (`.jsonl`, `.ndjson`).
    public static func isJSONLines(_ path: String) -> Bool { DocumentFile.isJSONLines(path) }

    /// Whether the source is standard input.
    public var isStandardInput: Bool { path == "-" }

    public var name: String { isStandardInput ? "(standard input)" : path }
    public var layout: RootLayout { .document }
    public var canSaveInPlace: Bool { !isStandardInput }

    public var loadsSlowly: Bool { Self.isLarge(path) }

    /// Bytes of a large file's start that `preview()` reads.
    public static let previewSize = 1 << 20

    /// A large file's first megabyte, closed after its last complete value
    /// (`JSONDocument.leadingPart`) — for JSON Lines, its complete lines up to the first invalid
    /// one: shown while the whole file is read and indexed.
    public func preview() -> JSONDocument? {
        // (The start is closed by a walk of strict JSON: a large file of another syntax waits for its whole.)
        guard loadsSlowly, options.syntax == .json, let start = Self.start(of: path) else { return nil }
        guard options.jsonLines else { return start.withUnsafeBufferPointer { JSONDocument.leadingPart(of: $0, options: options) } }
        guard let end = start.lastIndex(of: 0x0A) else { return nil }
        let bytes = JSONBytes(start[...end])
        var valid = 0
        var checker = JSONLineChecker(options: options)
        JSONLines.forEachLine(in: bytes.buffer) { line in
            guard checker.check(UnsafeBufferPointer(rebasing: bytes.buffer[line.content]), first: line.number == 1) == nil else { return false }
            valid = line.whole.upperBound
            return true
        }
        // Checked line by line: a failure here is the file changing under the read (the whole load says so).
        return try? JSONDocument(bytes: bytes.buffer[..<valid], options: options)
    }

    /// Whether `path` is a regular file of `slowLoadThreshold` bytes or more.
    public static func isLarge(_ path: String) -> Bool {
        var info = stat()
        return path != "-" && stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG && Int(info.st_size) >= slowLoadThreshold
    }

    /// The first `previewSize` bytes of a file (fewer if it is shorter); nil when it cannot be
    /// read (the whole load then says why).
    public static func start(of path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: previewSize)
        var count = 0
        while count < bytes.count {
            let n = bytes.withUnsafeMutableBytes { buffer in
                buffer.baseAddress.map { pread(fd, $0 + count, buffer.count - count, off_t(count)) } ?? 0
            }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { break }
            count += n
        }
        return Array(bytes[0..<count])
    }

    public mutating func load(progress: LoadProgress) throws(DocumentSourceError) -> JSONDocument {
        // What a killed save left beside the file is cleaned up first, and told.
        let recovered = isStandardInput ? [] : SaveLeftovers.recover(beside: path)
        notice = recovered.isEmpty ? nil : recovered.joined(separator: "; ")
        if let folding, let mapped = try mapIfLarge() {
            progress.report(.indexing, done: 0, total: mapped.bytes.count)
            do {
                var document = try JSONDocument(storage: mapped.bytes, options: options, progress: progress.parse, folding: folding)
                document.origin = mapped.origin
                // Read on the loading thread (a parse of the first megabyte), kept for every edit.
                _ = document.style
                mapping.watch(mapped.origin)
                return document
            } catch where error.isCancellation {
                throw DocumentSourceError(.cancelled, "\(path): loading was cancelled")
            } catch {
                // Another pass over gigabytes to list every invalid line would be a long wait: the
                // first is said, and where to see the rest.
                let rest = options.jsonLines ? " (keepsake validate \(path) lists every invalid line)" : ""
                throw DocumentSourceError(.failed, JSONFileError.invalidJSON(path: path, error).description + rest)
            }
        }
        mapping.watch(nil)
        let (storage, origin) = try Self.read(path, rejectingEarly: true, syntax: options.syntax, progress: progress)
        progress.report(.indexing, done: 0, total: storage.count)
        do {
            var document = try JSONDocument(storage: storage, options: options, progress: progress.parse)
            document.origin = origin
            return document
        } catch where error.isCancellation {
            throw DocumentSourceError(.cancelled, "\(path): loading was cancelled")
        } catch {
            if let document = readWithComments(storage, origin: origin, failure: error) { return document }
            guard options.jsonLines else { throw DocumentSourceError(.invalidJSON(path: path, error)) }
            throw invalidLines(of: storage)
        }
    }

    /// A strict JSON text refused only for its comments or trailing commas, read as JSON with
    /// comments — when the syntax came from the file's name; the notice says so once.
    private mutating func readWithComments(_ storage: JSONBytes, origin: JSONFileOrigin?, failure: JSONParseError) -> JSONDocument? {
        guard syntaxFromName, options.syntax == .json, !options.jsonLines else { return nil }
        var commented = options
        commented.syntax = .jsonc
        guard var document = try? JSONDocument(storage: storage, options: commented) else { return nil }
        document.origin = origin
        options = commented
        notice = (notice.map { $0 + "; " } ?? "") + "read as JSON with comments: strict JSON refuses \(shownInMessage(path)) at \(failure.line):\(failure.column) (\(failure.hint.isEmpty ? failure.message : failure.hint)); saving keeps its syntax"
        return document
    }

    /// Every invalid line of a JSON Lines text, each with its line and column, and what to do.
    private func invalidLines(of storage: JSONBytes) -> DocumentSourceError {
        var checker = JSONLineChecker(options: options)
        var errors: [String] = []
        JSONLines.forEachLine(in: storage.buffer) { line in
            if let error = checker.check(UnsafeBufferPointer(rebasing: storage.buffer[line.content]), first: line.number == 1) {
                errors.append("\(shownInMessage(path)):\(line.number):\(error.column): error: \(error.message)")
            }
            return true
        }
        return DocumentSourceError(.failed, (errors + ["\(shownInMessage(path)): \(errors.count) invalid line(s); fix them before browsing"]).joined(separator: "\n"))
    }

    /// The file mapped, when it is a regular file of `mappedFileSize` or more.
    private func mapIfLarge() throws(DocumentSourceError) -> (bytes: JSONBytes, origin: JSONFileOrigin)? {
        do {
            return try JSONFileReader.mapIfLarge(path: path, minimumSize: mappedFileSize)
        } catch {
            throw DocumentSourceError(error)
        }
    }

    /// A mapped file's text is the file itself: a change made to it in place, or a cut, shows
    /// through the mapping. Said once each, with the way out (reload; or keep the view and save
    /// elsewhere: a save never overwrites a file changed since it was read without asking).
    public func changesByOthers() -> String? {
        mapping.news(path: path)
    }

    /// A file's bytes and origin, the reading reported to `progress` (which can cancel it).
    static func read(_ path: String, rejectingEarly: Bool = false, syntax: JSONSyntax = .json, progress: LoadProgress) throws(DocumentSourceError) -> (JSONBytes, JSONFileOrigin?) {
        do {
            return try JSONFileReader.read(path: path, rejectingEarly: rejectingEarly, syntax: syntax) { done, total in
                progress.report(.reading, done: done, total: total)
                return !progress.isCancelled
            }
        } catch {
            throw DocumentSourceError(error)
        }
    }

    public mutating func save(_ document: JSONDocument, since saved: JSONDocument, overrides: SaveOverrides) throws(DocumentSourceError) -> JSONDocument {
        guard canSaveInPlace else {
            throw DocumentSourceError(.failed, "standard input has no file: save with :w PATH")
        }
        return try document.saved(to: nil, overrides: overrides)
    }

    /// Saves to `path`, which the source then is: later saves go there (standard input gets a file).
    public mutating func save(_ document: JSONDocument, to path: String) throws(DocumentSourceError) -> JSONDocument {
        let saved = try document.saved(to: path, overrides: [.overwriteChanges, .splitHardLinks])
        self.path = path
        return saved
    }
}

/// What `JSONFileSource` knows of the file it mapped: its state when mapped, and what was said.
private final class MappingWatch: Sendable {
    private struct State {
        var origin: JSONFileOrigin?
        var faultsSaid = MappedFileGuard.faultCount
        var changeSaid = false
    }
    private let state = Mutex(State())

    /// Starts watching a file as mapped (nil: the file was read, not mapped).
    func watch(_ origin: JSONFileOrigin?) {
        state.withLock { $0 = State(origin: origin) }
    }

    /// A sentence about a change not yet told, if any.
    func news(path: String) -> String? {
        state.withLock { state in
            guard let origin = state.origin else { return nil }
            let faults = MappedFileGuard.faultCount
            if faults > state.faultsSaid {
                state.faultsSaid = faults
                return "\(path) was cut short on disk while open: what lay past its new end reads as zeros. Reload it, or keep this view and save it elsewhere (:w PATH)."
            }
            guard !state.changeSaid, let now = JSONFileOrigin.current(path: path), now.device == origin.device, now.inode == origin.inode, !now.matches(origin) else { return nil }
            state.changeSaid = true
            return "\(path) was changed on disk while open, in place: what is not yet opened may read as the new text. Reload it, or keep this view and save it elsewhere (:w PATH)."
        }
    }
}
