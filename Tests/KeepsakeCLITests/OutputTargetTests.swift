import Foundation
import Glibc
import Testing
import TestSupport

/// Where `-o PATH` writes when PATH is not a regular file: a device or a FIFO is written through
/// (never replaced by a plain file), what cannot be written is refused at once, a symbolic link is
/// followed and kept.
@Suite("Output to devices, FIFOs, sockets and links") struct OutputTargetTests {
    let sample = "{\"n\": 1, \"list\": [1, 2]}\n"

    /// The kind of file at a path (S_IFCHR, S_IFIFO, …), without following a link.
    static func kind(_ path: String) -> mode_t {
        var info = stat()
        guard lstat(path, &info) == 0 else { return 0 }
        return info.st_mode & S_IFMT
    }

    /// Runs `set … -o target` on a sample and expects a refusal within ten seconds: exit 1, the
    /// message, and the target still of its kind.
    func expectRefusal(writingTo target: String, saying message: String, keeps kind: mode_t, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let file = try scratch.file("a.json", sample)
        guard let result = try Subprocess.run(Keepsake.binary, ["set", file, ".n", "2", "-o", target], within: 10) else {
            Issue.record("keepsake set -o \(target) was still running after 10 s", sourceLocation: sourceLocation)
            return
        }
        #expect(result.status == 1, sourceLocation: sourceLocation)
        #expect(result.stderr.contains(message), "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(Self.kind(target) == kind, sourceLocation: sourceLocation)
        #expect(try scratch.read(file) == sample, sourceLocation: sourceLocation)
    }

    @Test func devNullIsWrittenThroughAndStaysADevice() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let file = try scratch.file("a.json", sample)
        #expect(try Keepsake.run("set", file, ".n", "2", "-o", "/dev/null").status == 0)
        #expect(try Keepsake.run("delete", file, ".list", "-o", "/dev/null").status == 0)
        #expect(Self.kind("/dev/null") == S_IFCHR)
        #expect(try scratch.read(file) == sample)
    }

    @Test func aFullDeviceIsAnErrorAndStaysADevice() throws {
        try expectRefusal(writingTo: "/dev/full", saying: "/dev/full: cannot save: No space left on device", keeps: S_IFCHR)
    }

    @Test func aFIFOWithAReaderGetsTheTextAndStaysAFIFO() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let file = try scratch.file("a.json", sample)
        let fifo = scratch.url.appendingPathComponent("pipe").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let reader = try Subprocess("/bin/cat", [fifo])
        // `set` opens the FIFO without waiting, so the reader must have it open first: retry until
        // it has (a refusal says "no process is reading" and writes nothing).
        var result = try Keepsake.run("set", file, ".n", "2", "-o", fifo)
        let deadline = Date().addingTimeInterval(10)
        while result.status != 0, result.stderr.contains("no process is reading"), Date() < deadline {
            usleep(20_000)
            result = try Keepsake.run("set", file, ".n", "2", "-o", fifo)
        }
        #expect(result.status == 0, "\(result.stderr)")
        #expect(reader.wait() == .exited(0))
        #expect(reader.standardOutput == sample.replacingOccurrences(of: "\"n\": 1", with: "\"n\": 2"))
        #expect(Self.kind(fifo) == S_IFIFO)
        #expect(try scratch.read(file) == sample)
    }

    @Test func aFIFOWithoutAReaderIsRefusedAtOnce() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let fifo = scratch.url.appendingPathComponent("pipe").path
        #expect(mkfifo(fifo, 0o600) == 0)
        try expectRefusal(writingTo: fifo, saying: "it is a FIFO that no process is reading", keeps: S_IFIFO)
    }

    @Test func aSocketIsRefusedAndKept() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let path = scratch.url.appendingPathComponent("sock").path
        let socketFD = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        #expect(socketFD >= 0)
        defer { close(socketFD) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in path.utf8.prefix(raw.count - 1).enumerated() { raw[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socketFD, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        #expect(bound == 0)
        try expectRefusal(writingTo: path, saying: "it is a socket", keeps: S_IFSOCK)
    }

    @Test func aLinkIsFollowedAndKept() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let file = try scratch.file("a.json", sample)
        let target = try scratch.file("target.json", "old\n")
        let link = scratch.url.appendingPathComponent("link.json").path
        #expect(symlink(target, link) == 0)
        #expect(try Keepsake.run("set", file, ".n", "2", "-o", link).status == 0)
        #expect(Self.kind(link) == S_IFLNK)
        #expect(try scratch.read(target) == sample.replacingOccurrences(of: "\"n\": 1", with: "\"n\": 2"))
    }
}
