import Foundation
import JSONSchema
import Synchronization

/// Where a run's `http:`/`https:` schemas come from: the cache, then the network, as editors do.
/// A copy younger than `maxAge` is used as it is; an older one is fetched again, and used as it is
/// when that fails. Each URL is fetched at most once a run, and a host that did not answer is not
/// asked again that run, so a run without a network falls back at once. What a run fetched, and
/// what it could not, is said once (`takeNotes()`).
public final class RemoteSchemas: Sendable {
    /// The copies.
    public let cache: SchemaCache
    /// What fetches; `nil` when fetching is off (`--offline`).
    public let fetcher: SchemaFetcher?
    /// How old a copy may be before it is fetched again.
    public let maxAge: Duration
    /// Whether every copy counts as old (fetched again once this run).
    public let refreshing: Bool

    /// How a lookup may use the network.
    public enum Mode: Sendable {
        /// Never waits: a copy in the cache (however old) or nothing; what is missing or old is
        /// remembered (`wanted`) to be fetched by a later `.fetching` lookup.
        case cacheOnly
        /// Fetches what is missing or old, waiting at most the fetcher's time limit.
        case fetching
    }

    private struct State {
        /// This run's answer for each URL looked up with `.fetching` (or fetched since).
        var answers: [String: Result<String, SchemaLoadError>] = [:]
        /// Copies used while a fetch is wanted.
        var wanted: [String] = []
        var unreachableHosts: Set<String> = []
        var fetched: [(url: String, bytes: Int)] = []
        var notes: [String] = []
        var fetchedNoteGiven = false
    }
    private let state = Mutex(State())

    /// A run's source of remote schemas.
    public init(cache: SchemaCache, fetcher: SchemaFetcher?, maxAge: Duration = .seconds(7 * 24 * 3600), refreshing: Bool = false) {
        self.cache = cache
        self.fetcher = fetcher
        self.maxAge = maxAge
        self.refreshing = refreshing
    }

    /// A resolver's remote source that looks up in `mode`.
    public func source(_ mode: Mode) -> any RemoteSchemaSource { Source(owner: self, mode: mode) }

    /// The URLs a `.cacheOnly` lookup found missing or old since the last call, to fetch now.
    public func takeWanted() -> [String] {
        state.withLock { state in
            defer { state.wanted = [] }
            return state.wanted
        }
    }

    /// What to tell the person since the last call: the run's first fetch (and how many more), and
    /// each copy used because its refresh failed. Said once each.
    public func takeNotes() -> [String] {
        state.withLock { state in
            var notes = state.notes
            state.notes = []
            if !state.fetched.isEmpty, !state.fetchedNoteGiven, let first = state.fetched.first {
                state.fetchedNoteGiven = true
                let more = state.fetched.count > 1 ? " and \(state.fetched.count - 1) more" : ""
                notes.insert("fetched \(first.url) (\(Self.size(first.bytes)))\(more) into \(cache.folder)", at: 0)
            }
            return notes
        }
    }

    /// Whether `url` may still be fetched this run: fetching is on and no fetching lookup has
    /// answered it yet.
    public func isPending(_ url: String) -> Bool {
        fetcher != nil && state.withLock { $0.answers[url] == nil }
    }

    /// Adds a note to say with the others (a catalog that could not be had, say).
    public func note(_ text: String) {
        state.withLock { $0.notes.append(text) }
    }

    /// The text at `url` as `mode` allows.
    func text(of url: String, mode: Mode) throws(SchemaLoadError) -> String {
        if let answer = state.withLock({ $0.answers[url] }) { return try answer.get() }
        let copy = cache.entry(for: url)
        if let copy, !refreshing, Date().timeIntervalSince(copy.fetched) < Double(maxAge.components.seconds) { return copy.text }
        guard let fetcher else {
            if let copy { return copy.text }
            throw SchemaLoadError(.unresolvable(url), at: nil, "\(url) is not in the schema cache, and fetching is off (--offline, or fetch-schemas = false in the settings)")
        }
        switch mode {
        case .cacheOnly:
            state.withLock { if !$0.wanted.contains(url) { $0.wanted.append(url) } }
            if let copy { return copy.text }
            throw SchemaLoadError(.unresolvable(url), at: nil, "\(url) is being fetched")
        case .fetching:
            let answer = fetch(url, with: fetcher, replacing: copy)
            state.withLock { $0.answers[url] = answer }
            return try answer.get()
        }
    }

    private func fetch(_ url: String, with fetcher: SchemaFetcher, replacing copy: SchemaCache.Entry?) -> Result<String, SchemaLoadError> {
        let host = URL(string: url)?.host ?? url
        let failure: SchemaFetchError
        if state.withLock({ $0.unreachableHosts.contains(host) }) {
            failure = SchemaFetchError(url: url, reason: "\(host) did not answer earlier in this run")
        } else {
            do {
                let text = try fetcher.text(of: url)
                let noteOfStore: String?
                do {
                    try cache.store(text, for: url, fetched: Date())
                    noteOfStore = nil
                } catch {
                    noteOfStore = "\(error); it is used this run only"
                }
                state.withLock { state in
                    state.fetched.append((url, text.utf8.count))
                    if let noteOfStore { state.notes.append(noteOfStore) }
                }
                return .success(text)
            } catch {
                failure = error
                if error.unreachable { state.withLock { _ = $0.unreachableHosts.insert(host) } }
            }
        }
        if let copy {
            let day = copy.fetched.formatted(.iso8601.year().month().day())
            state.withLock { $0.notes.append("\(failure); using the copy fetched \(day)") }
            return .success(copy.text)
        }
        return .failure(SchemaLoadError(.unresolvable(url), at: nil, failure.description))
    }

    private static func size(_ bytes: Int) -> String {
        bytes < 1024 ? "\(bytes) bytes" : bytes < 1 << 20 ? "\(bytes >> 10) KB" : String(format: "%.1f MB", Double(bytes) / Double(1 << 20))
    }

    /// A resolver's view of the run's remote schemas, in one mode.
    private struct Source: RemoteSchemaSource {
        let owner: RemoteSchemas
        let mode: Mode
        func text(of uri: String) throws(SchemaLoadError) -> String { try owner.text(of: uri, mode: mode) }
    }
}
