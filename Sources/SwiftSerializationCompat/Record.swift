import Foundation

/// An object to write with its record id (SwiftSerialization's `Record`): a new UUID by default.
public final class Record<T: Storable> {
    /// The record's id.
    public let id: String
    /// The object.
    public let data: T

    /// A record of `data` under `id`.
    public init(id: String = UUID().uuidString, data: T) {
        self.id = id
        self.data = data
    }
}
