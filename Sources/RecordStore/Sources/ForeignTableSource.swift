import LosslessJSON

/// A table's JSON column as a document source: its rows as one document, `{"key": json}`, each
/// row's text verbatim; changed rows are saved in one transaction, each edited byte-minimally.
/// Rows cannot be added or removed here.
public struct ForeignTableSource: DocumentSource {
    /// The table.
    public let table: ForeignTable
    /// The parse options (nesting limit) for the projected document.
    public let options: JSONParseOptions

    /// A table's rows.
    public init(table: ForeignTable, options: JSONParseOptions = .default) {
        self.table = table
        self.options = options
    }

    public var name: String { table.path }
    public var layout: RootLayout { .rowsByKey }
    public var canSaveInPlace: Bool { true }
    public var loadsSlowly: Bool { false }

    public mutating func load(progress: LoadProgress) throws(DocumentSourceError) -> JSONDocument {
        let rows: [(key: String, json: String)]
        do {
            rows = try table.rows()
        } catch {
            throw DocumentSourceError(.failed, error.description)
        }
        return try projectedDocument([(table.table, rows)], options: options, name: name, flat: true)
    }

    public mutating func save(_ document: JSONDocument, since saved: JSONDocument, overrides: SaveOverrides) throws(DocumentSourceError) -> JSONDocument {
        guard case .object(let old) = saved.rootValue, case .object(let new) = document.rootValue else {
            throw DocumentSourceError(.failed, "the table view must stay an object of rows")
        }
        guard Set(old.keys) == Set(new.keys) else {
            throw DocumentSourceError(.failed, "rows of a foreign table cannot be added or removed here")
        }
        let changes = new.members.filter { old[$0.key] != $0.value }.map { (key: $0.key, value: $0.value) }
        do {
            try table.update(changes)
        } catch {
            throw DocumentSourceError(.failed, error.description)
        }
        return document
    }
}
