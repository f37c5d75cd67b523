import LosslessJSON

/// A stream's documents as JSON's data, by YAML 1.2's core schema: plain `null`, `~` and nothing
/// are null, `true`/`false` booleans, decimal, `0o` and `0x` integers and floats (`.inf`, `.nan`)
/// numbers, everything else and every quoted or block scalar a string. Aliases read as their
/// anchored node, `<<` merges mappings (keys written beside it win), a key that is not a string is
/// its text (or a collection's JSON). A document whose aliases would expand past
/// `expansionLimit` values is refused: it is never expanded into memory.
extension YAMLStream {
    /// The most values a document's aliases may expand to (a billion laughs is refused).
    public static let expansionLimit = 1_000_000
    /// The deepest aliases may nest values.
    public static let depthLimit = 1_024

    /// How JSON's reader takes a document's data back: as deep as `depthLimit` lets it nest, and
    /// as JSON5, which spells `.inf` and `.nan` (strict JSON cannot).
    public static let dataOptions = JSONParseOptions(maxDepth: depthLimit + 2, syntax: .json5)

    /// A document's data as a JSON document, for what works on JSON documents (a schema's check,
    /// a description).
    public static func dataDocument(_ value: JSONValue) throws(JSONParseError) -> JSONDocument {
        try JSONDocument(JSONWriter.serialize(value), options: dataOptions)
    }

    /// A document's value (`null` for an empty one, and for the first of an empty stream).
    public func value(ofDocument index: Int = 0) throws(YAMLParseError) -> JSONValue {
        guard index < documents.count, let root = documents[index].root else { return .null }
        var reading = ValueReading(stream: self)
        return try reading.value(root, depth: 0)
    }

    /// A node's value.
    public func value(of node: Int) throws(YAMLParseError) -> JSONValue {
        var reading = ValueReading(stream: self)
        return try reading.value(node, depth: 0)
    }
}

/// One reading of values: the budget of values made through aliases, and the aliases being read
/// (a node that holds an alias to itself cannot be JSON). Values written in the text are not
/// counted: the text bounds them (a document of a million written values is read).
private struct ValueReading {
    let stream: YAMLStream
    var expanded = 0
    var reading: Set<Int> = []

    mutating func value(_ index: Int, depth: Int) throws(YAMLParseError) -> JSONValue {
        let node = stream.nodes[index]
        if !reading.isEmpty { expanded += 1 }
        guard expanded <= YAMLStream.expansionLimit else {
            throw error(at: node, "aliases expand this document past \(YAMLStream.expansionLimit) values (an alias bomb?): not read")
        }
        guard depth < YAMLStream.depthLimit else { throw error(at: node, "values nest deeper than \(YAMLStream.depthLimit) levels") }
        switch node.kind {
        case .alias:
            guard let target = node.target else { throw error(at: node, "the alias *\(stream.text(of: index)) names no anchor before it") }
            guard reading.insert(target).inserted else { throw error(at: node, "the alias *\(stream.text(of: index)) is inside the node it names: JSON cannot hold a cycle") }
            defer { reading.remove(target) }
            return try value(target, depth: depth + 1)
        case .scalar(let style):
            return try scalar(index, style: style)
        case .sequence:
            var elements: [JSONValue] = []
            for entry in stream.entries(of: index) { elements.append(try value(entry, depth: depth + 1)) }
            return .array(elements)
        case .mapping:
            return .object(try mapping(index, depth: depth))
        }
    }

    /// A written member, or the mappings a `<<` merges where it stands.
    private enum Entry {
        case member(String, JSONValue)
        case merge([JSONObject])
    }

