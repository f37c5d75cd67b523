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

    /// The state of a file on disk now (for documents read by other means).
    public static func origin(path: String) throws(JSONFileError) -> JSONFileOrigin {
        guard let origin = JSONFileOrigin.current(path: path) else { throw .cannotRead(path: path, reason: errnoText()) }
        return origin
    }

    /// The bytes of a file (or of standard input for "-") and its state on disk.
    ///
    /// `progress`, when given, is called on the calling thread after each chunk of a regular file
    /// with the bytes read so far and the file's size; returning false stops the read with
    /// `JSONFileError.cancelled`.
    public static func read(path: String, progress: ((_ done: Int, _ total: Int) -> Bool)? = nil) throws(JSONFileError) -> (JSONBytes, JSONFileOrigin?) {
        let fd = path == "-" ? dup(STDIN_FILENO) : open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .cannotRead(path: path, reason: errnoText()) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .cannotRead(path: path, reason: errnoText()) }
        if (info.st_mode & S_IFMT) == S_IFDIR { throw .cannotRead(path: path, reason: "it is a directory") }
        guard (info.st_mode & S_IFMT) == S_IFREG, path != "-" else { return (try readToEnd(fd, path: path), nil) }

        let size = Int(info.st_size)
        let storage = JSONBytes(uninitializedCount: size)
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
        return (storage, JSONFileOrigin(info, path: path))
    }

    /// Reads a pipe or terminal until the end of input.
    private static func readToEnd(_ fd: Int32, path: String) throws(JSONFileError) -> JSONBytes {
        var data: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { buffer in buffer.baseAddress.map { Glibc_read(fd, $0, buffer.count) } ?? 0 }
            if n < 0, errno == EINTR { continue }
            guard n >= 0 else { throw .cannotRead(path: path, reason: errnoText()) }
            if n == 0 { break }
            data.append(contentsOf: chunk[0..<n])
        }
        return JSONBytes(data)
    }
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
