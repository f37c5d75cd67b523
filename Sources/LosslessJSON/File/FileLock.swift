#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An exclusive advisory lock (`flock`) on the file now at a path, held from a save's change check
/// through its rename so that two writers cannot both pass the check and the later one silently
/// drop the earlier one's edit.
///
/// Saving replaces the file, so the lock is on the file, not the name: after the lock is taken
/// the path is checked to still name the locked file, and if another writer replaced it meanwhile
/// the new file is locked instead.
final class FileLock {
    /// The locked file, open for reading (its metadata and contents are read through it).
    let descriptor: Int32
    /// The locked file's state when the lock was taken.
    let info: stat

    /// Locks the file at `path`, waiting up to `timeout` seconds for another writer's lock; nil
    /// when there is no file there.
    init?(path: String, timeout: Double) throws(JSONFileError) {
        let deadline = Self.now() + timeout
        while true {
            let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
            if fd < 0 {
                if errno == ENOENT { return nil }
                throw .cannotWrite(path: path, reason: "cannot open it to lock it: \(errnoText())")
            }
            var locked = false
            while !locked {
                if flock(fd, LOCK_EX | LOCK_NB) == 0 {
                    locked = true
                } else if errno == EWOULDBLOCK || errno == EINTR {
                    guard Self.now() < deadline else {
                        close(fd)
                        throw .locked(path: path, seconds: timeout)
                    }
                    usleep(2_000)
                } else if errno == ENOLCK || errno == EOPNOTSUPP || errno == ENOSYS {
                    // A file system without locks (some network mounts): the change check still
                    // runs, as it did before locks.
                    locked = true
                } else {
                    let reason = errnoText()
                    close(fd)
                    throw .cannotWrite(path: path, reason: "cannot lock it: \(reason)")
                }
            }
            var held = stat()
            var now = stat()
            guard fstat(fd, &held) == 0 else {
                let reason = errnoText()
                close(fd)
                throw .cannotWrite(path: path, reason: reason)
            }
            if stat(path, &now) == 0, now.st_dev == held.st_dev, now.st_ino == held.st_ino {
                descriptor = fd
                info = held
                return
            }
            // Replaced (or removed) while we waited: lock whatever the path names now.
            close(fd)
        }
    }

    /// Whether the locked file holds exactly `contents` (read back through the lock's descriptor).
    func holds(_ contents: JSONFileOrigin.Contents) -> Bool {
        switch contents {
        case .text(let text): holds(count: text.count) { text.forEachChunk($0) }
        case .bytes(let bytes): bytes.withUnsafeBufferPointer { buffer in holds(count: buffer.count) { chunk in chunk(buffer) } }
        }
    }

    /// Whether the locked file holds exactly the `count` bytes `chunks` gives, in order.
    func holds(count: Int, _ chunks: ((UnsafeBufferPointer<UInt8>) -> Void) -> Void) -> Bool {
        guard Int(info.st_size) == count else { return false }
        let chunkSize = 1 << 20
        var buffer = [UInt8](repeating: 0, count: chunkSize)
        var offset = 0
        var same = true
        chunks { expected in
            var done = 0
            while same, done < expected.count {
                let wanted = min(chunkSize, expected.count - done)
                let n = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, wanted, off_t(offset)) }
                if n < 0, errno == EINTR { continue }
                guard n > 0 else {
                    same = false
                    return
                }
                same = buffer.withUnsafeBytes { memcmp($0.baseAddress!, expected.baseAddress! + done, n) == 0 }
                done += n
                offset += n
            }
        }
        return same
    }

    deinit {
        close(descriptor)  // releases the lock
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
