import LosslessJSON

/// One document of a YAML stream, addressed by JSON paths (`.jobs.build.steps[0]`) and edited in
/// place: an edit replaces, cuts or inserts one run of bytes and leaves the rest of the stream —
/// other documents, comments, spacing, quoting — as it was.
public struct YAMLDocument: Sendable {
    /// The whole stream the document is part of.
    public let stream: YAMLStream
    /// The document's position in the stream (0-based).
    public let number: Int

    /// The document `number` of `stream`; an empty stream has one document, `null`.
    public init(_ stream: YAMLStream, document number: Int = 0) throws(YAMLDocumentError) {
        guard number == 0 || number < stream.documents.count else {
            throw .noSuchDocument(number, count: stream.documents.count)
        }
        self.stream = stream
        self.number = number
    }

    /// The root node, or nil for an empty document (`null`).
    public var root: Int? { number < stream.documents.count ? stream.documents[number].root : nil }

    /// The document's value as JSON's data.
    public func value() throws(YAMLParseError) -> JSONValue {
        try stream.value(ofDocument: number)
    }

    /// The value at a path (an empty document's root is `null`).
    public func value(at path: JSONPath) throws(YAMLDocumentError) -> JSONValue {
        if root == nil, path.isRoot { return .null }
        let location = try locate(path)
        do {
            return try stream.value(of: location.node)
        } catch {
            throw .invalid(error)
        }
    }

    /// Where the value at a path is written.
    public struct Location: Sendable, Equatable {
        /// The value's node as written at the path (an alias, when one is).
        public var node: Int
        /// The node holding the data: `node`, or the node an alias names.
        public var target: Int
        /// For a mapping's member, its key's node.
        public var key: Int?
        /// The collection the value is an entry of (nil for the root).
        public var container: Int?
        /// Aliases the path went through: an edit there changes the anchored node, which every
        /// alias of it shares.
        public var aliasesPassed: [Int]
        /// Whether the member came from a mapping `<<` merges.
        public var merged: Bool
    }

    /// Where the value at a path is written, through aliases and `<<` merges.
    public func locate(_ path: JSONPath) throws(YAMLDocumentError) -> Location {
        guard let root else {
            if path.isRoot { throw .emptyDocument }
            throw .noValue(path, "the document is empty")
        }
        var location = Location(node: root, target: resolved(root), key: nil, container: nil, aliasesPassed: root == resolved(root) ? [] : [root], merged: false)
        for (depth, component) in path.components.enumerated() {
            let collection = location.target
            let here = JSONPath(Array(path.components[0..<depth]))
            var next: (key: Int?, value: Int, merged: Bool)
            switch stream.nodes[collection].kind {
            case .mapping:
                guard case .key(let key) = component else { throw .noValue(path, "\(here) is a mapping: index it by key") }
                guard let member = try member(key, of: collection) else { throw .noValue(path, "\(here) has no key \(JSONWriter.quoted(key))") }
                next = member
            case .sequence:
                guard let index = component.arrayIndex else { throw .noValue(path, "\(here) is a sequence: index it by number") }
                let entries = stream.entries(of: collection)
                guard index < entries.count else { throw .noValue(path, "\(here) has \(entries.count) entries") }
                next = (nil, entries[index], false)
            default:
                throw .noValue(path, "\(here) is a scalar")
            }
            let target = resolved(next.value)
            location = Location(
                node: next.value, target: target, key: next.key, container: collection,
                aliasesPassed: location.aliasesPassed + (target == next.value ? [] : [next.value]), merged: location.merged || next.merged)
        }
        return location
    }

    /// The node an alias names (followed to a node that is not one), or the node itself.
    func resolved(_ node: Int) -> Int {
        var current = node
        var steps = 0
        while case .alias = stream.nodes[current].kind, let target = stream.nodes[current].target, steps < stream.nodes.count {
            current = target
            steps += 1
        }
        return current
    }

    /// The member of a mapping with `key` (written keys first — the last of them, as JSON's data
    /// reads a name two keys share (`1` and `"1"`) — then the mappings `<<` merges, the earliest
    /// first), as its key and value nodes.
    func member(_ key: String, of mapping: Int) throws(YAMLDocumentError) -> (key: Int?, value: Int, merged: Bool)? {
        let entries = stream.entries(of: mapping)
        var merges: [Int] = []
        var written: (key: Int?, value: Int, merged: Bool)?
        for pair in stride(from: 0, to: entries.count - 1, by: 2) {
            if stream.isMergeKey(entries[pair]) {
                merges.append(entries[pair + 1])
            } else if try keyText(entries[pair]) == key {
                written = (entries[pair], entries[pair + 1], false)
            }
        }
        if let written { return written }
        for merge in merges {
            let source = resolved(merge)
            let mappings: [Int]
            switch stream.nodes[source].kind {
            case .mapping: mappings = [source]
            case .sequence: mappings = stream.entries(of: source).map(resolved)
            default: mappings = []
            }
            for merged in mappings {
                guard case .mapping = stream.nodes[merged].kind else { continue }
                if let found = try member(key, of: merged) { return (found.key, found.value, true) }
            }
        }
        return nil
    }

    /// A key as JSON's data names it: a string's text, another scalar's text, a collection's JSON.
    func keyText(_ node: Int) throws(YAMLDocumentError) -> String {
        // A scalar's name is its text, whatever its type: no value needs making.
        if case .scalar = stream.nodes[resolved(node)].kind { return stream.text(of: resolved(node)) }
        let value: JSONValue
        do {
            value = try stream.value(of: node)
        } catch {
            throw .invalid(error)
        }
        switch (value, stream.nodes[resolved(node)].kind) {
        case (.string(let text), _): return text
        case (_, .scalar): return stream.text(of: resolved(node))
        default: return JSONWriter.serialize(value)
        }
    }

}

/// Why a path could not be read or an edit made in a YAML document.
public enum YAMLDocumentError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `--document N` past the stream's documents.
    case noSuchDocument(Int, count: Int)
    /// The document holds nothing (an edit of its root writes a whole value).
    case emptyDocument
    /// Nothing at the path, and why.
    case noValue(JSONPath, String)
    /// The text is not YAML, or its data is not JSON's.
    case invalid(YAMLParseError)
    /// The edit cannot be made in place, and why (nothing was changed).
    case cannotEdit(String)

    public var description: String {
        switch self {
        case .noSuchDocument(let number, let count): "the stream holds \(count) document\(count == 1 ? "" : "s") (numbered from 0): there is no document \(number)"
        case .emptyDocument: "the document is empty"
        case .noValue(let path, let reason): "no value at \(path): \(reason)"
        case .invalid(let error): error.description
        case .cannotEdit(let reason): reason
        }
    }
}
