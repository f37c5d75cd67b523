import LosslessJSON

extension BrowserState {
    /// Makes the value at `path` equal `value` with the smallest document edits, as one undoable change.
    mutating func applyUpdate(at path: JSONPath, to value: JSONValue, cursor: JSONPath?) {
        var edited = document
        do {
            let splices = try edited.update(at: path, to: value)
            guard !splices.isEmpty else {
                say("unchanged")
                return
            }
            record(splices, document: edited, cursor: cursor)
        } catch {
            say("refused: \(error)", error: true)
        }
    }

    /// Applies one document edit as one undoable change.
    mutating func applyEdit(_ edit: JSONEdit, cursor: JSONPath?) {
        var edited = document
        do {
            let splice = try edited.apply(edit)
            record([splice], document: edited, cursor: cursor)
        } catch {
            say("refused: \(error)", error: true)
        }
    }

    /// Applies a splice of raw text as one undoable change (the document checks it still parses).
    mutating func applySplice(_ splice: JSONSplice, cursor: JSONPath?) {
        var edited = document
        do {
            try edited.apply(splice)
            record([splice], document: edited, cursor: cursor)
        } catch {
            say("refused: \(error)", error: true)
        }
    }

    /// Takes an edited document, remembering its splices for undo.
    private mutating func record(_ splices: [JSONSplice], document edited: JSONDocument, cursor: JSONPath?) {
        if let depth = savedDepth, depth > undoStack.count { savedDepth = nil }
        undoStack.append(splices)
        redoStack.removeAll()
        replaceDocument(edited, change: splices.count == 1 ? edited.lastChange : nil, cursorPath: cursor)
    }

    /// Undoes the last change, byte for byte.
    mutating func undo() {
        guard let splices = undoStack.popLast() else {
            say("nothing to undo")
            return
        }
        var edited = document
        do {
            for splice in splices.reversed() { try edited.apply(splice.inverse) }
            redoStack.append(splices)
            replaceDocument(edited, change: splices.count == 1 ? edited.lastChange : nil)
            say("undone")
        } catch {
            undoStack.append(splices)
            say("cannot undo: \(error)", error: true)
        }
    }

    /// Redoes the last undone change.
    mutating func redo() {
        guard let splices = redoStack.popLast() else {
            say("nothing to redo")
            return
        }
        var edited = document
        do {
            for splice in splices { try edited.apply(splice) }
            undoStack.append(splices)
            replaceDocument(edited, change: splices.count == 1 ? edited.lastChange : nil)
            say("redone")
        } catch {
            redoStack.append(splices)
            say("cannot redo: \(error)", error: true)
        }
    }
}
