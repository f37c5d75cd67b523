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
    /// The rows the last load could not read as JSON (SQL NULL reads as `null` and is not one).
    public private(set) var notice: String?

    public mutating func load(progress: LoadProgress) throws(DocumentSourceError) -> JSONDocument {
        let cells: [(key: String, cell: ForeignTable.Cell)]
        do {
            cells = try table.cells()
        } catch {
            throw DocumentSourceError(.failed, error.description)
        }
        // A row that is not JSON does not keep the others from opening: it shows as null (its text
        // stays as it is unless the person edits the row, which gives it the new value's text).
        var unreadable: [String] = []
        let rows = cells.map { row -> (key: String, json: String) in
            switch row.cell {
            case .null:
                return (row.key, "null")
            case .bytes(let count):
                unreadable.append("\(JSONWriter.quoted(row.key)) (\(count) bytes that are not UTF-8)")
                return (row.key, "null")
            case .text(let text):
                do throws(JSONParseError) {
                    _ = try JSONDocument(text, options: options)
                    return (row.key, text)
                } catch {
                    unreadable.append("\(JSONWriter.quoted(row.key)) (column \(error.column): \(error.message))")
                    return (row.key, "null")
                }
            }
        }
        notice = unreadable.isEmpty ? nil : "\(table.table): \(unreadable.count) row\(unreadable.count == 1 ? " is" : "s are") not JSON, shown as null (editing one gives it the new value's text): "
            + unreadable.prefix(3).joined(separator: ", ") + (unreadable.count > 3 ? ", …" : "")
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
