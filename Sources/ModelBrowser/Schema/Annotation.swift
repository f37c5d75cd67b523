import DictionaryStorage
import LosslessJSON

/// What one frame (or one key) has already worked out: contexts of nodes, and the decoded small
/// objects that several rows under one parent would otherwise each decode again.
struct AnnotationCache {
    var contexts: [Node: SchemaContext] = [:]
    var values: [Node: JSONValue?] = [:]
    /// Models as they apply to one object (a schema's conditionals and branches), by the object's node.
    var resolved: [Node: ModelSchema] = [:]
}

/// How a row is shown: its type column, its kind, and any warning.
struct Annotation {
    enum Kind { case untyped, known, kept, warning, disabled }
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
    /// The type the value is described with (a field's, an element's, a map value's), if any.
    var valueType: FieldType?
    /// The variant a polymorphic value reads as (its case, or the fallback case), when it is one.
    var variant: String?
    /// What the schema says of a value typed by its own kind (an element of a union), when it says it.
    var summary: String?
    /// Whether the row is a member no description claims (kept and written back untouched).
    var isUnknownMember = false

    static let untyped = Annotation(kind: .untyped, typeText: "", context: .none)
    static let unknownMember = Annotation(kind: .kept, typeText: "kept", context: .none, isUnknownMember: true)
    static let disallowedMember = Annotation(
        kind: .warning, typeText: "not allowed", warning: "the schema allows no other keys here", context: .none, isUnknownMember: true)
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
                context = SchemaContext(root: binding, kind: document.kind(link.node), registry: registry)
            }
            cache.contexts[link.node] = context
        }
        return context
    }

    /// The annotation of a row.
    func annotation(ofRow r: Int, cache: inout AnnotationCache) -> Annotation {
        let row = rows[r]
        if let name = row.missingField { return placeholderAnnotation(object: row.node, field: name, cache: &cache) }
        if let member = row.disabled { return disabledAnnotation(object: row.node, member: member, cache: &cache) }
        guard let parent = row.parent else {
            let own = context(ofRow: r, cache: &cache)
            guard let label = own.rootLabel else { return Annotation(kind: .untyped, typeText: "", context: own) }
            let missing = missingRequired(row.node, context: own, cache: &cache)
            return Annotation(kind: missing == nil ? .known : .warning, typeText: label, warning: missing, context: own)
        }
        let parentContext = context(of: parent, reachedBy: expanded[parent] ?? .root, cache: &cache)
        return annotate(row.node, parent: parent, parentContext: parentContext, cache: &cache)
    }

    /// A placeholder's annotation: the missing field's type, as a warning.
    private func placeholderAnnotation(object: Node, field name: String, cache: inout AnnotationCache) -> Annotation {
        let context = context(of: object, reachedBy: expanded[object] ?? .root, cache: &cache)
        let field = objectModel(of: object, context: context, cache: &cache).flatMap { resolvedModel($0, at: object, cache: &cache).field(named: name) }
        return Annotation(
            kind: .warning, typeText: field?.typeText ?? "", warning: "required; ⏎ adds it", field: field, objectPath: pathOfNode(object),
            context: .none)
    }

    /// A member commented out: typed by the object's model as a live one would be, marked off.
    private func disabledAnnotation(object: Node, member: DisabledMember, cache: inout AnnotationCache) -> Annotation {
        let context = context(of: object, reachedBy: expanded[object] ?? .root, cache: &cache)
        let field = objectModel(of: object, context: context, cache: &cache).flatMap { resolvedModel($0, at: object, cache: &cache).field(named: member.key) }
        return Annotation(kind: .disabled, typeText: field?.typeText ?? "off", field: field, objectPath: pathOfNode(object), context: .none)
    }

    /// Annotates a child node given its parent's context.
    func annotate(_ child: Node, parent: Node, parentContext: SchemaContext, cache: inout AnnotationCache) -> Annotation {
        switch parentContext {
        case .none:
            return .untyped
        case .groupsByModelName:
            // A record type: its records are of the type its kept schema describes, else of the
            // model registered under its name.
            let type = document.key(child) ?? ""
            if let described = recordTypes[type] {
                return Annotation(kind: .known, typeText: "[\(type)] records", context: SchemaContext(described, registry: registry))
            }
            guard let schema = registry.schema(named: type) else { return Annotation(kind: .untyped, typeText: "records", context: .none) }
            return Annotation(kind: .known, typeText: "[\(type)] records", context: .each(schema))
        case .each(let schema):
            return Annotation(kind: .known, typeText: schema.name, context: .model(schema))
        case .arrayOf(let type), .dictionaryOf(let type):
            return annotateValue(child, type: type, field: nil, objectPath: nil, cache: &cache)
        case .model(let schema):
            // A model's members are an object's: an array where the schema also allows one has none.
            guard document.kind(parent) == .object else { return .untyped }
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
                case .fields(let labelled):
                    let fields = labelled.map { label, type in
                        FieldSchema(name: label, path: [.key(label)], typeText: type.description, type: type, accessor: .json(at: [label], type: type, name: label))
                    }
                    let content = ModelSchema(name: "\(variant.name).\(known.name)", fields: fields)
                    return Annotation(kind: .known, typeText: content.name, context: .model(content))
                case .none: return Annotation(kind: .known, typeText: "content", context: .none)
                }
            }
        case .external:
            if let known, case .model(let payload) = known.payload {
                return Annotation(kind: .known, typeText: payload.name, context: .model(payload))
            }
        }
        return .unknownMember
    }

    /// A model as it applies to the object at a node (resolved once per frame).
    func resolvedModel(_ schema: ModelSchema, at node: Node, cache: inout AnnotationCache) -> ModelSchema {
        guard schema.resolver != nil else { return schema }
        if let known = cache.resolved[node], known.name.hasPrefix(schema.name) { return known }
        guard case .object(let object) = smallValue(node, cache: &cache) else { return schema }
        let resolved = schema.resolved(for: object)
        cache.resolved[node] = resolved
        return resolved
    }

    private func annotateMember(_ child: Node, parent: Node, schema unresolved: ModelSchema, cache: inout AnnotationCache) -> Annotation {
        let schema = resolvedModel(unresolved, at: parent, cache: &cache)
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
        return schema.disallowsUnknownKeys ? .disallowedMember : .unknownMember
    }

    private func annotateValue(
        _ child: Node, type: FieldType, field: FieldSchema?, objectPath: JSONPath?, parent: Node? = nil, cache: inout AnnotationCache
    ) -> Annotation {
        var type = type
        var typeText = field?.typeText ?? type.description
        var summary: String?
        // A union typed per value: the branch this value's kind selects.
        if case .byValue(let typing) = type.unwrapped, let value = smallValue(child, cache: &cache), let typed = typing.resolve(value) {
            type = typed.type
            typeText = typed.typeText
            summary = typed.summary
        }
        let context = SchemaContext(type, registry: registry)
        var kind = Annotation.Kind.known
        var warning: String?
        var variantName: String?
        if case .variant(let variant) = context, case .object(let object) = smallValue(child, cache: &cache) {
            switch variant.readTag(object) {
            case .tag(let tag):
                if let known = variant.case(tagged: tag) {
                    typeText = "\(variant.name).\(known.name)"
                    variantName = known.name
                } else {
                    typeText = "\(variant.name).\(variant.fallbackCase)(\(JSONWriter.quoted(tag)))"
                    variantName = variant.fallbackCase
                    kind = .kept
                }
            default:
                typeText = "\(variant.name).\(variant.fallbackCase)"
                variantName = variant.fallbackCase
                kind = .kept
            }
        }
        if warning == nil, let missing = missingRequired(child, context: context, cache: &cache) {
            kind = .warning
            warning = missing
        }
        // An element or dictionary value of the wrong shape (its container's field may still read, skipping it).
        if field == nil, let value = smallValue(child, cache: &cache), !type.accepts(value), !takesScalar(type, value) {
            kind = .warning
            warning = "file has \(truncated(escapedForDisplay(document.rawText(child)), to: 24)): not \(type)"
        }
        // Does the accessor read what the file holds? (Only for objects small enough to check per frame;
        // the object is decoded once per frame for all its rows.)
        guard let field, let parent, case .object(let object) = smallValue(parent, cache: &cache) else {
            return Annotation(
                kind: kind, typeText: typeText, warning: warning, field: field, objectPath: objectPath, context: context, valueType: type, variant: variantName,
                summary: summary)
        }
        if field.isPresent(in: object), !field.reads(object) {
            kind = .warning
            if let problems = field.problems, let value = field.value(in: object), let problem = problems(value).first {
                warning = problem
            } else {
                let returned = field.value(in: object).map { JSONWriter.serialize($0) } ?? "nil"
                warning = "file has \(truncated(escapedForDisplay(document.rawText(child)), to: 24)): not \(field.typeText), reads as \(returned)"
            }
        } else if field.marksUnlistedValues, let value = object[document.key(child) ?? ""], field.type.unwrapped.isOpenChoice(without: value) {
            // A model's open enum keeps a case it does not know; a value a schema's pattern branch
            // takes (tsconfig's "es5") is simply known.
            kind = .kept
            typeText = field.typeText + " (unknown value)"
        }
        return Annotation(kind: kind, typeText: typeText, warning: warning, field: field, objectPath: objectPath, context: context, valueType: type, variant: variantName)
    }

    /// Whether a scalar is a model's other spelling (an object-or-string type's string).
    private func takesScalar(_ type: FieldType, _ value: JSONValue) -> Bool {
        guard case .model(let name) = type.unwrapped, registry.schema(named: name)?.takesScalars == true else { return false }
        switch value {
        case .object, .array: return false
        default: return true
        }
    }

    /// "missing required: a, b" for an object of a model that requires fields it lacks.
    func missingRequired(_ node: Node, context: SchemaContext, cache: inout AnnotationCache) -> String? {
        guard case .model(let schema) = context, case .object(let object)? = smallValue(node, cache: &cache) else { return nil }
        let missing = resolvedModel(schema, at: node, cache: &cache).fields.filter { $0.isRequired && !$0.isPresent(in: object) }.map(\.name)
        return missing.isEmpty ? nil : "missing required: " + missing.joined(separator: ", ")
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
    /// Whether the type is an open enumeration (or choice) whose menu does not offer `value`.
    func isOpenChoice(without value: JSONValue) -> Bool {
        switch (self, value) {
        case (.enumeration(_, let known, true), .string(let raw)): !known.contains(raw)
        case (.choices(_, let values, true), _): !values.contains(value)
        default: false
        }
    }

}
