import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads whole files into padded storage.
public enum JSONFileReader {
    /// Files at least this large are read by two threads, each filling its half of the storage.
    static let parallelThreshold = 32 << 20
    /// Bytes per read call (and between progress reports).
    static let chunk = 8 << 20

    /// The most a pipe, terminal or file without a size (procfs) may hold: read to its end, it
    /// has no size to check first.
    static let streamLimit = 4 << 30
    /// How long a FIFO is waited on for its writer's first bytes, in milliseconds.
    public static let fifoWait: Int32 = 10_000

    /// The bytes of a file (or of standard input for "-") and its state on disk.
    ///
    /// `progress`, when given, is called on the calling thread after each chunk of a regular file
    /// with the bytes read so far and the file's size; returning false stops the read with
    /// `JSONFileError.cancelled`. With `rejectingEarly`, a file whose first byte that is not
    /// white space cannot start a JSON value is rejected before the rest is read (a 2 GB file of
    /// zero bytes fails at once; only in strict JSON, `syntax`, where comments cannot start a text).
    /// Pipes, terminals and files without a size are read to their end
    /// (up to `streamLimit`); a FIFO waits up to `fifoWait` ms for a writer; devices are refused.
    public static func read(
        path: String, rejectingEarly: Bool = false, syntax: JSONSyntax = .json, fifoWait: Int32 = fifoWait,
        progress: ((_ done: Int, _ total: Int) -> Bool)? = nil
    ) throws(JSONFileError) -> (JSONBytes, JSONFileOrigin?) {
        let (fd, info, sized) = try openSource(path, fifoWait: fifoWait)
        defer { close(fd) }
        guard sized else { return (try readToEnd(fd, path: path, limit: streamLimit), nil) }

        let size = Int(info.st_size)
        let storage = JSONBytes(uninitializedCount: size)
        if rejectingEarly, syntax == .json, let error = try startError(fd, path: path, into: storage) {
            throw .invalidJSON(path: path, error)
        }
        // The second half goes to a helper thread when the file is large: copying into fresh memory
        // is bound by page faults, which two cores take twice as fast.
        let split = size >= parallelThreshold ? size / 2 : size
        let helper = split < size ? RangeReader(fd: fd, base: storage.base, range: split..<size) : nil
        if let helper { DispatchQueue.global().async { helper.run() } }
        let main = RangeReader(fd: fd, base: storage.base, range: 0..<split)
        main.run { done in progress?(done + (helper?.done ?? 0), size) ?? true }
        // The helper writes into the storage and reads the descriptor: always wait for it.
        helper?.stop(if: main.outcome != nil)
        let helperOutcome = helper?.waitForOutcome()
        let outcome = main.outcome ?? helperOutcome
        switch outcome {
        case .failed(let reason)?: throw .cannotRead(path: path, reason: reason)
        case .cancelled?: throw .cancelled(path: path)
        case nil: break
        }
        if let progress, progress(size, size) == false { throw .cancelled(path: path) }
        return (storage, JSONFileOrigin(info, path: path, contents: JSONText(storage)))
    }

