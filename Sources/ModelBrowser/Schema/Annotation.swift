import DictionaryStorage
import LosslessJSON

/// What one frame (or one key) has already worked out: contexts of nodes, and the decoded small
/// objects that several rows under one parent would otherwise each decode again.
struct AnnotationCache {
    var contexts: [Node: SchemaContext] = [:]
    var values: [Node: JSONValue?] = [:]
}

/// How a row is shown: its type column, its kind, and any warning.
struct Annotation {
    enum Kind { case untyped, known, kept, warning }
    var kind: Kind
    /// The type as the description writes it (a Swift type for a model), "kept", a variant label, or empty.
    var typeText: String
    /// For a value the accessor cannot read: what the file holds and what the accessor returns.
    var warning: String?
    /// The field, when the row is a known field of a model.
    var field: FieldSchema?
    /// The path of the model object the field belongs to.
    var objectPath: JSONPath?
    /// The context of the row's own value (for its children).
    var context: SchemaContext
    /// Whether the row is a member no description claims (kept and written back untouched).
    var isUnknownMember = false

    static let untyped = Annotation(kind: .untyped, typeText: "", context: .none)
    static let unknownMember = Annotation(kind: .kept, typeText: "kept", context: .none, isUnknownMember: true)
}

extension BrowserState {
    /// The context of a row's value.
    func context(ofRow r: Int, cache: inout AnnotationCache) -> SchemaContext {
        let row = rows[r]
        return context(of: row.node, reachedBy: Expansion(parent: row.parent, index: row.index), cache: &cache)
    }

    /// The context of a node's value, resolved from the root (or the nearest node already resolved)
    /// down through its open ancestors: a loop over the ancestors, never a recursion, at any depth.
    func context(of node: Node, reachedBy expansion: Expansion, cache: inout AnnotationCache) -> SchemaContext {
        var chain: [(node: Node, parent: Node?)] = []
        var current = (node: node, parent: expansion.parent)
        var known: SchemaContext?
        while true {
            if let cached = cache.contexts[current.node] {
                known = cached
                break
            }
            chain.append(current)
            guard let parent = current.parent else { break }
            current = (parent, expanded[parent]?.parent)
        }
        var context = known ?? .none
        for link in chain.reversed() {
            if let parent = link.parent {
                context = annotate(link.node, parent: parent, parentContext: context, cache: &cache).context
            } else {
                context = SchemaContext(root: binding, kind: document.kind(link.node))
            }
            cache.contexts[link.node] = context
        }
        return context
    }

    /// The annotation of a row.
    func annotation(ofRow r: Int, cache: inout AnnotationCache) -> Annotation {
        let row = rows[r]
        guard let parent = row.parent else {
            let own = context(ofRow: r, cache: &cache)
            guard let label = own.rootLabel else { return Annotation(kind: .untyped, typeText: "", context: own) }
            return Annotation(kind: .known, typeText: label, context: own)
        }
        let parentContext = context(of: parent, reachedBy: expanded[parent] ?? .root, cache: &cache)
        return annotate(row.node, parent: parent, parentContext: parentContext, cache: &cache)
    }

    /// Annotates a child node given its parent's context.
    func annotate(_ child: Node, parent: Node, parentContext: SchemaContext, cache: inout AnnotationCache) -> Annotation {
        switch parentContext {
        case .none:
            return .untyped
        case .groupsByModelName:
            // A model's name: its values are models of that type, when it is registered.
            let type = document.key(child) ?? ""
            guard let schema = registry.schema(named: type) else { return Annotation(kind: .untyped, typeText: "records", context: .none) }
            return Annotation(kind: .known, typeText: "[\(type)] records", context: .each(schema))
        case .each(let schema):
            return Annotation(kind: .known, typeText: schema.name, context: .model(schema))
        case .arrayOf(let type), .dictionaryOf(let type):
            return annotateValue(child, type: type, field: nil, objectPath: nil, cache: &cache)
        case .model(let schema):
            return annotateMember(child, parent: parent, schema: schema, cache: &cache)
        case .variant(let variant):
            return annotateVariantMember(child, parent: parent, variant: variant, cache: &cache)
        }
    }

