#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file opened once to read and edit values by path, whatever its syntax and size: read whole
/// when small; mapped when large (`largeFileSize`), a value found by reading only as far as its
/// path needs and an edit made on its container alone (strict JSON; another syntax is indexed
/// whole from the mapping, small containers folded); JSON Lines addressed by line (`.[N]` is the
/// N-th value line, found by its line breaks alone).
///
/// `edit(_:saving:)` owns the one save loop every caller shares: a locked save that never
/// overwrites a file changed since it was read — made again on the new contents, unless told not
/// to merge or to force —, hard links refused, split or written in place, and what a killed save
/// left cleaned up (and said) when the file is opened.
public struct DocumentFile: Sendable {
    /// How the file's text is held.
    public enum Layout: Sendable, Hashable {
        /// Read whole into memory and indexed (small files, standard input).
        case whole
        /// Mapped; values located by walking to them (large strict JSON), or indexed with small
        /// containers folded (large files of another syntax).
        case mapped
        /// JSON Lines: addressed by line.
        case lines
    }

    enum Contents: Sendable {
        case document(JSONDocument)
        case located(JSONBytes, JSONFileOrigin)
        case lines(JSONBytes, JSONFileOrigin?, isMapped: Bool)
    }

    /// The path ("-" for standard input).
    public let path: String
    /// The options it is parsed with (its syntax; for JSON Lines, `jsonLines`).
    public let options: JSONParseOptions
    let contents: Contents

    /// Files at least this large are mapped, not read (16 MiB, or the bytes `KEEPSAKE_LARGE_FILE`
    /// gives): the one threshold of the command line and the browser.
    public static let largeFileSize = getenv("KEEPSAKE_LARGE_FILE").flatMap { Int(String(cString: $0)) }.map { max(1, $0) } ?? 16 << 20

    /// The options for a file: `syntax` when given, else the one its name says (`JSONSyntax.forFile`),
    /// else strict JSON; JSON Lines for `.jsonl` and `.ndjson`.
    public static func options(for path: String, syntax: JSONSyntax? = nil, _ base: JSONParseOptions = .default) -> JSONParseOptions {
        var options = base
        options.jsonLines = syntax == nil && isJSONLines(path)
        options.syntax = options.jsonLines ? .json : syntax ?? JSONSyntax.forFile(path) ?? .json
        return options
    }

    /// Whether a file name says JSON Lines (`.jsonl`, `.ndjson`).
    public static func isJSONLines(_ path: String) -> Bool {
        path.hasSuffix(".jsonl") || path.hasSuffix(".ndjson")
    }

    /// The layout the file is held in.
    public var layout: Layout {
        switch contents {
        case .document(let document): document.text.holdsMappedFile ? .mapped : .whole
        case .located: .mapped
        case .lines: .lines
        }
    }

    /// The file's state on disk when it was read (nil for standard input).
    public var origin: JSONFileOrigin? {
        switch contents {
        case .document(let document): document.origin
        case .located(_, let origin): origin
        case .lines(_, let origin, _): origin
        }
    }

    /// Opens a file: what a killed save of it left behind is cleaned up first (each thing done
    /// told to `note`, unless `recovering` is false), then it is read or mapped as its size and
    /// options say. A large file is mapped with `MappedFileGuard` installed: another program
    /// cutting it short makes the pages past its end read as zeros (an error), never a crash.
    public init(path: String, options: JSONParseOptions, recovering: Bool = true, note: (String) -> Void = { _ in }) throws(DocumentFileError) {
        self.path = path
        self.options = options
        if recovering, path != "-" {
            for sentence in SaveLeftovers.recover(beside: path) { note(sentence) }
        }
        do {
            if let (bytes, origin) = try JSONFileReader.mapIfLarge(path: path, minimumSize: Self.largeFileSize) {
                MappedFileGuard.install()
                if options.jsonLines {
                    contents = .lines(bytes, origin, isMapped: true)
                } else if options.syntax == .json {
                    contents = .located(bytes, origin)
                } else {
                    var document = try JSONDocument(storage: bytes, options: options, folding: .default)
                    document.origin = origin
                    contents = .document(document)
                }
                return
            }
            let (bytes, origin) = try JSONFileReader.read(path: path, rejectingEarly: !options.jsonLines, syntax: options.syntax)
            if options.jsonLines {
                contents = .lines(bytes, origin, isMapped: false)
            } else {
                var document = try JSONDocument(storage: bytes, options: options)
                document.origin = origin
                contents = .document(document)
            }
        } catch let error as JSONFileError {
            throw .file(error)
        } catch let error as JSONParseError {
            throw .invalid(path: path, error, line: nil)
        } catch {
            throw .file(.cannotRead(path: path, reason: "\(error)"))
        }
    }

