import LosslessJSON

/// A schema as the browser's checker: the whole document when it opens, then after each edit only
/// what it can affect — for a root array whose elements one `items` schema describes, the edited
/// element alone (a gigabyte of records is not validated again for one changed field).
public struct SchemaChecker: DocumentChecker {
    /// The schema.
    public let schema: JSONSchema
    public let name: String
    /// The schema every element of a root array is checked against, when the root's other keywords
    /// do not look at elements together (no uniqueItems, contains, prefixItems or unevaluatedItems).
    let elementSchema: SchemaNode?

    /// A checker for a schema.
    public init(_ schema: JSONSchema, name: String) {
        self.schema = schema
        self.name = name
        let builder = DescriptionBuilder(schema: schema)
        var element: SchemaNode?
        var together = false
        for part in builder.inPlace(schema.root) {
            for check in part.checks {
                switch check.kind {
                case .items(let items, let after) where after == 0: element = items
                case .uniqueItems, .contains, .prefixItems, .unevaluatedItems, .anyOf, .oneOf, .not, .conditional, .dependentSchemas: together = true
                default: break
                }
            }
        }
        elementSchema = together ? nil : element
    }

    public func problems(in document: JSONDocument) -> [DocumentProblem] {
        schema.validate(document).errors.map { DocumentProblem(path: $0.instancePath, message: $0.message) }
    }

    public func problems(in document: JSONDocument, changedAt path: JSONPath?, before: [DocumentProblem]) -> [DocumentProblem] {
        // `path` is the value the edit changed (a container for an added or removed member): at
        // least one step down, the root array keeps its elements and only one of them changed.
        guard let elementSchema, let path, case .index(let position)? = path.components.first,
            document.kind(document.root) == .array, let element = document.child(document.root, at: position)
        else { return problems(in: document) }
        // The element's problems are found again; everyone else's stand.
        let prefix = JSONPath.Component.index(position)
        let evaluator = Evaluator(document: document, index: schema.index, assertFormat: schema.options.assertFormat, annotate: schema.annotate, collecting: false)
        var kept = before.filter { $0.path.components.first != prefix }
        if !onLargeStack({ evaluator.run(elementSchema, element).outcome.valid }) {
            let detailed = Evaluator(document: document, index: schema.index, assertFormat: schema.options.assertFormat, annotate: schema.annotate, collecting: true)
            kept += onLargeStack { detailed.run(elementSchema, element).errors }.map { DocumentProblem(path: JSONPath([prefix] + $0.instancePath.components), message: $0.message) }
        }
        let offsets = kept.map { problem in document.node(at: problem.path).map { document.range($0).lowerBound } ?? 0 }
        return zip(kept, offsets).sorted { $0.1 < $1.1 }.map(\.0)
    }
}
