import Dispatch
import Synchronization

/// Copies the start of a mapped file into a descriptor on another thread, as far as it is allowed,
/// while the caller is still finding out how far that will be: a save of an edit near the end of a
/// large file copies what precedes the edit during the walk to it instead of after.
///
/// The descriptor is the copier's until `finish` returns; its offset then stands after the bytes
/// copied.
final class PrefixCopier: @unchecked Sendable {
    private let source: JSONBytes
    private let destination: Int32
    /// How far the copy may go.
    private let allowed = Atomic<Int>(0)
    /// Set when `allowed` is final.
    private let ending = Atomic<Bool>(false)
    private let wake = DispatchSemaphore(value: 0)
    private let done = DispatchSemaphore(value: 0)
    /// The copier thread's own until `done` is signalled.
    private var copied = 0
    private var failure: String?

    /// Bytes per copy call, so a new allowance or the end is seen soon.
    private static let step = 64 << 20

    /// Starts copying `source` (from its first byte) to `destination`.
    init(_ source: JSONBytes, to destination: Int32) {
        self.source = source
        self.destination = destination
        DispatchQueue.global().async { self.run() }
    }

    /// Lets the copy go up to `offset`, which is never less than an earlier allowance.
    func allow(upTo offset: Int) {
        allowed.store(offset, ordering: .sequentiallyConsistent)
        wake.signal()
    }

    /// Copies up to exactly `offset` and waits for the copier to end; the error's text, if any.
    /// Fails (rather than write a mix) if the copy had gone further than `offset`.
    func finish(upTo offset: Int) -> String? {
        allowed.store(offset, ordering: .sequentiallyConsistent)
        ending.store(true, ordering: .sequentiallyConsistent)
        wake.signal()
        done.wait()
        if let failure { return failure }
        return copied == offset ? nil : "the copy went past the edit (\(copied) of \(offset) bytes)"
    }

    /// Stops the copier and waits for it (what it wrote is of no use).
    func abandon() {
        _ = finish(upTo: 0)
    }

    private func run() {
        defer { done.signal() }
        while true {
            // `ending` before `allowed`: once the end is seen, the allowance read is the final one.
            let isEnding = ending.load(ordering: .sequentiallyConsistent)
            let limit = min(allowed.load(ordering: .sequentiallyConsistent), source.count)
            if copied < limit {
                let end = min(limit, copied + Self.step)
                if let error = AtomicFileWriter.copy(copied..<end, of: source, to: destination) {
                    failure = error
                    return
                }
                copied = end
                continue
            }
            if isEnding { return }
            wake.wait()
        }
    }
}
