extension ECMARegex {
    /// A pattern as a browser's JavaScript engine reads it without the `u` flag (ECMA-262's
    /// Annex B), spelled so the `u`-mode reader takes it with the same meaning: an identity escape
    /// of a character that is not a letter, a digit or syntax (`\-`, `\_`, `\#`) becomes the
    /// character, and a lone `]`, `}` or a `{` that is no quantifier is escaped. `nil` when the
    /// pattern has none of these (Annex B reads it as `u` mode does, or not at all).
    ///
    /// SchemaStore's schemas hold such patterns (`^[a-zA-Z]{2}-[a-zA-Z]{2}]?$`, `[A-z0-9\-\%]`),
    /// written for and tested in editors; the compiler reads a schema's `pattern` so, the `regex`
    /// format still asks for `u` mode.
    static func annexBForm(_ source: String) -> String? {
        let scalars = Array(source.unicodeScalars)
        var out = String.UnicodeScalarView()
        var changed = false
        var inClass = false
        var i = 0
        let syntax = "^$\\.*+?()[]{}|/".unicodeScalars
        while i < scalars.count {
            let c = scalars[i]
            switch c {
            case "\\" where i + 1 < scalars.count:
                let next = scalars[i + 1]
                let isLetterOrDigit = next.properties.isAlphabetic || ("0"..."9").contains(next)
                if isLetterOrDigit || syntax.contains(next) || (inClass && next == "-") {
                    out.append(c)
                    out.append(next)
                } else {
                    out.append(next)
                    changed = true
                }
                i += 2
                continue
            case "[" where !inClass:
                inClass = true
            case "]" where inClass:
                inClass = false
            case "]":
                out.append(contentsOf: "\\]".unicodeScalars)
                changed = true
                i += 1
                continue
            case "{" where !inClass:
                if let end = quantifierEnd(scalars, from: i) {
                    out.append(contentsOf: scalars[i...end])
                    i = end + 1
                    continue
                }
                out.append(contentsOf: "\\{".unicodeScalars)
                changed = true
                i += 1
                continue
            case "}" where !inClass:
                out.append(contentsOf: "\\}".unicodeScalars)
                changed = true
                i += 1
                continue
            default:
                break
            }
            out.append(c)
            i += 1
        }
        return changed ? String(out) : nil
    }
}
