#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A JSON value laid out flat for a reader that goes through it once: an entry per value and per
/// key, in text order, each container knowing its count and where it ends.
///
/// A tape is reused: once its buffers have grown, reading another text allocates nothing (a
/// `JSONValue` allocates per string, array and object), which is what a pass over gigabytes of
/// JSON Lines needs — schema inference reads each line into one. Strings are not decoded until
/// asked for, and numbers keep their literal.
public struct JSONTape {
    /// What an entry holds.
    public enum Kind: UInt8, Sendable {
        case null, boolean, number, string, array, object
    }

    @usableFromInline
    struct Entry {
        @usableFromInline var kind: Kind
        /// Strings and keys: whether they hold escapes (decoded when read). Numbers: whether the
        /// number is whole, when `undecided` is false. Booleans: whether `true`.
        @usableFromInline var flag: Bool
        /// Numbers: whether wholeness is read from the literal when asked (an exponent, JSON5).
        @usableFromInline var undecided = false
        /// Strings and keys: their text inside the quotes; numbers: the literal.
        @usableFromInline var start: Int
        @usableFromInline var end: Int
        /// The entry after this value and everything in it.
        @usableFromInline var next: Int
        /// Elements of an array, members of an object.
        @usableFromInline var count: Int
    }

    @usableFromInline var entries: [Entry] = []
    /// The text the entries' ranges point into, set while a reader goes through the tape.
    @usableFromInline var base: UnsafePointer<UInt8>?
    /// Containers open while scanning (their entries).
    var open: [Int] = []
    /// The text of a tape made from a `JSONValue`: its strings and number literals.
    var owned: [UInt8] = []

    /// An empty tape.
    public init() {}

    /// The entry of the value read (a reader starts there).
    public var root: Int { 0 }

    /// What the entry holds.
    @inlinable public func kind(_ entry: Int) -> Kind { entries[entry].kind }

    /// The elements of an array or the members of an object.
    @inlinable public func count(_ entry: Int) -> Int { entries[entry].count }

    /// The entry after a value and everything in it: an array's next element, an object's next
    /// key, or past its container's end.
    @inlinable public func next(after entry: Int) -> Int { entries[entry].next }

    /// Whether a boolean is `true`.
    @inlinable public func isTrue(_ entry: Int) -> Bool { entries[entry].flag }

    /// Calls `body` with each element of an array.
    @inlinable public func forEachElement(of array: Int, _ body: (Int) -> Void) {
        var element = array + 1
        for _ in 0..<entries[array].count {
            body(element)
            element = entries[element].next
        }
    }

    /// Calls `body` with each member of an object: its key's entry (a string) and its value's.
    @inlinable public func forEachMember(of object: Int, _ body: (_ key: Int, _ value: Int) -> Void) {
        var key = object + 1
        for _ in 0..<entries[object].count {
            body(key, key + 1)
            key = entries[key + 1].next
        }
    }

    /// The value of the last member whose key is `key` (as `JSONObject`'s subscript, keys
    /// compared by Unicode scalars), or nil.
    public func value(of object: Int, forKey key: String) -> Int? {
        var key = key
        return key.withUTF8 { value(of: object, forKey: $0) }
    }

    /// The value of the last member whose key's UTF-8 is `key`, or nil.
    public func value(of object: Int, forKey key: UnsafeBufferPointer<UInt8>) -> Int? {
        var found: Int?
        forEachMember(of: object) { candidate, value in
            if hasKey(candidate, key) { found = value }
        }
        return found
    }

    /// Whether a string's (or key's) text is `wanted`'s UTF-8 bytes.
    public func hasKey(_ entry: Int, _ wanted: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let bytes = unescapedBytes(entry) else {
            var text = string(entry)
            return text.withUTF8 { $0.elementsEqual(wanted) }
        }
        return bytes.count == wanted.count && (bytes.isEmpty || memcmp(bytes.baseAddress!, wanted.baseAddress!, bytes.count) == 0)
    }

    /// A string's (or key's) UTF-8 when it holds no escapes (then those bytes are its text), else
    /// nil (read it with `string(_:)`). Valid while the reader goes through the tape.
    @inlinable public func unescapedBytes(_ entry: Int) -> UnsafeBufferPointer<UInt8>? {
        let item = entries[entry]
        guard !item.flag, let base else { return nil }
        return UnsafeBufferPointer(start: base + item.start, count: item.end - item.start)
    }

    /// A string's (or key's) text, escapes decoded (a lone surrogate escape becomes U+FFFD).
    public func string(_ entry: Int) -> String {
        let item = entries[entry]
        guard let base else { return "" }
        let bytes = UnsafeBufferPointer(start: base + item.start, count: item.end - item.start)
        return item.flag ? JSONStringDecoder.decode(bytes) : String(decoding: bytes, as: UTF8.self)
    }

    /// Whether a number is whole (`JSONNumber.isInteger`).
    @inlinable public func isInteger(_ entry: Int) -> Bool {
        let item = entries[entry]
        return item.undecided ? literalIsInteger(entry) : item.flag
    }

    @usableFromInline func literalIsInteger(_ entry: Int) -> Bool {
        JSONNumber(validated: literal(entry)).isInteger
    }

    /// A number's literal as written.
    public func literal(_ entry: Int) -> String {
        let item = entries[entry]
        guard let base else { return "" }
        return String(decoding: UnsafeBufferPointer(start: base + item.start, count: item.end - item.start), as: UTF8.self)
    }
}

extension JSONTape {
    /// What the scan alone makes of `text` — nil when it does not take it, where `read` would ask
    /// the parser —, as a value: the tests and the fuzzer hold the scan to the parser with it.
    @_spi(Testing) public mutating func scannedValue(_ text: UnsafeBufferPointer<UInt8>, maxDepth: Int) -> JSONValue? {
        guard let start = text.baseAddress, scan(start, count: text.count, skippingByteOrderMark: true, maxDepth: maxDepth) else { return nil }
        base = start
        defer { base = nil }
        return value(root)
    }

    /// The value an entry holds, read back through the tape's readers.
    @_spi(Testing) public func value(_ entry: Int) -> JSONValue {
        switch kind(entry) {
        case .null: return .null
        case .boolean: return .bool(isTrue(entry))
        case .number: return .number(JSONNumber(validated: literal(entry)))
        case .string: return .string(string(entry))
        case .array:
            var elements: [JSONValue] = []
            forEachElement(of: entry) { elements.append(value($0)) }
            return .array(elements)
        case .object:
            var members: [(String, JSONValue)] = []
            forEachMember(of: entry) { key, member in members.append((string(key), value(member))) }
            return .object(JSONObject(members))
        }
    }
}
