#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a document came from, and the file's state then, to detect changes made by others.
public struct JSONFileOrigin: Sendable, Hashable {
    /// The path as given.
    public var path: String
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modifiedSeconds: Int64
    var modifiedNanoseconds: Int64
    /// The file's permission bits, kept on save.
    public var mode: UInt32

    /// The state of the file at `path` now, or `nil` if it does not exist.
    static func current(path: String) -> JSONFileOrigin? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return JSONFileOrigin(info, path: path)
    }

    init(_ info: stat, path: String) {
        self.path = path
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        #if canImport(Darwin)
        modifiedSeconds = Int64(info.st_mtimespec.tv_sec)
        modifiedNanoseconds = Int64(info.st_mtimespec.tv_nsec)
        #else
        modifiedSeconds = Int64(info.st_mtim.tv_sec)
        modifiedNanoseconds = Int64(info.st_mtim.tv_nsec)
        #endif
        mode = UInt32(info.st_mode) & 0o7777
    }

    /// Whether the file at `path` is still this file, unchanged since it was recorded.
    public var isUnchangedOnDisk: Bool {
        JSONFileOrigin.current(path: path).map(matches) ?? false
    }

    /// Whether the file on disk is the same file, unchanged, as recorded.
    func matches(_ other: JSONFileOrigin) -> Bool {
        device == other.device && inode == other.inode && size == other.size
            && modifiedSeconds == other.modifiedSeconds && modifiedNanoseconds == other.modifiedNanoseconds
    }
}

/// A file could not be read, parsed or saved. The message names the file.
public enum JSONFileError: Error, Sendable, CustomStringConvertible {
    /// Opening or reading failed.
    case cannotRead(path: String, reason: String)
    /// Writing, syncing or renaming failed; the original file is untouched.
    case cannotWrite(path: String, reason: String)
    /// The text is not valid JSON.
    case invalidJSON(path: String, JSONParseError)
    /// The file changed on disk after it was loaded; saving would overwrite someone else's change.
    case changedOnDisk(path: String)
    /// Reading was stopped by its progress handler.
    case cancelled(path: String)

    public var description: String {
        switch self {
        case .cannotRead(let path, let reason): "\(path): cannot read: \(reason)"
        case .cannotWrite(let path, let reason): "\(path): cannot save: \(reason); the original file is unchanged"
        case .invalidJSON(let path, let error): "\(path):\(error.line):\(error.column): \(error.message)"
        case .changedOnDisk(let path): "\(path): the file changed on disk since it was opened; not overwritten (force to overwrite)"
        case .cancelled(let path): "\(path): loading was cancelled"
        }
    }
}

extension JSONDocument {
    /// Loads and parses a file ("-" reads standard input, which has no origin to save back to).
    public init(contentsOfFile path: String, options: JSONParseOptions = .default) throws(JSONFileError) {
        let (storage, origin) = try JSONFileReader.read(path: path)
        do {
            try self.init(storage: storage, options: options)
        } catch {
            throw .invalidJSON(path: path, error)
        }
        self.origin = origin
    }

    /// Saves to the file it was loaded from; refuses if that file changed on disk unless `force`.
    public mutating func save(force: Bool = false) throws(JSONFileError) {
        guard let origin else { throw .cannotWrite(path: "(standard input)", reason: "the document has no file; save it to a path") }
        try save(to: origin.path, force: force)
    }

    /// Saves atomically to `path` (temporary file in the same folder, fsync, rename; mode kept) and
    /// makes that file the document's origin. Overwriting the origin file after it changed on disk
    /// needs `force`.
    public mutating func save(to path: String, force: Bool = false) throws(JSONFileError) {
        let now = JSONFileOrigin.current(path: path)
        // The file it was loaded from must still be there, unchanged (a deleted file counts as changed).
        if !force, let origin, origin.path == path, !(now.map(origin.matches) ?? false) {
            throw .changedOnDisk(path: path)
        }
        let mode = now?.mode ?? origin?.mode ?? 0o644
        self.origin = try AtomicFileWriter.write(text, to: path, mode: mode)
    }
}

/// Writes a file so that a crash at any moment leaves either the old or the new contents.
public enum AtomicFileWriter {
    /// Writes `data` to a temporary file beside `path`, fsyncs it, renames it over `path` and
    /// fsyncs the folder. A symbolic link at `path` is followed: its target is replaced.
    @discardableResult
    public static func write(_ data: UnsafeBufferPointer<UInt8>, to path: String, mode: UInt32 = 0o644) throws(JSONFileError) -> JSONFileOrigin {
        try write(to: path, mode: mode) { fd in writeAll(data, to: fd) }
    }

    /// Writes a document's text (each of its pieces in turn) the same way.
    @discardableResult
    public static func write(_ text: JSONText, to path: String, mode: UInt32 = 0o644) throws(JSONFileError) -> JSONFileOrigin {
        try write(to: path, mode: mode) { fd in
            var failure: String?
            text.forEachChunk { chunk in
                if failure == nil { failure = writeAll(chunk, to: fd) }
            }
            return failure
        }
    }

    /// Writes all of `data` to `fd`; the error's text, if any.
    private static func writeAll(_ data: UnsafeBufferPointer<UInt8>, to fd: Int32) -> String? {
        guard let base = data.baseAddress else { return nil }
        var done = 0
        while done < data.count {
            let n = Glibc_write(fd, base + done, data.count - done)
            if n < 0, errno == EINTR { continue }
            if n <= 0 { return errnoText() }
            done += n
        }
        return nil
    }

    /// The atomic write around `contents`, which writes the new bytes to the temporary file.
    private static func write(to path: String, mode: UInt32, contents: (Int32) -> String?) throws(JSONFileError) -> JSONFileOrigin {
        let target = resolvedTarget(path)
        let folder = directory(of: target)
        var template = Array((folder + "/." + basename(of: target) + ".keepsake-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw .cannotWrite(path: path, reason: "cannot create a temporary file in \(folder): \(errnoText())") }
        let temporary = String(cString: template.withUnsafeBufferPointer { $0.baseAddress! })
        var failure = contents(fd)
        if failure == nil, fchmod(fd, mode_t(mode)) != 0 { failure = errnoText() }
        if failure == nil, fsync(fd) != 0 { failure = errnoText() }
        var info = stat()
        if failure == nil, fstat(fd, &info) != 0 { failure = errnoText() }
        close(fd)
        if failure == nil, rename(temporary, target) != 0 { failure = errnoText() }
        if let failure {
            unlink(temporary)
            throw .cannotWrite(path: path, reason: failure)
        }
        let folderFD = open(folder, O_RDONLY | O_CLOEXEC)
        if folderFD >= 0 {
            _ = fsync(folderFD)  // best effort: some file systems refuse fsync on folders
            close(folderFD)
        }
        return JSONFileOrigin(info, path: path)
    }

    static func resolvedTarget(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    static func basename(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }
}

/// The text of the current `errno`.
func errnoText() -> String { String(cString: strerror(errno)) }

@inline(__always)
func Glibc_read(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int { read(fd, buffer, count) }

@inline(__always)
func Glibc_write(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int { write(fd, buffer, count) }