    /// Opens a file, standard input ("-"), a pipe or a terminal for reading, refusing directories
    /// and devices; waits for a FIFO's writer. `sized` is true for a regular file with a size (read
    /// by ranges); anything else is read to its end.
    static func openSource(_ path: String, fifoWait: Int32) throws(JSONFileError) -> (fd: Int32, info: stat, sized: Bool) {
        // Non-blocking so that opening a FIFO with no writer does not wait forever.
        let fd = path == "-" ? dup(STDIN_FILENO) : open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw .cannotRead(path: path, reason: errnoText()) }
        var info = stat()
        do throws(JSONFileError) {
            guard fstat(fd, &info) == 0 else { throw JSONFileError.cannotRead(path: path, reason: errnoText()) }
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                throw JSONFileError.cannotRead(path: path, reason: "it is a directory")
            case S_IFREG where path != "-" && info.st_size > 0:
                return (fd, info, true)
            case S_IFREG:
                return (fd, info, false)
            case S_IFIFO, S_IFSOCK:
                try waitForData(fd, path: path, milliseconds: fifoWait)
                return (fd, info, false)
            case S_IFCHR where isatty(fd) == 1 || path == "-":
                return (fd, info, false)
            default:
                throw JSONFileError.cannotRead(path: path, reason: "it is a device, not a file (keepsake reads files, pipes and standard input)")
            }
        } catch {
            close(fd)
            throw error
        }
    }

    /// Reads the first few kilobytes into `storage` and, if the first byte that is not white space
    /// (after a byte-order mark) cannot begin a JSON value, the parser's error there.
    private static func startError(_ fd: Int32, path: String, into storage: JSONBytes) throws(JSONFileError) -> JSONParseError? {
        let count = min(storage.count, 4096)
        var done = 0
        while done < count {
            let n = pread(fd, storage.base + done, count - done, off_t(done))
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { throw .cannotRead(path: path, reason: n == 0 ? "the file shrank while it was read" : errnoText()) }
            done += n
        }
        let bytes = UnsafeBufferPointer(start: storage.base, count: count)
        var position = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while position < count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
        guard position < count else { return nil }
        switch bytes[position] {
        case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "\""), UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            return nil
        default:
            // The parser's own message for that byte, with its line and column.
            do {
                _ = try JSONDocument(bytes: Array(bytes[...position]))
                return nil
            } catch {
                return error
            }
        }
    }

    /// Waits for a FIFO's writer to send something (or to close it), up to `milliseconds`.
    private static func waitForData(_ fd: Int32, path: String, milliseconds: Int32) throws(JSONFileError) {
        var request = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        while true {
            let ready = poll(&request, 1, milliseconds)
            if ready < 0, errno == EINTR { continue }
            if ready < 0 { throw .cannotRead(path: path, reason: errnoText()) }
            if ready == 0 {
                throw .cannotRead(path: path, reason: "nothing was written to it in \(Double(milliseconds) / 1000) s (a FIFO with no writer?)")
            }
            break
        }
        let flags = fcntl(fd, F_GETFL)
        _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK)
    }

    /// Reads a pipe, terminal or sizeless file until the end of input, up to `limit` bytes.
    static func readToEnd(_ fd: Int32, path: String, limit: Int) throws(JSONFileError) -> JSONBytes {
        var data: [UInt8] = []
        try forEachPiece(fd, path: path, limit: limit, size: 1 << 16) { piece in data.append(contentsOf: piece) }
        return JSONBytes(data)
    }

    /// Reads a descriptor to its end in pieces of up to `size` bytes, handing each to `body`;
    /// more than `limit` bytes in all is an error (a stream that never ends).
    static func forEachPiece(
        _ fd: Int32, path: String, limit: Int, size: Int, length: Int = .max, _ body: (UnsafeBufferPointer<UInt8>) throws(JSONFileError) -> Void
    ) throws(JSONFileError) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 16)
        defer { buffer.deallocate() }
        var total = 0
        while total < length {
            let n = Glibc_read(fd, buffer.baseAddress!, min(size, length - total))
            if n < 0, errno == EINTR { continue }
            if n < 0, errno == EAGAIN {
                // A non-blocking descriptor (standard input shared with a parent): wait for it.
                var request = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                _ = poll(&request, 1, -1)
                continue
            }
            guard n >= 0 else { throw .cannotRead(path: path, reason: errnoText()) }
            if n == 0 { return }
            total += n
            guard total <= limit else {
                throw .cannotRead(path: path, reason: "more than \(limit >> 20) MB arrived without an end; save it to a file and open that")
            }
            try body(UnsafeBufferPointer(rebasing: buffer.bindMemory(to: UInt8.self)[0..<n]))
        }
    }

    /// Checks that a file (or standard input, a pipe) holds one JSON value, reading it in pieces
    /// through a `JSONStreamValidator`: memory stays at one piece whatever the file's size, and the
    /// first bad byte ends the read. Throws `.invalidJSON` with the parser's own error. `observe`
    /// sees each piece after the validator (so a caller that looks for something in the text
    /// reads it once).
    public static func validate(
        path: String, options: JSONParseOptions = .default, fifoWait: Int32 = fifoWait, observe: (UnsafeBufferPointer<UInt8>) -> Void = { _ in }
    ) throws(JSONFileError) {
        let (fd, _, sized) = try openSource(path, fifoWait: fifoWait)
        defer { close(fd) }
        var validator = JSONStreamValidator(options: options)
        // A regular file is read whatever its size; a stream up to the limit the whole-file read has.
        try forEachPiece(fd, path: path, limit: sized ? .max : streamLimit, size: validationPiece) { piece throws(JSONFileError) in
            do throws(JSONParseError) { try validator.feed(piece) } catch { throw .invalidJSON(path: path, error) }
            observe(piece)
        }
        do { try validator.finish() } catch { throw .invalidJSON(path: path, error) }
    }

    /// A regular file of at least `minimumSize` bytes, mapped rather than read (see
    /// `JSONBytes.mapping`): nothing is copied, and only the pages looked at are read from the
    /// disk. Nil for a smaller file, standard input, a pipe or a device, which are read as usual.
    ///
    /// While mapped the file must not shrink (a page it no longer has raises SIGBUS): a caller that
    /// cannot rule that out handles the signal.
    /// Returns the bytes with the file's state when mapped (a save can refuse when it changed since).
    public static func mapIfLarge(path: String, minimumSize: Int) throws(JSONFileError) -> (bytes: JSONBytes, origin: JSONFileOrigin)? {
        // Looked at before it is opened: opening a pipe would take its data from the read that follows.
        var info = stat()
        guard path != "-", stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) >= minimumSize else { return nil }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .cannotRead(path: path, reason: errnoText()) }
        defer { close(fd) }
        // The file as opened (it may have been replaced since the look).
        guard fstat(fd, &info) == 0 else { throw .cannotRead(path: path, reason: errnoText()) }
        guard info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) >= minimumSize else { return nil }
        guard let bytes = JSONBytes.mapping(fileDescriptor: fd, count: Int(info.st_size)) else {
            throw .cannotRead(path: path, reason: "it could not be mapped into memory: \(errnoText())")
        }
        return (bytes, JSONFileOrigin(info, path: path))
    }

    /// Bytes per read when validating by pieces.
    static let validationPiece = 1 << 20
}

