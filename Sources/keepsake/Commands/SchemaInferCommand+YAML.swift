import LosslessJSON
import LosslessYAML
import SchemaInference

extension InferCommand {
    /// A YAML file's samples: each document of its stream (or the one --document picks); with
    /// --each, the elements of each document's root sequence.
    func inferYAML(of file: String, into inferrer: SchemaInferrer, limit: Int) throws {
        let yaml: YAMLFile
        do {
            yaml = try YAMLFile(path: file)
        } catch {
            throw CommandFailure(message: error.description, code: 2)
        }
        let numbers = parsing.documentNumber.map { [$0] } ?? Array(0..<max(1, yaml.stream.documents.count))
        for number in numbers where inferrer.samples < limit {
            let value: JSONValue
            do {
                value = try yaml.document(number).value()
            } catch let error as YAMLFileError {
                throw CommandFailure(message: error.description, code: 2)
            } catch let error as YAMLParseError {
                throw CommandFailure(message: YAMLFileError.invalid(path: file, error).description, code: 2)
            }
            guard each else {
                inferrer.add(value)
                continue
            }
            guard case .array(let elements) = value else {
                throw CommandFailure(message: "\(shownInMessage(file)): --each takes the items of a root sequence; document \(number)'s root is not one", code: 2)
            }
            for element in elements where inferrer.samples < limit { inferrer.add(element) }
        }
    }
}
