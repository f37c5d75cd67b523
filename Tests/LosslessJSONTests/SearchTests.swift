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

    @Test("a match's place among all matches equals a count of every node, folded or whole", arguments: Array(UInt64(1)...40))
    func matchPositionsEqualANaiveCount(seed: UInt64) throws {
        var generator = RandomJSON(seed: seed)
        let text = generator.document().text
        let whole = try JSONDocument(text)
        let folded = try FoldingTests.folded(Array(text.utf8), maxBytes: 48)
        var rng = SeededGenerator(seed: seed &* 7)
        for _ in 0..<6 {
            let node = JSONDocument.Node(id: Int.random(in: 0..<whole.nodeCount, using: &rng))
            let sample = whole.key(node) ?? whole.string(node) ?? whole.rawText(node)
            guard let first = sample.first, let query = JSONTextQuery(String(first), ignoringASCIICase: true) else { continue }
            let matching = (0..<whole.nodeCount).filter { whole.holdsText(JSONDocument.Node(id: $0), query) }
            guard let target = matching.randomElement(using: &rng) else { continue }
            let counted = whole.matchPosition(of: JSONDocument.Node(id: target), query: query)
            #expect(counted?.total == matching.count && counted?.position == (matching.firstIndex(of: target) ?? -1) + 1, "seed \(seed)")
            // Folded: the same count (the folded containers' insides parsed), at the same place.
            // (A path through a duplicate key names another member: such a target is not looked up.)
            let path = whole.path(of: JSONDocument.Node(id: target))
            guard whole.node(at: path)?.id == target else { continue }
            // As the browser finds it: the path unfolded, and the match itself when it is a container.
            var unfolded = folded.unfolding(along: path)
            if let node = unfolded.node(at: path), unfolded.isFolded(node), let open = unfolded.unfolding(node) { unfolded = open }
            let same = try #require(unfolded.node(at: path))
            let foldedCount = unfolded.matchPosition(of: same, query: query)
            #expect(foldedCount?.total == counted?.total && foldedCount?.position == counted?.position, "seed \(seed): folded \(String(describing: foldedCount)) whole \(String(describing: counted))")
        }
    }

    @Test func noMatchOrTooManyIsNoCount() throws {
        let document = try JSONDocument(#"["ab", "ab", "ab", "x"]"#)
        let query = try #require(JSONTextQuery("ab", ignoringASCIICase: false))
        let second = try #require(document.node(at: [1]))
        #expect(document.matchPosition(of: second, query: query)! == (2, 3))
        #expect(document.matchPosition(of: second, query: query, limit: 2) == nil)
        let absent = try #require(JSONTextQuery("zz", ignoringASCIICase: false))
        #expect(document.matchPosition(of: second, query: absent) == nil)
    }
}
