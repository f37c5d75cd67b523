import DictionaryStorage
import LosslessJSON

extension BrowserState {
    /// Describes the value at `path` and every value under it, in document order, as the browser's
    /// rows annotate them: each object's missing required members come right after the object.
    /// Returns false (describing nothing) when there is no value at `path`.
    ///
    /// The walk keeps one frame per open container, never a recursion and never a list of all the
    /// siblings, so any depth and any width is described in memory of the depth.
    public func describeValues(at path: JSONPath, _ emit: (ValueDescription) -> Void) -> Bool {
        var cache = AnnotationCache()
        var node = document.root
        let rootContext = SchemaContext(root: binding, kind: document.kind(node), registry: registry)
        // The root's row as the browser annotates it.
        let missing = missingRequired(node, context: rootContext, cache: &cache)
        var annotation = Annotation(
            kind: rootContext.rootLabel == nil ? .untyped : missing == nil ? .known : .warning, typeText: rootContext.rootLabel ?? "", warning: missing,
            context: rootContext)
        for component in path.components {
            guard let child = document.step(from: node, component) else { return false }
            annotation = annotate(child, parent: node, parentContext: annotation.context, cache: &cache)
            node = child
        }
        struct Frame {
            let parent: Node
            let path: JSONPath
            let context: SchemaContext
            let isObject: Bool
            var children: JSONDocument.Children
            var position = 0
            var cache = AnnotationCache()
        }
        var frames: [Frame] = []
        var next: (node: Node, path: JSONPath, annotation: Annotation)? = (node, path, annotation)
        while true {
            if let (node, path, annotation) = next {
                next = nil
                var own = AnnotationCache()
                emit(description(of: node, at: path, annotation, cache: &own))
                let kind = document.kind(node)
                if kind == .object { describeMissingMembers(of: node, at: path, context: annotation.context, cache: &own, emit) }
                if kind.isContainer {
                    frames.append(Frame(parent: node, path: path, context: annotation.context, isObject: kind == .object, children: document.children(node)))
                }
            }
            guard var frame = frames.popLast() else { return true }
            if let child = frame.children.next() {
                let step: JSONPath.Component = frame.isObject ? .key(document.key(child) ?? "") : .index(frame.position)
                frame.position += 1
                let annotation = annotate(child, parent: frame.parent, parentContext: frame.context, cache: &frame.cache)
                next = (child, frame.path.appending(step), annotation)
                frames.append(frame)
            }
        }
    }

    /// One value's description from its annotation.
    private func description(of node: Node, at path: JSONPath, _ annotation: Annotation, cache: inout AnnotationCache) -> ValueDescription {
        var described = ValueDescription(path: path, kind: document.kind(node))
        switch annotation.kind {
        case .untyped: break
        case .known, .disabled: described.status = .known
        case .kept: described.status = .kept
        case .warning: described.status = annotation.isUnknownMember ? .notAllowed : .known
        }
        if !annotation.typeText.isEmpty, !annotation.isUnknownMember { described.type = annotation.typeText }
        described.warning = annotation.warning
        described.variant = annotation.variant
        if let field = annotation.field {
            describe(field, in: &described)
        } else if let type = annotation.valueType {
            describeChoices(of: type, in: &described)
            described.description = annotation.summary
        }
        if case .model(let model) = annotation.context {
            if described.description == nil { described.description = model.help }
            // A schema's branch chosen for this object (`Name · branch`) is the variant it reads as.
            let resolved = resolvedModel(model, at: node, cache: &cache)
            if described.variant == nil, resolved.name.hasPrefix(model.name + " · ") {
                described.variant = String(resolved.name.dropFirst(model.name.count + 3))
            }
        }
        return described
    }

    /// What a field says: its menu, default and description.
    private func describe(_ field: FieldSchema, in described: inout ValueDescription) {
        describeChoices(of: field.type, in: &described)
        described.defaultText = field.defaultValue
        described.description = field.summary
    }

    /// The values a type's menu offers.
    private func describeChoices(of type: FieldType, in described: inout ValueDescription) {
        switch type.unwrapped {
        case .enumeration(_, let known, let isOpen):
            described.choices = known.map(JSONValue.string)
            described.takesOtherValues = isOpen
        case .choices(_, let values, let isOpen):
            described.choices = values
            described.takesOtherValues = isOpen
        default: break
        }
    }

    /// The required members an object lacks, each described by its field.
    private func describeMissingMembers(
        of object: Node, at path: JSONPath, context: SchemaContext, cache: inout AnnotationCache, _ emit: (ValueDescription) -> Void
    ) {
        guard case .model(let model) = context, case .object(let value)? = smallValue(object, cache: &cache) else { return }
        for field in resolvedModel(model, at: object, cache: &cache).fields where field.isRequired && !field.isPresent(in: value) {
            var described = ValueDescription(path: JSONPath(path.components + field.path.components), kind: nil)
            described.status = .missingRequired
            described.type = field.typeText
            describe(field, in: &described)
            emit(described)
        }
    }
}
