import LosslessJSON

/// The person's unsaved edits as values at paths, to make again on a newer version of the
/// document ("the file changed on disk: reload and reapply").
public struct UnsavedEdits: Sendable, Hashable {
    /// One edited path (none inside another) and its value now; nil where it was removed.
    struct Entry: Sendable, Hashable {
        var path: JSONPath
        var value: JSONValue?
    }

    var values: [Entry]
}

extension BrowserState {
    /// The values at the paths the unsaved changes edited, or nil when they cannot be told (a
    /// change without a path, or undo past the last save followed by new changes).
    public func unsavedEdits() -> UnsavedEdits? {
        guard let changes = history.sinceSave else { return nil }
        var paths: [JSONPath] = []
        for change in changes {
            guard let path = change.path else { return nil }
            paths.append(path)
        }
        // An edit inside another edited value is carried by the outer one's value.
        let outermost = paths.filter { path in !paths.contains { $0 != path && $0.isAncestor(of: path) } }
        var seen = Set<JSONPath>()
        let unique = outermost.filter { seen.insert($0).inserted }
        return UnsavedEdits(values: unique.map { UnsavedEdits.Entry(path: $0, value: document.value(at: $0)) })
    }

    /// Makes `edits` again on this (freshly reloaded) document, each as an undoable change; then,
    /// with `save`, saves, unless one could not be made (that is said, and nothing is saved).
    public mutating func reapply(_ edits: UnsavedEdits, save: Bool = true) -> [Effect] {
        var failures: [String] = []
        for entry in edits.values {
            let (path, value) = (entry.path, entry.value)
            unfold(along: path)
            let exists = document.node(at: path) != nil
            let before = history.depth
            switch (value, exists) {
            case (let value?, true): applyUpdate(at: path, to: value, cursor: path)
            case (let value?, false): applyEdit(.set(at: path, to: value), cursor: path)
            case (nil, true): applyEdit(.remove(at: path), cursor: path.parent)
            case (nil, false): continue  // removed here too
            }
            if history.depth == before, document.value(at: path) != value { failures.append(path.description) }
        }
        guard failures.isEmpty else {
            say("reloaded; could not make again the edits at \(failures.joined(separator: ", ")) — nothing saved", error: true)
            return []
        }
        say("reloaded and made the edits again")
        return save ? [.save(path: nil, overrides: [])] : []
    }
}
