import LosslessJSON

/// A large file's document comes folded (`JSONFolding`): its small containers are indexed when
/// first opened or reached. Each unfold replaces the document as an edit would — the rows and
/// expansions follow its `lastChange` — but changes no byte, so nothing is marked modified.
extension BrowserState {
    /// Indexes a folded container's children; false (and said) when its text no longer parses.
    @discardableResult
    mutating func unfold(_ node: Node) -> Bool {
        guard document.isFolded(node) else { return true }
        guard let unfolded = document.unfolding(node) else {
            sayTextChanged(at: node)
            return false
        }
        keepingRevision { $0.replaceDocument(unfolded, change: unfolded.lastChange) }
        return true
    }

    /// Unfolds the folded containers on the way to `path`, and the one it leads to.
    mutating func unfold(along path: JSONPath) {
        guard document.mayHaveFolds else { return }
        var node = document.root
        var components = path.components[...]
        while unfold(node), let component = components.popFirst(), let next = document.step(from: node, component) {
            node = next
        }
    }

    /// Unfolds what is folded below a node (to open all of it, or to edit it as a whole) by one
    /// parse of at most `byteBudget` bytes; returns whether nothing below it is folded any more
    /// (false, and said, when its text no longer parses).
    @discardableResult
    mutating func unfoldAll(below node: Node, byteBudget: Int = JSONDocument.subtreeUnfoldBytes) -> Bool {
        guard document.hasFolds(in: node) else { return true }
        guard let unfolded = document.unfoldingSubtree(node, byteBudget: byteBudget) else {
            sayTextChanged(at: node)
            return false
        }
        keepingRevision { $0.replaceDocument(unfolded.document, change: unfolded.change) }
        return unfolded.isComplete
    }

    private mutating func sayTextChanged(at node: Node) {
        say("\(document.path(of: node).jq) no longer reads as JSON: the file changed on disk since it was read (reload it)", error: true)
    }
}
