import LosslessJSON

/// A record store as a document source: its records as one document, `{"Type": {"id": record}}`,
/// whose records are the stored texts verbatim.
///
/// Loading is one query for every record. Saving is record-native: only the records whose bytes
/// changed are sent, each in one statement carrying the version it was loaded at (an update of
/// the exact text the browser holds, an insert of a new record, a delete), all in one
/// transaction; a record another writer changed since is a conflict, never overwritten unasked.
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
        var groups: [String: [(key: String, json: String)]] = [:]
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
            // One query: every record, oldest first, grouped by type below.
            for record in try store.list(type: nil, order: .created) {
                groups[record.type, default: []].append((record.id, record.json))
                versions[record.id] = record.version
            }
        } catch {
            throw Self.sourceError(error)
        }
        let ordered = groups.keys.sorted().map { (key: $0, members: groups[$0] ?? []) }
        return try projectedDocument(ordered, options: options, name: name)
    }

    /// The changes other writers made, when the store can tell. A watch that fails (the server
    /// went away) says nothing here: the next save or reload reports it, with a retry.
    public func changesByOthers() -> String? {
        guard let changes = try? watch?.changesByOthers() else { return nil }
        return changes.description
    }

    public mutating func save(_ document: JSONDocument, since saved: JSONDocument, overrides: SaveOverrides) throws(DocumentSourceError) -> JSONDocument {
        let changed = try RecordEdits(from: saved, to: document)
        guard !changed.isEmpty else { return document }
        let checked = !overrides.contains(.overwriteChanges)
        var written: [String: Int] = [:]
        var deleted: [String] = []
        do {
            try store.transaction { tx in
                for record in changed.written {
                    let expected = record.isNew ? nil : checked ? versions[record.id] : nil
                    written[record.id] = try tx.writeText(
                        id: record.id, type: record.type, text: record.text, expectedVersion: expected, isNew: record.isNew, replacing: !checked)
                }
                for id in changed.removed {
                    try tx.delete(id: id, expectedVersion: checked ? versions[id] : nil)
                    deleted.append(id)
                }
            }
        } catch {
            throw Self.sourceError(error)
        }
        // Later saves are based on the versions this one leaves.
        versions.merge(written) { _, new in new }
        for id in deleted { versions[id] = nil }
        return document
    }
}

/// The records a save writes: those whose bytes differ between the document as saved and now
/// (found by the text's differences, then by comparing only the records they touch), new ones,
/// and those gone. Record values are not decoded: their exact texts are compared and written.
struct RecordEdits {
    /// A record to write: its exact text now.
    struct Written {
        let id: String
        let type: String
        let text: String
        let isNew: Bool
    }

    private(set) var written: [Written] = []
    private(set) var removed: [String] = []

    var isEmpty: Bool { written.isEmpty && removed.isEmpty }

    init(from saved: JSONDocument, to document: JSONDocument) throws(DocumentSourceError) {
        let differences = document.text.differences(from: saved.text)
        guard !differences.isEmpty else { return }
        let before = try Self.records(of: saved)
        let now = try Self.records(of: document)
        for (id, record) in now.sorted(by: { $0.value.node < $1.value.node }) {
            if let old = before[id], old.type == record.type {
                // Untouched by any difference: the same bytes as saved.
                let range = document.range(record.node)
                guard differences.contains(where: { $0.new.overlaps(range) || ($0.new.isEmpty && range.contains($0.new.lowerBound)) }) else { continue }
                if saved.rawBytes(old.node) == document.rawBytes(record.node) { continue }
                written.append(Written(id: id, type: record.type, text: document.rawText(record.node), isNew: false))
            } else {
                written.append(Written(id: id, type: record.type, text: document.rawText(record.node), isNew: before[id] == nil))
            }
        }
        removed = before.keys.filter { now[$0] == nil }.sorted()
    }

    /// Every record of a record view by id: its type and node (keys read, values not decoded).
    private static func records(of document: JSONDocument) throws(DocumentSourceError) -> [String: (type: String, node: JSONDocument.Node)] {
        guard document.kind(document.root) == .object else { throw DocumentSourceError(.failed, "the record view must stay an object of types") }
        var records: [String: (type: String, node: JSONDocument.Node)] = [:]
        for typeNode in document.children(document.root) {
            let type = document.key(typeNode) ?? ""
            guard document.kind(typeNode) == .object else { throw DocumentSourceError(.failed, "\(type): records must be an object of id → record") }
            for record in document.children(typeNode) {
                let id = document.key(record) ?? ""
                guard document.kind(record) == .object else { throw DocumentSourceError(.failed, "record \(id): a record must be a JSON object") }
                records[id] = (type, record)
            }
        }
        return records
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
