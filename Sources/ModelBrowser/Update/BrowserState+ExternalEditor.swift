import DictionaryStorage
import LosslessJSON

extension BrowserState {
    /// Opens the value under the cursor in the person's editor: a string's decoded text, or a
    /// container's (or any other value's) exact bytes as JSON.
    mutating func openInEditor() -> [Effect] {
        let node = rows[cursor].node
        let request: EditorRequest
        if let string = document.string(node) {
            request = EditorRequest(path: cursorPath, text: string, isString: true)
        } else {
            request = EditorRequest(path: cursorPath, text: document.rawText(node), isString: false)
        }
        return [.openInEditor(request)]
    }

    /// Takes what the editor left: a string is re-encoded (only characters that must be escaped),
    /// JSON is parsed strictly — a syntax error asks to reopen at its line or discard. The value's
    /// bytes change as one undoable edit, through the model's setter for a known field.
    mutating func finishEditing(_ request: EditorRequest, _ outcome: EditorOutcome) -> [Effect] {
        let text: String
        switch outcome {
        case .unchanged:
            say("unchanged: the editor left the file as it was")
            return []
        case .failed(let reason):
            say("nothing changed: \(reason)", error: true)
            return []
        case .edited(let edited):
            text = edited
        }
        guard let r = row(for: request.path) else {
            say("\(request.path.jq) is no longer in the document; nothing changed", error: true)
            return []
        }
        do {
            let (value, rawText) = try request.result(of: text, options: document.valueOptions)
            replace(row: r, path: request.path, with: value, rawText: rawText)
        } catch {
            var reopen = request
            reopen.text = text
            reopen.line = error.line
            mode = .confirm(.editorSyntaxError("\(error.line):\(error.column): \(error.message)", reopen: reopen))
        }
        return []
    }

    /// Replaces the value at a row: a scalar of a known field through the model's setter (checked
    /// like any edit); else with `rawText` spliced in as it is (the person's own layout; the schema
    /// check looks at it as at any edit), else serialized (as in JSON Lines when the layout takes
    /// several lines: a value stays on its line). A container is never diffed through its parent
    /// object: that read the parent whole, a million levels of it taking a minute and gigabytes.
    private mutating func replace(row r: Int, path: JSONPath, with value: JSONValue, rawText: String?) {
        var cache = AnnotationCache()
        if value.arrayValue == nil, value.objectValue == nil, annotation(ofRow: r, cache: &cache).field != nil {
            setField(row: r, to: value)
            return
        }
        unfold(along: path)
        guard let rawText, !(document.options.jsonLines && rawText.utf8.contains(0x0A)), let node = document.node(at: path) else {
            applyEdit(.replace(at: path, with: value), cursor: path)
            return
        }
        let splice = JSONSplice(offset: document.range(node).lowerBound, removed: document.rawBytes(node), inserted: Array(rawText.utf8))
        guard splice.removed != splice.inserted else {
            say("unchanged")
            return
        }
        applySplice(splice, cursor: path)
    }
}
