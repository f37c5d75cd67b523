/// What a cell is drawn as: a role the terminal maps to a colour, and emphasis.
public struct Style: Hashable, Sendable {
    /// The kind of thing drawn, mapped to a colour (or to nothing under NO_COLOR).
    public enum Role: UInt8, Sendable, CaseIterable {
        case normal, key, string, number, bool, null, type, kept, warning, title, status, hint, marker, selection, dim
    }

    /// The role.
    public var role: Role
    /// Bold.
    public var bold: Bool
    /// Reverse video (the cursor row; kept under NO_COLOR).
    public var reverse: Bool

    /// Creates a style.
    public init(_ role: Role = .normal, bold: Bool = false, reverse: Bool = false) {
        self.role = role
        self.bold = bold
        self.reverse = reverse
    }

    /// The default style.
    public static let plain = Style()
}

/// One terminal cell: a grapheme cluster (or the right half of a wide one) and its style.
public struct Cell: Hashable, Sendable {
    /// The character; a space for empty cells, `nil` for the second column of a wide character.
    public var character: Character?
    /// The style.
    public var style: Style

    /// An empty cell.
    public static let blank = Cell(character: " ", style: .plain)
}

/// A screen's worth of cells, rendered into by pure code and drawn by a terminal backend.
public struct Grid: Sendable, Equatable {
    /// Columns.
    public let width: Int
    /// Rows.
    public let height: Int
    /// The cells, row by row.
    public private(set) var cells: [Cell]

    /// A blank grid.
    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: .blank, count: self.width * self.height)
    }

    /// The cell at a position.
    public subscript(x: Int, y: Int) -> Cell { cells[y * width + x] }

    /// Fills a row range with a style (for bars).
    public mutating func fill(row y: Int, from x: Int = 0, style: Style) {
        guard y >= 0, y < height else { return }
        for column in max(0, x)..<width { cells[y * width + column] = Cell(character: " ", style: style) }
    }

    /// Writes text at a position, clipped to `maxWidth` columns (and the grid); a wide character
    /// that would not fit whole is replaced by a space. Control characters must be escaped first.
    /// Returns the columns used.
    @discardableResult
    public mutating func put(_ text: String, x: Int, y: Int, style: Style, maxWidth: Int? = nil) -> Int {
        guard y >= 0, y < height, x < width else { return 0 }
        let limit = min(width, x + (maxWidth ?? width))
        var column = max(0, x)
        for character in text {
            let w = displayWidth(character)
            if w == 0 { continue }
            if column + w > limit {
                if column < limit { cells[y * width + column] = Cell(character: " ", style: style) }
                column = limit
                break
            }
            cells[y * width + column] = Cell(character: character, style: style)
            if w == 2 { cells[y * width + column + 1] = Cell(character: nil, style: style) }
            column += w
        }
        return column - max(0, x)
    }

    /// The grid as plain text, one line per row (for snapshots), trailing spaces trimmed.
    public var text: String {
        var lines: [String] = []
        for y in 0..<height {
            var line = ""
            for x in 0..<width {
                if let character = cells[y * width + x].character { line.append(character) }
            }
            while line.last == " " { line.removeLast() }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }
}

/// Text cut to fit `columns`, with "…" when cut.
public func truncated(_ text: String, to columns: Int) -> String {
    guard columns > 0 else { return "" }
    if displayWidth(text) <= columns { return text }
    var out = ""
    var used = 0
    for character in text {
        let w = displayWidth(character)
        if used + w > columns - 1 { break }
        out.append(character)
        used += w
    }
    return out + "…"
}
