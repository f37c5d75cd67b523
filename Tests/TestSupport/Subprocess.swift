#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A child process started with `posix_spawn`, for tests that run the real binaries.
///
/// Foundation's `Process` is not used: on Linux its exit notification was seen to be lost when tests
/// start processes concurrently (a `waitUntilExit()` that never returned), and its children inherit
/// the spawning thread's signal mask — a Dispatch worker's, with SIGCHLD blocked — so a tmux server
/// started from a test never reaped its panes. Here the child gets default signal handling and an
/// empty mask, no descriptors but its three standard ones, and output goes to files (never a pipe a
/// long-lived descendant could keep open); waiting is `waitpid` on the child's own pid.
public final class Subprocess: @unchecked Sendable {
    /// How a finished process ended.
    public enum Termination: Equatable, Sendable {
        case exited(Int32)
        case signalled(Int32)
    }

    /// The child's process id.
    public let pid: pid_t
    private let outputFolder: URL?
    private var finished: Termination?

    /// What `run` gives back.
    public struct Result: Sendable {
        /// How the process ended.
        public var termination: Termination
        /// Standard output, as UTF-8.
        public var stdout: String
        /// Standard error, as UTF-8.
        public var stderr: String
        /// The exit status, or 128 + the signal number, like a shell's `$?`.
        public var status: Int32 {
            switch termination {
            case .exited(let code): code
            case .signalled(let signal): 128 + signal
            }
        }
    }

    /// Errors starting or waiting for a process.
    public struct Failure: Error, CustomStringConvertible {
        /// What failed, with the system's reason.
        public let description: String
    }

    /// Starts `executable` (a path, or a name looked up in `PATH`) with standard input from `input`
    /// (or `/dev/null`) and standard output/error captured in files when `capture` is set (else
    /// discarded).
    public init(_ executable: String, _ arguments: [String], input: String? = nil, capture: Bool = true) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("keepsake-subprocess-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let inputPath = folder.appendingPathComponent("stdin").path
        try Data((input ?? "").utf8).write(to: URL(fileURLWithPath: inputPath))
        let outPath = capture ? folder.appendingPathComponent("stdout").path : "/dev/null"
        let errPath = capture ? folder.appendingPathComponent("stderr").path : "/dev/null"

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, inputPath, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        closeInheritedDescriptors(&actions)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t(), all = sigset_t()
        sigemptyset(&empty)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let spawned = executable.contains("/")
            ? posix_spawn(&child, executable, &actions, &attributes, argv, Self.environment)
            : posix_spawnp(&child, executable, &actions, &attributes, argv, Self.environment)
        guard spawned == 0 else {
            try? FileManager.default.removeItem(at: folder)
            throw Failure(description: "cannot start \(executable): \(String(cString: strerror(spawned)))")
        }
        pid = child
        outputFolder = folder
    }

    /// The children's environment: the test process's, with keepsake kept off the network
    /// (`KEEPSAKE_OFFLINE=1`) and its schema cache in a folder of this test run
    /// (`XDG_CACHE_HOME`), unless the test process sets them itself. A test that fetches from its
    /// own loopback server says `KEEPSAKE_OFFLINE=` through `/usr/bin/env`.
    public static let environmentDefaults: [String: String] = [
        "KEEPSAKE_OFFLINE": "1",
        "XDG_CACHE_HOME": FileManager.default.temporaryDirectory.appendingPathComponent("keepsake-test-cache-\(getpid())").path,
    ]

    nonisolated(unsafe) private static let environment: [UnsafeMutablePointer<CChar>?] = {
        var entries: [String] = []
        var index = 0
        while let entry = environ[index] {
            entries.append(String(cString: entry))
            index += 1
        }
        for (key, value) in environmentDefaults.sorted(by: { $0.key < $1.key }) where !entries.contains(where: { $0.hasPrefix(key + "=") }) {
            entries.append(key + "=" + value)
        }
        return entries.map { strdup($0) } + [nil]
    }()

    deinit {
        if finished == nil {
            kill(pid, SIGKILL)
            _ = wait()
        }
        if let outputFolder { try? FileManager.default.removeItem(at: outputFolder) }
    }

    /// Runs a program to its end and returns its output.
    public static func run(_ executable: String, _ arguments: [String], input: String? = nil) throws -> Result {
        let process = try Subprocess(executable, arguments, input: input)
        let termination = process.wait()
        return Result(termination: termination, stdout: process.output("stdout"), stderr: process.output("stderr"))
    }

    /// Runs a program to its end, or kills it once it has run `seconds`: nil then (a hang is an
    /// answer of its own, which the caller reports).
    public static func run(_ executable: String, _ arguments: [String], input: String? = nil, within seconds: Double) throws -> Result? {
        let process = try Subprocess(executable, arguments, input: input)
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning {
            guard Date() < deadline else {
                process.send(SIGKILL)
                process.wait()
                return nil
            }
            usleep(10_000)
        }
        return Result(termination: process.wait(), stdout: process.output("stdout"), stderr: process.output("stderr"))
    }

    /// Waits for the process to end (once; later calls return the same answer).
    @discardableResult
    public func wait() -> Termination {
        if let finished { return finished }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        // The wait-status layout of POSIX: low 7 bits the signal, next 8 bits the exit code.
        let signal = status & 0x7F
        let ended: Termination = signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal)
        finished = ended
        return ended
    }

    /// Whether the process has not ended yet.
    public var isRunning: Bool {
        if finished != nil { return false }
        var status: Int32 = 0
        let reaped = waitpid(pid, &status, WNOHANG)
        guard reaped == pid else { return reaped == 0 }
        let signal = status & 0x7F
        finished = signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal)
        return false
    }

    /// Sends a signal.
    public func send(_ signal: Int32) { kill(pid, signal) }

    /// What the process wrote to standard output so far (empty unless started with `capture`).
    public var standardOutput: String { output("stdout") }

    /// What the process wrote to standard error so far (empty unless started with `capture`).
    public var standardError: String { output("stderr") }

    private func output(_ name: String) -> String {
        guard let outputFolder, let data = FileManager.default.contents(atPath: outputFolder.appendingPathComponent(name).path) else { return "" }
        return String(decoding: data, as: UTF8.self)
    }
}

/// Closes every descriptor above standard error in the child (glibc ≥ 2.34 has the action, but the
/// Swift overlay does not import it, hence the lookup).
private func closeInheritedDescriptors(_ actions: inout posix_spawn_file_actions_t) {
    #if canImport(Glibc)
    typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") else { return }
    _ = unsafeBitCast(symbol, to: AddCloseFrom.self)(&actions, 3)
    #endif
}

/// Executables built by this package, found next to the running test bundle.
public enum BuiltProduct {
    /// The path of a product built beside the tests (`keepsake`).
    public static func path(_ name: String) -> String {
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var folder = URL(fileURLWithPath: exe).deletingLastPathComponent()
        // The test bundle may sit inside an .xctest folder next to the binary.
        while !FileManager.default.isExecutableFile(atPath: folder.appendingPathComponent(name).path), folder.path != "/" {
            folder.deleteLastPathComponent()
        }
        return folder.appendingPathComponent(name).path
    }
}
