import LosslessJSON

extension FieldCondition {
    /// Why a condition's text could not be read.
    public struct ParseError: Error, Sendable, Hashable, CustomStringConvertible {
        /// What is wrong, naming the text.
        public let description: String
    }

    /// Reads `PATH op JSON` (`.age>=18`, `/name="Ada"`): the path in jq or JSON Pointer syntax, the
    /// first comparison operator outside quotes (`=` or `==`, `!=`, `<`, `<=`, `>`, `>=`), then JSON.
    public init(parsing text: String) throws(ParseError) {
        let characters = Array(text)
        var inQuotes = false
        var index = 0
        while index < characters.count {
            let c = characters[index]
            if inQuotes, c == "\\" {
                index += 2  // an escape inside a quoted key: `\"` does not end it
                continue
            }
            if c == "\"" { inQuotes.toggle() }
            if !inQuotes, "=<>!".contains(c), index > 0 {
                var op = String(c)
                if index + 1 < characters.count, characters[index + 1] == "=" { op.append("=") }
                guard let comparison = Self.comparison(op) else { break }
                let path: JSONPath
                do {
                    path = try JSONPath(parsing: String(characters[..<index]))
                } catch {
                    throw ParseError(description: "\(text): \(error)")
                }
                do {
                    self.init(path, comparison, try JSONValue(parsing: String(characters[(index + op.count)...])))
                    return
                } catch {
                    throw ParseError(description: "\(text): the value is not JSON (\(error.message)); quote strings: .name=\"Ada\"")
                }
            }
            index += 1
        }
        throw ParseError(description: "\(text): expected PATH=JSON (or !=, <, <=, >, >=)")
    }

    private static func comparison(_ op: String) -> Comparison? {
        switch op {
        case "=", "==": .equal
        case "!=": .notEqual
        case "<": .less
        case "<=": .lessOrEqual
        case ">": .greater
        case ">=": .greaterOrEqual
        default: nil
        }
    }
}
