import ArgumentParser
import KeepsakeSettings
import LosslessJSON
import ModelBrowser
import ModelBrowserRuntime
#if canImport(Glibc)
import Glibc
#endif

/// `keepsake edit FILE PATH`: one value in the person's editor; only its bytes change.
struct EditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Edit the value at a path in $VISUAL or $EDITOR (a string as text, anything else as JSON); only its bytes change.",
        discussion: "On a syntax error, say where and offer to reopen the editor at that line (when standard input is a terminal). An editor that exits with a failure, or leaves the file as it was, changes nothing."
    )

    @OptionGroup var document: DocumentOptions

    @OptionGroup var output: OutputOptions

    func run() throws {
        guard document.file != "-" else { throw CommandFailure(message: "edit needs a file, not standard input", code: 2) }
        let path = try document.parsedPath()
        if try document.readsYAML() { return try runYAML(path) }
        let file = try document.open()
        // The value as it stands: a string's text, or its exact bytes.
        let request: EditorRequest
        do {
            request = try file.withValue(at: path) { bytes, decoded in
                // Only a string is decoded (a container's text is shown as written, however deep).
                if bytes.first == UInt8(ascii: "\"") || bytes.first == UInt8(ascii: "'"), case .string(let string) = try decoded() {
                    return EditorRequest(path: path, text: string, isString: true)
                }
                return EditorRequest(path: path, text: String(decoding: bytes, as: UTF8.self), isString: false)
            }
        } catch let error as DocumentFileError {
            throw CommandFailure(documentFile: error, syntax: document.parsing.syntax)
        }
        var valueOptions = file.options
        valueOptions.jsonLines = false
        try edit(request, options: valueOptions) { value, rawText in
            // A string re-encoded; anything else spliced in as the person wrote it (made again at
            // the same path if another writer saved the file meanwhile).
            try output.edit(file, rawText.map { .replaceText(path, text: $0, value: value) } ?? .set(path, value), syntax: document.parsing.syntax)
        }
    }

    /// Opens the request in the person's editor and hands what comes back to `save`; a text that
    /// is not JSON is said with its place, and the editor reopened there if the person wants.
    func edit(_ request: EditorRequest, options valueOptions: JSONParseOptions, save: (JSONValue, String?) throws -> Void) throws {
        var request = request
        let path = request.path
        let editor = ExternalEditor(fallback: SettingsFile.load().editor)
        while true {
            let edited: String
            switch editor.edit(request) {
            case .unchanged:
                printError("\(document.file): \(path): unchanged")
                return
            case .failed(let reason):
                throw CommandFailure(message: "nothing changed: \(reason)")
            case .edited(let text):
                edited = text
            }
            do {
                let (value, rawText) = try request.result(of: edited, options: valueOptions)
                try save(value, rawText)
                return
            } catch let error as JSONParseError {
                printError("\(document.file): \(path): not \(valueOptions.syntax) at line \(error.line), column \(error.column): \(error.message)")
                guard isatty(STDIN_FILENO) == 1, ask("reopen the editor at line \(error.line)? [Y/n] ") else {
                    throw CommandFailure(message: "\(document.file): discarded; nothing changed")
                }
                request.text = edited
                request.line = error.line
            }
        }
    }

    /// Asks a yes/no question on the terminal; Enter means yes.
    private func ask(_ question: String) -> Bool {
        writeAll(Array(question.utf8), to: STDERR_FILENO)
        guard let answer = readLine() else { return false }
        return answer.isEmpty || answer.lowercased().hasPrefix("y")
    }
}
