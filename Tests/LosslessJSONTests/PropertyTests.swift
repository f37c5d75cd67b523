import Testing
@testable import LosslessJSON

/// Generated documents: random structure, layout, number spellings, escapes and Unicode.
@Suite("Properties")
struct PropertyTests {
    static let seeds: [UInt64] = Array(1...400)

    @Test("parsing gives the generated value and writing with no edit gives the same bytes", arguments: seeds)
    func roundTrip(seed: UInt64) throws {
        var generator = RandomJSON(seed: seed)
        let (text, value) = generator.document()
        let document = try JSONDocument(text)
        #expect(document.rootValue == value, "seed \(seed)")
        #expect(document.text.string == text)
        #expect(try JSONDocument(bytes: document.text.array).text.string == text)
    }

    @Test("one random edit changes only the edited range and re-parses to the edited model", arguments: seeds)
    func randomEdit(seed: UInt64) throws {
        var generator = RandomJSON(seed: seed)
        let (text, value) = generator.document()
        let document = try JSONDocument(text)
        var rng = SeededGenerator(seed: seed &* 31)
        // Pick a random node and an edit that fits it.
        let target = JSONDocument.Node(id: Int.random(in: 0..<document.nodeCount, using: &rng))
        let path = document.path(of: target)
        guard document.node(at: path) == target else {
            // Only a node inside a member hidden by a later duplicate key may be unreachable by path.
            #expect(isShadowed(target, in: document), "seed \(seed): \(path) does not reach the node")
            return
        }
        var valueGenerator = RandomJSON(seed: seed &+ 1_000_000)
        var newValue = valueGenerator.value(depth: 2, indent: "").1
        if Bool.random(using: &rng) { newValue = .string("edited \(seed)") }

        let edits = JSONEdit.fitting(target, at: path, in: document, value: newValue, name: "\(seed)", using: &rng)
        let edit = edits.randomElement(using: &rng)!
        var edited = document
        let splice = try edited.apply(edit)

        // Only the splice's bytes changed, and the splice lies inside the edited value (replace) or
        // inside the parent container (insert, remove, rename).
        let old = document.text.array
        let new = edited.text.array
        #expect(Array(new[..<splice.offset]) == Array(old[..<splice.offset]))
        #expect(Array(new[(splice.offset + splice.inserted.count)...]) == Array(old[(splice.offset + splice.removed.count)...]))
        let bound: Range<Int>
        switch edit {
        case .replace:
            bound = document.range(target)
            #expect(splice.removedRange == bound, "seed \(seed): replace must splice exactly the value")
        case .insertMember, .insertElement:
            bound = document.range(target)
        default:
            bound = document.range(document.node(at: path.parent ?? .root) ?? document.root)
        }
        #expect(splice.removedRange.lowerBound >= bound.lowerBound && splice.removedRange.upperBound <= bound.upperBound,
                "seed \(seed): \(edit) spliced \(splice.removedRange) outside \(bound)")

        // Re-parsing gives the model with the same edit applied.
        #expect(edited.rootValue == Self.reference(edit, on: value), "seed \(seed): \(edit)\n\(text)\n->\n\(edited.text)")
        // And undo restores the original bytes.
        try edited.apply(splice.inverse)
        #expect(edited.text.string == text)
    }

    /// Whether the node or one of its ancestors is a member hidden by a later member with the same
    /// key (paths reach the last occurrence).
    func isShadowed(_ node: JSONDocument.Node, in document: JSONDocument) -> Bool {
        let ancestors = (0...node.id).map(JSONDocument.Node.init).filter { document.subtreeEnd($0) > node.id }
        for (parent, child) in zip(ancestors, ancestors.dropFirst()) where document.kind(parent) == .object {
            guard let key = document.key(child) else { continue }
            if document.member(parent, key) != child { return true }
        }
        return false
    }

    /// The edit applied to the value model, as the reference for the document edit.
    static func reference(_ edit: JSONEdit, on value: JSONValue) -> JSONValue {
        switch edit {
        case .replace(let path, let new), .set(let path, let new):
            return modify(value, path.components[...]) { _ in new }
        case .remove(let path):
            return modify(value, path.components.dropLast()[...]) { parent in
                remove(path.last!, from: parent)
            }
        case .renameKey(let path, let key):
            return modify(value, path.components.dropLast()[...]) { parent in
                guard case .object(var object) = parent, case .key(let old) = path.last!,
                    let index = object.lastIndex(forKey: old)
                else { return parent }
                object.members[index].key = key
                return .object(object)
            }
        case .insertMember(let path, let key, let new, let position):
            return modify(value, path.components[...]) { container in
                guard case .object(var object) = container else { return container }
                object.members.insert(JSONObject.Member(key: key, value: new), at: position ?? object.members.count)
                return .object(object)
            }
        case .insertElement(let path, let new, let position):
            return modify(value, path.components[...]) { container in
                guard case .array(var elements) = container else { return container }
                elements.insert(new, at: position ?? elements.count)
                return .array(elements)
            }
        }
    }

    static func remove(_ component: JSONPath.Component, from parent: JSONValue) -> JSONValue {
        switch (parent, component) {
        case (.object(var object), .key(let key)):
            if let index = object.lastIndex(forKey: key) { object.members.remove(at: index) }
            return .object(object)
        case (.array(var elements), _):
            if let index = component.arrayIndex { elements.remove(at: index) }
            return .array(elements)
        default: return parent
        }
    }

    static func modify(_ value: JSONValue, _ path: ArraySlice<JSONPath.Component>, _ change: (JSONValue) -> JSONValue) -> JSONValue {
        guard let first = path.first else { return change(value) }
        switch (value, first) {
        case (.object(var object), .key(let key)):
            guard let index = object.lastIndex(forKey: key) else { return value }
            object.members[index].value = modify(object.members[index].value, path.dropFirst(), change)
            return .object(object)
        case (.array(var elements), _):
            guard let index = first.arrayIndex else { return value }
            elements[index] = modify(elements[index], path.dropFirst(), change)
            return .array(elements)
        default: return value
        }
    }
}
