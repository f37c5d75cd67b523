import Foundation
import LosslessJSON

/// Compiles schema locations into `SchemaNode`s, without recursion: a node is made empty when
/// first named (by a parent or a reference) and filled from a work list, so cycles and any depth
/// are safe. References are resolved here, once; a malformed keyword is an error naming its place.
final class SchemaCompiler {
    let index: SchemaIndex
    /// Owns the nodes (released together, cycles and all).
    let graph = SchemaGraph()
    private var nodes: [SchemaLocation: SchemaNode] = [:]
    private var pending: [SchemaNode] = []
    /// Whether any compiled schema has an `unevaluated*` keyword (then annotations are collected).
    private(set) var usesUnevaluated = false
    /// Whether any compiled schema has `$dynamicRef` or `$recursiveRef` (whose targets depend on
    /// the path evaluation took, so a subtree cannot be checked again on its own).
    private(set) var usesDynamicReferences = false
    /// The references that could not be resolved (each left a failing part), in the order met.
    private(set) var unresolvedReferences: [SchemaLoadError] = []

    init(index: SchemaIndex) {
        self.index = index
    }

    /// The compiled schema at a location, with everything it reaches.
    func compile(_ location: SchemaLocation) throws(SchemaLoadError) -> SchemaNode {
        let root = node(for: location)
        while let next = pending.popLast() { try fill(next) }
        return root
    }

    /// The node of a location (made empty and queued the first time).
    func node(for location: SchemaLocation) -> SchemaNode {
        if let known = nodes[location] { return known }
        // The index's own copy of the location: its children, made from it, then compare with the
        // index's in one step (a shared parent) rather than token by token up to the root.
        let location = index.info.index(forKey: location).map { index.info.keys[$0] } ?? location
        let info = index.info[location] ?? index.nearestInfo(location)
        let node = SchemaNode(location: location, index: index, dialect: info?.dialect ?? index.defaultDialect, resource: info?.resource ?? location)
        nodes[location] = node
        graph.add(node)
        pending.append(node)
        return node
    }

    func fail(_ location: SchemaLocation, _ message: String) -> SchemaLoadError {
        var error = SchemaLoadError(.invalid, at: index.absolute(location), message)
        if let (line, column) = index.position(of: location) {
            error.line = line
            error.column = column
        }
        return error
    }

    // MARK: Filling a node

    private func fill(_ node: SchemaNode) throws(SchemaLoadError) {
        let location = node.location
        guard let value = index.value(at: location) else { throw fail(location, "no schema here") }
        switch value {
        case .bool(let b):
            // Draft 4 allows a boolean only as additionalItems or additionalProperties.
            let additional = ["additionalItems", "additionalProperties"].contains(location.last ?? "")
            guard node.dialect.allowsBooleanSchemas || additional else { throw fail(location, "a schema must be an object in \(node.dialect.rawValue)") }
            node.constant = b
            return
        case .object(let object):
            node.object = object
            try fill(node, from: object)
        default:
            throw fail(location, "a schema must be an object\(node.dialect.allowsBooleanSchemas ? " or a boolean" : "")")
        }
    }

