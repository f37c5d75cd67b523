import Algorithms
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The kind of a JSON value.
public enum JSONKind: UInt8, Sendable, CaseIterable, CustomStringConvertible {
    case null = 0, `false`, `true`, number, string, array, object

    /// Whether values of this kind have children.
    public var isContainer: Bool { self == .array || self == .object }

    /// A lower-case name for messages ("object", "number" …).
    public var description: String {
        switch self {
        case .null: "null"
        case .false, .true: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}

/// One 16-byte record of the flat index: a value's kind, flags, byte range and subtree size.
///
/// `header` packs the kind (3 bits), flags (5 bits) and, for an object member, the distance in bytes
/// from the member's key to its value (24 bits), so a key costs no record of its own.
struct IndexEntry {
    var header: UInt32
    var start: UInt32
    var end: UInt32
    /// The number of records in this value's subtree, itself included: the next sibling is `index + link`.
    var link: UInt32

    static let kindMask: UInt32 = 0b111
    /// A string value holds a backslash escape.
    static let escapedFlag: UInt32 = 1 << 3
    /// The member's key holds a backslash escape.
    static let keyEscapedFlag: UInt32 = 1 << 4
    /// A number has a fraction or an exponent.
    static let nonIntegerFlag: UInt32 = 1 << 5
    /// A container whose children are not in the index (a folding parse left it whole): they are
    /// indexed when it is unfolded. Set on a container, `escapedFlag` says something inside it is escaped.
    static let foldedFlag: UInt32 = 1 << 6
    /// The offsets did not fit in 32 bits from the entry's byte shift (a value of 4 GiB or more,
    /// or one far past the start of its segment): they are in `JSONIndex.wideOffsets`.
    static let wideFlag: UInt32 = 1 << 7
    /// The key distance did not fit in 24 bits; the key start is in `JSONIndex.longKeys`.
    static let keyDeltaShift: UInt32 = 8
    static let longKeyDelta: UInt32 = 0xFF_FFFF

    @inline(__always) var kind: JSONKind { JSONKind(rawValue: UInt8(truncatingIfNeeded: header & Self.kindMask)) ?? .null }
    @inline(__always) var keyDelta: UInt32 { header >> Self.keyDeltaShift }
}

/// The flat index of a document: one `IndexEntry` per value, in document order.
///
/// Large indexes are mapped with `mmap` (transparent huge pages where the kernel offers them) sized
/// for the worst case, so the parser never checks capacity; untouched pages cost nothing and the
/// unused tail is returned after parsing.
final class JSONIndex: @unchecked Sendable {
    /// The entries (moved once, by `finish`, when an allocation is cut to size).
    private(set) var entries: UnsafeMutablePointer<IndexEntry>
    /// Entries there is room for.
    private var capacity: Int
    private(set) var count: Int
    let mappedBytes: Int  // 0 when allocated with malloc
    /// For a view of another index's first entries (`init(viewing:…)`), that index: it owns the
    /// memory, which this one reads and never frees.
    private let owner: JSONIndex?
    /// Key starts of members whose key-to-value distance did not fit in 24 bits (from the
    /// entry's byte shift, as its offsets are).
    var longKeys: [Int: Int] = [:]
    /// Offsets of entries marked `wideFlag` (from the entry's byte shift).
    var wideOffsets: [Int: (start: Int, end: Int)] = [:]
    /// Whether a folding parse left any container folded.
    var hasFolds = false
    /// Where the byte shift of the entries changes: from entry `first` on, offsets count from
    /// `shift` (a parse of a text over 4 GiB counts each stretch of it from its own start).
    var segments: [(first: Int, shift: Int)] = [(0, 0)]

    /// The farthest an entry's offsets may lie from its byte shift: beyond it they are wide.
    static let offsetLimit = Int(UInt32.max)

    /// Below this worst-case size the index comes from malloc.
    private static let mapThreshold = 16 << 20

    /// Allocates room for the most records a text of `byteCount` bytes can produce.
    init?(capacityForBytes byteCount: Int) {
        // A valid text of n bytes holds at most n/2+1 values (each takes a byte and a separator),
        // but the parser writes entries before it knows the text is valid, and a prefix of opening
        // brackets ("[[[[0") is one value per byte: the worst case is n+1. (Found by the fuzzer.)
        let capacity = byteCount + 2
        let size = capacity * MemoryLayout<IndexEntry>.stride
        if size >= Self.mapThreshold {
            guard let mapped = HugePageMemory.map(size) else { return nil }
            entries = mapped.pointer.bindMemory(to: IndexEntry.self, capacity: capacity)
            mappedBytes = mapped.size
            self.capacity = capacity
        } else {
            guard let raw = malloc(size) else { return nil }
            entries = raw.bindMemory(to: IndexEntry.self, capacity: capacity)
            mappedBytes = 0
            self.capacity = capacity
        }
        count = 0
        owner = nil
    }

    /// The first `count` entries of an index still being written (`IndexPrefix`), with what was
    /// set aside for them then: read here while the parse writes the entries after them.
    init(viewing owner: JSONIndex, count: Int, longKeys: [Int: Int], wideOffsets: [Int: (start: Int, end: Int)], segments: [(first: Int, shift: Int)], hasFolds: Bool) {
        entries = owner.entries
        capacity = count
        self.count = count
        mappedBytes = 0
        self.owner = owner
        self.longKeys = longKeys
        self.wideOffsets = wideOffsets
        self.segments = segments
        self.hasFolds = hasFolds
    }

    /// Room for exactly `capacity` entries, from the allocator (the entries of a re-indexed region).
    init?(exactCapacity capacity: Int) {
        guard let raw = malloc(max(1, capacity) * MemoryLayout<IndexEntry>.stride) else { return nil }
        entries = raw.bindMemory(to: IndexEntry.self, capacity: max(1, capacity))
        mappedBytes = 0
        self.capacity = max(1, capacity)
        count = 0
        owner = nil
    }

    deinit {
        guard owner == nil else { return }
        if mappedBytes > 0 {
            munmap(UnsafeMutableRawPointer(entries), mappedBytes)
        } else {
            free(UnsafeMutableRawPointer(entries))
        }
    }

    /// Records the number of entries written and gives back the room beyond them: the worst-case
    /// allocation is 16 bytes per byte of text, while a text of many small documents (the lines
    /// of a JSON Lines file) uses a tenth of that.
    func finish(count: Int, movable: Bool = true) {
        self.count = count
        guard mappedBytes > 0 else {
            let stride = MemoryLayout<IndexEntry>.stride
            if movable, count < capacity / 2, let shrunk = realloc(UnsafeMutableRawPointer(entries), max(1, count) * stride) {
                entries = shrunk.bindMemory(to: IndexEntry.self, capacity: max(1, count))
                capacity = max(1, count)
            }
            return
        }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let used = (count * MemoryLayout<IndexEntry>.stride + page - 1) / page * page
        if used < mappedBytes {
            // The tail was never touched or is no longer needed; the kernel may reclaim it.
            _ = madvise(UnsafeMutableRawPointer(entries) + used, mappedBytes - used, MADV_DONTNEED)
        }
    }

    @inline(__always) subscript(index: Int) -> IndexEntry { entries[index] }

    // The parser sets these aside through methods kept out of its loop: an access to a class's
    // stored property is checked for exclusivity at run time, and inlined into the loop the
    // checks ran on every value.

    /// Records the key start of the member `id` whose key is far from its value.
    @inline(never)
    func setLongKey(_ id: Int, start: Int) { longKeys[id] = start }

    /// Records the offsets of the entry `id`, marked wide; an end of nil keeps its start for both
    /// (a container still open), and a start already recorded stays.
    @inline(never)
    func setWide(_ id: Int, start: Int, end: Int?) {
        let from = wideOffsets[id]?.start ?? start
        wideOffsets[id] = (from, end ?? from)
    }

    /// Drops the key starts and wide offsets recorded for entries after `id` (a fold took them).
    @inline(never)
    func dropSetAside(after id: Int) {
        longKeys = longKeys.filter { $0.key <= id }
        wideOffsets = wideOffsets.filter { $0.key <= id }
    }

    /// Starts a segment at entry `first`, its offsets counted from `shift`.
    @inline(never)
    func startSegment(first: Int, shift: Int) { segments.append((first, shift)) }

    /// The shift of the segment entry `id` belongs to.
    @inline(never)
    func segmentShift(of id: Int) -> Int {
        let s = segments.partitioningIndex { $0.first > id } - 1
        return segments[max(0, s)].shift
    }

    /// Where the entry `id`'s value starts, counted from its segment's start.
    @inline(never)
    func startInSegment(_ id: Int) -> Int { wideOffsets[id]?.start ?? Int(entries[id].start) }

    /// Writes entry `i` with its offsets counted from `shift` (wide when they lie `limit` or more
    /// from it, or before it), and its key start when the key is far from the value.
    func set(_ i: Int, header: UInt32, start: Int, end: Int, link: Int, keyStart: Int?, shift: Int, limit: Int = offsetLimit) {
        let (from, to) = (start - shift, end - shift)
        if from >= 0, to <= limit {
            (entries + i).initialize(
                to: IndexEntry(
                    header: header & ~IndexEntry.wideFlag, start: UInt32(truncatingIfNeeded: from), end: UInt32(truncatingIfNeeded: to),
                    link: UInt32(truncatingIfNeeded: link)))
        } else {
            (entries + i).initialize(to: IndexEntry(header: header | IndexEntry.wideFlag, start: 0, end: 0, link: UInt32(truncatingIfNeeded: link)))
            wideOffsets[i] = (from, to)
        }
        if let keyStart { longKeys[i] = keyStart - shift }
    }

    /// Bytes of index memory in use.
    var byteCount: Int { count * MemoryLayout<IndexEntry>.stride }
}
