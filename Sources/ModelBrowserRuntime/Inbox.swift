import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the runtime's news arrives from other threads — a load's progress and outcome, a grown
/// part ready to show, a check's answer, another writer's change, an editor's return — in the
/// order posted. Posting also makes a byte readable on `descriptor`, so the runtime waits on the
/// inbox and the terminal's keys together (`TerminalBackend.nextEvent(timeout:wakingOn:)`) and
/// never polls.
public final class Inbox: Sendable {
    private let queue = Mutex<[RuntimeNews]>([])
    /// A pipe: the read end is waited on, the write end woken.
    private let pipe: (read: Int32, write: Int32)

    /// An empty inbox.
    public init() {
        var ends: [Int32] = [-1, -1]
        // Without a pipe (out of descriptors) the runtime still works: it then wakes on keys only.
        if Glibc.pipe(&ends) == 0 {
            for end in ends { _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK) }
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        }
        pipe = (ends[0], ends[1])
    }

    deinit {
        if pipe.read >= 0 { close(pipe.read) }
        if pipe.write >= 0 { close(pipe.write) }
    }

    /// The descriptor that is readable while news waits.
    public var descriptor: Int32 { pipe.read }

    /// Posts news, from any thread.
    func post(_ news: RuntimeNews) {
        queue.withLock { $0.append(news) }
        var byte: UInt8 = 1
        _ = write(pipe.write, &byte, 1)
    }

    /// Takes all the news waiting, oldest first (none: an empty array, at once).
    func take() -> [RuntimeNews] {
        var sink = [UInt8](repeating: 0, count: 256)
        while read(pipe.read, &sink, sink.count) > 0 {}
        return queue.withLock { news in
            defer { news = [] }
            return news
        }
    }

    /// Waits up to `milliseconds` (negative: for ever) for news; whether some waits.
    func wait(milliseconds: Int32) -> Bool {
        if queue.withLock({ !$0.isEmpty }) { return true }
        var request = pollfd(fd: pipe.read, events: Int16(POLLIN), revents: 0)
        while poll(&request, 1, milliseconds) < 0, errno == EINTR {}
        return queue.withLock { !$0.isEmpty }
    }
}
