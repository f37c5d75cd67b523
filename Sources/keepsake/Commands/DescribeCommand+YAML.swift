import LosslessJSON
import LosslessYAML

/// `describe` on YAML: the document --document picks, described as its data (JSON's, as the
/// browser shows it), by the schema chosen as for validate (its `yaml-language-server` line or
/// `$schema`, else a catalog's `fileMatch`).
extension DescribeCommand {
    /// The YAML document and its data as a JSON document.
    func readYAML() throws -> (document: YAMLDocument, data: JSONDocument) {
        let number = parsing.documentNumber ?? 0
        do {
            let document = try YAMLFile(path: file, through: number).document(number)
            let value = try document.value()
            return (document, try YAMLStream.dataDocument(value))
        } catch let error as YAMLFileError {
            throw CommandFailure(message: error.description)
        } catch let error as YAMLParseError {
            throw CommandFailure(message: YAMLFileError.invalid(path: file, error).description)
        } catch let error as JSONParseError {
            throw CommandFailure(message: "\(shownInMessage(file)): the data cannot be described: \(error.message)")
        }
    }
}
