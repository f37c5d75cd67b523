#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A reader's child process: started with its standard input a socket this side writes, its
/// standard output a pipe this side reads and its standard error a pipe kept (the first 64 KiB).
/// One thread drives all three with `poll`, so no side waits on the other.
struct ReaderChild {
    /// How the child ended.
    enum Status: Equatable {
        case exited(Int32), signalled(Int32)
        /// It reported nothing for the stall limit and was killed.
        case stalled
    }

    private let pid: pid_t
    private var input: Int32
    private var output: Int32
    private var errors: Int32
    private var stalled = false
    private var waited: Status?
    /// What the child wrote on standard error.
    private(set) var errorText = ""
    private var errorBytes: [UInt8] = []
    private static let errorLimit = 65_536

    init(executable: String, arguments: [String]) throws(YAMLReadFailure) {
        var sockets: [Int32] = [-1, -1]
        var outputPipe: [Int32] = [-1, -1]
        var errorPipe: [Int32] = [-1, -1]
        func closeAll() { for fd in sockets + outputPipe + errorPipe where fd >= 0 { close(fd) } }
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &sockets) == 0,
            pipe(&outputPipe) == 0, pipe(&errorPipe) == 0
        else {
            let reason = String(cString: strerror(errno))
            closeAll()
            throw .readerFailed("cannot connect to a YAML reader: \(reason)")
        }
        for fd in outputPipe + errorPipe { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, sockets[1], 0)
        posix_spawn_file_actions_adddup2(&actions, outputPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errorPipe[1], 2)
        // The child gets default signal handling and an empty mask whatever thread starts it (a
        // Dispatch worker blocks signals).
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
        let spawned = posix_spawn(&child, executable, &actions, &attributes, argv, environ)
        close(sockets[1])
        close(outputPipe[1])
        close(errorPipe[1])
        guard spawned == 0 else {
            for fd in [sockets[0], outputPipe[0], errorPipe[0]] { close(fd) }
            throw .readerFailed("cannot start the YAML reader \(executable): \(String(cString: strerror(spawned)))")
        }
        pid = child
        input = sockets[0]
        output = outputPipe[0]
        errors = errorPipe[0]
        for fd in [input, output, errors] { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
    }

    /// Writes with `input` while it says there is more (it returns true when done) and gives what
    /// the child writes to `output` (which returns false when it wants no more), until the child's
    /// output ends or it reports nothing for `stallSeconds`.
    mutating func exchange(
        stallSeconds: Int,
        input write: (Int32) throws(YAMLReadFailure) -> Bool,
        output take: ([UInt8]) throws(YAMLReadFailure) -> Bool
    ) throws(YAMLReadFailure) {
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while output >= 0 {
            var polled = [pollfd(fd: output, events: Int16(POLLIN), revents: 0), pollfd(fd: errors, events: Int16(POLLIN), revents: 0)]
            if input >= 0 { polled.append(pollfd(fd: input, events: Int16(POLLOUT), revents: 0)) }
            let ready = poll(&polled, nfds_t(polled.count), Int32(stallSeconds) * 1000)
            if ready < 0 {
                if errno == EINTR { continue }
                throw .readerFailed("cannot wait for the YAML reader: \(String(cString: strerror(errno)))")
            }
            if ready == 0 {
                stalled = true
                return
            }
            if input >= 0, polled[2].revents != 0, try write(input) {
                close(input)
                input = -1
            }
            if polled[1].revents != 0 { drainErrors(into: &chunk) }
            if polled[0].revents != 0 {
                let count = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
                if count < 0, errno == EAGAIN || errno == EINTR { continue }
                guard count > 0, try take(Array(chunk[0..<count])) else {
                    close(output)
                    output = -1
                    return
                }
            }
        }
    }

    private mutating func drainErrors(into chunk: inout [UInt8]) {
        guard errors >= 0 else { return }
        let count = chunk.withUnsafeMutableBytes { read(errors, $0.baseAddress, $0.count) }
        if count > 0 {
            if errorBytes.count < Self.errorLimit { errorBytes.append(contentsOf: chunk[0..<min(count, Self.errorLimit - errorBytes.count)]) }
        } else if count == 0 || errno != EAGAIN && errno != EINTR {
            close(errors)
            errors = -1
        }
    }

    /// Waits for the child (killing it when it stalled or its output is not wanted any more) and
    /// keeps what it wrote on standard error.
    mutating func wait() -> Status {
        if let waited { return waited }
        if stalled || output >= 0 || input >= 0 { kill(pid, SIGKILL) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        // The rest of its report, without waiting: a process it started may hold the pipe open.
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var before = -1
        while errors >= 0, errorBytes.count != before {
            before = errorBytes.count
            drainErrors(into: &chunk)
        }
        let signal = status & 0x7F
        let result: Status = stalled ? .stalled : signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal)
        errorText = String(decoding: errorBytes, as: UTF8.self)
        waited = result
        return result
    }

    /// Ends the child if it has not been waited for, and closes what is open.
    mutating func stop() {
        _ = wait()
        for fd in [input, output, errors] where fd >= 0 { close(fd) }
        input = -1
        output = -1
        errors = -1
    }
}
