import Foundation
import LosslessJSON

/// A JSON Schema, compiled once, that validates documents by walking their index.
///
/// Drafts 4, 6 and 7, 2019-09 and 2020-12, chosen by the schema's `$schema` (else `Options.dialect`).
/// Every reference is resolved when the schema is made — offline: the meta-schemas are embedded,
/// other documents come from files and `--schema-map` folders (`SchemaResolver`).
public struct JSONSchema: @unchecked Sendable {
    /// How a schema is read and applied.
    public struct Options: Sendable {
        /// The dialect of a schema that declares no `$schema`.
        public var dialect: Dialect = .draft2020
        /// Whether `format` is asserted (else it is an annotation only, as the specifications say).
        public var assertFormat = false
        /// Where referenced documents come from.
        public var resolver = SchemaResolver()

        /// Options.
        public init(dialect: Dialect = .draft2020, assertFormat: Bool = false, resolver: SchemaResolver = SchemaResolver()) {
            self.dialect = dialect
            self.assertFormat = assertFormat
            self.resolver = resolver
        }
    }

    /// The schema's dialect.
    public let dialect: Dialect
    /// The schema's URI (its `$id`, or where it was read from).
    public let uri: String
    /// The options it was made with.
    public let options: Options
    @_spi(SchemaGraph) public let root: SchemaNode
    /// Keeps the nodes alive while this schema (or a copy) is, and frees them after.
    let graph: SchemaGraph
    /// Every compiled schema node (the root's, every subschema's, every referenced one's).
    @_spi(SchemaGraph) public var nodes: [SchemaNode] { graph.nodes }
    let index: SchemaIndex
    let annotate: Bool
    /// Whether the schema has `$dynamicRef` or `$recursiveRef`.
    let usesDynamicReferences: Bool
    /// The references whose documents could not be had (not embedded, not readable, not mapped):
    /// each leaves only its own part unchecked — a value that reaches it is undecided — and
    /// untyped, while the rest of the schema applies.
    public let unresolvedReferences: [SchemaLoadError]

    /// Compiles a schema's text; `uri` is where it was read from (references relative to it resolve there).
    public init(text: String, uri: String = "urn:keepsake:schema", options: Options = Options()) throws(SchemaLoadError) {
        var resolver = options.resolver
        // A schema read from a file may refer to files in its own folder and below.
        if let folder = SchemaResolver.folder(ofFileURI: uri) { resolver.allowedFolders.append(folder) }
        let index = SchemaIndex(resolver: resolver, defaultDialect: options.dialect)
        let location = try index.add(text: text, uri: uri)
        let compiler = SchemaCompiler(index: index)
        root = try compiler.compile(location)
        graph = compiler.graph
        annotate = compiler.usesUnevaluated
        usesDynamicReferences = compiler.usesDynamicReferences
        unresolvedReferences = compiler.unresolvedReferences
        dialect = index.info[location]?.dialect ?? options.dialect
        self.uri = index.info[location]?.base.description ?? uri
        self.index = index
        self.options = options
    }

