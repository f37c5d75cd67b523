/// Serializes new values in a document's style. Untouched values are never re-serialized: the
/// document copies their bytes.
public enum JSONWriter {
    /// The JSON text of a value laid out in `style`, its nested lines indented from `baseIndent`.
    public static func serialize(_ value: JSONValue, style: JSONStyle = .minified, baseIndent: String = "") -> String {
        var out = ""
        write(value, style: style, indent: baseIndent, into: &out)
        return out
    }

    /// A value as strict JSON, laid out with two-space indentation: comments gone, JSON5's
    /// spellings made JSON's; nil when it holds `NaN` or `Infinity`, which JSON cannot spell.
    ///
    /// A value nesting deeper than `deepestIndented` levels is written on one line: indentation
    /// would grow its text with the square of its depth (terabytes for a million levels).
    public static func strictJSON(_ value: JSONValue) -> String? {
        var stack = [(value, depth: 0)]
        var deepest = 0
        while let (next, depth) = stack.popLast() {
            deepest = max(deepest, depth)
            switch next {
            case .number(let number) where number.jsonLiteral == nil: return nil
            case .array(let elements): stack += elements.lazy.map { ($0, depth + 1) }
            case .object(let object): stack += object.members.lazy.map { ($0.value, depth + 1) }
            default: break
            }
        }
        return serialize(value, style: deepest > deepestIndented ? .minified : .pretty)
    }

    /// The deepest nesting `strictJSON` indents.
    public static let deepestIndented = 256

    /// A string literal: `"`, `\` and control characters (C0, DEL, C1) escaped (short forms where
    /// JSON has them), everything else written as UTF-8.
    ///
    /// Characters that are invisible or reorder text around them (`isHazardous`) are written as
    /// `\\u` escapes too: raw in a file they hide what a key or value really is (Trojan Source),
    /// and U+2028/U+2029 end a line in JavaScript source that `eval`s the JSON.
    public static func quoted(_ string: String) -> String { quoted(string, quote: "\"") }

    /// A string literal in `quote` (`"`, or JSON5's `'`): that quote escaped, the other kept.
    public static func quoted(_ string: String, quote: Character) -> String {
        let single = quote == "'"
        var out = single ? "'" : "\""
        out.reserveCapacity(string.utf8.count + 2)
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"" where !single: out += "\\\""
            case "'" where single: out += "\\'"
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            default:
                // C1 controls and DEL too: U+009B starts a control sequence on many terminals.
                if scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value) || isHazardous(scalar) {
                    out += "\\u" + hex(scalar.value, width: 4)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += single ? "'" : "\""
        return out
    }

    /// A member's key in a style: bare when the style writes identifiers bare and it is one,
    /// else quoted.
    public static func key(_ key: String, style: JSONStyle) -> String {
        if style.bareKeys, style.syntax == .json5, isIdentifier(key) { return key }
        return quoted(key, quote: style.syntax == .json5 ? style.quote : "\"")
    }

    /// Whether a key can be written as a JSON5 identifier (ECMAScript 5.1 IdentifierName, with
    /// no escapes and none of the characters `quoted` escapes).
    static func isIdentifier(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first, JSON5Scanner.isIdentifierStart(first) else { return false }
        return key.unicodeScalars.allSatisfy { JSON5Scanner.isIdentifierPart($0) && !isHazardous($0) }
    }

    /// Whether a scalar is invisible or changes the direction of the text around it: the bidi
    /// embeddings, overrides, isolates and marks, zero-width space, word joiner, byte-order mark,
    /// soft hyphen and the line and paragraph separators. (Zero-width joiner and non-joiner are
    /// not: emoji sequences and several scripts need them.)
    public static func isHazardous(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00AD, 0x061C, 0x180E, 0x200B, 0x200E, 0x200F, 0x2028...0x202E, 0x2060...0x2064, 0x2066...0x2069, 0xFEFF:
            true
        default:
            false
        }
    }

    /// Writes a value with a list of what is left to write, not by recursion (a value may nest
    /// far deeper than a thread's stack).
    private static func write(_ value: JSONValue, style: JSONStyle, indent: String, into out: inout String) {
        enum Step {
            case value(JSONValue, indent: String)
            case text(String)
        }
        var steps: [Step] = [.value(value, indent: indent)]
        while let step = steps.popLast() {
            switch step {
            case .text(let text): out += text
            case .value(.null, _): out += "null"
            case .value(.bool(let b), _): out += b ? "true" : "false"
            case .value(.number(let n), _): out += style.syntax == .json5 ? n.literal : n.jsonLiteral ?? n.literal
            case .value(.string(let s), _): out += quoted(s, quote: style.syntax == .json5 ? style.quote : "\"")
            case .value(.array(let elements), let indent):
                guard !elements.isEmpty else {
                    out += "[]"
                    continue
                }
                out += "["
                let inner = style.indent.map { indent + $0 }
                steps.append(.text(closing("]", style: style, indent: indent)))
                for (i, element) in elements.enumerated().reversed() {
                    steps.append(.value(element, indent: inner ?? indent))
                    steps.append(.text(separator(first: i == 0, style: style, inner: inner)))
                }
            case .value(.object(let object), let indent):
                guard !object.members.isEmpty else {
                    out += "{}"
                    continue
                }
                out += "{"
                let inner = style.indent.map { indent + $0 }
                steps.append(.text(closing("}", style: style, indent: indent)))
                for (i, member) in object.members.enumerated().reversed() {
                    steps.append(.value(member.value, indent: inner ?? indent))
                    steps.append(.text(separator(first: i == 0, style: style, inner: inner) + key(member.key, style: style) + style.colon))
                }
            }
        }
    }

    /// What precedes an element or member: a comma after the first, then a new line and the
    /// indentation (or the style's space after a comma when it has no lines).
    private static func separator(first: Bool, style: JSONStyle, inner: String?) -> String {
        let comma = first ? "" : ","
        if let inner { return comma + style.newline + inner }
        return first ? "" : comma + style.comma
    }

    /// What closes a container: a trailing comma and the parent's indentation when laid out in lines.
    private static func closing(_ bracket: String, style: JSONStyle, indent: String) -> String {
        style.indent != nil ? (style.trailingComma ? "," : "") + style.newline + indent + bracket : bracket
    }
}
