import LosslessJSON

/// A schema as the browser's checker: the whole document when it opens, then after each edit only
/// what the edit can affect. From the root along the edited path, each level whose keywords look at
/// the child only through `properties`, `patternProperties`, `additionalProperties`, `items`,
/// `prefixItems` or `unevaluated*` (and at itself only by its shape: types, counts, required keys)
/// hands the check down to the child; the deepest value reached is checked again against the
/// subschemas that apply to it, and its earlier problems from those subschemas are replaced. A
/// level with `anyOf`, `oneOf`, `not`, `if`, `enum`, `const`, `contains` or `uniqueItems` (whose
/// verdict can change with anything below) is checked again whole. A record in a gigabyte array
/// is checked alone.
public struct SchemaChecker: DocumentChecker {
    /// The schema.
    public let schema: JSONSchema
    public let name: String

    /// A checker for a schema.
    public init(_ schema: JSONSchema, name: String) {
        self.schema = schema
        self.name = name
    }

    public func problems(in document: JSONDocument) -> [DocumentProblem] {
        let report = schema.validate(document)
        return (report.errors + report.undecided).map(DocumentProblem.init)
    }

    public func problems(in document: JSONDocument, changedAt path: JSONPath?, before: [DocumentProblem]) -> [DocumentProblem] {
        guard let path, !schema.usesDynamicReferences else { return problems(in: document) }
        // Down the edited path while each level hands the check to one child.
        var level: [Applied] = [Applied(node: schema.root, keywords: [])]
        var instance: [JSONPath.Component] = []
        var value = document.root
        for component in path.components {
            guard let child = Self.child(of: value, component, in: document),
                let below = Self.schemas(applyingTo: component, from: level)
            else { break }
            level = below
            instance.append(component)
            value = child
        }
        if instance.isEmpty { return problems(in: document) }
        // The value reached, checked again against each subschema that applies to it.
        // A `true` or `false` subschema's verdict does not change with the value: its problems stand.
        let checked = level.filter { $0.node.constant == nil }
        var fresh: [DocumentProblem] = []
        for applied in checked {
            let fast = schema.evaluator(for: document, collecting: false)
            let start = value
            guard !onLargeStack({ fast.run(applied.node, start).outcome.valid && fast.undecided.isEmpty }) else { continue }
            let detailed = schema.evaluator(for: document, collecting: true, verdictKnown: fast.undecided.isEmpty)
            let (prefix, keywords) = (instance, applied.keywords)
            let errors = onLargeStack { detailed.run(applied.node, start, instancePath: prefix, keywordPath: keywords).errors } + detailed.droppedNote(at: start)
            fresh += (errors + detailed.undecided).map(DocumentProblem.init)
        }
        // Its earlier problems from those subschemas give way; every other problem stands.
        let replaced = JSONPath(instance)
        let sources = checked.map { Evaluator.pointer($0.keywords) }
        let kept = before.filter { problem in
            !(problem.path.components.starts(with: replaced.components)
                && sources.contains { problem.source == $0 || problem.source.hasPrefix($0 + "/") })
        }
        let merged = kept + fresh
        let offsets = merged.map { problem in document.node(at: problem.path).map { document.range($0).lowerBound } ?? 0 }
        return zip(merged, offsets).enumerated().sorted { ($0.element.1, $0.offset) < ($1.element.1, $1.offset) }.map(\.element.0)
    }

    /// A subschema applied to a value, and the keyword path that reached it from the root.
    struct Applied {
        let node: SchemaNode
        let keywords: [String]
    }

    private static func child(of value: JSONDocument.Node, _ component: JSONPath.Component, in document: JSONDocument) -> JSONDocument.Node? {
        switch component {
        case .key(let key): document.member(value, key)
        case .index(let position): document.kind(value) == .array ? document.child(value, at: position) : nil
        }
    }

    /// The subschemas that apply to the child `component` of a value the `level` subschemas apply
    /// to, or `nil` when some keyword of the level looks at the child in another way.
    static func schemas(applyingTo component: JSONPath.Component, from level: [Applied]) -> [Applied]? {
        // Each subschema with the ones it applies in place ($ref, allOf).
        var inPlace: [Applied] = []
        var stack = level.reversed().map { $0 }
        while let next = stack.popLast() {
            inPlace.append(next)
            for check in next.node.checks {
                switch check.kind {
                case .ref(let reference):
                    guard let target = reference.target else { continue }
                    stack.append(Applied(node: target, keywords: next.keywords + [check.keyword]))
                case .allOf(let list):
                    for (position, branch) in list.enumerated().reversed() {
                        stack.append(Applied(node: branch, keywords: next.keywords + [check.keyword, String(position)]))
                    }
                case .anyOf, .oneOf, .not, .conditional, .dependentSchemas, .contains, .uniqueItems, .enumeration, .constant, .dynamicRef,
                    .recursiveRef:
                    return nil
                default:
                    break
                }
            }
        }
        var below: [Applied] = []
        switch component {
        case .key(let key):
            var evaluated = false
            for applied in inPlace {
                for check in applied.node.checks {
                    switch check.kind {
                    case .properties(let properties):
                        if let node = properties.map[key] {
                            below.append(Applied(node: node, keywords: applied.keywords + [check.keyword, key]))
                            evaluated = true
                        }
                    case .patternProperties(let list):
                        // An undecided pattern counts as applying: its schema is checked too.
                        for (regex, node) in list where regex.matches(key) ?? true {
                            below.append(Applied(node: node, keywords: applied.keywords + [check.keyword, regex.source]))
                            evaluated = true
                        }
                    case .additionalProperties(let node, let named, let patterns):
                        if !named.names.contains(key), !patterns.contains(where: { $0.matches(key) ?? false }) {
                            below.append(Applied(node: node, keywords: applied.keywords + [check.keyword]))
                            evaluated = true
                        }
                    default: break
                    }
                }
            }
            for applied in inPlace {
                for check in applied.node.checks {
                    if case .unevaluatedProperties(let node) = check.kind, !evaluated {
                        below.append(Applied(node: node, keywords: applied.keywords + [check.keyword]))
                    }
                }
            }
        case .index(let position):
            var evaluated = false
            for applied in inPlace {
                for check in applied.node.checks {
                    switch check.kind {
                    case .prefixItems(let list) where position < list.count:
                        below.append(Applied(node: list[position], keywords: applied.keywords + [check.keyword, String(position)]))
                        evaluated = true
                    case .items(let node, let after) where position >= after:
                        below.append(Applied(node: node, keywords: applied.keywords + [check.keyword]))
                        evaluated = true
                    default: break
                    }
                }
            }
            for applied in inPlace {
                for check in applied.node.checks {
                    if case .unevaluatedItems(let node) = check.kind, !evaluated {
                        below.append(Applied(node: node, keywords: applied.keywords + [check.keyword]))
                    }
                }
            }
        }
        return below
    }
}

extension DocumentProblem {
    /// A validation error as the browser's problem, its keyword location as its source.
    init(_ error: ValidationError) {
        self.init(path: error.instancePath, message: error.message, source: error.keywordLocation)
    }
}