    /// Compiles the schema in a file (references relative to it resolve next to it).
    public init(contentsOfFile path: String, options: Options = Options()) throws(SchemaLoadError) {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw SchemaLoadError(.unresolvable(path), at: nil, "cannot read the schema \(path): \(error.localizedDescription)")
        }
        try self.init(text: text, uri: Self.fileURI(path), options: options)
    }

    /// The `file://` URI of a path (relative to the working folder), which references resolve against.
    static func fileURI(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        return "file://" + (absolute.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? absolute)
    }

    /// Whether a document (or one of its values) is known to be valid — the fast path, stopping at
    /// the first failure. False also when the check could not decide (`validate` says why).
    public func isValid(_ document: JSONDocument, at node: JSONDocument.Node? = nil) -> Bool {
        let evaluator = evaluator(for: document, collecting: false)
        let (root, start) = (self.root, node ?? document.root)
        return onLargeStack { evaluator.run(root, start).outcome.valid && evaluator.undecided.isEmpty }
    }

    /// Validates a document (or one of its values): every error, in document order, when it is not
    /// valid, and what could not be decided, when the check could not decide.
    public func validate(_ document: JSONDocument, at node: JSONDocument.Node? = nil) -> ValidationReport {
        let (root, start) = (self.root, node ?? document.root)
        let fast = evaluator(for: document, collecting: false)
        guard !onLargeStack({ fast.run(root, start).outcome.valid && fast.undecided.isEmpty }) else {
            return ValidationReport(isValid: true, errors: [])
        }
        // A limit the fast check reached leaves no verdict: the failures it caused are not errors.
        if fast.gaveUp { return ValidationReport(isValid: false, errors: [], undecided: fast.undecided) }
        let detailed = evaluator(for: document, collecting: true, verdictKnown: fast.undecided.isEmpty)
        let recorded = onLargeStack { detailed.run(root, start).errors } + detailed.droppedNote(at: start)
        let errors = recorded.enumerated().sorted { a, b in
            let (x, y) = (document.range(a.element.node).lowerBound, document.range(b.element.node).lowerBound)
            return x != y ? x < y : a.offset < b.offset
        }.map(\.element)
        let undecided = fast.undecided.isEmpty ? [] : detailed.undecided.isEmpty ? fast.undecided : detailed.undecided
        return ValidationReport(isValid: false, errors: errors, undecided: undecided)
    }

    /// An evaluator of this schema for a document. A collecting one run after a fast one found the
    /// value invalid for certain (`verdictKnown`) lists a limit it reaches as its last error.
    func evaluator(
        for document: JSONDocument, collecting: Bool, verdictKnown: Bool = false, annotating: Bool? = nil, maxDepth: Int = Evaluator.maxDepth
    ) -> Evaluator {
        Evaluator(
            document: document, index: index, assertFormat: options.assertFormat, annotate: annotating ?? annotate, collecting: collecting,
            memoizes: !usesDynamicReferences, verdictKnown: verdictKnown, maxDepth: maxDepth)
    }

    /// Applies one of the schema's subschemas to a small value, on the caller's stack (a bounded
    /// depth): for descriptions, which ask about one object or value at a time.
    @_spi(SchemaGraph) public func errors(of node: SchemaNode, for value: JSONValue, collecting: Bool) -> (valid: Bool, errors: [ValidationError]) {
        guard let document = try? JSONDocument(JSONWriter.serialize(value), options: JSONParseOptions(maxDepth: 10_000)) else { return (false, []) }
        let evaluator = evaluator(for: document, collecting: false, annotating: false, maxDepth: 200)
        guard !evaluator.run(node, document.root).outcome.valid else { return (true, []) }
        guard collecting else { return (false, []) }
        let detailed = self.evaluator(for: document, collecting: true, verdictKnown: true, annotating: false, maxDepth: 200)
        return (false, detailed.run(node, document.root).errors)
    }

    /// The schema's meta-schema compiled (its dialect's, or the custom one its `$schema` names).
    public func metaSchema() throws(SchemaLoadError) -> JSONSchema {
        let declared = index.documents.first.flatMap { $0.value.objectValue?["$schema"]?.stringValue }
        var options = self.options
        options.dialect = dialect
        return try Self.metaSchema(declaredBy: declared, options: options)
    }

    /// The meta-schema a schema's `$schema` names (an embedded dialect's, or one its resolver reads
    /// offline), or `options.dialect`'s when it names none, compiled.
    public static func metaSchema(declaredBy schemaURI: String?, options: Options) throws(SchemaLoadError) -> JSONSchema {
        let base = URI(schemaURI ?? options.dialect.metaSchemaURI).withoutFragment.description
        let text = try options.resolver.text(of: base)
        return try JSONSchema(text: text, uri: base, options: Options(dialect: Dialect(schemaURI: base) ?? options.dialect, resolver: options.resolver))
    }
}
