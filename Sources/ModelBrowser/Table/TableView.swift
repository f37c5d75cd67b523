import DictionaryStorage
import LosslessJSON

/// A container's children as a table (`t`): an array's elements, or an object's members when they
/// are records (a store's records of one type), one row each, and a column per member — the
/// model's fields in its order, then the members kept without a field, in the order first seen.
///
/// The table is a way of looking at the tree's document, not a copy: rows are read from the index
/// as they come on screen, sorting and filtering order positions without touching the text, and an
/// edit of a cell is the tree's edit of that value (its editor, setter and confined bytes).
struct TableView: Sendable {
    /// What a column shows.
    enum ColumnKind: Hashable, Sendable {
        /// The member of this key in each row.
        case member(String)
        /// The variant each row reads as (rows of a polymorphic type).
        case variant
    }

    /// One column after the row labels.
    struct Column: Hashable, Sendable {
        var kind: ColumnKind
        /// The header: the member's key (escaped), `+ key` for a member kept.
        var title: String
        /// The type the row model gives it (`kept` for a member no field claims).
        var typeText: String
        /// Whether a field of the row model claims it.
        var isKnown: Bool
    }

    /// How the shown rows are sorted: by a column, up or down (file order breaks ties).
    struct Sort: Hashable, Sendable {
        var column: Int
        var descending: Bool
    }

    /// The shown rows are those whose cell in a column holds the text (smart case: a capital makes it case-sensitive).
    struct Filter: Hashable, Sendable {
        var column: Int
        var text: String
    }

    /// Where the container is (its node moves when edits come before it; the path stays).
    var containerPath: JSONPath
    /// Whether rows are an object's members (labelled by key) rather than an array's elements (by index).
    var keyedRows: Bool
    /// What each row is, as the tree's context for one child of the container.
    var rowContext: SchemaContext
    /// The columns after the row labels.
    var columns: [Column]
    /// The rows shown, as positions among the container's children, in the order shown; `nil`:
    /// every child, in file order (the 10 GB case: nothing per row is held).
    var order: [Int]?
    /// The container's child count when `order` was made: a different count drops it.
    var orderedCount = 0
    var sort: Sort?
    var filter: Filter?
    /// The cursor: a shown row, and a column (0 is the row labels, then `columns` from 1).
    var row = 0
    var column = 1
    /// The first shown row on screen, and the first column after the labels on screen.
    var top = 0
    var left = 1
    /// The shown rows whose members were last looked over for new columns (each key then reads
    /// only the rows new on screen).
    var lookedOver: Range<Int> = 0..<0
    /// Whether an action passed to the tree opened a prompt, menu or question: when it is done,
    /// the table's cursor follows the tree's.
    var awaitsTree = false

    /// The column index of a member's key, if it has a column.
    func columnIndex(ofKey key: String) -> Int? {
        columns.firstIndex { $0.kind == .member(key) }.map { $0 + 1 }
    }
}
