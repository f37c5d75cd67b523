/// What other connections changed in a store: the types of the records they wrote or deleted,
/// when the database says which.
public struct RecordChanges: Sendable, Hashable {
    /// The types whose records changed (empty when the database does not say which).
    public var types: Set<String>
    /// Whether announcements may have been missed (the connection was lost and made again), so
    /// records may have changed without being named.
    public var mayHaveMissed: Bool

    /// Changes to records of these types (none named: the database does not say which).
    public init(types: Set<String> = [], mayHaveMissed: Bool = false) {
        self.types = types
        self.mayHaveMissed = mayHaveMissed
    }

    /// The changes together with `other`'s.
    public func merging(_ other: RecordChanges) -> RecordChanges {
        RecordChanges(types: types.union(other.types), mayHaveMissed: mayHaveMissed || other.mayHaveMissed)
    }

    /// What changed, as a sentence: "Person and Post records changed by someone else.", or
    /// "Records may have changed …" after a lost connection.
    public var description: String {
        if mayHaveMissed, types.isEmpty { return "Records may have changed while the connection was lost." }
        let names = types.sorted()
        let what =
            switch names.count {
            case 0: "Records"
            case 1: "\(names[0]) records"
            case 2, 3: names.dropLast().joined(separator: ", ") + " and \(names[names.count - 1]) records"
            default: "\(names.prefix(2).joined(separator: ", ")) and \(names.count - 2) more types of records"
            }
        return what + " changed by someone else" + (mayHaveMissed ? " (and more may have, while the connection was lost)." : ".")
    }
}

/// Tells what other connections changed in a store since it was last asked; made by
/// `RecordStore.watchChanges()`.
public protocol RecordChangeWatch: AnyObject, Sendable {
    /// What others changed since the watch began or was last asked; nil when nothing changed.
    /// The store's own writes are never reported.
    func changesByOthers() throws(RecordStoreError) -> RecordChanges?
}
