import LosslessJSON

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
    /// The runtime finished a save.
    case saved(path: String)
    /// A save failed; a file changed on disk or with other hard links asks what to do.
    case saveFailed(message: String, kind: DocumentSourceError.Kind)
    /// The editor a value was opened in has exited.
    case editorFinished(EditorRequest, EditorOutcome)
    /// Something the runtime wants said in the status line (a copy the terminal may not support).
    case notice(String)
    /// The pending changes as the source would save them (a unified diff's lines), for `D`.
    case pendingDiff([String])
    /// The background check of the whole document finished, for the document's `revision` then.
    case checked(problems: [DocumentProblem], revision: Int)
    /// Someone else changed the source (the sentence says what: "Person records changed by someone else.").
    case changedByOthers(String)
    /// The load of the whole document behind a partial first screen got further.
    case loadProgressed(LoadingProgress)
    /// The load of the whole document behind a partial first screen failed (the message says why).
    case loadFailed(String)
    /// The inferred schema was written to `path`; `reference` names it from the document's folder.
    case schemaWritten(path: String, reference: String)
    /// The inferred schema was not written: `path` exists (and overwriting was not asked for), or
    /// the write failed (the message says why).
    case schemaNotWritten(path: String, message: String, exists: Bool)
}

/// Work the executable carries out for the pure browser.
public enum Effect: Hashable, Sendable {
    /// Write the document to its file (or `path`), doing what `overrides` allow beyond the safe
    /// default (overwriting a file changed on disk, writing a hard-linked file in place).
    case save(path: String?, overrides: SaveOverrides)
    /// Leave the program.
    case quit
    /// Put text on the terminal clipboard (OSC 52).
    case copy(String)
    /// Reload the document from disk, dropping the edits.
    case reload
    /// Reload the document from its source and make the unsaved edits again on it, then save
    /// (when `save`).
    case reloadAndReapply(UnsavedEdits, save: Bool)
    /// Hand the terminal to the person's editor with a value in a temporary file.
    case openInEditor(EditorRequest)
    /// Check the whole document in the background (answered by `Event.checked`).
    case checkDocument
    /// Write a schema's text to a file (answered by `Event.schemaWritten` or `.schemaNotWritten`);
    /// an existing file only when `overwrite`.
    case writeSchema(path: String, text: String, overwrite: Bool)
    /// Ask the source how it would save the pending changes (answered by `Event.pendingDiff`).
    case showPendingDiff
}

/// A value opened in an external editor: what the temporary file holds, and where it came from.
public struct EditorRequest: Hashable, Sendable {
    /// The value's path in the document.
    public var path: JSONPath
    /// The file's text: a string's decoded text, or a container's exact bytes.
    public var text: String
    /// Whether the value is a string (a `.txt` file, re-encoded on return) or JSON (a `.json` file, parsed).
    public var isString: Bool
    /// The line to open the editor at (after a syntax error), if any.
    public var line: Int?

    /// A request.
    public init(path: JSONPath, text: String, isString: Bool, line: Int? = nil) {
        self.path = path
        self.text = text
        self.isString = isString
        self.line = line
    }

    /// The temporary file's extension, so the editor highlights it.
    public var fileExtension: String { isString ? "txt" : "json" }

    /// What an editor's text means: a string's new value, or the JSON it parses to and the text as
    /// written (to splice in as the person laid it out). A line break the editor added at the end
    /// of a file the value did not end with is dropped. Throws where the JSON is not valid.
    public func result(of edited: String, options: JSONParseOptions = .default) throws(JSONParseError) -> (value: JSONValue, rawText: String?) {
        let trimmed = edited.hasSuffix("\n") && !text.hasSuffix("\n") ? String(edited.dropLast()) : edited
        if isString { return (.string(trimmed), nil) }
        return (try JSONValue(parsingEntered: trimmed, options: options), trimmed)
    }
}

/// How an external editor session ended.
public enum EditorOutcome: Hashable, Sendable {
    /// The file was saved with new text.
    case edited(String)
    /// The editor exited without changing the file.
    case unchanged
    /// The editor could not run or exited with a failure; nothing changes.
    case failed(String)
}
