import LosslessJSON

/// What the browser shows of a YAML document: its data as JSON with comments, each member's and
/// item's YAML comments as `//` lines above it and after it, where the browser reads a member's
/// comments — so they show, move with their members and can be edited as JSON's are.
public enum YAMLProjection {
    /// The data as a JSON document with the comments (JSON5's spelling when it holds `.inf` or
    /// `.nan`).
    public static func document(of value: JSONValue, comments: [JSONPath: CommentTexts], options: JSONParseOptions) throws(DocumentSourceError) -> JSONDocument {
        var shownOptions = options
        shownOptions.syntax = holdsNonFiniteNumber(value) ? .json5 : .jsonc
        do {
            return try JSONDocument(text(of: value, comments: comments) + "\n", options: shownOptions)
        } catch {
            throw DocumentSourceError(.failed, "the data cannot be shown: \(error.message)")
        }
    }

    /// The text: two-space indentation; what holds no comment is written by `JSONWriter` at once.
    static func text(of value: JSONValue, comments: [JSONPath: CommentTexts]) -> String {
        var tree = CommentTree()
        for (path, texts) in comments { tree.insert(texts, at: path.components[...]) }
        var out = ""
        write(value, comments: tree, indent: "", into: &out)
        return out
    }

    /// Whether a value holds `.inf` or `.nan`, which only JSON5 spells.
    static func holdsNonFiniteNumber(_ value: JSONValue) -> Bool {
        var pending = [value]
        while let next = pending.popLast() {
            switch next {
            case .number(let number) where number.jsonLiteral == nil: return true
            case .array(let elements): pending += elements
            case .object(let object): pending += object.members.lazy.map(\.value)
            default: break
            }
        }
        return false
    }

    /// Comments along paths: only the branches leading to one.
    private struct CommentTree {
        var texts: CommentTexts?
        var children: [JSONPath.Component: CommentTree] = [:]

        mutating func insert(_ texts: CommentTexts, at path: ArraySlice<JSONPath.Component>) {
            guard let first = path.first else {
                self.texts = texts
                return
            }
            children[first, default: CommentTree()].insert(texts, at: path.dropFirst())
        }
    }

    /// Writes a value whose subtree holds comments. Recursion goes only as deep as a comment
    /// stands, and YAML's nesting is limited (`YAMLStream.depthLimit`).
    private static func write(_ value: JSONValue, comments: CommentTree, indent: String, into out: inout String) {
        let entries: [(component: JSONPath.Component, key: String?, value: JSONValue)]
        let brackets: (String, String)
        switch value {
        case .object(let object) where !comments.children.isEmpty && !object.members.isEmpty:
            entries = object.members.map { (.key($0.key), $0.key, $0.value) }
            brackets = ("{", "}")
        case .array(let elements) where !comments.children.isEmpty && !elements.isEmpty:
            entries = elements.enumerated().map { (.index($0.offset), nil, $0.element) }
            brackets = ("[", "]")
        default:
            out += JSONWriter.serialize(value, style: .pretty, baseIndent: indent)
            return
        }
        let inner = indent + "  "
        out += brackets.0 + "\n"
        for (position, entry) in entries.enumerated() {
            let child = comments.children[entry.component]
            for line in child?.texts?.leading ?? [] { out += inner + "// " + YAMLDocument.projected(line) + "\n" }
            out += inner
            if let key = entry.key { out += JSONWriter.key(key, style: .pretty) + ": " }
            if let child {
                write(entry.value, comments: child, indent: inner, into: &out)
            } else {
                out += JSONWriter.serialize(entry.value, style: .pretty, baseIndent: inner)
            }
            if position < entries.count - 1 { out += "," }
            if let trailing = child?.texts?.trailing { out += " // " + YAMLDocument.projected(trailing) }
            out += "\n"
        }
        out += indent + brackets.1
    }
}
