import DictionaryStorage
import LosslessJSON

/// What the model says about a node's value.
indirect enum SchemaContext {
    case none
    case model(ModelSchema)
    case arrayOf(FieldType)
    case dictionaryOf(FieldType)
    case variant(VariantSchema)
    /// A record store's root: type names, each an object of records by id.
    case recordTypes

    /// The context of a value of a field type.
    init(_ type: FieldType, registry: ModelRegistry) {
        switch type {
        case .optional(let wrapped), .flattened(let wrapped): self.init(wrapped, registry: registry)
        case .model(let name): self = registry.schema(named: name).map(SchemaContext.model) ?? .none
        case .array(let element): self = .arrayOf(element)
        case .dictionary(let value): self = .dictionaryOf(value)
        case .variants(let schema): self = .variant(schema)
        default: self = .none
        }
    }
}

/// What one frame (or one key) has already worked out: contexts of nodes, and the decoded small
/// objects that several rows under one parent would otherwise each decode again.
struct AnnotationCache {
    var contexts: [Int: SchemaContext] = [:]
    var values: [Int: JSONValue?] = [:]
}

/// How a row is shown: its type column, its kind, and any warning.
struct Annotation {
    enum Kind { case untyped, known, kept, warning }
    var kind: Kind
    /// The Swift type (known fields), "kept" (unknown fields), a variant label, or empty.
    var typeText: String
    /// For a value the accessor cannot read: what the file holds and what the accessor returns.
    var warning: String?
    /// The field, when the row is a known field of a model.
    var field: FieldSchema?
    /// The path of the model object the field belongs to.
    var objectPath: JSONPath?
    /// The context of the row's own value (for its children).
    var context: SchemaContext
}

extension BrowserState {
    /// The schema context of a node's value, found from the root through its expanded ancestors.
    func context(ofRow r: Int, cache: inout AnnotationCache) -> SchemaContext {
        let row = rows[r]
        return context(node: row.node, parent: row.parent, cache: &cache)
    }

    func context(node: Int, parent: Int, cache: inout AnnotationCache) -> SchemaContext {
        if let cached = cache.contexts[node] { return cached }
        let result: SchemaContext
        if parent < 0 {
            if isRecordStore { return .recordTypes }
            guard let model else { return .none }
            result = document.kind(JSONDocument.Node(id: 0)) == .array ? .arrayOf(.model(model.name)) : .model(model)
        } else {
            let grand = expanded[parent]?.parent ?? -1
            let parentContext = context(node: parent, parent: grand, cache: &cache)
            result = annotate(node: node, parent: parent, parentContext: parentContext, cache: &cache).context
        }
        cache.contexts[node] = result
        return result
    }

    /// The annotation of a row.
    func annotation(ofRow r: Int, cache: inout AnnotationCache) -> Annotation {
        let row = rows[r]
        if row.parent < 0 {
            let own = context(ofRow: r, cache: &cache)
            let label: String
            switch own {
            case .model(let schema): label = schema.name
            case .arrayOf(let type): label = "[\(type)]"
            default: label = ""
            }
            return Annotation(kind: label.isEmpty ? .untyped : .known, typeText: label, context: own)
        }
        let grand = expanded[row.parent]?.parent ?? -1
        let parentContext = context(node: row.parent, parent: grand, cache: &cache)
        return annotate(node: row.node, parent: row.parent, parentContext: parentContext, cache: &cache)
    }

    /// Annotates a child node given its parent's context.
    func annotate(node: Int, parent: Int, parentContext: SchemaContext, cache: inout AnnotationCache) -> Annotation {
        let child = JSONDocument.Node(id: node)
        switch parentContext {
        case .none:
            return Annotation(kind: .untyped, typeText: "", context: .none)
        case .recordTypes:
            // A type name: its records are models of that type, when it is registered.
            let type = document.key(child) ?? ""
            guard registry.schema(named: type) != nil else { return Annotation(kind: .untyped, typeText: "records", context: .none) }
            return Annotation(kind: .known, typeText: "[\(type)] records", context: .dictionaryOf(.model(type)))
        case .arrayOf(let type), .dictionaryOf(let type):
            return annotateValue(child, type: type, field: nil, objectPath: nil, cache: &cache)
        case .model(let schema):
            return annotateMember(child, parent: parent, schema: schema, cache: &cache)
        case .variant(let variant):
            // The variant object's members: the tag, or the payload's fields (internal), or content.
            let parentNode = JSONDocument.Node(id: parent)
            guard case .object(let object) = smallValue(parentNode, cache: &cache) else {
                return Annotation(kind: .untyped, typeText: "", context: .none)
            }
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
            return Annotation(kind: .kept, typeText: "kept", context: .none)
        }
    }

    private func annotateMember(_ child: JSONDocument.Node, parent: Int, schema: ModelSchema, cache: inout AnnotationCache) -> Annotation {
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
        return Annotation(kind: .kept, typeText: "kept", context: .none)
    }

    private func annotateValue(
        _ child: JSONDocument.Node, type: FieldType, field: FieldSchema?, objectPath: JSONPath?, parent: Int? = nil,
        cache: inout AnnotationCache
    ) -> Annotation {
        let context = SchemaContext(type, registry: registry)
        var typeText = field?.swiftType ?? type.description
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
        guard let field, let parent, case .object(let object) = smallValue(JSONDocument.Node(id: parent), cache: &cache) else {
            return Annotation(kind: kind, typeText: typeText, warning: warning, field: field, objectPath: objectPath, context: context)
        }
        if field.isPresent(in: object), !field.reads(object) {
            kind = .warning
            let returned = field.value(in: object).map { JSONWriter.serialize($0) } ?? "nil"
            warning = "file has \(truncated(escapedForDisplay(document.rawText(child)), to: 24)): not \(field.swiftType), reads as \(returned)"
        } else if case .enumeration(_, let known, true) = unwrapped(field.type), case .string(let raw)? = object[document.key(child) ?? ""],
            !known.contains(raw)
        {
            kind = .kept
            typeText = field.swiftType + " (unknown value)"
        }
        return Annotation(kind: kind, typeText: typeText, warning: warning, field: field, objectPath: objectPath, context: context)
    }

    private func unwrapped(_ type: FieldType) -> FieldType {
        if case .optional(let wrapped) = type { return unwrapped(wrapped) }
        return type
    }

    /// A node's value when it is small enough to decode for every frame (else `nil`), decoded once per cache.
    func smallValue(_ node: JSONDocument.Node, cache: inout AnnotationCache) -> JSONValue? {
        if let known = cache.values[node.id] { return known }
        let value = document.range(node).count <= 64 * 1024 ? document.value(node) : nil
        cache.values[node.id] = value
        return value
    }

    /// The path of an expanded (or root) node.
    func pathOfNode(_ node: Int) -> JSONPath {
        guard node > 0, let info = expanded[node] else { return .root }
        return path(node: node, parent: info.parent, index: info.index)
    }
}