    private mutating func mapping(_ index: Int, depth: Int) throws(YAMLParseError) -> JSONObject {
        let nodes = stream.entries(of: index)
        var entries: [Entry] = []
        var written: Set<String> = []
        var identities: Set<String> = []
        for pair in stride(from: 0, to: nodes.count - 1, by: 2) {
            let (keyNode, valueNode) = (nodes[pair], nodes[pair + 1])
            if stream.isMergeKey(keyNode) {
                entries.append(.merge(try mergedMappings(valueNode, depth: depth)))
                continue
            }
            let key = try value(keyNode, depth: depth + 1)
            // Keys are told apart by their values: `1` and `"1"` are two keys, `a` and `"a"` one.
            let identity = JSONWriter.serialize(key)
            guard identities.insert(identity).inserted else {
                throw error(at: stream.nodes[keyNode], "the key \(identity) is already in this mapping (YAML keys are unique)")
            }
            // A scalar key that is not a string is its text; a collection key its JSON.
            let text: String
            if case .string(let string) = key {
                text = string
            } else if case .scalar = resolvedKind(keyNode) {
                text = scalarText(keyNode)
            } else {
                text = identity
            }
            written.insert(text)
            entries.append(.member(text, try value(valueNode, depth: depth + 1)))
        }
        // Merged members stand where `<<` was, each key once: written keys win, then the earliest
        // merged mapping's.
        var taken = written
        var members: [(String, JSONValue)] = []
        for entry in entries {
            switch entry {
            case .member(let key, let value): members.append((key, value))
            case .merge(let mappings):
                for mapping in mappings {
                    for member in mapping.members where taken.insert(member.key).inserted { members.append((member.key, member.value)) }
                }
            }
        }
        return JSONObject(members)
    }

    /// The mappings a `<<` value merges: a mapping, or a sequence of mappings (aliases read).
    private mutating func mergedMappings(_ index: Int, depth: Int) throws(YAMLParseError) -> [JSONObject] {
        switch try value(index, depth: depth + 1) {
        case .object(let object): return [object]
        case .array(let elements):
            var result: [JSONObject] = []
            for element in elements {
                guard case .object(let object) = element else { throw error(at: stream.nodes[index], "<< merges mappings: this sequence holds something else") }
                result.append(object)
            }
            return result
        default:
            throw error(at: stream.nodes[index], "<< merges a mapping or a sequence of mappings")
        }
    }

    private func resolvedKind(_ index: Int) -> YAMLNode.Kind {
        let node = stream.nodes[index]
        if case .alias = node.kind, let target = node.target { return stream.nodes[target].kind }
        return node.kind
    }

    private func scalarText(_ index: Int) -> String {
        let node = stream.nodes[index]
        if case .alias = node.kind, let target = node.target { return stream.text(of: target) }
        return stream.text(of: index)
    }

    private func scalar(_ index: Int, style: YAMLNode.ScalarStyle) throws(YAMLParseError) -> JSONValue {
        let node = stream.nodes[index]
        let text = stream.text(of: index)
        let core = "tag:yaml.org,2002:"
        let tag = stream.resolvedTag(of: index).map { $0.hasPrefix(core) ? "!!" + $0.dropFirst(core.count) : $0 }
        switch tag {
        case nil where style == .plain: return YAMLCoreSchema.resolve(text)
        case "!!null":
            guard case .null = YAMLCoreSchema.resolve(text) else { throw error(at: node, "!!null holds \(text.debugDescription), not null") }
            return .null
        case "!!bool":
            guard case .bool(let flag) = YAMLCoreSchema.resolve(text) else { throw error(at: node, "!!bool holds \(text.debugDescription), not true or false") }
            return .bool(flag)
        case "!!int":
            guard let number = YAMLCoreSchema.integer(text) else { throw error(at: node, "!!int holds \(text.debugDescription), not an integer") }
            return .number(number)
        case "!!float":
            guard let number = YAMLCoreSchema.integer(text) ?? YAMLCoreSchema.float(text) else {
                throw error(at: node, "!!float holds \(text.debugDescription), not a number")
            }
            return .number(number)
        default:
            // `!!str`, a quoted or block scalar, `!` and application tags (`!Ref`): the text.
            return .string(text)
        }
    }

    private func error(at node: YAMLNode, _ message: String) -> YAMLParseError {
        stream.error(message, at: node.range.lowerBound)
    }
}

extension YAMLStream {
    /// Whether a node is a merge key: a plain `<<` (untagged or `!!merge`).
    func isMergeKey(_ index: Int) -> Bool {
        guard case .scalar(.plain) = nodes[index].kind, nodes[index].contentRange.count == 2, text(of: index) == "<<" else { return false }
        let tag = resolvedTag(of: index)
        return tag == nil || tag == "tag:yaml.org,2002:merge"
    }
}
