import ArgumentParser
import DictionaryStorage
import SampleModels

/// `keepsake models`: the registered models and their fields.
struct ModelsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "models", abstract: "List the models compiled into keepsake, with their fields.")

    @Argument(help: "Only this model.")
    var name: String?

    func run() throws {
        let schemas = SampleModels.registry.schemas.filter { name == nil || $0.name == name }
        if schemas.isEmpty { throw CommandFailure(message: "no model named \(name ?? "")") }
        for (index, schema) in schemas.enumerated() {
            if index > 0 { print("") }
            print(schema.name)
            let width = max(4, schema.fields.map { $0.name.count }.max() ?? 0)
            for field in schema.fields {
                var line = "  " + field.name.padding(width) + "  " + field.typeText.padding(14)
                line += field.isFlattened ? "  (flattened: \(field.ownedKeys.joined(separator: ", ")))" : "  \(field.path.jq)"
                var notes: [String] = []
                if let value = field.defaultValue { notes.append("default \(value)") }
                if field.isRequired { notes.append("required") }
                if let strategy = field.strategy { notes.append(strategy.rawValue) }
                if field.isLenient { notes.append("lenient") }
                if field.isReadOnly { notes.append("read-only") }
                if !field.legacyKeys.isEmpty { notes.append("legacy " + field.legacyKeys.joined(separator: ", ")) }
                switch field.type {
                case .enumeration(_, let known, let isOpen): notes.append("one of " + known.joined(separator: ", ") + (isOpen ? ", or other" : ""))
                case .variants(let variant), .array(.variants(let variant)), .optional(.variants(let variant)):
                    notes.append("variants " + variant.cases.map(\.tag).joined(separator: ", ") + ", or \(variant.fallbackCase)")
                default: break
                }
                if !notes.isEmpty { line += "  (" + notes.joined(separator: "; ") + ")" }
                print(line)
            }
        }
    }
}

extension String {
    func padding(_ width: Int) -> String { count >= width ? self : self + String(repeating: " ", count: width - count) }
}
