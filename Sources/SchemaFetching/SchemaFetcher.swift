import AsyncHTTPClient
import Foundation
import LosslessJSON
import NIOCore

/// Gets a schema document over HTTP(S) the way editors do: `GET`, following up to five redirects,
/// within a time limit and a size limit, and only a `200` answer whose body is JSON in UTF-8 counts.
/// Nothing fetched is ever run; what is fetched is only parsed as JSON.
public struct SchemaFetcher: Sendable {
    /// How long a fetch may take, from connecting to the last byte.
    public var timeout: Duration
    /// The largest body taken, in bytes.
    public var maxBytes: Int

    /// The built-in limits: 10 seconds, 32 MB (SchemaStore's largest schemas are a few MB).
    public init(timeout: Duration = .seconds(10), maxBytes: Int = 32 << 20) {
        self.timeout = timeout
        self.maxBytes = maxBytes
    }

    /// The text at `url`, or why not. Blocks the calling thread (never an event loop's) until the
    /// answer or the time limit.
    public func text(of url: String) throws(SchemaFetchError) -> String {
        // Never a local socket (the client also reads `http+unix:` URLs), whatever names the URL.
        guard let scheme = URL(string: url)?.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw SchemaFetchError(url: url, reason: "only http: and https: URLs are fetched")
        }
        let request: HTTPClient.Request
        do {
            request = try HTTPClient.Request(
                url: url, method: .GET, headers: ["Accept": "application/schema+json, application/json;q=0.9, */*;q=0.1", "User-Agent": "keepsake"])
        } catch {
            throw SchemaFetchError(url: url, reason: "not a URL keepsake can fetch (\(error))")
        }
        let milliseconds = max(1, Int64(timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000))
        let response: HTTPClient.Response
        do {
            response = try Self.client.execute(
                request: request, delegate: ResponseAccumulator(request: request, maxBodySize: maxBytes),
                deadline: .now() + .milliseconds(milliseconds)
            ).futureResult.wait()
        } catch let error as ResponseAccumulator.ResponseTooBigError {
            throw SchemaFetchError(url: url, reason: "larger than the limit of \(error.maxBodySize) bytes")
        } catch let error as HTTPClientError where [.deadlineExceeded, .readTimeout, .connectTimeout, .writeTimeout].contains(error) {
            throw SchemaFetchError(url: url, reason: "no answer within \(milliseconds) ms", unreachable: true)
        } catch let error as HTTPClientError where [.redirectLimitReached, .redirectCycleDetected].contains(error) {
            throw SchemaFetchError(url: url, reason: error == .redirectCycleDetected ? "its redirects go round in a cycle" : "more than 5 redirects")
        } catch {
            throw SchemaFetchError(url: url, reason: Self.reason(for: error), unreachable: true)
        }
        guard response.status == .ok else {
            throw SchemaFetchError(url: url, reason: "the server answered \(response.status.code) \(response.status.reasonPhrase)")
        }
        let bytes = response.body.map { Array($0.readableBytesView) } ?? []
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw SchemaFetchError(url: url, reason: "the answer is not UTF-8 text")
        }
        do {
            _ = try JSONDocument(text)
        } catch {
            throw SchemaFetchError(url: url, reason: "the answer is not JSON: \(error.message)")
        }
        return text
    }

    /// One client for the process, on NIO's shared event loops: a `static let` lives until the
    /// process ends, so it never needs shutting down. A refused or failed connection is not tried
    /// again until the time limit (the client's default): without a network, nothing waits.
    private static let client: HTTPClient = {
        var configuration = HTTPClient.Configuration(redirectConfiguration: .follow(max: 5, allowCycles: false))
        configuration.connectionPool.retryConnectionEstablishment = false
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }()

    /// A connection failure in words: the system's reason where NIO gives one.
    private static func reason(for error: any Error) -> String {
        let text = String(describing: error)
        if text.contains("connectionRefused") || text.contains("Connection refused") { return "the connection was refused" }
        if text.contains("UnknownHost") || text.contains("lookup") || text.contains("NXDOMAIN") { return "the host name could not be looked up" }
        return "cannot connect (\(text))"
    }
}

/// A fetch that failed: the URL and why.
public struct SchemaFetchError: Error, Sendable, CustomStringConvertible {
    /// The URL asked for.
    public let url: String
    /// Why there is no schema from it.
    public let reason: String
    /// Whether the host itself did not answer (so other URLs there are not tried this run).
    public var unreachable = false

    public var description: String { "cannot fetch \(url): \(reason)" }
}
