import LosslessJSON
import LosslessYAML

/// Edits of a YAML text made and read back in this process, for the edit suites.
protocol YAMLEditing {
    var reader: LibFYAMLReader { get }
}

extension YAMLEditing {
    func document(_ text: String, _ number: Int = 0) throws -> YAMLDocument {
        try YAMLDocument(YAMLStream(text, reader: reader), document: number)
    }

    /// The text after the value at `path` is set, checked.
    func set(_ text: String, _ path: String, _ value: JSONValue, document number: Int = 0) throws -> String {
        let (after, _) = try document(text, number).setting(JSONPath(parsing: path), to: value, reader: reader)
        return String(decoding: after.stream.bytes, as: UTF8.self)
    }

    /// The text after the entry at `path` is removed, checked.
    func remove(_ text: String, _ path: String) throws -> String {
        let (after, _) = try document(text).removing(JSONPath(parsing: path), reader: reader)
        return String(decoding: after.stream.bytes, as: UTF8.self)
    }
}
