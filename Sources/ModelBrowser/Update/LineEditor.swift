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

    /// Applies an editing key; returns false for keys it does not handle.
    public mutating func handle(_ key: Key) -> Bool {
        switch key {
        case .character(let c):
            characters.insert(c, at: cursor)
            cursor += 1
        case .left: cursor = max(0, cursor - 1)
        case .right: cursor = min(characters.count, cursor + 1)
        case .home, .control("a"): cursor = 0
        case .end, .control("e"): cursor = characters.count
        case .backspace, .control("h"):
            if cursor > 0 {
                characters.remove(at: cursor - 1)
                cursor -= 1
            }
        case .delete, .control("d"):
            if cursor < characters.count { characters.remove(at: cursor) }
        case .control("u"):
            characters.removeFirst(cursor)
            cursor = 0
        case .control("k"):
            characters.removeLast(characters.count - cursor)
        case .control("w"):
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
