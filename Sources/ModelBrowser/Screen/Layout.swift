/// A rectangle of cells.
struct Rect: Hashable, Sendable {
    var x: Int
    var y: Int
    var width: Int
    var height: Int
}

/// Where each part of the screen goes, for a size: the title bar, the tree (or help, or diff), the
/// status line and the key hints. Render draws into these, and paging moves by the tree's height.
struct Layout: Hashable, Sendable {
    /// The top line.
    let title: Rect
    /// The rows between the title and the status line.
    let tree: Rect
    /// The status line (from three lines up).
    let status: Rect?
    /// The key hint line (from three lines up).
    let hints: Rect?

    /// The layout of a screen of this size (any size, down to 0×0).
    init(width: Int, height: Int) {
        let width = max(0, width)
        let height = max(0, height)
        title = Rect(x: 0, y: 0, width: width, height: min(1, height))
        let bars = height >= 3 ? 2 : 0
        tree = Rect(x: 0, y: min(1, height), width: width, height: max(0, height - 1 - bars))
        status = bars > 0 ? Rect(x: 0, y: height - 2, width: width, height: 1) : nil
        hints = bars > 0 ? Rect(x: 0, y: height - 1, width: width, height: 1) : nil
    }

    /// Rows a page moves (at least one).
    var pageRows: Int { max(1, tree.height) }
}
