import ArgumentParser
import KeepsakeSettings
import LosslessJSON
import ModelBrowser
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
        let loaded = try document.load()
        guard let node = loaded.node(at: path) else { throw CommandFailure(message: "\(document.file): no value at \(path)") }
        let string = loaded.string(node)
        var request = EditorRequest(path: path, text: string ?? loaded.rawText(node), isString: string != nil)
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
                let (value, rawText) = try request.result(of: edited, options: loaded.valueOptions)
                try apply(value, rawText: rawText, path: path, to: loaded)
                return
            } catch let error as JSONParseError {
                printError("\(document.file): \(path): not JSON at line \(error.line), column \(error.column): \(error.message)")
                guard isatty(STDIN_FILENO) == 1, ask("reopen the editor at line \(error.line)? [Y/n] ") else {
                    throw CommandFailure(message: "\(document.file): discarded; nothing changed")
                }
                request.text = edited
                request.line = error.line
            }
        }
    }

    /// Writes the new value: a string re-encoded, JSON spliced in as the person wrote it; then
    /// saves (made again at the same path if another writer saved the file meanwhile).
    private func apply(_ value: JSONValue, rawText: String?, path: JSONPath, to document: JSONDocument) throws {
        try output.edit(self.document, loaded: document) { current in
            do {
                guard let node = current.node(at: path) else { throw JSONEditError.notFound(path) }
                // (In JSON Lines a value laid out over several lines is written on its line.)
                if let rawText, !(current.options.jsonLines && rawText.utf8.contains(0x0A)) {
                    let splice = JSONSplice(offset: current.range(node).lowerBound, removed: current.rawBytes(node), inserted: Array(rawText.utf8))
                    try current.apply(splice)
                    return splice.removed != splice.inserted
                }
                if current.holds(value, at: path) { return false }
                try current.apply(.replace(at: path, with: value))
                return true
            } catch {
                throw CommandFailure(message: "\(self.document.file): \(error)")
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
