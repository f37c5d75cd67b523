import Testing
@testable import LosslessJSON

/// Find scans the bytes and decodes only candidates; it must give what checking every node gives.
@Suite("Search")
struct SearchTests {
    /// The reference: every node in order from `start`, each decoded and checked.
    static func naiveNext(_ document: JSONDocument, after start: Int, forward: Bool, _ query: JSONTextQuery) -> Int? {
        let count = document.nodeCount
        var id = start
        for _ in 0..<count {
            id = forward ? (id + 1) % count : (id - 1 + count) % count
            if document.holdsText(JSONDocument.Node(id: id), query) { return id }
        }
        return nil
    }

    @Test("the next and previous match equal a check of every node", arguments: Array(UInt64(1)...80))
    func matchesTheNaiveSearch(seed: UInt64) throws {
        var generator = RandomJSON(seed: seed)
        var document = try JSONDocument(generator.document().text)
        var rng = SeededGenerator(seed: seed &* 13)
        // Half the documents are edited first, so the text and index are in pieces.
        if seed % 2 == 0 { try ReindexTests.applyRandomEdits(6, to: &document, using: &rng) }
        // Queries: pieces of the document's own keys and values (found), and strings it may lack.
        var texts: [String] = ["zz", "\"", "\\", ":", "e", "E", "é", "1", "true", "null", "\u{1F600}"]
        for _ in 0..<6 {
            let node = JSONDocument.Node(id: Int.random(in: 0..<document.nodeCount, using: &rng))
            let text = document.key(node) ?? document.string(node) ?? document.rawText(node)
            let characters = Array(text)
            guard !characters.isEmpty, characters.count < 200 else { continue }
            let low = Int.random(in: 0..<characters.count, using: &rng)
            let high = Int.random(in: (low + 1)...characters.count, using: &rng)
            texts.append(String(characters[low..<high]))
        }
        for text in texts {
            for ignoring in [false, true] {
                guard let query = JSONTextQuery(text, ignoringASCIICase: ignoring) else { continue }
                for _ in 0..<4 {
                    let start = Int.random(in: 0..<document.nodeCount, using: &rng)
                    for forward in [true, false] {
                        let expected = Self.naiveNext(document, after: start, forward: forward, query)
                        let found = document.nextNode(after: JSONDocument.Node(id: start), forward: forward, containing: query)?.id
                        #expect(found == expected, "seed \(seed): \(text.debugDescription) from \(start), forward \(forward), ignoring case \(ignoring)")
                    }
                }
            }
        }
    }

    @Test func escapesAndCaseAreHandled() throws {
        let document = try JSONDocument(#"{"caf\u00e9": "Tab\there", "plain": "HELLO world", "n": 12345}"#)
        let cafe = try #require(JSONTextQuery("café", ignoringASCIICase: true))
        #expect(document.nextNode(after: document.root, forward: true, containing: cafe) == document.member(document.root, "café"))
        let hello = try #require(JSONTextQuery("hello", ignoringASCIICase: true))
        #expect(document.nextNode(after: document.root, forward: true, containing: hello) == document.member(document.root, "plain"))
        let exact = try #require(JSONTextQuery("hello", ignoringASCIICase: false))
        #expect(document.nextNode(after: document.root, forward: true, containing: exact) == nil)
        let tab = try #require(JSONTextQuery("\t", ignoringASCIICase: false))
        #expect(document.nextNode(after: document.root, forward: false, containing: tab) == document.member(document.root, "café"))
        let digits = try #require(JSONTextQuery("234", ignoringASCIICase: true))
        #expect(document.nextNode(after: document.root, forward: true, containing: digits) == document.member(document.root, "n"))
    }
}
