import Testing
@testable import LosslessJSON

/// A folding parse indexes small containers as one entry each; everything read through a folded
/// document — values, counts, paths, searches, edits — must be what the whole parse gives.
@Suite("Folded documents")
struct FoldingTests {
    static func folded(_ text: [UInt8], maxBytes: Int) throws -> JSONDocument {
        try JSONDocument(storage: JSONBytes(text), folding: JSONFolding(maxBytes: maxBytes))
    }

    /// The first folded node, if any.
    static func firstFolded(_ document: JSONDocument) -> JSONDocument.Node? {
        (0..<document.nodeCount).lazy.map(JSONDocument.Node.init(id:)).first(where: document.isFolded)
    }

    @Test("values, keys, ranges and counts read through folds; unfolding everything gives the whole parse", arguments: Array(UInt64(1)...60))
    func foldedReadsLikeWhole(seed: UInt64) throws {
        var generator = RandomJSON(seed: seed &+ 9100)
        let text = Array(generator.document().text.utf8)
        let whole = try JSONDocument(bytes: text)
        for maxBytes in [8, 40, 400] {
            var document = try Self.folded(text, maxBytes: maxBytes)
            #expect(document.rootValue == whole.rootValue)
            #expect(document.text.array == text)
            // Some non-root, non-empty container short enough must have been folded.
            let foldable = (1..<whole.nodeCount).contains {
                let node = JSONDocument.Node(id: $0)
                return whole.kind(node).isContainer && whole.subtreeEnd(node) > $0 + 1 && whole.range(node).count <= maxBytes
            }
            #expect((document.nodeCount < whole.nodeCount) == foldable, "maxBytes \(maxBytes)")
            #expect(document.mayHaveFolds == foldable)
            for id in 0..<document.nodeCount {
                let node = JSONDocument.Node(id: id)
                let path = document.path(of: node)
                guard document.node(at: path) == node, let twin = whole.node(at: path) else { continue }  // a duplicate key hides it
                #expect(document.kind(node) == whole.kind(twin) && document.range(node) == whole.range(twin), "\(path)")
                #expect(document.key(node) == whole.key(twin) && document.value(node) == whole.value(twin), "\(path)")
                if whole.kind(twin).isContainer { #expect(document.childCount(node) == whole.childCount(twin), "\(path)") }
            }
            // Unfold one at a time: each says where the nodes after it went.
            while let node = Self.firstFolded(document) {
                let count = document.childCount(node)
                let unfolded = try #require(document.unfolding(node))
                let change = try #require(unfolded.lastChange)
                #expect(change.container == node && change.replaced == (node.id + 1)..<(node.id + 1) && change.childDelta == count)
                #expect(unfolded.childCount(node) == count)
                ReindexTests.expectMoved(from: document, to: unfolded, by: change, "seed \(seed) unfolding \(node.id)")
                #expect(!unfolded.isFolded(node))
                document = unfolded
            }
            try ReindexTests.expectSameStructure(document, "seed \(seed), all unfolded")
            #expect(document.nodeCount == whole.nodeCount)
        }
    }

    @Test("a path into folded containers unfolds them on the way", arguments: Array(UInt64(1)...30))
    func pathsUnfold(seed: UInt64) throws {
        var generator = RandomJSON(seed: seed &+ 9300)
        let text = Array(generator.document().text.utf8)
        let whole = try JSONDocument(bytes: text)
        let document = try Self.folded(text, maxBytes: 60)
        for id in 0..<whole.nodeCount {
            let path = whole.path(of: JSONDocument.Node(id: id))
            guard whole.node(at: path)?.id == id else { continue }
            let unfolded = document.unfolding(along: path)
            let node = try #require(unfolded.node(at: path), "\(path)")
            #expect(unfolded.range(node) == whole.range(JSONDocument.Node(id: id)))
            #expect(document.value(at: path) == whole.value(JSONDocument.Node(id: id)))
        }
    }

    @Test("a search stops at folded containers that may hold the text; unfolding them finds what the whole finds", arguments: Array(UInt64(1)...40))
    func searchesUnfold(seed: UInt64) throws {
        var generator = RandomJSON(seed: seed &+ 9500)
        let text = Array(generator.document().text.utf8)
        let whole = try JSONDocument(bytes: text)
        var rng = SeededGenerator(seed: seed)
        for _ in 0..<12 {
            // A piece of some key or string of the document, or a character that needs an escape.
            let strings = (0..<whole.nodeCount).compactMap { whole.string(JSONDocument.Node(id: $0)) ?? whole.key(JSONDocument.Node(id: $0)) }
            var needle = strings.randomElement(using: &rng).map { String($0.prefix(Int.random(in: 1...3, using: &rng))) } ?? "a"
            if needle.isEmpty || Int.random(in: 0..<5, using: &rng) == 0 { needle = ["\"", "\n", "é", "1", "x"].randomElement(using: &rng)! }
            guard let query = JSONTextQuery(needle, ignoringASCIICase: Bool.random(using: &rng)) else { continue }
            let forward = Bool.random(using: &rng)
            let startID = Int.random(in: 0..<whole.nodeCount, using: &rng)
            let startPath = whole.path(of: JSONDocument.Node(id: startID))
            guard whole.node(at: startPath)?.id == startID else { continue }
            let expected = whole.nextNode(after: JSONDocument.Node(id: startID), forward: forward, containing: query).map(whole.path)

            var document = try Self.folded(text, maxBytes: 50).unfolding(along: startPath)
            var start = try #require(document.node(at: startPath))
            var found = document.nextNode(after: start, forward: forward, containing: query)
            var unfolds = 0
            while let node = found, document.isFolded(node) {
                document = try #require(document.unfolding(node))
                start = try #require(document.lastChange?.newNode(start))
                found = document.nextNode(after: start, forward: forward, containing: query)
                unfolds += 1
                #expect(unfolds < 1000)
            }
            #expect(found.map(document.path) == expected, "\(needle) from \(startPath) \(forward ? "forward" : "back")")
        }
    }

    @Test("edits by path made on a folded document give the bytes they give on the whole", arguments: Array(UInt64(1)...40))
    func editsMatch(seed: UInt64) throws {
        var generator = RandomJSON(seed: seed &+ 9700)
        let text = Array(generator.document().text.utf8)
        var whole = try JSONDocument(bytes: text)
        var document = try Self.folded(text, maxBytes: 80)
        var rng = SeededGenerator(seed: seed)
        for step in 0..<25 {
            guard let edit = ReindexTests.randomEdit(in: whole, step: step, using: &rng) else { continue }
            guard let expected = Self.applyUnlessRoot(edit, to: &whole) else { continue }
            let splice = try document.apply(edit)
            #expect(splice == expected, "step \(step): \(edit)")
            #expect(document.text.array == whole.text.array, "step \(step)")
            #expect(document.rootValue == whole.rootValue, "step \(step)")
        }
        while let node = Self.firstFolded(document) { document = try #require(document.unfolding(node)) }
        try ReindexTests.expectSameStructure(document, "seed \(seed) after edits")
    }

    /// Applies an edit and returns its splice; nil for an edit the root refuses (removing or renaming it).
    static func applyUnlessRoot(_ edit: JSONEdit, to document: inout JSONDocument) -> JSONSplice? {
        do {
            return try document.apply(edit)
        } catch {
            if case .rootNotAllowed = error {} else { Issue.record("\(edit): \(error)") }
            return nil
        }
    }

    @Test("a folding parse reports the same errors as a whole one", arguments: Array(UInt64(1)...60))
    func sameErrors(seed: UInt64) throws {
        var generator = RandomJSON(seed: seed &+ 9900)
        var rng = SeededGenerator(seed: seed)
        let text = rng.mutate(Array(generator.document().text.utf8))
        var wholeError: String?
        var foldedError: String?
        do { _ = try JSONDocument(bytes: text) } catch { wholeError = "\(error)" }
        do { _ = try Self.folded(text, maxBytes: 40) } catch { foldedError = "\(error)" }
        #expect(wholeError == foldedError)
    }

    @Test("a document's style is read as from the whole parse, and compacting keeps every node")
    func styleAndCompaction() throws {
        let text = Array("[\n  {\"a\":1,\"b\":[1,2]},\n  {\"a\":2,\"b\":[3,4]},\n  {\"a\":3,\"b\":[5]}\n]\n".utf8)
        let whole = try JSONDocument(bytes: text)
        var document = try Self.folded(text, maxBytes: 100)
        #expect(document.nodeCount == 4)
        #expect(document.style == whole.style)
        #expect(document.childCount(JSONDocument.Node(id: 2)) == 2)
        document = try #require(document.unfolding(JSONDocument.Node(id: 2)))
        document = try #require(document.unfolding(JSONDocument.Node(id: 1)))
        let compacted = document.compacted()
        #expect(compacted.index.pieces.count == 1)
        for id in 0..<document.nodeCount {
            let node = JSONDocument.Node(id: id)
            #expect(compacted.range(node) == document.range(node) && compacted.isFolded(node) == document.isFolded(node))
            #expect(compacted.subtreeEnd(node) == document.subtreeEnd(node) && compacted.key(node) == document.key(node))
        }
        #expect(compacted.rootValue == whole.rootValue)
    }

    @Test("a folded document's style is read once and kept while its first megabyte stays as it was")
    func styleKeptUntilTheStartChanges() throws {
        let record = "  {\"a\": 1, \"b\": [1, 2]},\n"
        let count = (2 << 20) / record.utf8.count
        let text = Array(("[\n" + String(repeating: record, count: count) + "  {\"a\": 1, \"b\": [1, 2]}\n]\n").utf8)
        var document = try Self.folded(text, maxBytes: 64)
        #expect(try document.mayHaveFolds && document.style == JSONDocument(bytes: text).style && document.style.indent == "  ")
        // An edit past the first megabyte: the same style, read again or not.
        let late = text.count - (record.utf8.count + 1)  // the last record's start
        try #require(text[late + 8] == UInt8(ascii: "1"))
        try document.apply(JSONSplice(offset: late + 8, removed: Array("1".utf8), inserted: Array("7".utf8)))
        #expect(try document.style == JSONDocument(bytes: document.text.array).style)
        // An edit at the start that indents the records deeper: the style follows it.
        try document.apply(JSONSplice(offset: 1, removed: Array("\n  ".utf8), inserted: Array("\n    ".utf8)))
        #expect(try document.style.indent == "    " && document.style == JSONDocument(bytes: document.text.array).style)
    }
}
