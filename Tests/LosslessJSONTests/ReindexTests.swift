import Testing
@testable import LosslessJSON

/// An edit re-indexes only the values around it; the result must be exactly what a parse of the
/// whole new text gives, after any sequence of edits and undos.
@Suite("Re-indexing after edits")
struct ReindexTests {
    /// Every node of `edited` (pieces of text and index) against a fresh parse of its text.
    static func expectSameStructure(_ edited: JSONDocument, _ context: String) throws {
        let fresh = try JSONDocument(bytes: edited.text.array, options: edited.options)
        #expect(edited.nodeCount == fresh.nodeCount, "\(context): node count")
        guard edited.nodeCount == fresh.nodeCount else { return }
        for id in 0..<fresh.nodeCount {
            let node = JSONDocument.Node(id: id)
            guard edited.kind(node) == fresh.kind(node), edited.range(node) == fresh.range(node),
                edited.subtreeEnd(node) == fresh.subtreeEnd(node), edited.keyRange(node) == fresh.keyRange(node),
                edited.key(node) == fresh.key(node), edited.value(node) == fresh.value(node)
            else {
                Issue.record("\(context): node \(id) differs from a fresh parse")
                return
            }
            if fresh.kind(node).isContainer, edited.childCount(node) != fresh.childCount(node) {
                Issue.record("\(context): child count of node \(id)")
                return
            }
        }
    }

    /// Every node outside the edit (not parsed again, not around it) has the id `change` gives it,
    /// with the same key and bytes.
    static func expectMoved(from old: JSONDocument, to new: JSONDocument, by change: JSONNodeChange, _ context: String) {
        for id in 0..<old.nodeCount {
            let node = JSONDocument.Node(id: id)
            let around = id < change.replaced.lowerBound && old.subtreeEnd(node) > change.replaced.lowerBound - 1
                && (id == change.container.id || old.subtreeEnd(node) >= change.replaced.upperBound)
            if around { continue }
            guard let moved = change.newID(id) else { continue }
            let target = JSONDocument.Node(id: moved)
            guard moved < new.nodeCount, new.rawText(target) == old.rawText(node), new.key(target) == old.key(node) else {
                Issue.record("\(context): node \(id) did not move to \(moved)")
                return
            }
        }
    }

    /// A random edit that fits a random node of `document`.
    static func randomEdit(in document: JSONDocument, step: Int, using rng: inout SeededGenerator) -> JSONEdit? {
        let target = JSONDocument.Node(id: Int.random(in: 0..<document.nodeCount, using: &rng))
        let path = document.path(of: target)
        guard document.node(at: path) == target else { return nil }  // hidden by a duplicate key
        var valueGenerator = RandomJSON(seed: UInt64(step) &* 7919)
        let newValue = valueGenerator.value(depth: 2, indent: "").1
        var edits = JSONEdit.fitting(target, at: path, in: document, value: newValue, name: "\(step)", using: &rng)
        if !path.isRoot { edits.append(.remove(at: path)) }  // removals twice as likely: containers shrink too
        return edits.randomElement(using: &rng)
    }

    /// Applies `count` random edits; only an edit the root refuses (removing or renaming it) is skipped.
    static func applyRandomEdits(_ count: Int, to document: inout JSONDocument, using rng: inout SeededGenerator) throws {
        for step in 0..<count {
            guard let edit = randomEdit(in: document, step: step, using: &rng) else { continue }
            do {
                try document.apply(edit)
            } catch JSONEditError.rootNotAllowed {
                continue
            }
        }
    }

    @Test("forty edits in a row, then every one undone: each state indexes like a fresh parse", arguments: Array(UInt64(1)...60))
    func editSequences(seed: UInt64) throws {
        var generator = RandomJSON(seed: seed)
        let original = try JSONDocument(generator.document().text)
        var document = original
        var rng = SeededGenerator(seed: seed &* 104_729)
        var splices: [JSONSplice] = []
        var incremental = 0
        for step in 0..<40 {
            guard let edit = Self.randomEdit(in: document, step: step, using: &rng) else { continue }
            let splice: JSONSplice
            let before = document
            do {
                splice = try document.apply(edit)
            } catch JSONEditError.rootNotAllowed {
                continue
            }
            splices.append(splice)
            if let change = document.lastChange {
                incremental += 1
                Self.expectMoved(from: before, to: document, by: change, "seed \(seed) step \(step)")
            }
            try Self.expectSameStructure(document, "seed \(seed) step \(step): \(edit)")
        }
        for (step, splice) in splices.enumerated().reversed() {
            try document.apply(splice.inverse)
            try Self.expectSameStructure(document, "seed \(seed) undo of step \(step)")
        }
        #expect(document.text.array == original.text.array)
        // The edits inside containers must have taken the incremental path (edits of the root
        // itself parse the whole text).
        #expect(splices.isEmpty || incremental > 0, "seed \(seed): no edit was re-indexed incrementally")
    }

