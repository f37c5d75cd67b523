#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs work on a thread whose stack holds value trees of any depth a document may have.
///
/// Swift's runtime frees a nested `JSONValue` by recursion, a few frames per level, and no code
/// here can replace that (an enum has no `deinit`): a value a million levels deep needs a few
/// hundred megabytes of stack where a thread has 8 MiB. LosslessJSON's own walks (building,
/// comparing, hashing, writing) use no recursion; `DeepStack` is for the rest — a program that lets
/// people raise the depth limit runs its work here. The stack is reserved address space
/// (`MAP_NORESERVE`), so it costs memory only as deep values touch it.
public enum DeepStack {
    /// The stack's size: 8 GiB of address space, room for freeing values of tens of millions of levels.
    public static let size = 8 << 30

    /// Runs `body` on a thread with a `size` stack and waits for it; runs it here when this thread
    /// is such a thread already (a loop over many small documents run whole on one deep stack
    /// pays for one thread, not one per document), or when no such thread can be made (an
    /// address-space limit, say).
    public static func run<T>(_ body: () throws -> T) rethrows -> T {
        if pthread_getspecific(marker) != nil { return try body() }
        return try withoutActuallyEscaping(body) { escaping in
            var result: Result<T, any Error>?
            guard start(ThreadWork { result = Result { try escaping() } }), let result else { return try escaping() }
            return try result.get()
        }
    }

    /// Set (non-nil) on the threads `run` makes: work there is on a deep stack already.
    nonisolated(unsafe) static let marker: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// Starts `work` on a deep-stack thread and joins it; false when the thread could not be made.
    private static func start(_ work: ThreadWork) -> Bool {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        guard let memory = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK, -1, 0),
              memory != MAP_FAILED
        else { return false }
        defer { munmap(memory, size) }
        // A guard page at the low end: an overflow past it faults instead of writing other memory.
        guard mprotect(memory, page, PROT_NONE) == 0 else { return false }
        var attributes = pthread_attr_t()
        guard pthread_attr_init(&attributes) == 0 else { return false }
        defer { pthread_attr_destroy(&attributes) }
        guard pthread_attr_setstack(&attributes, memory + page, size - page) == 0 else { return false }
        let context = Unmanaged.passRetained(work).toOpaque()
        var thread = pthread_t()
        let created = pthread_create(&thread, &attributes, { context in
            pthread_setspecific(DeepStack.marker, UnsafeRawPointer(bitPattern: 1))
            if let context { Unmanaged<ThreadWork>.fromOpaque(context).takeRetainedValue().body() }
            return nil
        }, context)
        guard created == 0 else {
            Unmanaged<ThreadWork>.fromOpaque(context).release()
            return false
        }
        pthread_join(thread, nil)
        return true
    }
}

/// The work handed to the thread (the caller waits for it, so nothing it touches is shared at once).
private final class ThreadWork: @unchecked Sendable {
    let body: () -> Void
    init(_ body: @escaping () -> Void) { self.body = body }
}