    /// A member of a polymorphic object: the tag, or the payload's fields (internal), or content.
    private func annotateVariantMember(_ child: Node, parent: Node, variant: VariantSchema, cache: inout AnnotationCache) -> Annotation {
        guard case .object(let object) = smallValue(parent, cache: &cache) else { return .untyped }
        let key = document.key(child) ?? ""
        let tag = variant.readTag(object).tagValue
        let known = tag.flatMap(variant.case(tagged:))
        switch variant.encoding {
        case .internal(let discriminator):
            if key == discriminator { return Annotation(kind: .known, typeText: "tag", context: .none) }
            if let known, case .model(let payload) = known.payload {
                return annotateMember(child, parent: parent, schema: payload, cache: &cache)
            }
        case .adjacent(let tagKey, let contentKey):
            if key == tagKey { return Annotation(kind: .known, typeText: "tag", context: .none) }
            if key == contentKey, let known {
                switch known.payload {
                case .model(let payload): return Annotation(kind: .known, typeText: payload.name, context: .model(payload))
                case .value(let type): return annotateValue(child, type: type, field: nil, objectPath: nil, cache: &cache)
                default: return Annotation(kind: .known, typeText: "content", context: .none)
                }
            }
        case .external:
            if let known, case .model(let payload) = known.payload {
                return Annotation(kind: .known, typeText: payload.name, context: .model(payload))
            }
        }
        return .unknownMember
    }

    private func annotateMember(_ child: Node, parent: Node, schema: ModelSchema, cache: inout AnnotationCache) -> Annotation {
        let key = document.key(child) ?? ""
        let parentPath = pathOfNode(parent)
        if let field = schema.fields.first(where: { !$0.isFlattened && ($0.path.components.first == .key(key) || $0.legacyKeys.contains(key)) }) {
            return annotateValue(child, type: field.type, field: field, objectPath: parentPath, parent: parent, cache: &cache)
        }
        // Keys of flattened members belong to their models.
        for field in schema.fields where field.isFlattened && field.ownedKeys.contains(key) {
            if case .model(let inner) = SchemaContext(field.type, registry: registry) {
                return annotateMember(child, parent: parent, schema: inner, cache: &cache)
            }
            return Annotation(kind: .known, typeText: field.type.description, field: field, objectPath: parentPath, context: .none)
        }
        return .unknownMember
    }

    private func annotateValue(
        _ child: Node, type: FieldType, field: FieldSchema?, objectPath: JSONPath?, parent: Node? = nil, cache: inout AnnotationCache
    ) -> Annotation {
        let context = SchemaContext(type, registry: registry)
        var typeText = field?.typeText ?? type.description
        var kind = Annotation.Kind.known
        var warning: String?
        if case .variant(let variant) = context, case .object(let object) = smallValue(child, cache: &cache) {
            switch variant.readTag(object) {
            case .tag(let tag):
                if let known = variant.case(tagged: tag) {
                    typeText = "\(variant.name).\(known.name)"
                } else {
                    typeText = "\(variant.name).\(variant.fallbackCase)(\(JSONWriter.quoted(tag)))"
                    kind = .kept
                }
            default:
                typeText = "\(variant.name).\(variant.fallbackCase)"
                kind = .kept
            }
        }
        // Does the accessor read what the file holds? (Only for objects small enough to check per frame;
        // the object is decoded once per frame for all its rows.)
        guard let field, let parent, case .object(let object) = smallValue(parent, cache: &cache) else {
            return Annotation(kind: kind, typeText: typeText, warning: warning, field: field, objectPath: objectPath, context: context)
        }
        if field.isPresent(in: object), !field.reads(object) {
            kind = .warning
            let returned = field.value(in: object).map { JSONWriter.serialize($0) } ?? "nil"
            warning = "file has \(truncated(escapedForDisplay(document.rawText(child)), to: 24)): not \(field.typeText), reads as \(returned)"
        } else if case .enumeration(_, let known, true) = field.type.unwrapped, case .string(let raw)? = object[document.key(child) ?? ""],
            !known.contains(raw)
        {
            kind = .kept
            typeText = field.typeText + " (unknown value)"
        }
        return Annotation(kind: kind, typeText: typeText, warning: warning, field: field, objectPath: objectPath, context: context)
    }

    /// A node's value when it is small enough to decode for every frame (else `nil`), decoded once per cache.
    func smallValue(_ node: Node, cache: inout AnnotationCache) -> JSONValue? {
        if let known = cache.values[node] { return known }
        let value = document.range(node).count <= 64 * 1024 ? document.value(node) : nil
        cache.values[node] = value
        return value
    }
}

extension FieldType {
    /// The type inside any optionals.
    var unwrapped: FieldType {
        var type = self
        while case .optional(let wrapped) = type { type = wrapped }
        return type
    }
}