    @Test("an edit deep in a large document keeps the text and index in pieces and moves nothing")
    func largeDocumentEditIsLocal() throws {
        let elements = (0..<5000).map { #"{"id": \#($0), "name": "n\#($0)", "tags": ["a", "b"]}"# }
        let original = try JSONDocument("[\n  " + elements.joined(separator: ",\n  ") + "\n]")
        #expect(original.childCount(original.root) == 5000)  // remembered: a large container
        var document = original
        try document.apply(.replace(at: [4000, "name"], with: .string("renamed")))
        try document.apply(.remove(at: [10]))
        try document.apply(.insertElement(in: .root, value: .number(JSONNumber(7)), at: 2))
        #expect(document.text.pieceCount > 1)
        #expect(document.index.pieces.count > 1)
        #expect(document.childCount(document.root) == 5000)
        #expect(document.value(at: [4000, "name"]) == .string("renamed"))
        #expect(document.value(at: [2]) == .number(JSONNumber(7)))
        try Self.expectSameStructure(document, "large document")
        // Children by position and by id, through the moved directory, as in a fresh parse.
        let fresh = try JSONDocument(bytes: document.text.array)
        for position in 0..<5001 {
            let child = document.child(document.root, at: position)
            guard child == fresh.child(fresh.root, at: position) else {
                Issue.record("child at \(position) differs from a fresh parse")
                break
            }
            if let child, document.child(document.root, holding: child)?.position != position {
                Issue.record("position of child \(child.id)")
                break
            }
        }
        // The untouched storage is shared, not copied.
        #expect(document.text.pieces.contains { $0.storage === original.text.pieces[0].storage })
    }

    @Test("many edits of a large array: counts, positions and paths stay those of a fresh parse")
    func largeArrayEdits() throws {
        let elements = (0..<3000).map { #"{"id": \#($0), "tags": [\#($0), "x"]}"# }
        var document = try JSONDocument("[" + elements.joined(separator: ", ") + "]")
        var rng = SeededGenerator(seed: 42)
        for step in 0..<200 {
            let count = document.childCount(document.root)
            let position = Int.random(in: 0..<count, using: &rng)
            switch step % 4 {
            case 0: try document.apply(.remove(at: [.index(position)]))
            case 1: try document.apply(.insertElement(in: .root, value: .array([.number(JSONNumber(step))]), at: position))
            case 2: try document.apply(.replace(at: [.index(position), "id"], with: .string("s\(step)")))
            default: try document.apply(.insertElement(in: [.index(position), "tags"], value: .null, at: 0))
            }
        }
        let fresh = try JSONDocument(bytes: document.text.array)
        #expect(document.childCount(document.root) == fresh.childCount(fresh.root))
        for position in stride(from: 0, to: fresh.childCount(fresh.root), by: 7) {
            let child = try #require(fresh.child(fresh.root, at: position))
            #expect(document.child(document.root, at: position) == child)
            #expect(document.path(of: JSONDocument.Node(id: child.id + 1)) == fresh.path(of: JSONDocument.Node(id: child.id + 1)))
        }
        try Self.expectSameStructure(document, "large array")
    }

    @Test("the differences between a text and its edited version are found from their shared pieces", arguments: Array(UInt64(1)...40))
    func differences(seed: UInt64) throws {
        var generator = RandomJSON(seed: seed)
        let original = try JSONDocument(generator.document().text)
        var document = original
        var rng = SeededGenerator(seed: seed &* 7)
        try Self.applyRandomEdits(Int.random(in: 0..<12, using: &rng), to: &document, using: &rng)
        let old = original.text.array
        let new = document.text.array
        let changes = document.text.differences(from: original.text)
        // Replacing each changed old range by its new range turns the old text into the new one.
        var rebuilt: [UInt8] = []
        var position = 0
        for change in changes {
            #expect(change.old.lowerBound >= position)
            rebuilt += old[position..<change.old.lowerBound] + new[change.new]
            position = change.old.upperBound
        }
        rebuilt += old[position...]
        #expect(rebuilt == new, "seed \(seed)")
        #expect(changes.isEmpty == (old == new))
        #expect(document.text.lineFeeds(in: 0..<document.text.count) == new.filter { $0 == 0x0A }.count)
    }

    @Test("a directory of several blocks (70,000 children) follows edits anywhere")
    func directoryOfSeveralBlocks() throws {
        var document = try JSONDocument("[" + (0..<70_000).map { "\($0)" }.joined(separator: ",") + "]")
        #expect(document.childCount(document.root) == 70_000)
        var rng = SeededGenerator(seed: 11)
        for step in 0..<60 {
            let count = document.childCount(document.root)
            let position = Int.random(in: 0..<count, using: &rng)
            switch step % 3 {
            case 0: try document.apply(.remove(at: [.index(position)]))
            case 1: try document.apply(.insertElement(in: .root, value: .array([.null, .null]), at: position))
            default: try document.apply(.replace(at: [.index(position)], with: .string("s")))
            }
        }
        let fresh = try JSONDocument(bytes: document.text.array)
        #expect(document.childCount(document.root) == fresh.childCount(fresh.root))
        for _ in 0..<400 {
            let position = Int.random(in: 0..<fresh.childCount(fresh.root), using: &rng)
            let child = fresh.child(fresh.root, at: position)
            #expect(document.child(document.root, at: position) == child)
            if let child { #expect(document.child(document.root, holding: child)?.position == position) }
        }
    }

    @Test("a large array emptied one element at a time, then filled again, keeps a true directory")
    func emptiedLargeArray() throws {
        var document = try JSONDocument("[" + (0..<1100).map { "[\($0)]" }.joined(separator: ", ") + "]")
        #expect(document.childCount(document.root) == 1100)  // builds the directory
        var rng = SeededGenerator(seed: 3)
        while document.childCount(document.root) > 0 {
            let count = document.childCount(document.root)
            try document.apply(.remove(at: [.index(Int.random(in: 0..<count, using: &rng))]))
            if count % 97 == 0 {
                let fresh = try JSONDocument(bytes: document.text.array)
                #expect(document.child(document.root, at: count / 2) == fresh.child(fresh.root, at: count / 2))
            }
        }
        #expect(document.text.string == "[]")
        for i in 0..<100 { try document.apply(.insertElement(in: .root, value: .number(JSONNumber(i)), at: i / 2)) }
        let fresh = try JSONDocument(bytes: document.text.array)
        for position in 0..<100 { #expect(document.child(document.root, at: position) == fresh.child(fresh.root, at: position)) }
        try Self.expectSameStructure(document, "emptied and filled")
    }

    @Test("an edit that makes the text invalid reports the whole document's line and column")
    func invalidSplice() throws {
        let document = try JSONDocument("{\n  \"a\": [1, 2],\n  \"b\": true\n}")
        let offset = document.range(JSONDocument.Node(id: 2)).upperBound  // after "1"
        var edited = document
        #expect {
            try edited.apply(JSONSplice(offset: offset, removed: [], inserted: Array(",,".utf8)))
        } throws: { error in
            guard case JSONEditError.invalidResult(let parseError) = error else { return false }
            return parseError.line == 2 && parseError.column == 11
        }
        #expect(edited.text == document.text)
        // A splice that leaves a dangling comma between children is refused too.
        let second = document.range(JSONDocument.Node(id: 3))
        #expect(throws: JSONEditError.self) {
            try edited.apply(JSONSplice(offset: second.lowerBound, removed: Array("2".utf8), inserted: []))
        }
    }

    @Test("the depth limit holds for values inserted deep in the document")
    func depthLimit() throws {
        let options = JSONParseOptions(maxDepth: 4)
        var document = try JSONDocument(#"{"a": {"b": [1]}}"#, options: options)
        try document.apply(.insertElement(in: ["a", "b"], value: .array([.number(JSONNumber(2))]), at: 1))
        #expect(throws: JSONEditError.self) {
            try document.apply(.insertElement(in: ["a", "b", 1], value: .array([.array([])]), at: 0))
        }
        try Self.expectSameStructure(document, "depth")
    }
}
