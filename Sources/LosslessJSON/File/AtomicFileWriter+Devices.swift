#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension AtomicFileWriter {
    /// Writes into what is not a regular file as `cp` does — opened and written, no temporary file,
    /// no rename, which would put a plain file where `/dev/null` or a FIFO was. A terminal, a
    /// character device and a FIFO that a process reads are written; a FIFO that nobody reads is
    /// refused at once (it would block until someone did); a folder, a socket and a block device (a
    /// disk) are refused. Nothing here is atomic or locked: such a file has no old contents to keep.
    static func writeThrough(to target: String, kind: mode_t, path: String, contents: (Int32) -> ContentsOutcome) throws(JSONFileError) -> JSONFileOrigin? {
        switch kind {
        case S_IFCHR, S_IFIFO: break
        case S_IFDIR: throw .cannotWrite(path: path, reason: "it is a folder")
        case S_IFSOCK: throw .cannotWrite(path: path, reason: "it is a socket; keepsake writes files, FIFOs and devices such as /dev/null")
        case S_IFBLK: throw .cannotWrite(path: path, reason: "it is a block device (a disk); keepsake does not write to one")
        default: throw .cannotWrite(path: path, reason: "it is neither a file, a FIFO nor a character device")
        }
        // Non-blocking to open (a FIFO without a reader fails with ENXIO instead of waiting for
        // one), then blocking to write (the reader takes the bytes at its own pace).
        let fd = open(target, O_WRONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
        guard fd >= 0 else {
            let reason = errno == ENXIO ? "it is a FIFO that no process is reading" : errnoText()
            throw .cannotWrite(path: path, reason: reason)
        }
        defer { close(fd) }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        // A reader that goes away mid-write is an error to report (EPIPE), not a signal that ends
        // the process (and a browser's pending edits with it).
        let previousHandler = signal(SIGPIPE, SIG_IGN)
        defer { signal(SIGPIPE, previousHandler) }
        switch contents(fd) {
        case .written: break
        case .withdrawn: return nil
        case .failed(let reason): throw .cannotWrite(path: path, reason: reason)
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .cannotWrite(path: path, reason: errnoText()) }
        return JSONFileOrigin(info, path: path)
    }
}
