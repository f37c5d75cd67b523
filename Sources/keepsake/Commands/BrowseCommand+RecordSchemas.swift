import DictionaryStorage
import Foundation
import JSONSchema
import LosslessJSON
import ModelBrowser
import RecordSchemas
import RecordStore
import SchemaDescriptions

extension BrowseCommand {
    /// What types a record store's records by the schemas kept with their types, read again at
    /// each load (a `db schema set` made meanwhile is seen on reload). A type with a compiled model
    /// keeps it.
    static func recordDescriber(for store: RecordStore) -> @Sendable (inout BrowserState) -> (@Sendable () -> Void)? {
        return { state in
            describeRecords(&state, store: store)
            return nil
        }
    }

    /// Types each group of records whose type has a kept schema, and checks its records against
    /// it; a schema that does not compile is named in the status line and its type left untyped.
    static func describeRecords(_ state: inout BrowserState, store: RecordStore) {
        let schemas: RecordTypeSchemas
        do {
            schemas = try RecordTypeSchemas(store: store)
        } catch {
            state.note("record type schemas not read: \(error)", error: true)
            return
        }
        guard !schemas.isEmpty else { return }
        let document = state.document
        let groups = document.children(document.root).compactMap { document.key($0) }
        let compiled = Set(state.registry.schemas.map(\.name))
        var types: [String] = []
        var broken: [String] = []
        for type in groups where !compiled.contains(type) && schemas.texts[type] != nil {
            do {
                _ = try schemas.schema(for: type)
                types.append(type)
            } catch {
                broken.append("\(type): \(error)")
            }
        }
        if !broken.isEmpty { state.note("a kept schema does not compile, its records are untyped — \(broken.joined(separator: "; "))", error: true) }
        do {
            guard let schema = try schemas.storeSchema(types: types) else { return }
            let description = SchemaDescription(schema, name: "record types", reserving: compiled)
            guard case .model(let name) = description.rootType, let root = description.registry.schema(named: name) else { return }
            var described: [String: FieldType] = [:]
            for field in root.fields where types.contains(field.name) { described[field.name] = field.type }
            state.describeRecords(
                types: described, models: description.registry, checker: SchemaChecker(schema, name: "the record types' schemas"), checkInBackground: true)
        } catch {
            state.note("record type schemas not used: \(error)", error: true)
        }
    }

    /// What types a table's rows (`--table … --schema`) by one schema: each row's JSON is checked
    /// against it, as `validate` checks each line of a JSON Lines file.
    func rowsDescriber(schemaFile: String) throws -> @Sendable (inout BrowserState) -> (@Sendable () -> Void)? {
        let schema: JSONSchema
        do {
            schema = try EachElementSchema.compile(file: schemaFile, container: .object, options: try schemaOptions.options())
        } catch let error as SchemaLoadError {
            throw CommandFailure(message: "\(schemaFile): \(error)", code: 2)
        }
        let name = (schemaFile as NSString).lastPathComponent
        let description = SchemaDescription(schema, name: name)
        return { state in
            state.describe(
                as: description.rootType, name: name, models: description.registry, checker: SchemaChecker(schema, name: name), checkInBackground: true)
            return nil
        }
    }
}
