import LosslessJSON

/// What of the document is on screen: the visible rows, which containers are open, the cursor and
/// the first row shown, the terminal's size and how long values are laid out.
struct TreeView: Sendable {
    /// The visible rows, in order.
    var rows = RowList()
    /// Open containers, with how they were reached (to compute paths in O(depth)).
    var expanded: [JSONDocument.Node: Expansion] = [:]
    /// The cursor row and the first row on screen.
    var cursor = 0
    var top = 0
    /// The terminal size.
    var width: Int
    var height: Int
    /// Whether long values wrap over several screen lines (else they are cut at the screen's edge).
    var wrapValues = false
    /// Columns of the cursor row's value scrolled out on the left (reset when the cursor moves).
    var valueOffset = 0
    /// Whether members' comments are shown after their values (and in the status line).
    var showComments = true
    /// The container at the cursor shown as a table instead of the tree (`t`), if it is.
    var table: TableView?

    /// Where each part of the screen goes.
    var layout: Layout { Layout(width: width, height: height) }

    /// Takes a new terminal size (at least a cell each way).
    mutating func resize(width: Int, height: Int) {
        self.width = max(1, width)
        self.height = max(1, height)
    }
}