/// Reads one range of a file into storage with `pread`, in chunks, on whichever thread runs it.
private final class RangeReader: @unchecked Sendable {
    enum Outcome { case failed(String), cancelled }

    private let fd: Int32
    private let base: UnsafeMutablePointer<UInt8>
    private let range: Range<Int>
    private let progressed = Atomic<Int>(0)
    private let stopRequested = Atomic<Bool>(false)
    private let finished = DispatchSemaphore(value: 0)
    /// Set before `finished` is signalled; nil when the whole range was read.
    private(set) var outcome: Outcome?

    init(fd: Int32, base: UnsafeMutablePointer<UInt8>, range: Range<Int>) {
        self.fd = fd
        self.base = base
        self.range = range
    }

    /// Bytes read so far.
    var done: Int { progressed.load(ordering: .relaxed) }

    /// Reads the range; `shouldContinue` (given the bytes read so far) can stop it after a chunk.
    func run(_ shouldContinue: (Int) -> Bool = { _ in true }) {
        defer { finished.signal() }
        var offset = range.lowerBound
        while offset < range.upperBound {
            if stopRequested.load(ordering: .relaxed) {
                outcome = .cancelled
                return
            }
            let n = pread(fd, base + offset, min(JSONFileReader.chunk, range.upperBound - offset), off_t(offset))
            if n < 0, errno == EINTR { continue }
            guard n > 0 else {
                outcome = .failed(n == 0 ? "the file shrank while it was read" : errnoText())
                return
            }
            offset += n
            progressed.store(offset - range.lowerBound, ordering: .relaxed)
            if !shouldContinue(offset - range.lowerBound) {
                outcome = .cancelled
                return
            }
        }
    }

    /// Asks a running reader to stop after its current chunk.
    func stop(if condition: Bool) {
        if condition { stopRequested.store(true, ordering: .relaxed) }
    }

    /// Waits until the reader has finished and gives its outcome.
    func waitForOutcome() -> Outcome? {
        finished.wait()
        return outcome
    }
}
