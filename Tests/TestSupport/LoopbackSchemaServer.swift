import Foundation

/// A real HTTP server on 127.0.0.1 serving a folder (`Tests/Fixtures/schema_server.py`), for tests
/// that fetch schemas: redirects (`/r/PATH`, `/loop`), a slow answer (`/slow/PATH`), 404s, and a
/// log of what was asked. Stopped when let go.
public final class LoopbackSchemaServer: @unchecked Sendable {
    /// The folder served; files written there are served at once.
    public let folder: URL
    private let process: Subprocess
    /// The port it listens on.
    public let port: Int

    /// Starts a server on a free port, serving a new empty folder.
    public init() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("keepsake-server-\(UUID().uuidString)")
        folder = base.appendingPathComponent("served")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let portFile = base.appendingPathComponent("port").path
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/schema_server.py").path
        process = try Subprocess("python3", [script, folder.path, portFile], capture: false)
        let deadline = Date().addingTimeInterval(20)
        while !FileManager.default.fileExists(atPath: portFile) {
            guard Date() < deadline, process.isRunning else { throw Subprocess.Failure(description: "the schema server did not start") }
            usleep(20_000)
        }
        port = Int(try String(contentsOfFile: portFile, encoding: .utf8)) ?? 0
    }

    deinit {
        process.send(SIGKILL)
        process.wait()
        try? FileManager.default.removeItem(at: folder.deletingLastPathComponent())
    }

    /// The URL of a path on the server (`/s.json`).
    public func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    /// Serves `text` at `/NAME`.
    public func serve(_ name: String, _ text: String) throws {
        try Data(text.utf8).write(to: folder.appendingPathComponent(name))
    }

    /// The paths asked for so far, in order.
    public var hits: [String] {
        let log = (try? String(contentsOf: folder.deletingLastPathComponent().appendingPathComponent("hits.log"), encoding: .utf8)) ?? ""
        return log.split(separator: "\n").map(String.init)
    }
}
