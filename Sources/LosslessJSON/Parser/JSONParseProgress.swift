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
    private let wantsPrefixes = Atomic<Bool>(false)
    private let prefix = Mutex<(generation: Int, prefix: IndexPrefix?)>((0, nil))

    /// Bytes between reports.
    public static let stride = 4 << 20
    /// Bytes between this parse's reports (tests make them frequent).
    let reportStride: Int

    /// Creates a progress that has seen no bytes yet.
    public init() { reportStride = Self.stride }

    /// A progress the parse reports to every `bytes` bytes (and publishes its prefixes at, when
    /// asked): more often than the default costs the parse more.
    public init(reportingEvery bytes: Int) { reportStride = max(1, bytes) }

    /// The bytes parsed so far (updated about every 4 MB).
    public var bytesParsed: Int { parsed.load(ordering: .relaxed) }

    /// Asks the parse to stop at its next report.
    public func cancel() { cancelled.store(true, ordering: .relaxed) }

    /// Whether `cancel()` was called.
    public var isCancelled: Bool { cancelled.load(ordering: .relaxed) }

    /// Values indexed by the last report (lets the index be faulted in ahead of the parser).
    var valuesIndexed: Int { indexed.load(ordering: .relaxed) }

    /// Whether the parse publishes what it has indexed so far at its reports (off unless asked:
    /// it copies the containers open then).
    public var publishesPrefixes: Bool {
        get { wantsPrefixes.load(ordering: .relaxed) }
        set { wantsPrefixes.store(newValue, ordering: .relaxed) }
    }

    /// Counts the prefixes published so far (0: none yet).
    public var prefixGeneration: Int { prefix.withLock { $0.generation } }

    /// A document of what the parse had indexed at its last publication — its values up to
    /// there, every container still open closed there — or nil before the first. Read-only in
    /// spirit: its text is the whole text, of which it indexes the start.
    public func indexedPrefix() -> JSONDocument? {
        prefix.withLock { $0.prefix }.map(JSONDocument.init(prefix:))
    }

    /// Publishes what the parse has indexed so far.
    func publish(_ published: IndexPrefix) {
        prefix.withLock { $0 = ($0.generation + 1, published) }
    }

    /// Records that a reader of another syntax has read `bytes` bytes; returns false when it
    /// should stop.
    public func record(bytesRead bytes: Int) -> Bool {
        report(bytes, values: 0)
    }

    /// Records progress; returns false when the parse should stop.
    func report(_ bytes: Int, values: Int) -> Bool {
        indexed.store(values, ordering: .relaxed)
        parsed.store(bytes, ordering: .relaxed)
        return !cancelled.load(ordering: .relaxed)
    }
}
