import JSONSchema
import LosslessJSON
import LosslessYAML

/// `validate` on YAML: the stream's syntax, each document's data (or the one --document picks),
/// and each document against the schema chosen for it — `--schema`, its
/// `# yaml-language-server: $schema=…` line or `$schema`, else a catalog's `fileMatch` — with
/// every error at the YAML file's line and column.
extension ValidateCommand {
    func checkYAML(_ file: String, explicit: JSONSchema?, schemas: inout ChosenSchemas?) -> SchemaReport.Verdict {
        if model != nil {
            printError("\(shownInMessage(file)): error: --model does not check YAML yet (--schema does)")
            return .undecided
        }
        let yaml: YAMLFile
        do {
            yaml = try YAMLFile(path: file)
        } catch .invalid(_, let error) {
            printError("\(shownInMessage(file)):\(error.line):\(error.column): error: \(error.message)")
            return .invalid
        } catch {
            printError("\(shownInMessage(file)): error: \(error)")
            return .invalid
        }
        var verdict = SchemaReport.Verdict.valid
        let numbers = parsing.documentNumber.map { [$0] } ?? Array(0..<max(1, yaml.stream.documents.count))
        for number in numbers {
            let document: YAMLDocument
            let value: JSONValue
            do {
                document = try yaml.document(number)
                value = try document.value()
            } catch let error as YAMLParseError {
                printError("\(shownInMessage(file)):\(error.line):\(error.column): error: \(error.message)")
                verdict = .invalid
                continue
            } catch {
                printError("\(shownInMessage(file)): error: \(error)")
                return .invalid
            }
            var schema = explicit
            if schema == nil, schemas != nil {
                do throws(SchemaLoadError) {
                    schema = try schemas?.schema(named: document.schemaReference, file: file, verbose: verbose)?.schema
                } catch {
                    printError("\(shownInMessage(file)): error: schema not used: \(error)")
                    verdict = .undecided
                    continue
                }
            }
            guard let schema else { continue }
            // The schema checks JSON's data; its findings are placed where the YAML wrote them.
            let data: JSONDocument
            do {
                data = try YAMLStream.dataDocument(value)
            } catch {
                printError("\(shownInMessage(file)): error: document \(number)'s data cannot be checked: \(error.message)")
                verdict = .invalid
                continue
            }
            let stream = yaml.stream
            let place = { (finding: ValidationReport.Finding) -> FindingPlace in
                let node = (try? document.locate(finding.instancePath).node) ?? document.root ?? 0
                return FindingPlace(stream.nodes.isEmpty ? (1, 1) : stream.place(of: stream.nodes[node]), note: document.note(at: finding.instancePath, keyword: finding.keywordLocation))
            }
            switch SchemaReport.report(file, data, schema: schema, format: output, place: place) {
            case .valid: break
            case .invalid: if verdict == .valid { verdict = .invalid }
            case .undecided: verdict = .undecided
            }
        }
        return verdict
    }
}
