import LosslessJSON

/// Writes JSON's data as YAML scalars, in the style asked for when the value allows it: plain only
/// when the text reads back as the same string (by the core schema, and as YAML 1.1 tools read it:
/// `yes`, `on` and leading digits are quoted), single-quoted only on one line, blocks only for text
/// their indentation can carry.
enum YAMLScalarWriter {
    /// A null, boolean or number as plain text; nil for strings and collections.
    static func plain(_ value: JSONValue) -> String? {
        switch value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let number):
            if number == .infinity { return ".inf" }
            if number == .negativeInfinity { return "-.inf" }
            if number == .notANumber { return ".nan" }
            return number.description
        default: return nil
        }
    }

    /// YAML 1.1's booleans: strings in YAML 1.2, but `true` or `false` to the many tools that read 1.1.
    private static let oneOneBooleans: Set<String> = [
        "y", "Y", "yes", "Yes", "YES", "n", "N", "no", "No", "NO", "on", "On", "ON", "off", "Off", "OFF",
    ]

    /// A string as a plain scalar, or nil when it cannot be one (or would read as something else;
    /// under a `!!str` tag, `12` is a string).
    static func plain(_ string: String, inFlow: Bool, taggedString: Bool = false) -> String? {
        guard let first = string.unicodeScalars.first, let last = string.unicodeScalars.last, first != " ", last != " " else { return nil }
        if !taggedString {
            guard !oneOneBooleans.contains(string), string != "<<", case .string = YAMLCoreSchema.resolve(string) else { return nil }
            if "0123456789.+".unicodeScalars.contains(first) { return nil }
        }
        if "-?:,[]{}#&*!|>'\"%@`".unicodeScalars.contains(first) { return nil }
        if last == ":" || string.contains(": ") || string.contains(" #") { return nil }
        for scalar in string.unicodeScalars {
            if inFlow, ",[]{}".unicodeScalars.contains(scalar) { return nil }
            if !isPrintable(scalar) || scalar == "\t" || scalar == "\n" || scalar == "\r" || JSONWriter.isHazardous(scalar) { return nil }
        }
        return string
    }

    /// A string in single quotes (`'` doubled), or nil when it holds a line break or a character
    /// that must be escaped.
    static func singleQuoted(_ string: String) -> String? {
        var out = "'"
        for scalar in string.unicodeScalars {
            guard isPrintable(scalar), scalar != "\n", scalar != "\r", scalar != "\t", !JSONWriter.isHazardous(scalar) else { return nil }
            out.unicodeScalars.append(scalar)
            if scalar == "'" { out += "'" }
        }
        return out + "'"
    }

    /// A string in double quotes: anything, escaped as YAML reads escapes.
    static func doubleQuoted(_ string: String) -> String {
        var out = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || !isPrintable(scalar) || JSONWriter.isHazardous(scalar) || (0x7F..<0xA0).contains(scalar.value) {
                    out += scalar.value > 0xFFFF ? "\\U" + hex(scalar.value, width: 8) : "\\u" + hex(scalar.value, width: 4)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// A string as a literal (`|`) or folded (`>`) block: the header with its chomping indicator
    /// and the lines at `indent` spaces, each ending with `newline`; nil when the text cannot be
    /// one (empty, a carriage return, a character that must be escaped, a first line starting with
    /// white space, or at the left margin where a line could read as `---`).
    static func block(_ string: String, folded: Bool, indent: Int, newline: String) -> (header: String, body: String)? {
        guard !string.isEmpty, indent > 0 else { return nil }
        for scalar in string.unicodeScalars {
            guard scalar == "\n" || scalar == "\t" || isPrintable(scalar) && !JSONWriter.isHazardous(scalar) && scalar != "\r" else { return nil }
        }
        var content = Substring(string)
        var trailing = 0
        while content.hasSuffix("\n") {
            content = content.dropLast()
            trailing += 1
        }
        let lines = content.split(separator: "\n", omittingEmptySubsequences: false)
        guard let firstText = lines.first(where: { !$0.isEmpty }), firstText.first != " ", firstText.first != "\t" else { return nil }
        // A folded block folds a line break before a line of text into a space: a text line is
        // followed by one more empty line than the value has breaks, and no line may start with
        // white space (it would keep its break).
        if folded, lines.contains(where: { $0.first == " " || $0.first == "\t" }) { return nil }
        let chomping = trailing == 0 ? "-" : trailing == 1 ? "" : "+"
        let margin = String(repeating: " ", count: indent)
        var body = ""
        for (index, line) in lines.enumerated() {
            body += line.isEmpty ? newline : margin + line + newline
            if folded, !line.isEmpty, index < lines.count - 1 { body += newline }
        }
        for _ in 0..<max(0, trailing - 1) { body += newline }
        return ((folded ? ">" : "|") + chomping, body)
    }

    /// Whether YAML may hold a character as it is (§5.1), tab and line breaks aside.
    static func isPrintable(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return (0x20...0x7E).contains(value) || value == 0x85 || (0xA0...0xD7FF).contains(value)
            || (0xE000...0xFFFD).contains(value) && value != 0xFEFF || (0x10000...0x10FFFF).contains(value)
    }

    private static func hex(_ value: UInt32, width: Int) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
