import Foundation
import JSONSchema
import SchemaDescriptions
import LosslessJSON
import ModelBrowser

extension BrowseCommand {
    /// What describes the loaded document with a JSON Schema: the `--schema` one (compiled now, so
    /// a broken schema is a usage error before the terminal opens), else the one the document's
    /// `$schema` or a catalog names (chosen for each load; a schema that cannot be read or compiled
    /// is a warning in the status line, and the document is browsed without it). `nil` when a model
    /// was named, `--no-schema` was given, or a record store is opened.
    func describer(for file: String, settings: BrowserSettings) throws -> (@Sendable (inout BrowserState) -> Void)? {
        guard model == nil, !schemaOptions.noSchema, tableOptions.table == nil else { return nil }
        let schemaOptions = schemaOptions.adding(settings)
        let options = try schemaOptions.options()
        if let schema = try schemaOptions.load() {
            let description = SchemaDescription(schema, name: (schemaOptions.schema.map { ($0 as NSString).lastPathComponent }) ?? "schema")
            let checker = SchemaChecker(schema, name: description.name)
            return { state in
                state.describe(as: description.rootType, name: description.name, models: description.registry, checker: checker, checkInBackground: true)
                Self.noteUnresolved(schema, name: description.name, in: &state)
            }
        }
        let selection = try schemaOptions.selection(settings: settings)
        let path = documentPath(file)
        return { state in
            if case .recordsByType = state.binding { return }
            if case .rows = state.binding { return }
            do {
                guard let choice = try selection.choose(for: state.document, file: path) else { return }
                let schema = try JSONSchema(text: choice.text, uri: choice.uri, options: options)
                let description = SchemaDescription(schema, name: choice.name)
                state.describe(
                    as: description.rootType, name: description.name, models: description.registry,
                    checker: SchemaChecker(schema, name: description.name), checkInBackground: true)
                Self.noteUnresolved(schema, name: description.name, in: &state)
            } catch {
                state.note("schema not used: \(error); browsing without one", error: true)
            }
        }
    }

    /// One line for the references a schema could not resolve: their parts are untyped, and values
    /// they reach are not checked; the line names the first and how to provide it.
    static func noteUnresolved(_ schema: JSONSchema, name: String, in state: inout BrowserState) {
        if let note = unresolvedNote(schema, name: name) { state.note(note) }
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
