import DictionaryStorage
import LosslessJSON

extension BrowserState {
    /// Types a record store's groups by the schemas kept with their types: `types` says what each
    /// described type's group is (an object of records by id), `models` holds the models those
    /// types name (added to the registry; a name it has already keeps its model, so compiled models
    /// win), and `checker` checks each record against its type's schema after every edit — and
    /// before a save, which asks when a record does not match.
    public mutating func describeRecords(
        types: [String: FieldType], models: ModelRegistry, checker: (any DocumentChecker)?, checkInBackground: Bool = false
    ) {
        for model in models.schemas { registry.register(model) }
        recordTypes = types
        if let checker { attach(checker, inBackground: checkInBackground) }
        rebuildRows()
    }
}
