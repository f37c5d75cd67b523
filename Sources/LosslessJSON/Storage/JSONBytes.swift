import CMappedFileGuard
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The immutable bytes of a JSON text, followed by zero padding.
///
/// The padding lets the parser read a few bytes past the end without bounds checks: a NUL byte is
/// invalid everywhere in JSON, so it stops every scanning loop by itself.
public final class JSONBytes: @unchecked Sendable {
    /// Zero bytes kept after the text; scanners read at most this far past the end.
    static let padding = 64

    /// The first byte of the text.
    let base: UnsafeMutablePointer<UInt8>

    /// The number of bytes in the text, padding excluded.
    public let count: Int

    /// Bytes mapped with `mmap` (0 when the storage came from the allocator).
    private let mappedBytes: Int

    /// For a mapped file, a descriptor of it (its own, closed with these bytes): a save copies
    /// unchanged ranges from it in the kernel, without touching the mapping's pages.
    let file: Int32?

    /// The mapped file's slot in `MappedFileGuard` (-1: not guarded).
    private let guardSlot: Int32

    /// Texts at least this large are mapped rather than allocated.
    private static let mapThreshold = 16 << 20

    /// Allocates room for `count` bytes (to be filled) and the padding, and zeroes the padding.
    ///
    /// Large texts are mapped with transparent huge pages where the kernel offers them: filling a
    /// gigabyte then takes 512 page faults instead of 262,144, which measured several times faster
    /// than the allocator's 4 KB pages.
    init(uninitializedCount count: Int) {
        self.count = count
        if count >= Self.mapThreshold, let mapped = HugePageMemory.map(count + Self.padding) {
            base = mapped.pointer.bindMemory(to: UInt8.self, capacity: mapped.size)
            mappedBytes = mapped.size  // anonymous pages are zero: the padding is already there
        } else {
            base = UnsafeMutablePointer<UInt8>.allocate(capacity: count + Self.padding)
            (base + count).initialize(repeating: 0, count: Self.padding)
            mappedBytes = 0
        }
        file = nil
        guardSlot = -1
    }

    /// Bytes another owner set up: `size` bytes mapped at `base` (the text and its zero padding),
    /// unmapped when these go.
    private init(mapped base: UnsafeMutablePointer<UInt8>, count: Int, size: Int, file: Int32) {
        self.base = base
        self.count = count
        mappedBytes = size
        self.file = file
        guardSlot = keepsake_guard_register(base, size)
    }

    /// A regular file's bytes mapped read-only, not copied: the page cache holds them, and a page
    /// is read from the disk only when something looks at it. A page of zeros follows the text
    /// (the padding). Nil when the system refuses the mapping.
    ///
    /// The file must not shrink while mapped: reading a page it no longer has raises SIGBUS.
    static func mapping(fileDescriptor fd: Int32, count: Int) -> JSONBytes? {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let fileSpan = (count + page - 1) / page * page
        let size = fileSpan + page
        // Reserve the whole span as zero pages, then lay the file over its start: the bytes past
        // the end of the file's last page, and the page after it, stay zero.
        guard let region = mmap(nil, size, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), region != MAP_FAILED else { return nil }
        if count > 0, mmap(region, fileSpan, PROT_READ, MAP_PRIVATE | MAP_FIXED, fd, 0) == MAP_FAILED {
            munmap(region, size)
            return nil
        }
        let own = fcntl(fd, F_DUPFD_CLOEXEC, 0)
        guard own >= 0 else {
            munmap(region, size)
            return nil
        }
        return JSONBytes(mapped: region.bindMemory(to: UInt8.self, capacity: size), count: count, size: size, file: own)
    }

    /// Lets the system take back the whole pages of a mapped file within `range` (they are read
    /// again from the page cache if looked at): a walk through a file larger than memory then holds
    /// only what is ahead of it. Does nothing for bytes in memory, whose pages are their only copy.
    func releasePages(_ range: Range<Int>) {
        guard file != nil else { return }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let start = (range.lowerBound + page - 1) / page * page
        let end = min(range.upperBound, count) / page * page
        if start < end { _ = madvise(UnsafeMutableRawPointer(base + start), end - start, MADV_DONTNEED) }
    }

    /// Copies the given bytes.
    public convenience init(_ bytes: some Collection<UInt8>) {
        self.init(uninitializedCount: bytes.count)
        var pointer = base
        let copied = bytes.withContiguousStorageIfAvailable { buffer -> Bool in
            if let source = buffer.baseAddress { pointer.update(from: source, count: buffer.count) }
            return true
        }
        if copied == nil {
            for byte in bytes {
                pointer.initialize(to: byte)
                pointer += 1
            }
        }
    }

    /// Copies the UTF-8 of a string.
    public convenience init(_ string: String) {
        self.init(Array(string.utf8))
    }

    deinit {
        keepsake_guard_unregister(guardSlot)
        if let file { close(file) }
        if mappedBytes > 0 {
            munmap(UnsafeMutableRawPointer(base), mappedBytes)
        } else {
            base.deallocate()
        }
    }

    /// The text as a buffer (padding excluded).
    public var buffer: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    /// The byte at `offset`, or 0 past the end.
    @inline(__always)
    subscript(offset: Int) -> UInt8 { base[offset] }

    /// A copy of the bytes in `range`.
    public func slice(_ range: Range<Int>) -> [UInt8] {
        Array(UnsafeBufferPointer(start: base + range.lowerBound, count: range.count))
    }

    /// The bytes in `range` decoded as UTF-8 (invalid sequences repaired).
    public func string(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(start: base + range.lowerBound, count: range.count), as: UTF8.self)
    }
}
