import LosslessJSON

/// One undoable change: its splices, and the path of the value it edited (for the checker).
struct Change: Sendable {
    var splices: [JSONSplice]
    var path: JSONPath?
}

/// The browser's history of edits: what undo and redo replay, and where the last save stands in
/// it (for the modified marker and the diff).
struct EditHistory: Sendable {
    /// The changes made, oldest first.
    private(set) var undoStack: [Change] = []
    /// The changes undone, the last undone last.
    private(set) var redoStack: [Change] = []
    /// The undo depth at the last save (`nil` when the saved state is unreachable by undo).
    private(set) var savedDepth: Int? = 0
    /// The document as loaded or last saved.
    var saved: JSONDocument

    /// A history that starts at `document`, saved.
    init(saved document: JSONDocument) { saved = document }

    /// Whether there are unsaved edits.
    var isModified: Bool { savedDepth != undoStack.count }

    /// The changes made since the last save, oldest first; nil when the save is out of undo's reach.
    var sinceSave: ArraySlice<Change>? {
        guard let depth = savedDepth, depth <= undoStack.count else { return nil }
        return undoStack[depth...]
    }

    /// How many changes there are to undo.
    var depth: Int { undoStack.count }

    /// Records a new change; what was undone can no longer be redone (and a save among it is lost).
    mutating func record(_ change: Change) {
        if let depth = savedDepth, depth > undoStack.count { savedDepth = nil }
        undoStack.append(change)
        redoStack.removeAll()
    }

    /// The change to undo, taken off; `undone` or `failedToUndo` says how it went.
    mutating func takeUndo() -> Change? { undoStack.popLast() }

    /// The change taken by `takeUndo` was undone: it can be redone.
    mutating func undone(_ change: Change) { redoStack.append(change) }

    /// The change taken by `takeUndo` could not be undone: it goes back.
    mutating func failedToUndo(_ change: Change) { undoStack.append(change) }

    /// The change to redo, taken off; `redone` or `failedToRedo` says how it went.
    mutating func takeRedo() -> Change? { redoStack.popLast() }

    /// The change taken by `takeRedo` was made again.
    mutating func redone(_ change: Change) { undoStack.append(change) }

    /// The change taken by `takeRedo` could not be made again: it goes back.
    mutating func failedToRedo(_ change: Change) { redoStack.append(change) }

    /// The document now is the one saved.
    mutating func markSaved(_ document: JSONDocument) {
        saved = document
        savedDepth = undoStack.count
    }

    /// Starts over at `document` (a load took the place of everything before).
    mutating func reset(to document: JSONDocument) { self = EditHistory(saved: document) }
}
