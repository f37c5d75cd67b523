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
    public static func strictJSON(_ value: JSONValue) -> String? {
        var stack = [value]
        while let next = stack.popLast() {
            switch next {
            case .number(let number) where number.jsonLiteral == nil: return nil
            case .array(let elements): stack += elements
            case .object(let object): stack += object.members.map(\.value)
            default: break
            }
        }
        return serialize(value, style: .pretty)
    }

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

    private static func write(_ value: JSONValue, style: JSONStyle, indent: String, into out: inout String) {
        switch value {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n): out += style.syntax == .json5 ? n.literal : n.jsonLiteral ?? n.literal
        case .string(let s): out += quoted(s, quote: style.syntax == .json5 ? style.quote : "\"")
        case .array(let elements):
            guard !elements.isEmpty else {
                out += "[]"
                return
            }
            out += "["
            let inner = style.indent.map { indent + $0 }
            for (i, element) in elements.enumerated() {
                if i > 0 { out += "," }
                if let inner { out += style.newline + inner } else if i > 0 { out += style.comma }
                write(element, style: style, indent: inner ?? indent, into: &out)
            }
            if style.indent != nil { out += (style.trailingComma ? "," : "") + style.newline + indent }
            out += "]"
        case .object(let object):
            guard !object.members.isEmpty else {
                out += "{}"
                return
            }
            out += "{"
            let inner = style.indent.map { indent + $0 }
            for (i, member) in object.members.enumerated() {
                if i > 0 { out += "," }
                if let inner { out += style.newline + inner } else if i > 0 { out += style.comma }
                out += key(member.key, style: style) + style.colon
                write(member.value, style: style, indent: inner ?? indent, into: &out)
            }
            if style.indent != nil { out += (style.trailingComma ? "," : "") + style.newline + indent }
            out += "}"
        }
    }
}
