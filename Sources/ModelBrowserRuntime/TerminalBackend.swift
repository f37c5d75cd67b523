import ModelBrowser

/// A terminal the browser runs in: ncurses in the `keepsake` binary (`CursesTerminal`), a recording
/// one in tests (`HeadlessTerminal`). The runtime draws grids into it and reads events from it.
public protocol TerminalBackend: AnyObject {
    /// The size in cells.
    var size: (width: Int, height: Int) { get }
    /// Whether colours are drawn (off under NO_COLOR or without colour support).
    var colors: Bool { get }
    /// Waits up to `milliseconds` (negative: for ever) for an event; `nil` when none came — or, at
    /// once, when `descriptor` (the runtime's `Inbox`) is readable: the runtime waits on keys and
    /// on its news together.
    func nextEvent(timeout milliseconds: Int, wakingOn descriptor: Int32) -> Event?
    /// Shows a frame.
    func draw(_ grid: Grid)
    /// Puts text on the terminal's clipboard.
    func copy(_ text: String)
    /// A note when this terminal is known not to take text to its clipboard (OSC 52), else `nil`.
    var clipboardNote: String? { get }
    /// Hands the terminal to another program (an editor) until `resume()`.
    func suspend()
    /// Takes the terminal back after `suspend()` (its size may have changed meanwhile).
    func resume()
    /// Gives the terminal back for good.
    func close()
}
