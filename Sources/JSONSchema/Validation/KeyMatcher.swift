import Foundation
import LosslessJSON

/// (A class: a check binding it retains one reference, not each of its arrays.)
/// Property names, matched against a member's key bytes in the document — no key is decoded or
/// hashed as a `String` unless it has escape sequences.
@_spi(SchemaGraph) public final class KeyMatcher: Sendable {
    /// The names, in order.
    @_spi(SchemaGraph) public let names: [String]
    private let utf8: [[UInt8]]
    private let byName: [String: Int]
    /// For many names: positions by a hash of their bytes.
    private let buckets: [UInt64: [Int]]?

    init(_ names: [String]) {
        self.names = names
        utf8 = names.map { Array($0.utf8) }
        var byName: [String: Int] = [:]
        for (position, name) in names.enumerated() where byName[name] == nil { byName[name] = position }
        self.byName = byName
        if names.count > 12 {
            var buckets: [UInt64: [Int]] = [:]
            for (position, bytes) in utf8.enumerated() { bytes.withUnsafeBufferPointer { buckets[Self.hash($0), default: []].append(position) } }
            self.buckets = buckets
        } else {
            buckets = nil
        }
    }

    var isEmpty: Bool { names.isEmpty }

    /// The position among the names of a member's key, if it is one of them.
    func position(ofKeyOf member: JSONDocument.Node, in reader: JSONDocumentReader) -> Int? {
        if let bytes = reader.unescapedKeyBytes(member) { return position(of: bytes) }
        return reader.document.key(member).flatMap { byName[$0] }
    }

    /// Whether a member's key is one of the names.
    func contains(keyOf member: JSONDocument.Node, in reader: JSONDocumentReader) -> Bool {
        position(ofKeyOf: member, in: reader) != nil
    }

    private func position(of bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        if let buckets {
            for candidate in buckets[Self.hash(bytes)] ?? [] where equal(utf8[candidate], bytes) { return candidate }
            return nil
        }
        for position in utf8.indices where equal(utf8[position], bytes) { return position }
        return nil
    }

    private func equal(_ name: [UInt8], _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard name.count == bytes.count else { return false }
        return name.withUnsafeBufferPointer { own in
            guard let a = own.baseAddress, let b = bytes.baseAddress else { return own.count == 0 }
            return memcmp(a, b, own.count) == 0
        }
    }

    /// FNV-1a.
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }
}

/// The JSON types a `type` keyword allows, as bits.
@_spi(SchemaGraph) public struct TypeMask: OptionSet, Sendable {
    @_spi(SchemaGraph) public let rawValue: UInt8
    static let null = TypeMask(rawValue: 1)
    static let boolean = TypeMask(rawValue: 2)
    static let object = TypeMask(rawValue: 4)
    static let array = TypeMask(rawValue: 8)
    static let number = TypeMask(rawValue: 16)
    static let string = TypeMask(rawValue: 32)
    static let integer = TypeMask(rawValue: 64)

    static let byName: [String: TypeMask] = [
        "null": .null, "boolean": .boolean, "object": .object, "array": .array, "number": .number, "string": .string, "integer": .integer,
    ]

    @_spi(SchemaGraph) public init(rawValue: UInt8) { self.rawValue = rawValue }

    init(names: some Sequence<String>) {
        self = names.reduce(TypeMask()) { $0.union(Self.byName[$1] ?? []) }
    }

    /// The type names, as the schema wrote them.
    @_spi(SchemaGraph) public var names: Set<String> { Set(Self.byName.filter { contains($0.value) }.map(\.key)) }
}
