/// Members' keys: where they are and what they say, in each syntax's spellings (quoted in
/// either quote, or a JSON5 identifier).
extension JSONDocument {

    /// The byte range of a member's key, quotes included (a JSON5 identifier key has none).
    public func keyRange(_ node: Node) -> Range<Int>? {
        let entry = index[node.id]
        let delta = entry.keyDelta
        guard delta != 0 else { return nil }
        let keyStart = delta == IndexEntry.longKeyDelta ? (index.longKeyStart(node.id) ?? 0) : Int(entry.start) - Int(delta)
        let open = self.text[keyStart]
        guard open == UInt8(ascii: "\"") || open == UInt8(ascii: "'") else { return keyStart..<identifierEnd(from: keyStart, before: Int(entry.start)) }
        // Find the closing quote: the first unescaped one after the opening one (before the value,
        // even in a text that changed under a mapping).
        var i = keyStart + 1
        while i < Int(entry.start), self.text[i] != open {
            i += self.text[i] == UInt8(ascii: "\\") ? 2 : 1
        }
        return keyStart..<(i + 1)
    }

    /// Where a JSON5 identifier key starting at `start` ends (its letters, digits, `$`, `_`, `\u`
    /// escapes and other identifier characters), at most at `limit`.
    private func identifierEnd(from start: Int, before limit: Int) -> Int {
        let bytes = self.text.slice(start..<limit) + [0, 0, 0, 0]
        return bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return start }
            var p = base
            while p - base < limit - start {
                let c = p.pointee
                if c == UInt8(ascii: "\\") {
                    p += 6
                } else if c < 0x80 {
                    guard ((c | 0x20) &- 0x61) < 26 || c == UInt8(ascii: "$") || c == UInt8(ascii: "_") || JSON5Scanner.isDigit(c) else { break }
                    p += 1
                } else {
                    guard let (scalar, length) = JSON5Scanner.scalar(at: p), JSON5Scanner.isIdentifierPart(scalar) else { break }
                    p += length
                }
            }
            return start + min(p - base, limit - start)
        }
    }

    /// A member's key, decoded.
    public func key(_ node: Node) -> String? {
        guard let range = keyRange(node) else { return nil }
        let quoted = self.text[range.lowerBound] == UInt8(ascii: "\"") || self.text[range.lowerBound] == UInt8(ascii: "'")
        let inner = quoted ? (range.lowerBound + 1)..<(range.upperBound - 1) : range
        if index[node.id].header & IndexEntry.keyEscapedFlag == 0 { return self.text.string(inner) }
        return self.text.withContiguousBytes(inner) { JSONStringDecoder.decode($0) }
    }

    /// Whether a member's key is exactly `key` (compared by Unicode scalars, without allocating when unescaped).
    public func memberHasKey(_ node: Node, _ key: String) -> Bool {
        let entry = index[node.id]
        guard entry.keyDelta != 0 else { return false }
        if entry.header & IndexEntry.keyEscapedFlag != 0 || entry.keyDelta == IndexEntry.longKeyDelta {
            return self.key(node)?.unicodeScalarsEqual(key) ?? false
        }
        var key = key
        return key.withUTF8 { utf8 in
            let keyStart = Int(entry.start) - Int(entry.keyDelta)
            // The key text is followed by its closing quote; the raw bytes equal the key when unescaped.
            guard keyStart + 1 + utf8.count < Int(entry.start) else { return false }
            return self.text.withContiguousBytes((keyStart + 1)..<(keyStart + 2 + utf8.count)) { source in
                guard let source = source.baseAddress, source[utf8.count] == UInt8(ascii: "\"") else { return false }
                guard let keyBase = utf8.baseAddress else { return utf8.isEmpty }
                return memcmpBytes(source, keyBase, utf8.count)
            }
        }
    }

    /// The value of the last member with this key (see `JSONObject` for the duplicate-key rule).
    public func member(_ object: Node, _ key: String) -> Node? {
        guard kind(object) == .object else { return nil }
        var found: Node?
        for child in children(object) where memberHasKey(child, key) { found = child }
        return found
    }
}

@inline(__always)
private func memcmpBytes(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
    for i in 0..<count where a[i] != b[i] { return false }
    return true
}
