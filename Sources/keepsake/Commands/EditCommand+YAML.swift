import LosslessJSON
import LosslessYAML
import ModelBrowser

/// `edit` on YAML: a string (a block scalar's text, too) opens as text, anything else as JSON —
/// as the browser's `o` opens it —, and what comes back is set in place like `set`: the value's
/// bytes change in the value's style, everything else stays.
extension EditCommand {
    func runYAML(_ path: JSONPath) throws {
        let value: JSONValue
        do {
            value = try document.openYAML().value(at: path)
        } catch let error as YAMLDocumentError {
            throw document.failure(error)
        }
        let request: EditorRequest
        if case .string(let text) = value {
            request = EditorRequest(path: path, text: text, isString: true)
        } else {
            request = EditorRequest(path: path, text: JSONWriter.serialize(value, style: .pretty), isString: false)
        }
        try edit(request, options: YAMLStream.dataOptions) { edited, _ in
            try output.editYAML(document) { (yaml) throws(YAMLDocumentError) in try yaml.setting(path, to: edited) }
        }
    }
}