    private func fill(_ node: SchemaNode, from object: JSONObject) throws(SchemaLoadError) {
        let location = node.location
        let dialect = node.dialect
        let info = index.info[location] ?? index.nearestInfo(location)
        let vocabularies = info?.vocabularies ?? dialect.defaultVocabularies
        let base = info?.base ?? URI("")
        func uses(_ vocabulary: Vocabulary) -> Bool { dialect < .draft2019 || vocabularies.contains(vocabulary) }
        var checks: [Check] = []
        var last: [Check] = []

        if dialect >= .draft2019, node.isResourceRoot, object["$recursiveAnchor"] == .bool(true) { node.recursiveAnchor = true }
        if dialect >= .draft2020, node.isResourceRoot {
            for (name, target) in index.dynamicAnchors[location] ?? [:] { node.dynamicAnchors[name] = self.node(for: target) }
        }

        // References.
        if case .string(let reference)? = object["$ref"] {
            checks.append(Check(keyword: "$ref", kind: .ref(try resolve(reference, against: base, at: location.appending("$ref")))))
            if dialect.refOverridesSiblings {
                node.checks = checks
                return
            }
        } else if object["$ref"] != nil {
            throw fail(location.appending("$ref"), "$ref must be a string (a URI reference)")
        }
        if dialect == .draft2019, case .string(let reference)? = object["$recursiveRef"] {
            usesDynamicReferences = true
            checks.append(Check(keyword: "$recursiveRef", kind: .recursiveRef(try resolve(reference, against: base, at: location.appending("$recursiveRef")))))
        }
        if dialect >= .draft2020, case .string(let reference)? = object["$dynamicRef"] {
            let resolved = base.resolving(reference)
            let target = try resolve(reference, against: base, at: location.appending("$dynamicRef"))
            let fragment = resolved.fragment.flatMap { $0.isEmpty || $0.hasPrefix("/") ? nil : $0 }
            usesDynamicReferences = true
            checks.append(Check(keyword: "$dynamicRef", kind: .dynamicRef(target, anchor: fragment)))
        }

        // Validation keywords.
        if uses(.validation) {
            try validationChecks(object, location: location, dialect: dialect, into: &checks)
        }
        if uses(.formatAnnotation) || uses(.formatAssertion), case .string(let format)? = object["format"] {
            checks.append(Check(keyword: "format", kind: .format(format)))
        }

        // Applicators.
        if uses(.applicator) {
            try applicatorChecks(object, location: location, dialect: dialect, into: &checks)
        }
        if dialect >= .draft2019, uses(dialect >= .draft2020 ? .unevaluated : .applicator) {
            if object["unevaluatedItems"] != nil {
                last.append(Check(keyword: "unevaluatedItems", kind: .unevaluatedItems(self.node(for: location.appending("unevaluatedItems")))))
                usesUnevaluated = true
            }
            if object["unevaluatedProperties"] != nil {
                last.append(Check(keyword: "unevaluatedProperties", kind: .unevaluatedProperties(self.node(for: location.appending("unevaluatedProperties")))))
                usesUnevaluated = true
            }
        }
        node.checks = checks + last
        if node.checks.isEmpty { node.constant = true }
    }

    /// A reference's target, compiled.
    private func resolve(_ reference: String, against base: URI, at location: SchemaLocation) throws(SchemaLoadError) -> Reference {
        let uri = base.resolving(reference)
        let result = Reference(uri: uri)
        func located(_ kind: SchemaLoadError.Kind, _ message: String) -> SchemaLoadError {
            var located = SchemaLoadError(kind, at: index.absolute(location), "cannot resolve \"\(reference)\": \(message)")
            if let (line, column) = index.position(of: location) {
                located.line = line
                located.column = column
            }
            return located
        }
        do {
            let target = try index.locate(uri)
            // A reference into something that is no schema (tslint's to an `items` array) is a
            // failing part too, as a document that cannot be had is.
            if let value = index.value(at: target), value.objectValue == nil, value.boolValue == nil {
                let what = switch value {
                case .array: "an array"
                case .string: "a string"
                case .number: "a number"
                default: "null"
                }
                let failure = located(.unresolvable(uri.description), "it names \(what), not a schema")
                result.unresolved = failure
                unresolvedReferences.append(failure)
                return result
            }
            result.target = node(for: target)
        } catch {
            let failure = located(error.kind, error.message)
            // A document that cannot be had leaves this reference a failing part, not the whole
            // schema a failure: a value it reaches is undecided, the rest is checked and typed.
            guard case .unresolvable = error.kind else { throw failure }
            result.unresolved = failure
            unresolvedReferences.append(failure)
        }
        return result
    }
}
