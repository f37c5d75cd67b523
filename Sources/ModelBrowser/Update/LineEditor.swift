/// A one-line text editor: cursor movement, deletion and readline keys, measured in display columns.
public struct LineEditor: Hashable, Sendable {
    /// The text, as characters.
    public private(set) var characters: [Character]
    /// The cursor, as a character index.
    public private(set) var cursor: Int

    /// An editor holding `text`, cursor at the end.
    public init(_ text: String = "") {
        characters = Array(text)
        cursor = characters.count
    }

    /// The text.
    public var text: String { String(characters) }

    /// Applies a key: the line-editing action the key table gives it in the editing mode, else a
    /// character typed; returns false for a key that is neither.
    public mutating func handle(_ key: Key, keys: KeyTable = .standard) -> Bool {
        if let action = keys.action(for: key, in: .editing), apply(action) { return true }
        guard case .character(let c) = key else { return false }
        characters.insert(c, at: cursor)
        cursor += 1
        return true
    }

    /// Carries out a line-editing action; false for an action that is not one.
    public mutating func apply(_ action: BrowserAction) -> Bool {
        switch action {
        case .cursorLeft: cursor = max(0, cursor - 1)
        case .cursorRight: cursor = min(characters.count, cursor + 1)
        case .cursorToStart: cursor = 0
        case .cursorToEnd: cursor = characters.count
        case .deleteBackward:
            if cursor > 0 {
                characters.remove(at: cursor - 1)
                cursor -= 1
            }
        case .deleteForward:
            if cursor < characters.count { characters.remove(at: cursor) }
        case .deleteToStart:
            characters.removeFirst(cursor)
            cursor = 0
        case .deleteToEnd:
            characters.removeLast(characters.count - cursor)
        case .deleteWordBackward:
            var start = cursor
            while start > 0, characters[start - 1] == " " { start -= 1 }
            while start > 0, characters[start - 1] != " " { start -= 1 }
            characters.removeSubrange(start..<cursor)
            cursor = start
        default:
            return false
        }
        return true
    }

    /// The columns before the cursor (for drawing the cursor).
    public var cursorColumn: Int { displayWidth(escapedForDisplay(String(characters[..<cursor]))) }
}
