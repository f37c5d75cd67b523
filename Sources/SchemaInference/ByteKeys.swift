#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Byte strings in the order first seen, each found by its bytes: a member's key, a string's
/// value, a tag. Compared by bytes — JSON's and JSON Schema's equality (code points), not Swift's
/// canonical equivalence, under which `"é"` and `"e\u{301}"` would share one `enum` value or
/// property that then refuses the other spelling — and hashed cheaply, because the inferrer looks
/// up several per sample. Its callers bound how many it holds (keys, distinct values, tags).
struct ByteKeys {
    /// The keys, in the order first seen.
    private(set) var keys: [[UInt8]] = []
    /// Open addressing: each slot a key's position + 1, or 0 for none.
    private var slots: [Int32] = []

    var count: Int { keys.count }

    /// The position of a key, or nil.
    @inline(__always)
    func position(of bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard !slots.isEmpty else { return nil }
        let mask = slots.count - 1
        var slot = Self.hash(bytes) & mask
        while true {
            let entry = Int(slots[slot])
            if entry == 0 { return nil }
            if Self.equal(keys[entry - 1], bytes) { return entry - 1 }
            slot = (slot + 1) & mask
        }
    }

    /// The position of a key given as text.
    func position(of key: String) -> Int? {
        var key = key
        return key.withUTF8 { position(of: $0) }
    }

    /// Adds a key not yet held; returns its position.
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        if (keys.count + 1) * 2 > slots.count { grow() }
        keys.append(Array(bytes))
        place(keys.count - 1)
        return keys.count - 1
    }

    /// Adds a key given as text, not yet held.
    mutating func append(_ key: String) -> Int {
        var key = key
        return key.withUTF8 { append($0) }
    }

    /// Whether the key at `position` is `bytes`.
    @inline(__always)
    func holds(_ bytes: UnsafeBufferPointer<UInt8>, at position: Int) -> Bool {
        position < keys.count && Self.equal(keys[position], bytes)
    }

    private mutating func grow() {
        slots = Array(repeating: 0, count: max(16, slots.count * 2))
        for position in keys.indices { place(position) }
    }

    private mutating func place(_ position: Int) {
        let mask = slots.count - 1
        var slot = keys[position].withUnsafeBufferPointer { Self.hash($0) } & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(position + 1)
    }

    /// FNV-1a, its high bits folded down (the table takes the low ones).
    @inline(__always)
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return Int(truncatingIfNeeded: hash ^ (hash >> 29))
    }

    @inline(__always)
    private static func equal(_ known: [UInt8], _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        known.count == bytes.count && known.withUnsafeBufferPointer { known in
            known.isEmpty || memcmp(known.baseAddress!, bytes.baseAddress!, known.count) == 0
        }
    }
}
