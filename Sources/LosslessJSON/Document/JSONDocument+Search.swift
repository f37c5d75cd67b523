import Algorithms
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A literal text to find in the keys and values of a document.
public struct JSONTextQuery: Sendable {
    /// The text's UTF-8.
    let needle: [UInt8]
    /// Whether ASCII letters match either case (other characters match exactly).
    public let ignoresASCIICase: Bool
    /// Whether the text holds a character a two-byte escape stands for (`"` `\` `/` or a control).
    let hasEscapableCharacter: Bool

    /// A query for `text`; `ignoringASCIICase` folds ASCII letters only.
    public init?(_ text: String, ignoringASCIICase: Bool) {
        guard !text.isEmpty else { return nil }
        needle = Array(ignoringASCIICase ? Self.asciiLowercased(text).utf8 : text.utf8)
        ignoresASCIICase = ignoringASCIICase
        hasEscapableCharacter = needle.contains { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x2F }
    }

    /// Whether a decoded key or value holds the query.
    public func matches(_ text: String) -> Bool {
        (ignoresASCIICase ? Self.asciiLowercased(text) : text).utf8.firstRange(of: needle) != nil
    }

    /// `text` with its ASCII capitals made small and everything else kept.
    static func asciiLowercased(_ text: String) -> String {
        String(decoding: text.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
    }
}

extension JSONDocument {
    /// The next node after `start` (before it when not `forward`), going round the document, whose
    /// key or scalar value contains the query; `start` itself is checked last.
    ///
    /// The text is scanned for the query's bytes and only the nodes holding an occurrence — and
    /// those with a backslash escape, whose decoded text may differ from their bytes — are decoded
    /// and checked, so a search costs about one pass over the bytes, not a string per value.
    ///
    /// A folded container (`isFolded`) whose text holds an occurrence is returned as it is: the
    /// match may lie inside it. Unfold it and search again from the same start.
    public func nextNode(after start: Node, forward: Bool, containing query: JSONTextQuery) -> Node? {
        let count = nodeCount
        guard count > 0 else { return nil }
        if forward {
            return firstMatch(in: (start.id + 1)..<count, query) ?? firstMatch(in: 0..<(start.id + 1), query)
        }
        return lastMatch(in: 0..<start.id, query) ?? lastMatch(in: start.id..<count, query)
    }

    /// Where `node` stands among the nodes whose key or scalar value contains the query: how many
    /// of them come up to and including it, and how many there are — one pass over the bytes, and
    /// a parse of each folded container whose text holds the query (its inside is not indexed).
    /// `nil` when none match, or more than `limit` do (a count of a huge document stops there).
    public func matchPosition(of node: Node, query: JSONTextQuery, limit: Int = 100_000) -> (position: Int, total: Int)? {
        var total = 0
        var position = 0
        var id = 0
        while id < nodeCount, let found = firstMatch(in: id..<nodeCount, query) {
            var matches = 1
            if isFolded(found) {
                guard let inside = try? JSONDocument(bytes: rawBytes(found), options: valueOptions) else { return nil }  // indexed once already: not expected
                matches = (key(found).map(query.matches) == true ? 1 : 0) + inside.matchCount(query, limit: limit - total)
            }
            total += matches
            guard total <= limit else { return nil }
            if found.id <= node.id { position = total }
            id = isFolded(found) ? subtreeEnd(found) : found.id + 1
        }
        return total == 0 ? nil : (position, total)
    }

    /// How many nodes match the query, counting no further than `limit` + 1.
    private func matchCount(_ query: JSONTextQuery, limit: Int) -> Int {
        var count = 0
        var id = 0
        while count <= limit, id < nodeCount, let found = firstMatch(in: id..<nodeCount, query) {
            count += 1
            id = found.id + 1
        }
        return count
    }

    /// Whether a node's key or scalar value contains the query (decoded); for a folded container,
    /// whether it may hold a match.
    func holdsText(_ node: Node, _ query: JSONTextQuery) -> Bool {
        if isFolded(node) { return true }
        if let key = key(node), query.matches(key) { return true }
        return !kind(node).isContainer && query.matches(string(node) ?? rawText(node))
    }

    /// Where a node's text starts: its key's opening quote for a member, else its value.
    private func textStart(_ id: Int) -> Int { memberStart(Node(id: id)) }

    /// The last node of `ids` whose text starts at or before `offset` (text starts grow with ids).
    private func holder(of offset: Int, in ids: Range<Int>) -> Int {
        ((ids.lowerBound + 1)..<ids.upperBound).partitioningIndex { textStart($0) > offset } - 1
    }

