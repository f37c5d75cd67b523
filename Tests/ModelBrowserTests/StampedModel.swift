import DictionaryStorage
import Foundation

// In a file of its own: JSONSchema (imported beside the export tests) has a `ValidationReport` too,
// and a model's expansion names DictionaryStorage's unqualified.

/// A model whose dates are timestamps in each spelling a timestamp strategy reads.
@DictionaryStorage
struct Stamped {
    @DictionaryStorageProperty(strategy: .secondsSince1970) var seconds: Date?
    @DictionaryStorageProperty(strategy: .deferredToDate) var reference: Date?
}
