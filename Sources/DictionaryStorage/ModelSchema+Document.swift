import LosslessJSON

/// The one rule for where a model applies in a document: the root object, or each object element
/// of a root array. `keepsake validate --model`, the browser's choice of a model and its title
/// all follow it.
public enum ModelBinding {
    /// The nodes a model binds to, in order, with their paths (elements that are not objects are
    /// left out; so is a root that is neither an object nor an array).
    public static func objects(in document: JSONDocument) -> some Sequence<(path: JSONPath, node: JSONDocument.Node)> {
        let root = document.root
        let kind = document.kind(root)
        let elements = kind == .array ? document.children(root) : document.children(from: root, to: root.id)
        let rootOnly = kind == .object ? [(path: JSONPath.root, node: root)] : []
        return rootOnly + elements.enumerated().lazy
            .filter { document.kind($0.element) == .object }
            .map { (path: JSONPath([.index($0.offset)]), node: $0.element) }
    }

    /// The object a registry scores to choose a model: the first bound object, when small enough
    /// to decode at once (1 MB).
    public static func sample(in document: JSONDocument) -> JSONObject? {
        var iterator = objects(in: document).makeIterator()
        guard let first = iterator.next(), document.range(first.node).count < 1 << 20,
            !nests(first.node, deeperThan: sampleDepth, in: document),
            case .object(let object) = document.value(first.node)
        else { return nil }
        return object
    }

    /// How deep a sampled object may nest: a decoded value is freed by recursion (Swift's release of
    /// nested arrays), which a 100,000-deep object would take past the end of the stack.
    static let sampleDepth = 256

    /// Whether a value nests deeper than `limit` levels, walked with a stack of its own.
    static func nests(_ node: JSONDocument.Node, deeperThan limit: Int, in document: JSONDocument) -> Bool {
        var pending = [(node, 1)]
        while let (next, depth) = pending.popLast() {
            if depth > limit { return true }
            for child in document.children(next) where document.kind(child) == .object || document.kind(child) == .array {
                pending.append((child, depth + 1))
            }
        }
        return false
    }
}

extension ModelSchema {
    /// The findings of every object the model binds to in a document (`ModelBinding`), with paths
    /// from the document's root; `nil` when the document has nothing to bind (not an object, nor an
    /// array of objects).
    public func findings(in document: JSONDocument) -> [ValidationFinding]? {
        var found: [ValidationFinding] = []
        var bound = false
        for (path, node) in ModelBinding.objects(in: document) {
            bound = true
            guard case .object(let object) = document.value(node) else { continue }
            found += validate(object).map { $0.prefixed(by: path) }
        }
        return bound ? found : nil
    }
}

extension ModelRegistry {
    /// The best-matching schema for a document, scored on its first bound object (`ModelBinding`).
    public func bestMatch(for document: JSONDocument, threshold: Double = 0.5) -> ModelSchema? {
        ModelBinding.sample(in: document).flatMap { bestMatch(for: $0, threshold: threshold) }
    }
}
