import LosslessJSON

/// How far the loading of a large document has come, for the screen shown before the tree.
public struct LoadingProgress: Sendable, Hashable {
    /// What the loader is doing: reading bytes, or parsing and indexing them.
    public typealias Phase = LoadProgress.Phase

    /// The file's name as shown in the title bar.
    public var sourceName: String
    /// The current phase.
    public var phase: Phase
    /// Bytes done in this phase.
    public var done: Int
    /// Bytes in all.
    public var total: Int

    /// Creates a progress report.
    public init(sourceName: String, phase: Phase, done: Int, total: Int) {
        self.sourceName = sourceName
        self.phase = phase
        self.done = done
        self.total = total
    }

    /// A source's progress as the loading screen shows it.
    public init(sourceName: String, _ snapshot: LoadProgress.Snapshot) {
        self.init(sourceName: sourceName, phase: snapshot.phase, done: snapshot.done, total: snapshot.total)
    }

    /// Whole percent done in this phase (0–100).
    public var percent: Int { total > 0 ? min(100, max(0, done * 100 / total)) : 100 }

    /// The phase and how far it has come, for a title: `indexing 40%`, or only the phase where
    /// its work is not counted.
    public var summary: String { total > 0 ? "\(phase.rawValue) \(percent)%" : phase.rawValue }
}

/// Draws the loading screen: the title bar, then the phase, a bar and the percentage in the middle,
/// and how to cancel. Pure, like `render`, and safe at any size.
public func renderLoading(_ progress: LoadingProgress, width: Int, height: Int, colors: Bool, keys: KeyTable = .standard) -> Grid {
    var grid = Grid(width: max(0, width), height: max(0, height))
    guard grid.width > 0, grid.height > 0 else { return grid }
    let painter = Painter(colors: colors)
    func style(_ role: Style.Role, bold: Bool = false, reverse: Bool = false) -> Style {
        painter.style(role, bold: bold, reverse: reverse)
    }
    grid.fill(row: 0, style: style(.title, reverse: true))
    let title = " keepsake  " + truncatedFromLeft(escapedForDisplay(progress.sourceName), to: max(4, grid.width - 12))
    grid.put(truncated(title, to: grid.width), x: 0, y: 0, style: style(.title, bold: true, reverse: true))
    guard grid.height > 1 else { return grid }

    let y = max(1, min(grid.height - 1, grid.height / 2 - 1))
    guard progress.total > 0 else {
        // Work not counted in bytes: the phase alone.
        let label = progress.phase.rawValue + "…"
        grid.put(truncated(label, to: grid.width), x: max(0, (grid.width - displayWidth(label)) / 2), y: y, style: style(.normal, bold: true))
        putHint(below: y, in: &grid, style: style(.hint), keys: keys)
        return grid
    }
    let label = progress.phase.rawValue + " "
    let figure = " \(progress.percent)%"
    let sizes = "\(megabytes(progress.done)) of \(megabytes(progress.total)) MB"
    let barWidth = max(0, min(50, grid.width - displayWidth(label) - displayWidth(figure) - 4))
    let filled = barWidth * progress.percent / 100
    var x = max(0, (grid.width - displayWidth(label) - barWidth - displayWidth(figure)) / 2)
    x += grid.put(label, x: x, y: y, style: style(.normal, bold: true))
    x += grid.put(String(repeating: "█", count: filled), x: x, y: y, style: style(.string))
    x += grid.put(String(repeating: "░", count: barWidth - filled), x: x, y: y, style: style(.dim))
    grid.put(figure, x: x, y: y, style: style(.normal))
    if y + 1 < grid.height {
        grid.put(truncated(sizes, to: grid.width), x: max(0, (grid.width - displayWidth(sizes)) / 2), y: y + 1, style: style(.dim))
    }
    putHint(below: y, in: &grid, style: style(.hint), keys: keys)
    return grid
}

/// How to cancel, two lines below the progress.
private func putHint(below y: Int, in grid: inout Grid, style: Style, keys: KeyTable) {
    guard y + 3 < grid.height else { return }
    let hint = keys.hints(for: .loading)
    grid.put(truncated(hint, to: grid.width), x: max(0, (grid.width - displayWidth(hint)) / 2), y: y + 3, style: style)
}

/// Bytes as whole megabytes (10⁶), for the loading screen.
private func megabytes(_ bytes: Int) -> String { String(bytes / 1_000_000) }