    private static let escapes = IndexEntry.escapedFlag | IndexEntry.keyEscapedFlag

    /// Whether an escaped node's decoded text can hold the query where its bytes do not: only a
    /// `\u` escape can stand for any character; `\"`, `\n` and the like stand for characters the
    /// query may lack, and then any occurrence lies between escapes, in the bytes as they are.
    private func mayHoldByEscape(_ id: Int, _ query: JSONTextQuery) -> Bool {
        if query.hasEscapableCharacter { return true }
        let node = Node(id: id)
        let unicodeEscape: [UInt8] = [0x5C, 0x75]
        if let key = keyRange(node), self.text.firstOccurrence(of: unicodeEscape, in: key) { return true }
        return (kind(node) == .string || isFolded(node)) && self.text.firstOccurrence(of: unicodeEscape, in: range(node))
    }

    /// Whether the occurrence at `offset`, in the text of the node `id` or after it, makes a match.
    private func holds(_ id: Int, occurrenceAt offset: Int, _ query: JSONTextQuery) -> Bool {
        let node = Node(id: id)
        // An occurrence after a folded container (between it and the next value) is not in it; a
        // backward search met that one first, and the container may hold earlier ones.
        if isFolded(node), offset >= range(node).upperBound {
            if index[id].header & Self.escapes != 0, mayHoldByEscape(id, query) { return true }
            let first = self.text.firstOccurrence(of: query.needle, from: textStart(id), ignoringASCIICase: query.ignoresASCIICase)
            return first.map { $0 < range(node).upperBound } ?? false
        }
        return holdsText(node, query)
    }

    private func firstMatch(in ids: Range<Int>, _ query: JSONTextQuery) -> Node? {
        var id = ids.lowerBound
        while id < ids.upperBound {
            let occurrence = self.text.firstOccurrence(of: query.needle, from: textStart(id), ignoringASCIICase: query.ignoresASCIICase)
            let found = occurrence.map { holder(of: $0, in: id..<ids.upperBound) }
            // Escaped nodes before the holder may match by their decoded text.
            let end = found ?? ids.upperBound
            var escaped = id
            while let next = index.firstID(in: escaped..<end, withHeaderBits: Self.escapes) {
                if mayHoldByEscape(next, query), holdsText(Node(id: next), query) { return Node(id: next) }
                escaped = next + 1
            }
            guard let found, let occurrence else { return nil }
            if holds(found, occurrenceAt: occurrence, query) { return Node(id: found) }
            id = found + 1
        }
        return nil
    }

    private func lastMatch(in ids: Range<Int>, _ query: JSONTextQuery) -> Node? {
        var end = ids.upperBound  // nodes before this one are left to check
        while end > ids.lowerBound {
            // An occurrence starting before the text of `end` (or anywhere, at the end of the document).
            let limit = end < nodeCount ? textStart(end) : self.text.count
            let occurrence = self.text.lastOccurrence(of: query.needle, before: limit, ignoringASCIICase: query.ignoresASCIICase)
                .flatMap { $0 >= textStart(ids.lowerBound) ? $0 : nil }
            let found = occurrence.map { holder(of: $0, in: ids.lowerBound..<end) }
            let start = found.map { $0 + 1 } ?? ids.lowerBound
            var escaped = end
            while let previous = index.lastID(in: start..<escaped, withHeaderBits: Self.escapes) {
                if mayHoldByEscape(previous, query), holdsText(Node(id: previous), query) { return Node(id: previous) }
                escaped = previous
            }
            guard let found, let occurrence else { return nil }
            if holds(found, occurrenceAt: occurrence, query) { return Node(id: found) }
            end = found
        }
        return nil
    }
}

extension JSONText {
    /// The first offset at or after `start` where `needle` occurs.
    func firstOccurrence(of needle: [UInt8], from start: Int, ignoringASCIICase: Bool) -> Int? {
        guard let first = needle.first, start < count else { return nil }
        var found: Int?
        var position = start
        forEachChunk(of: start..<count) { chunk in
            guard found == nil, let base = chunk.baseAddress else { return }
            /// The next position at or after `from` holding `byte` (the chunk's end if none): memchr.
            func next(_ byte: UInt8, from: Int) -> Int {
                guard from < chunk.count, let hit = memchr(base + from, Int32(byte), chunk.count - from) else { return chunk.count }
                return UnsafeRawPointer(hit) - UnsafeRawPointer(base)
            }
            // A letter folded for case is looked for in both cases, each with memchr.
            let other = ignoringASCIICase && first >= 0x61 && first <= 0x7A ? first ^ 0x20 : nil
            var nextFirst = next(first, from: 0)
            var nextOther = other.map { next($0, from: 0) } ?? chunk.count
            var i = 0
            while true {
                // The next byte that can begin an occurrence.
                if nextFirst < i { nextFirst = next(first, from: i) }
                if let other, nextOther < i { nextOther = next(other, from: i) }
                i = Swift.min(nextFirst, nextOther)
                guard i < chunk.count else { break }
                if occurs(needle, at: position + i, ignoringASCIICase: ignoringASCIICase) {
                    found = position + i
                    return
                }
                i += 1
            }
            position += chunk.count
        }
        return found
    }

