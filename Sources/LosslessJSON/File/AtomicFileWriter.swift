#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a file so that a crash at any moment leaves either the old or the new contents, and two
/// writers of one file take turns.
///
/// A save locks the file it replaces (`FileLock`), checks under the lock that it is still the file
/// the caller read (identity, size, modification time, then the bytes), writes the new contents to
/// a temporary file beside it that takes over its mode, owner, group and extended attributes,
/// fsyncs it, renames it over the file and fsyncs the folder — or, for a file with other hard links
/// when asked, writes in place behind a journal of the old bytes.
public enum AtomicFileWriter {
    /// How a save treats a file that has other hard links (replacing it by rename would leave the
    /// other names with the old contents).
    public enum HardLinks: Sendable, Hashable {
        /// Refuse with `JSONFileError.hardLinked`.
        case refuse
        /// Replace the file anyway; the other names keep the old contents.
        case split
        /// Write the new bytes into the file itself, after a journal of the old ones (every name
        /// sees the new contents; a crash still leaves the old or the new).
        case writeInPlace
    }

    /// What a save checks and keeps.
    public struct Options: Sendable {
        /// The file as the caller read it: the save refuses with `changedOnDisk` when the file is
        /// no longer that one, unchanged. Nil to write whatever is there now (or create it).
        public var expected: JSONFileOrigin?
        /// What to do about other hard links.
        public var hardLinks: HardLinks
        /// How long to wait for another writer's lock, in seconds.
        public var lockTimeout: Double
        /// The permission bits of a file that does not exist yet (an existing file keeps its own).
        public var newFileMode: UInt32

        /// The defaults: no expectation, refuse hard links, wait up to 10 s, new files 0644.
        public init(expected: JSONFileOrigin? = nil, hardLinks: HardLinks = .refuse, lockTimeout: Double = 10, newFileMode: UInt32 = 0o644) {
            self.expected = expected
            self.hardLinks = hardLinks
            self.lockTimeout = lockTimeout
            self.newFileMode = newFileMode
        }
    }

    /// Writes `data` to `path` (a symbolic link is followed: its target is replaced).
    @discardableResult
    public static func write(_ data: UnsafeBufferPointer<UInt8>, to path: String, options: Options = Options()) throws(JSONFileError) -> JSONFileOrigin {
        try write(to: path, options: options) { fd in writeAll(data, to: fd) }
    }

    /// Writes a document's text (each of its pieces in turn) the same way; the returned origin
    /// remembers the text as the file's contents.
    @discardableResult
    public static func write(_ text: JSONText, to path: String, options: Options = Options()) throws(JSONFileError) -> JSONFileOrigin {
        // A save in place would read the file's old bytes through the mapping while overwriting them.
        if options.hardLinks == .writeInPlace, text.holdsMappedFile {
            throw .cannotWrite(
                path: path, reason: "the text is read from a mapped file, which a save in place would overwrite as it reads it: split the links or save to another path; nothing written")
        }
        var origin = try write(to: path, options: options) { fd in writePieces(of: text, to: fd) }
        origin.contents = .text(text)
        return origin
    }

    /// What a save's writer of the new contents came to.
    enum ContentsOutcome {
        /// The contents are written: sync and rename.
        case written
        /// Writing failed, for this reason: nothing is replaced.
        case failed(String)
        /// The writer found there was nothing to save after all: nothing is replaced, no error.
        case withdrawn
    }

    /// Writes the bytes of `range` of `text` (all of it when nil) at fd's offset: ranges of a
    /// mapped file are copied from the file by the kernel (their pages never pass through this
    /// process), the rest from memory. The error's text, if any.
    static func writePieces(of text: JSONText, range: Range<Int>? = nil, to fd: Int32) -> String? {
        var failure: String?
        text.forEachPiece(of: range) { storage, bytes in
            if failure == nil { failure = copy(bytes, of: storage, to: fd) }
        }
        return failure
    }

