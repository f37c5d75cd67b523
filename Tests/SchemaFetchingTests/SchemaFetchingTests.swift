import Foundation
import JSONSchema
import LosslessJSON
import SchemaFetching
import Testing
import TestSupport

/// Fetching schemas from a real HTTP server on loopback, and keeping them in the cache.
@Suite("Fetching and caching schemas")
struct SchemaFetchingTests {
    let server: LoopbackSchemaServer
    let cache: SchemaCache

    init() throws {
        server = try LoopbackSchemaServer()
        cache = SchemaCache(folder: FileManager.default.temporaryDirectory.appendingPathComponent("keepsake-cache-\(UUID().uuidString)").path)
        try server.serve("s.json", #"{"type": "integer"}"#)
    }

    @Test func aSchemaIsFetchedAndRedirectsAreFollowed() throws {
        let fetcher = SchemaFetcher(timeout: .seconds(10))
        #expect(try fetcher.text(of: server.url("/s.json")) == #"{"type": "integer"}"#)
        #expect(try fetcher.text(of: server.url("/r/s.json")) == #"{"type": "integer"}"#)
        #expect(server.hits == ["/s.json", "/r/s.json", "/s.json"])
    }

    @Test func eachBadAnswerIsAnErrorNamingTheURLAndWhy() throws {
        try server.serve("not.json", "<html>not found</html>")
        try server.serve("big.json", "[" + Array(repeating: "1", count: 600).joined(separator: ",") + "]")
        let fetcher = SchemaFetcher(timeout: .seconds(10), maxBytes: 1000)
        func reason(_ path: String) -> String {
            do {
                _ = try fetcher.text(of: server.url(path))
                return "fetched"
            } catch {
                #expect(error.url == server.url(path))
                return error.reason
            }
        }
        #expect(reason("/missing.json") == "the server answered 404 Not Found")
        #expect(reason("/not.json").hasPrefix("the answer is not JSON"))
        #expect(reason("/big.json") == "larger than the limit of 1000 bytes")
        #expect(reason("/loop") == "its redirects go round in a cycle")
        for url in ["ftp://127.0.0.1/x.json", "http+unix://%2Fvar%2Frun%2Fdocker.sock/x.json", "file:///etc/passwd"] {
            #expect { try fetcher.text(of: url) } throws: { ($0 as? SchemaFetchError)?.reason == "only http: and https: URLs are fetched" }
        }
    }

    @Test func aSlowServerIsGivenUpAfterTheTimeLimit() throws {
        let fetcher = SchemaFetcher(timeout: .milliseconds(300))
        let start = ContinuousClock.now
        #expect {
            try fetcher.text(of: server.url("/slow/s.json"))
        } throws: { error in
            (error as? SchemaFetchError)?.reason == "no answer within 300 ms" && (error as? SchemaFetchError)?.unreachable == true
        }
        #expect(ContinuousClock.now - start < .seconds(5))
    }

