import LosslessJSON

/// What JSON's reading of a value leaves out, for messages about it (a schema's finding is about
/// JSON's data; the person reads YAML): a tag other than the core schema's, and a key that is
/// not a string.
extension YAMLDocument {
    /// The core schema's tags, which choose a JSON type and so lose nothing.
    private static let heldTags: Set<String> = ["!", "tag:yaml.org,2002:str", "tag:yaml.org,2002:int", "tag:yaml.org,2002:float",
        "tag:yaml.org,2002:bool", "tag:yaml.org,2002:null", "tag:yaml.org,2002:seq", "tag:yaml.org,2002:map"]

    /// Keywords whose findings are about a mapping's keys.
    private static let keyKeywords: Set<Substring> = ["propertyNames", "additionalProperties", "unevaluatedProperties", "patternProperties"]

    /// A sentence naming what the YAML says at `path` that its data as JSON does not — the value's
    /// tag (`!Ref`), its key's type (`1`, `true`, `null`, a collection), and for a finding about a
    /// mapping's keys (`keyword`, a keyword location) the keys that are not strings — or nil when
    /// nothing is left out. A path that leads nowhere has no note (the finding says enough).
    public func note(at path: JSONPath, keyword: String? = nil) -> String? {
        guard let location = try? locate(path) else { return nil }
        var notes: [String] = []
        if let tag = stream.tag(of: location.target) ?? stream.tag(of: location.node),
            let resolved = stream.resolvedTag(of: location.target) ?? stream.resolvedTag(of: location.node),
            !Self.heldTags.contains(resolved) {
            notes.append("in the YAML the value is tagged \(tag), which JSON's data does not hold")
        }
        if let key = location.key, let keyValue = try? stream.value(of: key), let kind = Self.nonStringKind(keyValue), let text = try? keyText(key) {
            notes.append("its key \(stream.text(stream.nodes[key].range)) is \(kind) in the YAML, read as the string \(JSONWriter.quoted(text))")
        }
        if let keyword, let last = keyword.split(separator: "/").last, Self.keyKeywords.contains(last), case .mapping = stream.nodes[location.target].kind {
            let entries = stream.entries(of: location.target)
            let keys = stride(from: 0, to: entries.count - 1, by: 2).map { entries[$0] }.filter { key in
                (try? stream.value(of: key)).flatMap(Self.nonStringKind) != nil
            }
            if !keys.isEmpty {
                let written = keys.map { stream.text(stream.nodes[$0].range) }.joined(separator: ", ")
                notes.append("in the YAML the key\(keys.count == 1 ? "" : "s") \(written) \(keys.count == 1 ? "is not a string" : "are not strings"), read as \(keys.count == 1 ? "its text" : "their text")")
            }
        }
        return notes.isEmpty ? nil : notes.joined(separator: "; ")
    }

    private static func nonStringKind(_ value: JSONValue) -> String? {
        switch value {
        case .string: nil
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .array: "a sequence"
        case .object: "a mapping"
        }
    }
}
