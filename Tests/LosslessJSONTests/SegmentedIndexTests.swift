import Testing
@_spi(Testing) @testable import LosslessJSON

/// A text larger than 4 GiB is indexed in segments, each counted from its own start, and a value
/// spanning more than that is wide (its offsets kept aside). The same code runs with a limit of a
/// few bytes here, so these small texts take every path a text of many gigabytes takes; everything
/// read from them must be what the ordinary parse gives.
@Suite("Segmented indexes")
struct SegmentedIndexTests {
    /// Parse options whose offset limit is `limit` bytes.
    static func options(limit: Int) -> JSONParseOptions {
        var options = JSONParseOptions()
        options.offsetLimit = limit
        return options
    }

    /// Every node of `document` reads as the same node of `reference` does.
    static func expectSameNodes(_ document: JSONDocument, _ reference: JSONDocument, _ context: String) {
        #expect(document.nodeCount == reference.nodeCount, "\(context): node count")
        guard document.nodeCount == reference.nodeCount else { return }
        for id in 0..<reference.nodeCount {
            let node = JSONDocument.Node(id: id)
            guard document.kind(node) == reference.kind(node), document.range(node) == reference.range(node),
                document.subtreeEnd(node) == reference.subtreeEnd(node), document.keyRange(node) == reference.keyRange(node),
                document.key(node) == reference.key(node), document.isFolded(node) == reference.isFolded(node),
                document.value(node) == reference.value(node)
            else {
                Issue.record("\(context): node \(id) differs")
                return
            }
        }
    }

    @Test("a text parsed in segments reads as the ordinary parse, folded or not", arguments: Array(UInt64(1)...40))
    func segmentedParse(seed: UInt64) throws {
        var generator = RandomJSON(seed: seed &+ 12_000)
        let text = Array(generator.document().text.utf8)
        for limit in [24, 97, 600] {
            for folding in [nil, JSONFolding(maxBytes: 40)] {
                let storage = JSONBytes(text)
                let reference =
                    try folding.map { try JSONDocument(storage: storage, folding: $0) } ?? JSONDocument(storage: storage)
                let options = Self.options(limit: limit)
                let document =
                    try folding.map { try JSONDocument(storage: storage, options: options, folding: $0) }
                    ?? JSONDocument(storage: storage, options: options)
                if text.count > limit {
                    // The root spans more than the limit: its offsets are kept aside.
                    #expect(document.index.pieces.contains { !$0.storage.wideOffsets.isEmpty }, "limit \(limit)")
                }
                Self.expectSameNodes(document, reference, "seed \(seed), limit \(limit), folding \(folding != nil)")
            }
        }
    }

    @Test("a long text starts new segments at commas; a long string is wide")
    func segmentsAndWideValues() throws {
        let long = String(repeating: "x", count: 300)
        let text = Array(("[" + (0..<200).map { #"{"id": \#($0), "s": "\#($0 == 150 ? long : "v")"}"# }.joined(separator: ", ") + "]").utf8)
        let document = try JSONDocument(bytes: text, options: Self.options(limit: 256))
        #expect(document.index.pieces.count > 10)
        let longNode = try #require(document.node(at: try JSONPath(parsing: ".[150].s")))
        #expect(document.string(longNode) == long)
        Self.expectSameNodes(document, try JSONDocument(bytes: text), "limit 256")
        // Compacted (after an edit made pieces), the entries are counted from stretches again.
        var edited = document
        try edited.apply(.replace(at: try JSONPath(parsing: ".[3].id"), with: .number(JSONNumber(7))))
        let compacted = edited.compacted()
        #expect(compacted.index.pieces.count > 10)
        Self.expectSameNodes(compacted, edited, "compacted")
    }

    @Test("edits, unfolds and compaction of a segmented document give what they give on the ordinary one", arguments: Array(UInt64(1)...30))
    func editsAndUnfolds(seed: UInt64) throws {
        var generator = RandomJSON(seed: seed &+ 12_500)
        let text = Array(generator.document().text.utf8)
        var reference = try JSONDocument(storage: JSONBytes(text), folding: JSONFolding(maxBytes: 60))
        var document = try JSONDocument(storage: JSONBytes(text), options: Self.options(limit: 50), folding: JSONFolding(maxBytes: 60))
        var rng = SeededGenerator(seed: seed)
        for step in 0..<25 {
            // An edit, or an unfold of the first folded container.
            if step % 3 == 0, let node = FoldingTests.firstFolded(reference) {
                reference = try #require(reference.unfolding(node))
                document = try #require(document.unfolding(node))
                #expect(document.lastChange == reference.lastChange, "step \(step)")
            } else {
                guard let edit = ReindexTests.randomEdit(in: reference, step: step, using: &rng),
                    let expected = FoldingTests.applyUnlessRoot(edit, to: &reference)
                else { continue }
                let splice = try document.apply(edit)
                #expect(splice == expected, "step \(step): \(edit)")
            }
            Self.expectSameNodes(document, reference, "seed \(seed) step \(step)")
        }
        Self.expectSameNodes(document.compacted(), reference, "seed \(seed), compacted")
    }
}