    @Test func aRefusedConnectionFailsAtOnce() throws {
        // A server's URL once it has stopped: nothing listens on its port now.
        let url = try { () throws -> String in try LoopbackSchemaServer().url("/s.json") }()
        let start = ContinuousClock.now
        #expect {
            try SchemaFetcher().text(of: url)
        } throws: { error in
            (error as? SchemaFetchError)?.reason == "the connection was refused"
        }
        #expect(ContinuousClock.now - start < .seconds(2))
    }

    @Test func theCacheKeepsWhatWasFetchedWithItsTimeAndListsAndClearsIt() throws {
        let day = Date(timeIntervalSince1970: 1_790_000_000)
        try cache.store("{}", for: "https://a.example/x.json", fetched: day)
        try cache.store("[]", for: "https://a.example/x_json", fetched: day)  // the same readable name, another URL
        let entry = try #require(cache.entry(for: "https://a.example/x.json"))
        #expect(entry.url == "https://a.example/x.json" && entry.fetched == day && entry.text == "{}")
        #expect(cache.entry(for: "https://a.example/x_json")?.text == "[]")
        #expect(cache.entry(for: "https://a.example/y.json") == nil)
        #expect(try cache.list().map(\.url) == ["https://a.example/x.json", "https://a.example/x_json"])
        #expect(try cache.clear() == 2)
        #expect(try cache.list().isEmpty && cache.entry(for: "https://a.example/x.json") == nil)
    }

    @Test func aCachedCopyIsUsedWithoutAskingTheServerAndTheFirstFetchIsSaidOnce() throws {
        let url = server.url("/s.json")
        let first = RemoteSchemas(cache: cache, fetcher: SchemaFetcher())
        #expect(try first.source(.fetching).text(of: url) == #"{"type": "integer"}"#)
        #expect(try first.source(.fetching).text(of: url) == #"{"type": "integer"}"#)
        #expect(first.takeNotes() == ["fetched \(url) (19 bytes) into \(cache.folder)"])
        #expect(first.takeNotes().isEmpty)
        // A later run reads the copy.
        let second = RemoteSchemas(cache: cache, fetcher: SchemaFetcher())
        #expect(try second.source(.fetching).text(of: url) == #"{"type": "integer"}"#)
        #expect(server.hits == ["/s.json"])
        #expect(second.takeNotes().isEmpty)
    }

    @Test func aCopyOlderThanAWeekIsFetchedAgainAndUsedWhenThatFails() throws {
        let url = server.url("/s.json")
        try cache.store(#"{"type": "string"}"#, for: url, fetched: Date().addingTimeInterval(-8 * 24 * 3600))
        let remote = RemoteSchemas(cache: cache, fetcher: SchemaFetcher())
        #expect(try remote.source(.fetching).text(of: url) == #"{"type": "integer"}"#)
        #expect(server.hits == ["/s.json"])
        #expect(try #require(cache.entry(for: url)).fetched > Date().addingTimeInterval(-60))
        // Old, and the server says 404 now: the copy, said so.
        let gone = server.url("/gone.json")
        try cache.store(#"{"type": "string"}"#, for: gone, fetched: Date().addingTimeInterval(-8 * 24 * 3600))
        #expect(try remote.source(.fetching).text(of: gone) == #"{"type": "string"}"#)
        #expect(remote.takeNotes().contains { $0.hasPrefix("cannot fetch \(gone): the server answered 404 Not Found; using the copy fetched ") })
    }

    @Test func offlineOnlyTheCacheIsReadAndAMissingSchemaSaysSo() throws {
        let url = server.url("/s.json")
        let offline = RemoteSchemas(cache: cache, fetcher: nil)
        #expect {
            try offline.source(.fetching).text(of: url)
        } throws: { error in
            "\(error)".contains("not in the schema cache, and fetching is off (--offline")
        }
        try cache.store("{}", for: url, fetched: Date().addingTimeInterval(-30 * 24 * 3600))
        #expect(try offline.source(.fetching).text(of: url) == "{}")
        #expect(server.hits.isEmpty)
    }

    @Test func aCacheOnlyLookupNeverWaitsAndRemembersWhatToFetch() throws {
        let url = server.url("/slow/s.json")
        let remote = RemoteSchemas(cache: cache, fetcher: SchemaFetcher(timeout: .milliseconds(200)))
        let start = ContinuousClock.now
        #expect(throws: SchemaLoadError.self) { try remote.source(.cacheOnly).text(of: url) }
        #expect(ContinuousClock.now - start < .milliseconds(100))
        #expect(remote.takeWanted() == [url])
        #expect(remote.isPending(url))
        // Fetched (here: failed), the answer is remembered: a cache-only lookup gives it, wanting nothing.
        #expect(throws: SchemaLoadError.self) { try remote.source(.fetching).text(of: url) }
        #expect(!remote.isPending(url))
        #expect { try remote.source(.cacheOnly).text(of: url) } throws: { "\($0)".contains("no answer within 200 ms") }
        #expect(remote.takeWanted().isEmpty)
    }

    @Test func aHostThatDidNotAnswerIsNotAskedAgainInTheRun() throws {
        let remote = RemoteSchemas(cache: cache, fetcher: SchemaFetcher(timeout: .milliseconds(300)))
        #expect(throws: SchemaLoadError.self) { try remote.source(.fetching).text(of: server.url("/slow/s.json")) }
        let start = ContinuousClock.now
        #expect { try remote.source(.fetching).text(of: server.url("/s.json")) } throws: { "\($0)".contains("did not answer earlier in this run") }
        #expect(ContinuousClock.now - start < .milliseconds(100))
        #expect(server.hits == ["/slow/s.json"])
    }

    @Test func aSchemasRemoteReferencesAreFetchedThroughTheResolver() throws {
        try server.serve("root.json", #"{"properties": {"n": {"$ref": "s.json"}}}"#)
        var options = JSONSchema.Options()
        options.resolver.remote = RemoteSchemas(cache: cache, fetcher: SchemaFetcher()).source(.fetching)
        let schema = try JSONSchema(text: try SchemaFetcher().text(of: server.url("/root.json")), uri: server.url("/root.json"), options: options)
        #expect(schema.unresolvedReferences.isEmpty)
        #expect(schema.isValid(try JSONDocument(#"{"n": 1}"#)))
        #expect(!schema.isValid(try JSONDocument(#"{"n": "x"}"#)))
    }
}
