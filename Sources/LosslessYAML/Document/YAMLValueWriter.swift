import LosslessJSON

/// Writes JSON's data as YAML in the layout of the text around it: block collections indented by
/// the document's step, flow collections where the place is inside one, line breaks as the file's.
/// Nothing written ends with a line break: the caller ends lines as the place needs.
struct YAMLValueWriter {
    /// The file's line break (`\n` or `\r\n`).
    var newline: String
    /// How far a nested block collection is indented.
    var step: Int

    /// A key: plain when it can be, else double-quoted.
    func key(_ key: String, inFlow: Bool) -> String {
        YAMLScalarWriter.plain(key, inFlow: inFlow) ?? YAMLScalarWriter.doubleQuoted(key)
    }

    /// A scalar on one line, or a collection in flow style.
    func flow(_ value: JSONValue) -> String {
        switch value {
        case .string(let string): return YAMLScalarWriter.plain(string, inFlow: true) ?? YAMLScalarWriter.doubleQuoted(string)
        case .array(let elements): return "[" + elements.map(flow).joined(separator: ", ") + "]"
        case .object(let object):
            return "{" + object.members.map { key($0.key, inFlow: true) + ": " + flow($0.value) }.joined(separator: ", ") + "}"
        default: return YAMLScalarWriter.plain(value) ?? "null"
        }
    }

    /// A value written where it starts at `column` on its line (a sequence item after `- `, or a
    /// node replaced where it stood): its later lines are indented to `column`.
    func block(_ value: JSONValue, column: Int) -> String {
        let margin = newline + String(repeating: " ", count: column)
        switch value {
        case .object(let object) where !object.members.isEmpty:
            return object.members.map { key($0.key, inFlow: false) + ":" + afterColon($0.value, keyColumn: column) }.joined(separator: margin)
        case .array(let elements) where !elements.isEmpty:
            return elements.map { "- " + block($0, column: column + 2) }.joined(separator: margin)
        case .string(let string):
            return text(string, indent: column + step)
        default:
            return flow(value)
        }
    }

    /// A member's value as written after its key's colon, the key at `keyColumn`.
    func afterColon(_ value: JSONValue, keyColumn: Int) -> String {
        switch value {
        case .object(let object) where !object.members.isEmpty:
            return newline + String(repeating: " ", count: keyColumn + step) + block(value, column: keyColumn + step)
        case .array(let elements) where !elements.isEmpty:
            return newline + String(repeating: " ", count: keyColumn + step) + block(value, column: keyColumn + step)
        case .string(let string):
            return " " + text(string, indent: keyColumn + step)
        default:
            return " " + flow(value)
        }
    }

    /// A string in block context: plain, a literal block when it spans lines, else double-quoted.
    func text(_ string: String, indent: Int) -> String {
        if let plain = YAMLScalarWriter.plain(string, inFlow: false) { return plain }
        if string.contains("\n"), let block = YAMLScalarWriter.block(string, folded: false, indent: indent, newline: newline) {
            return block.header + newline + block.body.dropLast(newline.count)
        }
        return YAMLScalarWriter.doubleQuoted(string)
    }
}
