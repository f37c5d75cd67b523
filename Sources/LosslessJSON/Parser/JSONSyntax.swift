/// The syntax a document's text is written in: what counts as a value's spelling and as trivia
/// between values. Every syntax reads to the same data (JSON's) and is indexed, edited, saved and
/// folded the same way; only the scanning, the decoding of literals and the spelling of new text
/// differ, and a document keeps its syntax for every edit (a save never changes it).
public enum JSONSyntax: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// RFC 8259 JSON, strictly.
    case json
    /// JSON with comments: `//` and `/* */` comments, and a trailing comma in objects and arrays
    /// (what VS Code's jsonc-parser accepts with trailing commas allowed); otherwise strict JSON.
    case jsonc
    /// JSON5 1.0.0: identifier keys, single-quoted strings, escaped line breaks, hexadecimal
    /// numbers, leading and trailing decimal points, `+`, `Infinity`, `NaN`, more white space,
    /// comments and trailing commas.
    case json5

    /// The syntax's name in messages: "JSON", "JSON with comments", "JSON5".
    public var description: String {
        switch self {
        case .json: "JSON"
        case .jsonc: "JSON with comments"
        case .json5: "JSON5"
        }
    }

    /// Whether `//` and `/* */` comments may stand between values.
    public var allowsComments: Bool { self != .json }

    /// Whether a comma may follow the last member or element of a container.
    public var allowsTrailingCommas: Bool { self != .json }
}
