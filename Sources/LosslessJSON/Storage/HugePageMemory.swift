#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Anonymous memory for large buffers: mapped, zero-filled, with transparent huge pages where the
/// kernel offers them (a gigabyte then costs 512 page faults instead of 262,144).
enum HugePageMemory {
    /// Maps at least `size` bytes, rounded up to whole pages; nil if the kernel refuses. Pages cost
    /// nothing until touched (`MAP_NORESERVE`).
    static func map(_ size: Int) -> (pointer: UnsafeMutableRawPointer, size: Int)? {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let rounded = (size + page - 1) / page * page
        #if canImport(Glibc)
        let flags = MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE
        #else
        let flags = MAP_PRIVATE | MAP_ANON
        #endif
        guard let raw = mmap(nil, rounded, PROT_READ | PROT_WRITE, flags, -1, 0), raw != MAP_FAILED else { return nil }
        #if canImport(Glibc)
        _ = madvise(raw, rounded, MADV_HUGEPAGE)  // advisory: fine if the kernel declines
        #endif
        return (raw, rounded)
    }
}