    /// Whether `needle` occurs inside `range`.
    func firstOccurrence(of needle: [UInt8], in range: Range<Int>) -> Bool {
        guard range.count >= needle.count else { return false }
        return stride(from: range.lowerBound, through: range.upperBound - needle.count, by: 1).contains {
            occurs(needle, at: $0, ignoringASCIICase: false)
        }
    }

    /// The last offset before `end` where `needle` starts.
    func lastOccurrence(of needle: [UInt8], before end: Int, ignoringASCIICase: Bool) -> Int? {
        guard let first = needle.first else { return nil }
        let other = ignoringASCIICase && first >= 0x61 && first <= 0x7A ? first ^ 0x20 : nil
        var found: Int?
        forEachChunkBackwards(of: 0..<Swift.min(end, count)) { chunk, position in
            guard let base = chunk.baseAddress else { return true }
            let raw = UnsafeRawPointer(base)
            let ones: UInt64 = 0x0101_0101_0101_0101
            let high: UInt64 = 0x8080_8080_8080_8080
            let firsts = UInt64(first) &* ones
            let others = UInt64(other ?? first) &* ones
            var i = chunk.count - 1
            while i >= 0 {
                // The previous byte that can begin an occurrence: eight bytes at a time while none
                // can (a word with no byte equal to either has no zero byte after the xor), then one.
                while i >= 7 {
                    let word = raw.loadUnaligned(fromByteOffset: i - 7, as: UInt64.self)
                    let a = word ^ firsts
                    let b = word ^ others
                    if ((a &- ones) & ~a | (b &- ones) & ~b) & high != 0 { break }
                    i -= 8
                }
                while i >= 0, chunk[i] != first, chunk[i] != other ?? first { i -= 1 }
                guard i >= 0 else { break }
                if occurs(needle, at: position + i, ignoringASCIICase: ignoringASCIICase) {
                    found = position + i
                    return false
                }
                i -= 1
            }
            return true
        }
        return found
    }

    /// Calls `body` with each piece of `range` and its position, last first, while it returns true.
    private func forEachChunkBackwards(of range: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>, Int) -> Bool) {
        var chunks: [(UnsafeBufferPointer<UInt8>, Int)] = []
        var position = range.lowerBound
        forEachChunk(of: range) { chunk in
            chunks.append((chunk, position))
            position += chunk.count
        }
        for (chunk, start) in chunks.reversed() where !body(chunk, start) { return }
    }

    /// Whether `needle` occurs at `offset`.
    private func occurs(_ needle: [UInt8], at offset: Int, ignoringASCIICase: Bool) -> Bool {
        guard offset + needle.count <= count else { return false }
        for (k, expected) in needle.enumerated() {
            var byte = self[offset + k]
            if ignoringASCIICase, byte >= 0x41, byte <= 0x5A { byte |= 0x20 }
            if byte != expected { return false }
        }
        return true
    }
}

extension IndexTable {
    /// The first id in `ids` whose header has any of `bits`.
    func firstID(in ids: Range<Int>, withHeaderBits bits: UInt32) -> Int? {
        var id = ids.lowerBound
        for piece in pieces(ids) {
            for k in 0..<piece.count where piece.storage.entries[piece.first + k].header & bits != 0 { return id + k }
            id += piece.count
        }
        return nil
    }

    /// The last id in `ids` whose header has any of `bits`.
    func lastID(in ids: Range<Int>, withHeaderBits bits: UInt32) -> Int? {
        var id = ids.upperBound
        for piece in pieces(ids).reversed() {
            id -= piece.count
            for k in stride(from: piece.count - 1, through: 0, by: -1) where piece.storage.entries[piece.first + k].header & bits != 0 {
                return id + k
            }
        }
        return nil
    }
}
