import LosslessJSON

extension BrowserState {
    /// Goes to a path typed after `:` (jq or JSON Pointer), opening what it must; while a large
    /// file loads, once its value has loaded.
    mutating func goTo(_ text: String) {
        let path: JSONPath
        do {
            path = try JSONPath(parsing: text)
        } catch {
            say("\(error)", error: true)
            return
        }
        moveOrWait(.goTo(path))
    }

    /// Goes to a path, opening what it must, or says there is no value there.
    mutating func goTo(_ path: JSONPath) {
        if !goToIfLoaded(path) { say("no value at \(path.jq)", error: true) }
    }

    /// Goes to `path` if the document shown has a value there. On a part of a loading document,
    /// what is there stays (the whole only adds to it); should a later member repeat a key on the
    /// way, the cursor, kept by path, moves to it as it loads — as `node(at:)` on the whole would.
    mutating func goToIfLoaded(_ path: JSONPath) -> Bool {
        unfold(along: path)
        guard let node = document.node(at: path) else { return false }
        reveal(node)
        return true
    }

    /// Completes the last step of the path in a `:` prompt from the keys of the object before it:
    /// one match is written out, several are completed to what they share and listed on the hint line.
    mutating func complete(_ editor: LineEditor) -> LineEditor {
        let text = editor.text
        guard let (parentText, partial, isPointer) = Self.splitLastStep(text) else {
            status.completions = []
            return editor
        }
        let parentPath = try? JSONPath(parsing: parentText.isEmpty ? (isPointer ? "" : ".") : parentText)
        if let parentPath { unfold(along: parentPath) }
        guard let parentPath, let parent = document.node(at: parentPath) else {
            status.completions = ["no value at \(parentText.isEmpty ? "." : parentText)"]
            return editor
        }
        guard document.kind(parent) == .object else {
            let count = document.kind(parent) == .array ? document.childCount(parent) : 0
            status.completions = [count > 0 ? "indices 0…\(count - 1)" : "nothing to complete here"]
            return editor
        }
        var keys: [String] = []
        for child in document.children(parent) {
            if let key = document.key(child), key.hasPrefix(partial), !keys.contains(key) { keys.append(key) }
        }
        guard let first = keys.first else {
            status.completions = ["no key starts with \(escapedForDisplay(partial))"]
            return editor
        }
        var shared = first
        for key in keys.dropFirst() { shared = String(zip(shared, key).prefix { $0 == $1 }.map(\.0)) }
        status.completions = keys.count > 1 ? keys : []
        let step: String
        if isPointer {
            step = "/" + shared.replacingAll("~", with: "~0").replacingAll("/", with: "~1")
        } else if keys.count == 1 || JSONPath.isIdentifier(shared) {
            step = JSONPath([.key(shared)]).jq
        } else {
            step = ".\"" + JSONPath([.key(shared)]).jq.dropFirst(2).dropLast()  // an open quote: more may follow
        }
        return LineEditor(parentText + step)
    }

    /// A path's text split before its last step: the parent's text, the step's partial key
    /// (unescaped), and whether it is a JSON Pointer; `nil` for text that is not a path.
    static func splitLastStep(_ text: String) -> (parent: String, partial: String, isPointer: Bool)? {
        if text.hasPrefix("/") {
            guard let slash = text.lastIndex(of: "/") else { return nil }
            let partial = text[text.index(after: slash)...].replacingAll("~1", with: "/").replacingAll("~0", with: "~")
            return (String(text[..<slash]), partial, true)
        }
        guard text.hasPrefix(".") else { return nil }
        // The last '.' outside a quoted key starts the last step.
        var inQuotes = false
        var escaped = false
        var boundary = text.startIndex
        for index in text.indices {
            let c = text[index]
            if escaped { escaped = false; continue }
            if c == "\\" { escaped = true; continue }
            if c == "\"" { inQuotes.toggle(); continue }
            if !inQuotes, c == "." || c == "[" { boundary = index }
        }
        let step = text[boundary...]
        var partial = String(step.dropFirst())
        if partial.hasPrefix("\"") { partial = String(partial.dropFirst()).replacingAll("\\\"", with: "\"").replacingAll("\\\\", with: "\\") }
        if step.hasPrefix("[") { return nil }  // an index: nothing to complete from keys
        return (String(text[..<boundary]), partial, false)
    }

    /// Moves to the next (or previous) member with the same key as the cursor's, as jless's `*`/`#`.
    mutating func findSameKey(forward: Bool) {
        // Members inside the cursor's own value come first (see `findNext`).
        unfold(rows[cursor].node)
        var start = rows[cursor].node
        guard let key = document.key(start), let query = JSONTextQuery(key, ignoringASCIICase: false) else {
            say("\(forward ? "*" : "#"): move to an object member", error: true)
            return
        }
        var at = start
        while let found = document.nextNode(after: at, forward: forward, containing: query), found != start {
            if document.isFolded(found) {
                // The key may be inside: index it and look again from the same place.
                guard unfold(found), let change = document.lastChange else { return }
                start = change.newNode(start) ?? start
                at = change.newNode(at) ?? at
                continue
            }
            if document.memberHasKey(found, key) {
                reveal(found)
                return
            }
            at = found
        }
        say("no other member has the key \(escapedForDisplay(key))")
    }
}

extension StringProtocol {
    /// The text with every occurrence of `target` replaced (no Foundation in this module).
    func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return String(self) }
        var out = ""
        var rest = Substring(self)
        while let range = rest.firstRange(of: target) {
            out += rest[..<range.lowerBound]
            out += replacement
            rest = rest[range.upperBound...]
        }
        return out + rest
    }
}
