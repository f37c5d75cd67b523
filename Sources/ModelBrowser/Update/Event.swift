/// A key the browser understands, decoded from the terminal by the backend.
public enum Key: Hashable, Sendable {
    case character(Character)
    case control(Character)  // Ctrl-A … Ctrl-Z, as the lower-case letter
    case up, down, left, right, home, end, pageUp, pageDown
    case enter, escape, backspace, delete, tab
    case function(Int)
}

/// Something that happened: a key, a resize, the mouse, or the result of an effect.
public enum Event: Hashable, Sendable {
    case key(Key)
    case resize(width: Int, height: Int)
    /// Mouse wheel (positive: down) at a row.
    case scroll(Int)
    /// A click on a screen row.
    case click(row: Int)
    /// The executable finished a save.
    case saved(path: String)
    /// A save failed; `changedOnDisk` asks whether to overwrite.
    case saveFailed(message: String, changedOnDisk: Bool)
}

/// Work the executable carries out for the pure browser.
public enum Effect: Hashable, Sendable {
    /// Write the document to its file (or `path`); `force` overwrites a file changed on disk.
    case save(path: String?, force: Bool)
    /// Leave the program.
    case quit
    /// Put text on the terminal clipboard (OSC 52).
    case copy(String)
    /// Reload the document from disk, dropping the edits.
    case reload
}
