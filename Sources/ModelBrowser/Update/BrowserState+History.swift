import LosslessJSON

extension BrowserState {
    /// Makes the value at `path` equal `value` with the smallest document edits, as one undoable change.
    mutating func applyUpdate(at path: JSONPath, to value: JSONValue, cursor: JSONPath?) {
        // Indexed here first, so the rows follow (an edit's change covers only its own splices).
        unfold(along: path)
        if let node = document.node(at: path), !unfoldAll(below: node) { return }
        var edited = document
        do {
            let splices = try edited.update(at: path, to: value)
            guard !splices.isEmpty else {
                say("unchanged")
                return
            }
            record(Change(splices: splices, path: path), document: edited, cursor: cursor)
        } catch {
            say("refused: \(error)", error: true)
        }
    }

    /// Applies one document edit as one undoable change.
    mutating func applyEdit(_ edit: JSONEdit, cursor: JSONPath?) {
        unfold(along: edit.path)
        var edited = document
        do {
            let splice = try edited.apply(edit)
            record(Change(splices: [splice], path: edit.path), document: edited, cursor: cursor)
        } catch {
            say("refused: \(error)", error: true)
        }
    }

    /// Applies a splice of raw text as one undoable change (the document checks it still parses).
    mutating func applySplice(_ splice: JSONSplice, cursor: JSONPath?) {
        var edited = document
        do {
            try edited.apply(splice)
            record(Change(splices: [splice], path: cursor), document: edited, cursor: cursor)
        } catch {
            say("refused: \(error)", error: true)
        }
    }

    /// Takes an edited document, remembering its splices for undo.
    private mutating func record(_ change: Change, document edited: JSONDocument, cursor: JSONPath?) {
        history.record(change)
        replaceDocument(edited, change: change.splices.count == 1 ? edited.lastChange : nil, cursorPath: cursor)
        recheck(changedAt: change.path)
    }

    /// Asks the checker again about what a change can have affected.
    mutating func recheck(changedAt path: JSONPath?) { check.recheck(document, changedAt: path) }

    /// Undoes the last change, byte for byte.
    mutating func undo() {
        guard let change = history.takeUndo() else {
            say("nothing to undo")
            return
        }
        var edited = document
        do {
            for splice in change.splices.reversed() { try edited.apply(splice.inverse) }
            history.undone(change)
            replaceDocument(edited, change: change.splices.count == 1 ? edited.lastChange : nil)
            recheck(changedAt: change.path)
            say("undone")
        } catch {
            history.failedToUndo(change)
            say("cannot undo: \(error)", error: true)
        }
    }

    /// Redoes the last undone change.
    mutating func redo() {
        guard let change = history.takeRedo() else {
            say("nothing to redo")
            return
        }
        var edited = document
        do {
            for splice in change.splices { try edited.apply(splice) }
            history.redone(change)
            replaceDocument(edited, change: change.splices.count == 1 ? edited.lastChange : nil)
            recheck(changedAt: change.path)
            say("redone")
        } catch {
            history.failedToRedo(change)
            say("cannot redo: \(error)", error: true)
        }
    }
}
