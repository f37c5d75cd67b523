import LosslessJSON
import Testing

/// `JSONDocumentReader` answers as the document does, on a document as loaded (read in place) and
/// after edits (read through the document's pieces).
@Suite("Document reader")
struct ReaderTests {
    static let text = #"{"plain": "text", "esc\"aped": "a\nb", "n": -12.5e3, "nested": {"k": [1, true, null, "é"]}, "x": 1}"#

    func expectSameAnswers(_ document: JSONDocument, sourceLocation: SourceLocation = #_sourceLocation) {
        let reader = JSONDocumentReader(document)
        for id in 0..<document.nodeCount {
            let node = JSONDocument.Node(id: id)
            #expect(reader.kind(node) == document.kind(node), sourceLocation: sourceLocation)
            #expect(reader.subtreeEnd(node) == document.subtreeEnd(node), sourceLocation: sourceLocation)
            #expect(reader.range(node) == document.range(node), sourceLocation: sourceLocation)
            // A value whose bytes span pieces of an edited text has none in place (a scalar never does).
            let raw = reader.rawBytes(node).map { String(decoding: $0, as: UTF8.self) }
            #expect(raw == document.rawText(node) || (raw == nil && document.kind(node).isContainer), sourceLocation: sourceLocation)
            // Unescaped strings and keys come as their bytes; escaped ones are left to string(_:) and key(_:).
            let string = reader.unescapedStringBytes(node).map { String(decoding: $0, as: UTF8.self) }
            #expect(string == (document.rawText(node).contains("\\") ? nil : document.string(node)), sourceLocation: sourceLocation)
            let key = reader.unescapedKeyBytes(node).map { String(decoding: $0, as: UTF8.self) }
            let hasEscapedKey = document.keyRange(node).map { document.text.string($0).contains("\\") } ?? false
            #expect(key == (hasEscapedKey ? nil : document.key(node)), sourceLocation: sourceLocation)
        }
    }

    @Test func aLoadedDocumentIsReadInPlace() throws {
        expectSameAnswers(try JSONDocument(Self.text))
    }

    @Test func anEditedDocumentIsReadThroughItsPieces() throws {
        var document = try JSONDocument(Self.text)
        try document.apply(.replace(at: ["nested", "k", 0], with: .string("a longer string")))
        try document.apply(.insertMember(in: .root, key: "added", value: .array([.number(JSONNumber(7))])))
        try document.apply(.remove(at: ["plain"]))
        expectSameAnswers(document)
    }
}
