import Synchronization

/// How far a parse running on another thread has come, and a way to stop it.
///
/// The parser reports about every 4 MB (checked where a comma follows a value, so the hot loops pay
/// one comparison per value) and stops at the next report after `cancel()` with a
/// `JSONParseError` whose `isCancellation` is true.
public final class JSONParseProgress: Sendable {
    private let parsed = Atomic<Int>(0)
    private let indexed = Atomic<Int>(0)
    private let cancelled = Atomic<Bool>(false)

    /// Bytes between reports.
    static let stride = 4 << 20

    /// Creates a progress that has seen no bytes yet.
    public init() {}

    /// The bytes parsed so far (updated about every 4 MB).
    public var bytesParsed: Int { parsed.load(ordering: .relaxed) }

    /// Asks the parse to stop at its next report.
    public func cancel() { cancelled.store(true, ordering: .relaxed) }

    /// Whether `cancel()` was called.
    public var isCancelled: Bool { cancelled.load(ordering: .relaxed) }

    /// Values indexed by the last report (lets the index be faulted in ahead of the parser).
    var valuesIndexed: Int { indexed.load(ordering: .relaxed) }

    /// Records progress; returns false when the parse should stop.
    func report(_ bytes: Int, values: Int) -> Bool {
        indexed.store(values, ordering: .relaxed)
        parsed.store(bytes, ordering: .relaxed)
        return !cancelled.load(ordering: .relaxed)
    }
}
