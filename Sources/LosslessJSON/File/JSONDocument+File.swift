#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension JSONDocument {
    /// Loads and parses a file ("-" reads standard input, which has no origin to save back to).
    public init(contentsOfFile path: String, options: JSONParseOptions = .default) throws(JSONFileError) {
        let (storage, origin) = try JSONFileReader.read(path: path, rejectingEarly: true, syntax: options.syntax)
        do {
            try self.init(storage: storage, options: options)
        } catch {
            throw .invalidJSON(path: path, error)
        }
        self.origin = origin
    }

    /// Saves to the file it was loaded from; refuses if that file changed on disk unless `force`.
    public mutating func save(force: Bool = false, hardLinks: AtomicFileWriter.HardLinks = .refuse) throws(JSONFileError) {
        guard let origin else { throw .cannotWrite(path: "(standard input)", reason: "the document has no file; save it to a path") }
        try save(to: origin.path, force: force, hardLinks: hardLinks)
    }

    /// Saves atomically to `path` (see `AtomicFileWriter`) and makes that file the document's
    /// origin. Overwriting the origin file after it changed on disk needs `force`.
    public mutating func save(to path: String, force: Bool = false, hardLinks: AtomicFileWriter.HardLinks = .refuse) throws(JSONFileError) {
        var options = AtomicFileWriter.Options(hardLinks: hardLinks, newFileMode: origin?.mode ?? 0o644)
        // The file it was loaded from must still be there, unchanged (a deleted file counts as changed).
        if !force, let origin, origin.path == path { options.expected = origin }
        self.origin = try AtomicFileWriter.write(text, to: path, options: options)
    }
}

/// The text of the current `errno`.
func errnoText() -> String { String(cString: strerror(errno)) }

@inline(__always)
func Glibc_read(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int { read(fd, buffer, count) }

@inline(__always)
func Glibc_write(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int { write(fd, buffer, count) }
