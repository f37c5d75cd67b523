import LosslessJSON

extension BrowserState {
    /// Moves to the next (or previous) node whose key or value holds the last search, wrapping.
    mutating func findNext(forward: Bool) {
        guard let query = lastSearch, !query.isEmpty else {
            say("no search yet: press /", error: true)
            return
        }
        let start = rows[cursor].node
        guard query.hasPrefix("re:") else {
            // Smart case, as in vim and less: a capital letter makes the search case-sensitive.
            let literal = JSONTextQuery(query, ignoringASCIICase: !query.contains(where: \.isUppercase))
            if let literal, let found = document.nextNode(after: start, forward: forward, containing: literal) {
                reveal(found)
            } else {
                say("no match for \(query)", error: true)
            }
            return
        }
        let regex: Regex<AnyRegexOutput>
        do {
            regex = try Regex(String(query.dropFirst(3)))
        } catch {
            say("invalid regular expression: \(error)", error: true)
            return
        }
        // A regular expression is tried on every key and value in turn (no byte scan can pre-filter it).
        let count = document.nodeCount
        var id = start.id
        for _ in 0..<count {
            id = forward ? (id + 1) % count : (id - 1 + count) % count
            let node = Node(id: id)
            let keyMatches = document.key(node).map { $0.contains(regex) } ?? false
            let valueMatches = !document.kind(node).isContainer && (document.string(node) ?? document.rawText(node)).contains(regex)
            if keyMatches || valueMatches {
                reveal(node)
                return
            }
        }
        say("no match for \(query)", error: true)
    }
}
