import Foundation
import JSONSchema
import SchemaDescriptions
import LosslessJSON
import LosslessYAML
import ModelBrowser

extension BrowseCommand {
    /// What describes the loaded document with a JSON Schema: the `--schema` one (compiled now, so
    /// a broken schema is a usage error before the terminal opens), else the one the document's
    /// `$schema` or a catalog names (chosen for each load; a schema that cannot be read or compiled
    /// is a warning in the status line, and the document is browsed without it). Remote schemas
    /// come from the cache at once; what is missing or old is fetched on another thread, and the
    /// document is described again when it arrives. A document no schema and no model describes
    /// gets a model inferred from it (`InferredModel`), checked against it unless the file is
    /// `large` (read behind its first screen). `nil` when a model was named or `--no-schema` was
    /// given.
    func describer(for file: String, large: Bool, settings: BrowserSettings) throws -> (@Sendable (inout BrowserState) -> (@Sendable () -> Void)?)? {
        guard model == nil, !schemaOptions.noSchema else { return nil }
        var configured = try SchemaSources(schemaOptions, settings: settings)
        configured.eachElement = parsing.options(for: file).jsonLines
        if parsing.isYAML(file) { configured.namedSchema = YAMLFile.schemaLine(atPath: file) }
        let sources = configured
        let explicit = try sources.loadExplicit(.cacheOnly)
        // Complete when nothing it refers to is still to be fetched: every pass uses it as it is
        // (a large schema is compiled once). Else each pass compiles it again from the cache.
        let complete = explicit.flatMap { schema in
            sources.remote.takeWanted().isEmpty ? (schema, (schemaOptions.schema.map { ($0 as NSString).lastPathComponent }) ?? "schema") : nil
        }
        let path = documentPath(file)
        return { state in
            Self.describe(&state, file: path, sources: sources, compiled: complete, inferring: (InferredModel.proposedPath(besides: file), checked: !large, eachLine: sources.eachElement))
            let wanted = sources.remote.takeWanted()
            guard let first = wanted.first else { return nil }
            state.note("fetching \(first)\(wanted.count > 1 ? " and \(wanted.count - 1) more" : "") (browsing without it until it arrives)")
            let document = state.document
            return {
                // The same choice and compilation, fetching what they need; what they could not get
                // is remembered, and said when the state is described again from the cache.
                _ = try? sources.compile(for: document, file: path, .fetching)
            }
        }
    }

    /// Describes a state by the schema its sources choose, looking up remote documents in the
    /// cache only, else — when no model is bound either — by a model inferred from it; says in one
    /// line why a schema is not used, what of it is unresolved, what the run fetched and what it
    /// could not (replacing what an earlier pass said).
    static func describe(
        _ state: inout BrowserState, file: String?, sources: SchemaSources, compiled: (JSONSchema, String)?, inferring: (proposedPath: String?, checked: Bool, eachLine: Bool)
    ) {
        var lines: [String] = []
        var failed = false
        do {
            if let (schema, name) = try compiled ?? sources.compile(for: state.document, file: file, .cacheOnly) {
                let description = SchemaDescription(schema, name: name)
                state.describe(
                    as: description.rootType, name: description.name, models: description.registry,
                    checker: SchemaChecker(schema, name: description.name), checkInBackground: true)
                if let note = unresolvedNote(schema, name: description.name) { lines.append(note) }
            } else if case .none = state.binding {
                switch InferredModel.infer(from: state.document, eachLine: inferring.eachLine) {
                case .success(let model): model.describe(&state, proposedPath: inferring.proposedPath, checked: inferring.checked)
                case .failure(let refusal): lines.append(refusal.description)
                }
            }
        } catch {
            failed = true
            lines.append("schema not used: \(error); browsing without one")
        }
        lines += sources.remote.takeNotes()
        if !lines.isEmpty { state.note(lines.joined(separator: " — "), error: failed) }
    }
}

/// One line for the references a schema could not resolve (their parts are untyped, and values
/// they reach are not checked), naming the first and how to provide it; `nil` when all resolve.
func unresolvedNote(_ schema: JSONSchema, name: String) -> String? {
    guard let first = schema.unresolvedReferences.first else { return nil }
    let count = schema.unresolvedReferences.count
    let which = count == 1 ? "a reference" : "\(count) references"
    return "\(name): \(which) not resolved, left untyped; give the folder with --schema-map PREFIX=DIR (first: \(first.message))"
}
