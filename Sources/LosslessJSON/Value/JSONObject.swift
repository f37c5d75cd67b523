/// A JSON object: members in document order, duplicate keys kept, keys compared by Unicode scalars.
///
/// Duplicate keys: every member is kept and written back. Reading a key returns its **last**
/// occurrence (as JavaScript's `JSON.parse`, Python and jq do); setting a key replaces the last
/// occurrence's value and leaves the earlier ones in place; removing a key removes every occurrence.
public struct JSONObject: Sendable, Hashable, RandomAccessCollection, ExpressibleByDictionaryLiteral {
    /// One member of an object.
    public struct Member: Sendable, Hashable {
        /// The key.
        public var key: String
        /// The value.
        public var value: JSONValue

        /// Creates a member.
        public init(key: String, value: JSONValue) {
            self.key = key
            self.value = value
        }

        public static func == (lhs: Member, rhs: Member) -> Bool {
            lhs.key.unicodeScalarsEqual(rhs.key) && lhs.value == rhs.value
        }

        public func hash(into hasher: inout Hasher) {
            key.hashByScalars(into: &hasher)
            hasher.combine(value)
        }
    }

    /// The members in order.
    public var members: [Member]

    /// An empty object.
    public init() { members = [] }

    /// An object with the given members, in order.
    public init(members: [Member]) { self.members = members }

    /// An object with the given key-value pairs, in order (duplicates kept).
    public init(_ pairs: some Sequence<(String, JSONValue)>) {
        members = pairs.map { Member(key: $0.0, value: $0.1) }
    }

    public init(dictionaryLiteral elements: (String, JSONValue)...) { self.init(elements) }

    public var startIndex: Int { members.startIndex }
    public var endIndex: Int { members.endIndex }
    public subscript(position: Int) -> Member { members[position] }

    /// The keys in order, duplicates included.
    public var keys: [String] { members.map(\.key) }

    /// The position of the last member with this key.
    @inlinable
    public func lastIndex(forKey key: String) -> Int? {
        // Hot path of every model getter: compare lengths first, bytes only when they match.
        let length = key.utf8.count
        return members.withUnsafeBufferPointer { buffer -> Int? in
            var index = buffer.count - 1
            while index >= 0 {
                let candidate = buffer[index].key
                if candidate.utf8.count == length, candidate.unicodeScalarsEqual(key) { return index }
                index -= 1
            }
            return nil
        }
    }

    /// Whether some member has this key.
    public func contains(key: String) -> Bool { lastIndex(forKey: key) != nil }

    /// Every value stored under this key, in order.
    public func values(forKey key: String) -> [JSONValue] {
        members.lazy.filter { $0.key.unicodeScalarsEqual(key) }.map(\.value)
    }

    /// The value of the last member with this key; setting `nil` removes every member with it,
    /// setting a value replaces the last occurrence or appends a new member.
    public subscript(key: String) -> JSONValue? {
        @inlinable get { lastIndex(forKey: key).map { members[$0].value } }
        set {
            if let newValue {
                if let index = lastIndex(forKey: key) {
                    members[index].value = newValue
                } else {
                    members.append(Member(key: key, value: newValue))
                }
            } else {
                removeValue(forKey: key)
            }
        }
    }

    /// Removes every member with this key; returns the last removed value.
    @discardableResult
    public mutating func removeValue(forKey key: String) -> JSONValue? {
        let old = self[key]
        members.removeAll { $0.key.unicodeScalarsEqual(key) }
        return old
    }

    /// Appends a member, even if the key exists (creating a duplicate).
    public mutating func append(key: String, value: JSONValue) {
        members.append(Member(key: key, value: value))
    }
}