    /// The syntax beyond JSON that reads a file strict JSON does not (JSON with comments, else
    /// JSON5), for a regular file smaller than `largeFileSize`; nil when neither does.
    public static func syntaxThatReads(_ path: String) -> JSONSyntax? {
        guard path != "-", let (bytes, _) = try? JSONFileReader.read(path: path), bytes.count < largeFileSize else { return nil }
        for syntax in [JSONSyntax.jsonc, .json5] where (try? JSONDocument(storage: bytes, options: JSONParseOptions(syntax: syntax))) != nil {
            return syntax
        }
        return nil
    }

    /// The file as a document, when it is held as one (not a large strict JSON file located in,
    /// nor JSON Lines).
    public var document: JSONDocument? {
        if case .document(let document) = contents { return document }
        return nil
    }
}

/// Why a file could not be read or edited; the message names the file.
public enum DocumentFileError: Error, Sendable, CustomStringConvertible {
    /// Reading or saving failed.
    case file(JSONFileError)
    /// The text is not valid in its syntax (for JSON Lines: on `line`, the column within it).
    case invalid(path: String, JSONParseError, line: Int?)
    /// The edit does not apply.
    case edit(path: String, JSONEditError)
    /// Nothing is at the path (`fewerLines`: a JSON Lines file has fewer value lines).
    case noValue(path: String, JSONPath, fewerLines: Bool)
    /// A JSON Lines file was addressed by something other than `.[N]…`.
    case notALine(path: String)
    /// The file kept changing on disk: the edit was made again this many times and never saved.
    case keptChanging(path: String, attempts: Int)
    /// The file changed on disk since it was read, and merging was not allowed.
    case changedOnDisk(path: String)
    /// The file has other hard links; replacing it would split them.
    case hardLinked(path: String, links: Int)
    /// A mapped file is not written in place: its pages would be read while they are overwritten.
    case mappedInPlace(path: String)
    /// Standard input has no file to save to.
    case noFile
    /// Another program cut the file short while it was read; nothing was written.
    case shrank(path: String)

    public var description: String {
        switch self {
        case .file(let error): error.description
        case .invalid(let path, let error, let line?): "\(shownInMessage(path)):\(line):\(error.column): error: \(error.message)"
        case .invalid(let path, let error, nil): JSONFileError.invalidJSON(path: path, error).description
        case .edit(let path, let error): "\(shownInMessage(path)): \(error)"
        case .noValue(let path, let at, let fewerLines): "\(shownInMessage(path)): no value at \(at)\(fewerLines ? " (the file has fewer value lines)" : "")"
        case .notALine(let path): "\(shownInMessage(path)): a JSON Lines file is addressed by line: .[N] is its N-th value, .[N].field a field of it"
        case .keptChanging(let path, let attempts):
            "\(shownInMessage(path)): the file kept changing on disk; the edit was made again \(attempts) times and never saved"
        case .changedOnDisk(let path): "\(shownInMessage(path)): the file changed on disk since it was read; not overwritten"
        case .hardLinked(let path, let links): "\(shownInMessage(path)): the file has \(links) hard links; replacing it would split them from it; nothing written"
        case .mappedInPlace(let path):
            "\(shownInMessage(path)): a file this large (\(DocumentFile.largeFileSize) bytes or more) is not written in place; nothing written"
        case .noFile: "standard input has no file to save to"
        case .shrank(let path): "\(shownInMessage(path)): the file shrank while it was read (another program changed it); it was not changed"
        }
    }
}
