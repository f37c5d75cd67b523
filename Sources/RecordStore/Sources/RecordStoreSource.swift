import LosslessJSON

/// A record store as a document source: its records as one document, `{"Type": {"id": record}}`,
/// whose records are the stored texts verbatim; saved in one transaction, each changed record's
/// text edited byte-minimally, added records inserted, removed ones deleted.
public struct RecordStoreSource: DocumentSource {
    /// The store.
    public let store: RecordStore
    /// The parse options (nesting limit) for the projected document.
    public let options: JSONParseOptions
    /// Each record's version when it was loaded (or last saved): a save changes a record only if
    /// no other writer changed it since.
    private var versions: [String: Int] = [:]
    /// Other writers' changes, watched from the first load on.
    private var watch: (any RecordChangeWatch)?

    /// A store's records.
    public init(store: RecordStore, options: JSONParseOptions = .default) {
        self.store = store
        self.options = options
    }

    public var name: String { store.path }
    public var layout: RootLayout { .recordsByType }
    public var canSaveInPlace: Bool { true }
    public var loadsSlowly: Bool { false }

    public mutating func load(progress: LoadProgress) throws(DocumentSourceError) -> JSONDocument {
        var groups: [(key: String, members: [(key: String, json: String)])] = []
        do {
            let damage = try store.integrityProblems()
            guard damage.isEmpty else {
                throw DocumentSourceError(
                    .failed,
                    "\(name): the database is damaged (\(damage.prefix(3).joined(separator: "; "))); not opened, so that nothing missing looks deleted — recover it first (sqlite3 \(name) .recover)")
            }
            if watch == nil { watch = try store.watchChanges() }
            // What others did before this load is in it: only later changes are news.
            _ = try watch?.changesByOthers()
            versions = [:]
            for entry in try store.types() {
                let records = try store.list(type: entry.type, order: .created)
                groups.append((entry.type, records.map { ($0.id, $0.json) }))
                for record in records { versions[record.id] = record.version }
            }
        } catch {
            throw Self.sourceError(error)
        }
        return try projectedDocument(groups, options: options, name: name)
    }

    /// The changes other writers made, when the store can tell. A watch that fails (the server
    /// went away) says nothing here: the next save or reload reports it, with a retry.
    public func changesByOthers() -> String? {
        guard let changes = try? watch?.changesByOthers() else { return nil }
        return changes.description
    }

    public mutating func save(_ document: JSONDocument, since saved: JSONDocument, overrides: SaveOverrides) throws(DocumentSourceError) -> JSONDocument {
        guard case .object(let old) = saved.rootValue, case .object(let new) = document.rootValue else {
            throw DocumentSourceError(.failed, "the record view must stay an object of types")
        }
        let checked = !overrides.contains(.overwriteChanges)
        var written: [String: Int] = [:]
        do {
            try store.transaction { tx in
                for typeMember in new.members {
                    guard case .object(let records) = typeMember.value else {
                        throw DocumentSourceError(.failed, "\(typeMember.key): records must be an object of id → record")
                    }
                    let before = old[typeMember.key]?.objectValue ?? JSONObject()
                    for record in records.members where before[record.key] != record.value {
                        guard case .object(let object) = record.value else {
                            throw DocumentSourceError(.failed, "record \(record.key): a record must be a JSON object")
                        }
                        if before[record.key] == nil {
                            // A new id that another writer took meanwhile is a conflict, not a replacement.
                            try tx.put(type: typeMember.key, id: record.key, text: JSONWriter.serialize(.object(object)), replacing: !checked)
                        } else {
                            try tx.update(id: record.key, to: object, expectedVersion: checked ? versions[record.key] : nil)
                        }
                        // Later saves are based on the version this one leaves.
                        written[record.key] = try tx.record(id: record.key)?.version
                    }
                    for record in before.members where records[record.key] == nil { try tx.delete(id: record.key) }
                }
                for typeMember in old.members where new[typeMember.key] == nil {
                    try tx.delete(type: typeMember.key)
                }
            }
        } catch {
            throw Self.sourceError(error)
        }
        versions.merge(written) { _, new in new }
        return document
    }
}

extension RecordStoreSource {
    /// A store's error as the browser's kind of failure: a conflict asks what to do, a server out
    /// of reach offers to try again.
    static func sourceError(_ error: any Error) -> DocumentSourceError {
        switch error {
        case let error as DocumentSourceError: error
        case RecordStoreError.conflict, RecordStoreError.exists: DocumentSourceError(.changedOnDisk, "\(error)")
        case RecordStoreError.unavailable: DocumentSourceError(.unavailable, "\(error)")
        default: DocumentSourceError(.failed, "\(error)")
        }
    }
}

/// One document from stored texts: `{"group": {"key": text, …}, …}` with the texts verbatim, or,
/// for one unnamed group, `{"key": text, …}`.
func projectedDocument(
    _ groups: [(key: String, members: [(key: String, json: String)])], options: JSONParseOptions, name: String,
    flat: Bool = false
) throws(DocumentSourceError) -> JSONDocument {
    var text = "{\n"
    if flat {
        text += (groups.first?.members ?? []).map { "  \(JSONWriter.quoted($0.key)): \($0.json)" }.joined(separator: ",\n")
    } else {
        text += groups.map { group in
            let body = group.members.map { "    \(JSONWriter.quoted($0.key)): \($0.json)" }.joined(separator: ",\n")
            return "  \(JSONWriter.quoted(group.key)): {\n\(body)\n  }"
        }.joined(separator: ",\n")
    }
    text += "\n}\n"
    do {
        return try JSONDocument(text, options: options)
    } catch {
        throw DocumentSourceError(.failed, "\(name): a stored value is not valid JSON: \(error)")
    }
}