    /// Writes bytes `range` of `storage` at fd's offset, from its file when it maps one, each chunk
    /// of the new file started on its way to disk once written (`FileWriteback`).
    static func copy(_ range: Range<Int>, of storage: JSONBytes, to fd: Int32) -> String? {
        if let file = storage.file, let copyFileRange = FileRangeCopy.function {
            var offset = range.lowerBound
            while offset < range.upperBound {
                let n = copyFileRange(file, &offset, fd, nil, min(range.upperBound - offset, FileWriteback.chunk), 0)
                if n < 0, errno == EINTR { continue }
                // A file system or kernel that cannot: the rest from the mapping (same bytes).
                if n < 0, [EINVAL, ENOSYS, EXDEV, EOPNOTSUPP].contains(errno) { break }
                if n < 0 { return errnoText() }
                if n == 0 { return "the file shrank while it was read (another program changed it)" }
                FileWriteback.wrote(n, to: fd)
            }
            if offset == range.upperBound { return nil }
            return writeAll(UnsafeBufferPointer(start: storage.base + offset, count: range.upperBound - offset), to: fd)
        }
        return writeAll(UnsafeBufferPointer(start: storage.base + range.lowerBound, count: range.count), to: fd)
    }

    /// Writes all of `data` to `fd` at its current offset, each chunk of the new file started on
    /// its way to disk once written; the error's text, if any.
    private static func writeAll(_ data: UnsafeBufferPointer<UInt8>, to fd: Int32) -> String? {
        guard let base = data.baseAddress else { return nil }
        var done = 0
        while done < data.count {
            let n = Glibc_write(fd, base + done, min(data.count - done, FileWriteback.chunk))
            if n < 0, errno == EINTR { continue }
            if n <= 0 { return errnoText() }
            done += n
            FileWriteback.wrote(n, to: fd)
        }
        return nil
    }

    /// The save around `contents`, which writes the new bytes to a descriptor.
    private static func write(to path: String, options: Options, contents: (Int32) -> String?) throws(JSONFileError) -> JSONFileOrigin {
        let saved = try save(to: path, options: options) { fd in contents(fd).map(ContentsOutcome.failed) ?? .written }
        guard let saved else { throw .cannotWrite(path: path, reason: "nothing was written") }  // never withdrawn
        return saved
    }

    /// The save around a writer that may withdraw (nil then: the temporary file is removed, the
    /// file untouched).
    static func save(to path: String, options: Options, contents: (Int32) -> ContentsOutcome) throws(JSONFileError) -> JSONFileOrigin? {
        let target = resolvedTarget(path)
        // Renaming a new file over a device or a FIFO would replace it with a plain file.
        var existing = stat()
        if stat(target, &existing) == 0, existing.st_mode & S_IFMT != S_IFREG {
            return try writeThrough(to: target, kind: existing.st_mode & S_IFMT, path: path, contents: contents)
        }
        let lock = try FileLock(path: target, timeout: options.lockTimeout)
        if let expected = options.expected {
            // A file removed since it was read counts as changed.
            guard let lock, expected.matches(JSONFileOrigin(lock.info, path: path)) else { throw .changedOnDisk(path: path) }
            if let contents = expected.contents, !lock.holds(contents) { throw .changedOnDisk(path: path) }
        }
        if let lock, lock.info.st_nlink > 1 {
            switch options.hardLinks {
            case .refuse: throw .hardLinked(path: path, links: Int(lock.info.st_nlink))
            case .split: break
            case .writeInPlace: return try writeInPlace(over: lock, target: target, path: path, contents: contents)
            }
        }
        let mode = lock.map { UInt32($0.info.st_mode) & 0o7777 } ?? options.newFileMode
        let folder = directory(of: target)
        let (fd, temporary) = try createTemporary(for: target, path: path)
        var failure: String?
        switch contents(fd) {
        case .written: break
        case .failed(let reason): failure = reason
        case .withdrawn:
            close(fd)
            unlink(temporary)
            return nil
        }
        if failure == nil, let lock { FileMetadata.copy(from: lock.descriptor, info: lock.info, to: fd) }
        // After the owner: changing it may clear set-id bits.
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
        syncFolder(folder)
        withExtendedLifetime(lock) {}  // held through the rename
        return JSONFileOrigin(info, path: path)
    }

