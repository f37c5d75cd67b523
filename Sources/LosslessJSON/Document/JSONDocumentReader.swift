#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A document read by node, for a reader that asks millions of questions of one version of it (a
/// validator): a class, so a call passes one reference instead of copying the document, and, for
/// a document that is one piece (as loaded, before edits), its entries and bytes read in place.
/// Edited documents are read through the document itself, with the same answers.
///
/// The byte buffers it returns point into the document's text: they are valid while the reader
/// (which holds the document) is alive.
public final class JSONDocumentReader: @unchecked Sendable {
    /// The document read.
    public let document: JSONDocument
    private let entries: UnsafeMutablePointer<IndexEntry>?
    private let bytes: UnsafeMutablePointer<UInt8>?

    /// A reader of one version of a document.
    public init(_ document: JSONDocument) {
        self.document = document
        entries = document.index.single
        bytes = document.text.single
    }

    @inline(__always)
    private func entry(_ node: JSONDocument.Node) -> IndexTable.Entry {
        if let entries { return IndexTable.Entry(entries[node.id], shift: 0) }
        return document.index[node.id]
    }

    /// The kind of a node's value.
    public func kind(_ node: JSONDocument.Node) -> JSONKind { entry(node).kind }

    /// The id after a node's subtree: its next sibling's, if it has one.
    public func subtreeEnd(_ node: JSONDocument.Node) -> Int { node.id + Int(entry(node).link) }

    /// The direct children of a container, in order, through the sibling links.
    public func children(_ node: JSONDocument.Node) -> Children {
        Children(reader: self, following: node.id + 1, end: subtreeEnd(node))
    }

    /// A container's children, each found from the one before.
    public struct Children: Sequence, IteratorProtocol {
        let reader: JSONDocumentReader
        var following: Int
        let end: Int

        public mutating func next() -> JSONDocument.Node? {
            guard following < end else { return nil }
            let child = JSONDocument.Node(id: following)
            following = reader.subtreeEnd(child)
            return child
        }
    }

    /// The byte range of a node's value.
    public func range(_ node: JSONDocument.Node) -> Range<Int> {
        let entry = entry(node)
        return Int(entry.start)..<Int(entry.end)
    }

    /// A value's source bytes (a number's literal), or `nil` when they are not in one piece.
    public func rawBytes(_ node: JSONDocument.Node) -> UnsafeBufferPointer<UInt8>? {
        let entry = entry(node)
        return contiguous(Int(entry.start)..<Int(entry.end))
    }

    /// A string's UTF-8 bytes when it has no escape sequences (else `nil`: decode it with
    /// `document.string(_:)`).
    public func unescapedStringBytes(_ node: JSONDocument.Node) -> UnsafeBufferPointer<UInt8>? {
        let entry = entry(node)
        guard entry.kind == .string, entry.header & IndexEntry.escapedFlag == 0 else { return nil }
        return contiguous((Int(entry.start) + 1)..<(Int(entry.end) - 1))
    }

    /// A member's key as UTF-8 bytes when it has no escape sequences (else `nil`: decode it with
    /// `document.key(_:)`).
    public func unescapedKeyBytes(_ node: JSONDocument.Node) -> UnsafeBufferPointer<UInt8>? {
        guard let bytes else { return document.unescapedKeyRange(node).flatMap(contiguous) }
        let entry = entry(node)
        guard entry.keyDelta != 0, entry.header & IndexEntry.keyEscapedFlag == 0, entry.keyDelta != IndexEntry.longKeyDelta else {
            return document.unescapedKeyRange(node).flatMap(contiguous)
        }
        // The key's first quote after its opening one closes it (the key has no escapes).
        let keyStart = bytes + Int(entry.start) - Int(entry.keyDelta) + 1
        guard let quote = memchr(UnsafeRawPointer(keyStart), Int32(UInt8(ascii: "\"")), Int(entry.keyDelta) - 1) else { return nil }
        return UnsafeBufferPointer(start: keyStart, count: UnsafeRawPointer(quote) - UnsafeRawPointer(keyStart))
    }

    private func contiguous(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8>? {
        if let bytes { return UnsafeBufferPointer(start: bytes + range.lowerBound, count: range.count) }
        return document.text.unsafeContiguousBytes(range)
    }
}
