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
    /// What the file held then, when known: a save compares the file with it under the lock, so a
    /// change that kept the size and the modification time is still caught.
    var contents: Contents?

    /// What the file held: a text (a document's own storage), or an array a reader that keeps its
    /// text so holds anyway (YAML's) — never a second copy.
    enum Contents: Sendable {
        case text(JSONText)
        case bytes([UInt8])
    }

    /// The state of the file at `path` now, or `nil` if it does not exist.
    static func current(path: String) -> JSONFileOrigin? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return JSONFileOrigin(info, path: path)
    }

    init(_ info: stat, path: String, contents: JSONText? = nil) {
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
        self.contents = contents.map(Contents.text)
    }

    /// The same origin with `bytes` as what the file held — the caller's own copy of the text it
    /// read, shared rather than held twice — in place of what it remembered.
    public func remembering(_ bytes: [UInt8]) -> JSONFileOrigin {
        var origin = self
        origin.contents = .bytes(bytes)
        return origin
    }

    /// Whether the file at `path` is still this file, unchanged since it was recorded (by its
    /// identity, size and modification time; a save also compares the contents).
    public var isUnchangedOnDisk: Bool {
        JSONFileOrigin.current(path: path).map(matches) ?? false
    }

    /// Whether the file on disk is the same file, unchanged, as recorded.
    func matches(_ other: JSONFileOrigin) -> Bool {
        device == other.device && inode == other.inode && size == other.size
            && modifiedSeconds == other.modifiedSeconds && modifiedNanoseconds == other.modifiedNanoseconds
    }

    public static func == (lhs: JSONFileOrigin, rhs: JSONFileOrigin) -> Bool {
        lhs.path == rhs.path && lhs.mode == rhs.mode && lhs.matches(rhs)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(path)
        hasher.combine(inode)
        hasher.combine(size)
        hasher.combine(modifiedNanoseconds)
    }
}