    /// A new temporary file beside `target`, named after this process.
    private static func createTemporary(for target: String, path: String) throws(JSONFileError) -> (Int32, String) {
        var template = Array(SaveLeftovers.temporaryTemplate(for: target).utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else {
            throw .cannotWrite(path: path, reason: "cannot create a temporary file in \(directory(of: target)): \(errnoText())")
        }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)  // an editor started later must not inherit it
        return (fd, String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    /// Overwrites the locked file itself: first a complete journal of its old bytes (written under
    /// a temporary name, synced, then renamed to the journal's name, so a journal that exists is
    /// whole), then the new bytes, then the journal is removed. `SaveLeftovers.recover` rolls back
    /// from a journal a killed writer left.
    private static func writeInPlace(over lock: FileLock, target: String, path: String, contents: (Int32) -> ContentsOutcome) throws(JSONFileError) -> JSONFileOrigin {
        let folder = directory(of: target)
        let journal = SaveLeftovers.journal(for: target)
        let (copy, temporary) = try createTemporary(for: target, path: path)
        var failure = copyContents(from: lock.descriptor, to: copy)
        close(copy)
        if failure == nil, rename(temporary, journal) != 0 { failure = errnoText() }
        if let failure {
            unlink(temporary)
            throw .cannotWrite(path: path, reason: "cannot write the journal of the old contents: \(failure)")
        }
        syncFolder(folder)
        let fd = open(target, O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else {
            let reason = errnoText()
            unlink(journal)
            throw .cannotWrite(path: path, reason: reason)
        }
        var outcome: String?
        switch contents(fd) {
        case .written: break
        case .failed(let reason): outcome = reason
        // The file may hold part of the new bytes already: the journal puts the old ones back.
        case .withdrawn: outcome = "nothing to write"
        }
        let written = lseek(fd, 0, SEEK_CUR)
        if outcome == nil, ftruncate(fd, written) != 0 { outcome = errnoText() }
        if outcome == nil, fsync(fd) != 0 { outcome = errnoText() }
        var info = stat()
        if outcome == nil, fstat(fd, &info) != 0 { outcome = errnoText() }
        close(fd)
        if let outcome {
            // Put the old bytes back now rather than leave a half-written file for the next open;
            // if even that fails, the journal stays for the next open to try again.
            guard let failure = SaveLeftovers.restore(target, from: journal) else {
                unlink(journal)
                throw .cannotWrite(path: path, reason: outcome + "; the old contents were put back")
            }
            throw .cannotWrite(path: path, reason: outcome + "; putting the old contents back failed too (\(failure)), the journal \(journal) keeps them")
        }
        unlink(journal)
        syncFolder(folder)
        return JSONFileOrigin(info, path: path)
    }

    /// Copies every byte of `source` (from its start) over `destination` (from its start),
    /// truncates and syncs it; the reason it failed, if it did.
    static func copyContents(from source: Int32, to destination: Int32) -> String? {
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var offset = 0
        while true {
            let n = buffer.withUnsafeMutableBytes { pread(source, $0.baseAddress, $0.count, off_t(offset)) }
            if n < 0, errno == EINTR { continue }
            if n < 0 { return errnoText() }
            if n == 0 { break }
            var done = 0
            while done < n {
                let m = buffer.withUnsafeBytes { pwrite(destination, $0.baseAddress! + done, n - done, off_t(offset + done)) }
                if m < 0, errno == EINTR { continue }
                if m <= 0 { return errnoText() }
                done += m
            }
            FileWriteback.wrote(offset..<offset + n, to: destination)
            offset += n
        }
        if ftruncate(destination, off_t(offset)) != 0 { return errnoText() }
        if fsync(destination) != 0 { return errnoText() }
        return nil
    }

    /// Syncs a folder's entries (best effort: some file systems refuse fsync on folders).
    private static func syncFolder(_ folder: String) {
        let fd = open(folder, O_RDONLY | O_CLOEXEC)
        if fd >= 0 {
            _ = fsync(fd)
            close(fd)
        }
    }

    static func resolvedTarget(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The folder part of a path, split at its last `/` byte (never at a Character: a `/`
    /// followed by a combining mark is one Character).
    static func directory(of path: String) -> String {
        let bytes = Array(path.utf8)
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return "." }
        return slash == 0 ? "/" : String(decoding: bytes[..<slash], as: UTF8.self)
    }

    /// The name part of a path, after its last `/` byte.
    static func basename(of path: String) -> String {
        let bytes = Array(path.utf8)
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return path }
        return String(decoding: bytes[(slash + 1)...], as: UTF8.self)
    }
}
