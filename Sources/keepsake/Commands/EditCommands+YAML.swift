import ArgumentParser
import LosslessJSON
import LosslessYAML
#if canImport(Glibc)
import Glibc
#endif

/// `get`, `set` and `delete` on YAML: the document `--document` picks, paths through aliases and
/// merges, edits as one run of bytes in the style of what is around them (LosslessYAML).
extension DocumentOptions {
    /// Whether the file is read as YAML; --document on a file that is not is refused.
    func readsYAML() throws -> Bool { try parsing.readsYAML(file) }

    /// The document --document picks (the first by default).
    func openYAML() throws -> YAMLDocument {
        do {
            let number = parsing.documentNumber ?? 0
            return try YAMLFile(path: file, through: number).document(number)
        } catch {
            throw CommandFailure(message: error.description)
        }
    }

    /// A failure about this file's document.
    func failure(_ error: YAMLDocumentError) -> CommandFailure {
        CommandFailure(message: YAMLFileError.document(path: file, error).description)
    }
}

extension GetCommand {
    /// Prints the value's text as written (an alias as `*name`), or its data with --json / --raw.
    func runYAML(_ path: JSONPath) throws {
        let yaml = try document.openYAML()
        if yaml.root == nil, path.isRoot {
            // An empty document (or stream) reads as null; it has no text to print.
            print("null")
            return
        }
        do {
            let location = try yaml.locate(path)
            let value = try yaml.value(at: path)
            if json {
                guard let text = JSONWriter.strictJSON(value) else {
                    throw CommandFailure(message: "\(document.file): \(path) holds NaN or Infinity, which strict JSON cannot spell")
                }
                print(text)
            } else if raw, case .string(let string) = value {
                print(string)
            } else {
                var bytes = Array(yaml.stream.bytes[yaml.stream.nodes[location.node].range])
                if bytes.last != 0x0A { bytes.append(0x0A) }
                writeAll(bytes, to: STDOUT_FILENO)
            }
        } catch let error as YAMLDocumentError {
            throw document.failure(error)
        }
    }
}

extension OutputOptions {
    /// Makes an edit of a YAML file's document and writes the result where the options say; the
    /// edit's notes (aliases sharing it, a style not kept) are said on standard error.
    func editYAML(_ document: DocumentOptions, _ make: (YAMLDocument) throws(YAMLDocumentError) -> (document: YAMLDocument, edit: YAMLEdit)) throws {
        let outcome: YAMLFile.Outcome
        do {
            outcome = try YAMLFile.edit(path: document.file, document: document.parsing.documentNumber ?? 0, saving: request, make)
        } catch .file(.changedOnDisk(let path)) {
            throw CommandFailure(message: "\(shownInMessage(path)): the file changed on disk since it was read; not overwritten (--force overwrites it)")
        } catch {
            throw CommandFailure(message: error.description)
        }
        for note in outcome.notes { printError("keepsake: note: \(shownInMessage(document.file)): \(note)") }
        if let text = outcome.text { writeAll(text, to: STDOUT_FILENO) }
    }
}

extension SetCommand {
    /// The new value is read as JSON, else as YAML: `keepsake set f.yaml .image nginx` needs no quotes.
    func runYAML(_ path: JSONPath) throws {
        var value: JSONValue
        do {
            value = try JSONValue(parsingEntered: json, options: JSONParseOptions())
        } catch {
            value = try yamlValue()
        }
        let chosen = value
        try output.editYAML(document) { (yaml) throws(YAMLDocumentError) in try yaml.setting(path, to: chosen) }
    }

    private func yamlValue() throws -> JSONValue {
        do {
            let stream = try YAMLStream(json)
            guard stream.documents.count <= 1 else { throw CommandFailure(message: "the new value holds \(stream.documents.count) YAML documents; give one value", code: 2) }
            return try stream.value(ofDocument: 0)
        } catch let error as YAMLParseError {
            throw CommandFailure(message: "the new value is neither JSON nor YAML: \(error.message) at column \(error.column)", code: 2)
        }
    }
}

extension DeleteCommand {
    func runYAML(_ path: JSONPath) throws {
        try output.editYAML(document) { (yaml) throws(YAMLDocumentError) in try yaml.removing(path) }
    }
}
