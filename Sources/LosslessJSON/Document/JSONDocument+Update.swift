extension JSONDocument {
    /// Makes the value at `path` equal `newValue` with the smallest edits this layer knows:
    /// unchanged members and elements keep their bytes, changed scalars are replaced, removed
    /// members are removed, new members are appended in the object's own style. Values that compare
    /// equal (`1.0` and `1`) are left alone. Returns the splices applied, in order (undo them in
    /// reverse).
    ///
    /// This is how a model's storage change becomes document edits: set fields through the model,
    /// then update the document to the model's storage. In a folded document the value's subtree
    /// is unfolded first, up to `subtreeUnfoldBytes` (the edits are worked out from its members);
    /// a container still folded beyond that is replaced whole if it differs.
    @discardableResult
    public mutating func update(at path: JSONPath, to newValue: JSONValue) throws(JSONEditError) -> [JSONSplice] {
        if mayHaveFolds {
            self = unfolding(along: path)
            if let node = node(at: path), let unfolded = unfoldingSubtree(node, byteBudget: Self.subtreeUnfoldBytes) { self = unfolded.document }
        }
        guard let node = node(at: path) else { throw .notFound(path) }
        var steps = path
        let edits = edits(from: node, at: &steps, to: newValue)
        guard edits.count > 1, !path.isRoot else {
            var splices: [JSONSplice] = []
            for edit in edits { splices.append(try apply(edit)) }
            return splices
        }
        // Several edits inside one value: apply them to that value's own text (each edit re-indexes
        // only it), then splice the result into this document once. The value's line indentation is
        // kept in front so new members are indented as they would be in place.
        let range = self.range(node)
        let indent = lineIndent(at: range.lowerBound)
        var local: JSONDocument
        do {
            local = try JSONDocument(indent + rawText(node), options: valueOptions)
        } catch {
            throw .invalidResult(error)
        }
        var root = JSONPath.root
        for edit in local.edits(from: local.root, at: &root, to: newValue) { try local.apply(edit) }
        let splice = JSONSplice(
            offset: range.lowerBound, removed: rawBytes(node), inserted: local.text.slice(indent.utf8.count..<local.text.count))
        try apply(splice)
        return [splice]
    }

    /// The edits that turn the value at `node` into `newValue`, each valid after the ones before it.
    /// `path` is one path stepped into and back out of, not a copy per level: copies made a
    /// million-level value's edit take memory in the square of its depth.
    fileprivate func edits(from node: Node, at path: inout JSONPath, to newValue: JSONValue) -> [JSONEdit] {
        // A folded container has no members to compare: it is read whole.
        if isFolded(node) { return value(node) == newValue ? [] : [.replace(at: path, with: newValue)] }
        switch (kind(node), newValue) {
        case (.object, .object(let newObject)):
            var keys: [String] = []
            var children: [String: Node] = [:]
            for child in self.children(node) {
                guard let key = key(child) else { continue }
                if children[key] != nil { return [.replace(at: path, with: newValue)] }  // duplicate keys: replace whole
                keys.append(key)
                children[key] = child
            }
            var newKeys = Set<String>()
            for member in newObject.members where !newKeys.insert(member.key).inserted {
                return [.replace(at: path, with: newValue)]
            }
            // Nothing in common (a switched variant, say): one replacement keeps the object's own layout.
            if !newObject.members.isEmpty, !keys.contains(where: { newObject[$0] != nil }) {
                return [.replace(at: path, with: newValue)]
            }
            var result: [JSONEdit] = []
            // Removals first (they do not move the members that stay), then changes, then additions.
            for key in keys where newObject[key] == nil {
                result.append(.remove(at: path.appending(.key(key))))
            }
            for key in keys {
                guard let child = children[key], let value = newObject[key] else { continue }
                path.components.append(.key(key))
                result += edits(from: child, at: &path, to: value)
                path.components.removeLast()
            }
            for member in newObject.members where children[member.key] == nil {
                result.append(.insertMember(in: path, key: member.key, value: member.value))
            }
            return result
        case (.array, .array(let newElements)):
            let old = Array(children(node))
            let common = min(old.count, newElements.count)
            var result: [JSONEdit] = []
            for index in 0..<common {
                path.components.append(.index(index))
                result += edits(from: old[index], at: &path, to: newElements[index])
                path.components.removeLast()
            }
            if newElements.count > old.count {
                for element in newElements[common...] { result.append(.insertElement(in: path, value: element)) }
            } else {
                for index in stride(from: old.count - 1, through: common, by: -1) {
                    result.append(.remove(at: path.appending(.index(index))))
                }
            }
            return result
        default:
            return value(node) == newValue ? [] : [.replace(at: path, with: newValue)]
        }
    }
}
