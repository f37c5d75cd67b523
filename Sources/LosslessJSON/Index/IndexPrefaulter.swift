import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Faults a mapped index in ahead of the parser, on another thread.
///
/// A gigabyte of fresh memory costs its page faults wherever it is first written; here they are
/// taken with `MADV_POPULATE_WRITE` (which never changes the contents, so racing the parser is
/// safe) up to an estimate of the index's final size, made from the values per byte so far.
final class IndexPrefaulter: @unchecked Sendable {
    /// Texts at least this large get a prefaulter.
    static let threshold = 64 << 20
    /// Bytes populated per call.
    private static let step = 4 << 20

    private let start: UnsafeMutableRawPointer
    private let limit: Int
    private let textBytes: Int
    private let progress: JSONParseProgress
    private let stopping = Atomic<Bool>(false)
    private let finished = DispatchSemaphore(value: 0)
    private var stopped = false

    /// Starts prefaulting `index`, or returns nil when it is not mapped or the kernel cannot populate.
    init?(_ index: JSONIndex, textBytes: Int, progress: JSONParseProgress) {
        #if canImport(Glibc)
        guard index.mappedBytes > 0 else { return nil }
        start = UnsafeMutableRawPointer(index.entries)
        limit = index.mappedBytes
        self.textBytes = textBytes
        self.progress = progress
        DispatchQueue.global().async { self.run() }
        #else
        return nil
        #endif
    }

    /// How many index bytes the parse will probably need, from its progress so far.
    private func estimate() -> Int {
        let parsed = progress.bytesParsed
        guard parsed > 0 else { return Self.step * 4 }
        let perByte = Double(progress.valuesIndexed) / Double(parsed)
        return Int(perByte * Double(textBytes) * 1.02) * MemoryLayout<IndexEntry>.stride + Self.step
    }

    private func run() {
        defer { finished.signal() }
        #if canImport(Glibc)
        var populated = 0
        while !stopping.load(ordering: .relaxed), populated < limit {
            guard populated < estimate() else {
                usleep(500)  // ahead of the estimate: wait for the parser to report
                continue
            }
            let length = min(Self.step, limit - populated)
            // MADV_POPULATE_WRITE (Linux 5.14); an older kernel refuses it and the parser faults as before.
            guard madvise(start + populated, length, 23) == 0 else { return }
            populated += length
        }
        #endif
    }

    /// Stops the thread and waits for it (idempotent).
    func stop() {
        guard !stopped else { return }
        stopped = true
        stopping.store(true, ordering: .relaxed)
        finished.wait()
    }
}
