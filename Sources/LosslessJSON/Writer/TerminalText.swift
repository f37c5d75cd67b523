/// Text from files, schemas, records and arguments made safe to show on a terminal — the one
/// escaping the browser's screen and every line the command line prints go through. Control
/// characters (C0, DEL and C1 — U+009B alone starts a control sequence on many terminals) and the
/// characters that are invisible or reorder the text around them (`JSONWriter.isHazardous`) are
/// shown as `\u001b`-style escapes, so nothing from data reaches the terminal as a control
/// sequence and `"a\u200bb"` never looks like `ab`.
public enum TerminalText {
    /// One line: line breaks and tabs escaped too (`\n`, `\r`, `\t`).
    public static func escaped(_ text: String) -> String { escape(text, keepingLines: false) }

    /// A message of several lines (a caret excerpt, a list): line breaks and tabs kept, every
    /// other control escaped.
    public static func escapedKeepingLines(_ text: String) -> String { escape(text, keepingLines: true) }

    /// Whether a scalar is shown escaped (line breaks and tabs aside).
    static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value) || JSONWriter.isHazardous(scalar)
    }

    private static func escape(_ text: String, keepingLines: Bool) -> String {
        guard text.unicodeScalars.contains(where: isUnsafe) else { return text }  // the common case, unchanged
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n" where keepingLines, "\t" where keepingLines: out.append(scalar)
            case "\n": out.append(contentsOf: "\\n".unicodeScalars)
            case "\t": out.append(contentsOf: "\\t".unicodeScalars)
            case "\r": out.append(contentsOf: "\\r".unicodeScalars)
            case _ where isUnsafe(scalar):
                let hex = String(scalar.value, radix: 16)
                out.append(contentsOf: ("\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex).unicodeScalars)
            default: out.append(scalar)
            }
        }
        return String(out)
    }
}
