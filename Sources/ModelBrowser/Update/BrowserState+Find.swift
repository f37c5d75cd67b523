import LosslessJSON

extension BrowserState {
    /// Moves to the next (or previous) node whose key or value holds the last search, wrapping.
    mutating func findNext(forward: Bool) {
        guard let query = lastSearch, !query.isEmpty else {
            say("no search yet: press /", error: true)
            return
        }
        // Matches inside the cursor's own value come first: in a folded document it is indexed
        // before the search starts.
        unfold(rows[cursor].node)
        guard query.hasPrefix("re:") else {
            // Smart case, as in vim and less: a capital letter makes the search case-sensitive.
            let literal = JSONTextQuery(query, ignoringASCIICase: !query.contains(where: \.isUppercase))
            var start = rows[cursor].node
            while let literal, let found = document.nextNode(after: start, forward: forward, containing: literal) {
                guard document.isFolded(found) else {
                    // Counted before `reveal`, which may unfold (and so renumber) the nodes.
                    let counted = countedPosition(of: found, among: literal)
                    reveal(found)
                    status.found = counted.map { StatusLine.FoundMatch(node: rows[cursor].node, position: $0.position, total: $0.total, revision: revision) }
                    return
                }
                // A match may be inside: index it and look again from the same place.
                guard unfold(found), let change = document.lastChange else { return }
                start = change.newNode(start) ?? start
            }
            say("no match for \(query)", error: true)
            return
        }
        let regex: Regex<AnyRegexOutput>
        do {
            regex = try Regex(String(query.dropFirst(3)))
        } catch {
            say("invalid regular expression: \(error)", error: true)
            return
        }
        // A regular expression is tried on every key and value in turn (no byte scan can pre-filter
        // it); a folded container is tried on a parse of its text alone, and indexed only when
        // something inside it matches.
        func matches(_ node: Node, in document: JSONDocument) -> (key: Bool, value: Bool) {
            let key = document.key(node).map { $0.contains(regex) } ?? false
            let value = !document.kind(node).isContainer && (document.string(node) ?? document.rawText(node)).contains(regex)
            return (key, value)
        }
        func insideMatches(_ node: Node) -> Bool {
            guard let inside = try? JSONDocument(bytes: document.rawBytes(node), options: document.valueOptions) else { return false }
            return (1..<inside.nodeCount).contains { let found = matches(Node(id: $0), in: inside); return found.key || found.value }
        }
        var id = rows[cursor].node.id
        // Every node once, the cursor's last; unfolds add the nodes they index.
        var left = document.nodeCount
        while left > 0 {
            left -= 1
            let count = document.nodeCount
            id = forward ? (id + 1) % count : (id - 1 + count) % count
            let node = Node(id: id)
            let found = matches(node, in: document)
            if found.key || found.value, forward || !document.isFolded(node) { return reveal(node) }
            guard document.isFolded(node), insideMatches(node) else {
                if found.key { return reveal(node) }  // backward: a folded container's own key, after its inside
                continue
            }
            guard unfold(node), let change = document.lastChange else { return }
            left += change.idDelta
            // Forward, its children come next; backward, they are tried (last first) before it.
            if !forward { id = document.subtreeEnd(node) }
            if !forward { left += 1 }
        }
        say("no match for \(query)", error: true)
    }

    /// Where a find landed among all the matches (the status line shows `match 3 of 17`) — counted
    /// in a document under 16 MiB (a pass over its bytes per key, a few milliseconds); not in a
    /// larger one, or one with folded containers that may hold matches.
    private func countedPosition(of node: Node, among literal: JSONTextQuery) -> (position: Int, total: Int)? {
        guard document.text.count < 16 << 20 else { return nil }
        return document.matchPosition(of: node, query: literal)
    }

    /// "match 3 of 17" while the cursor is on the last find's match and the document is as it was.
    var foundMatchText: String? {
        guard let found = status.found, found.revision == revision, !rows.isEmpty, rows[cursor].node == found.node else { return nil }
        return "match \(found.position) of \(found.total)"
    }
}
