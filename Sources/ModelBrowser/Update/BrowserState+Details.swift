import DictionaryStorage
import LosslessJSON

extension BrowserState {
    /// `i`: everything the description says about the value under the cursor — its whole
    /// description, default, examples and allowed values — in a pane that scrolls.
    mutating func showDetails() {
        var cache = AnnotationCache()
        let annotation = annotation(ofRow: cursor, cache: &cache)
        let width = max(20, self.width - 2)
        var lines = ["path      " + escapedForDisplay(cursorPath.jq)]
        func add(_ label: String, _ text: String) {
            let indent = String(repeating: " ", count: 10)
            for (index, line) in wordWrapped(escapedForDisplay(text), to: width - indent.count).enumerated() {
                lines.append((index == 0 ? label.padding(toColumns: 10) : indent) + line)
            }
        }
        if !annotation.typeText.isEmpty { add("type", annotation.typeText) }
        if let warning = annotation.warning { add("⚠", warning) }
        guard let field = annotation.field else {
            if let summary = annotation.summary {
                add("about", summary)
            } else if case .model(let model) = annotation.context, let help = model.help {
                add("about", help)
            }
            if lines.count == 1 { lines.append(annotation.kind == .untyped ? "No model or schema describes this value." : "Nothing more is said about it.") }
            mode = .details(lines: lines, scroll: 0)
            return
        }
        add("field", field.name + (field.isRequired ? " (required)" : "") + (field.isReadOnly ? " (read-only)" : ""))
        if let summary = field.summary { add("about", summary) }
        if let value = field.defaultValue { add("default", value) }
        if !field.examples.isEmpty { add("examples", field.examples.joined(separator: ", ")) }
        switch field.type.unwrapped {
        case .enumeration(_, let known, let isOpen):
            add("one of", known.map(JSONWriter.quoted).joined(separator: ", ") + (isOpen ? ", or another" : ""))
        case .choices(_, let values, let isOpen):
            add("one of", values.map { JSONWriter.serialize($0) }.joined(separator: ", ") + (isOpen ? ", or another" : ""))
        default: break
        }
        for remark in field.remarks { add("note", remark) }
        mode = .details(lines: lines, scroll: 0)
    }
}

/// Text broken into lines of at most `columns` display columns, at spaces where it can be (a word
/// longer than a line is cut).
func wordWrapped(_ text: String, to columns: Int) -> [String] {
    guard columns > 0 else { return [text] }
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ", omittingEmptySubsequences: true) {
        let candidate = line.isEmpty ? String(word) : line + " " + word
        if displayWidth(candidate) <= columns {
            line = candidate
            continue
        }
        if !line.isEmpty { lines.append(line) }
        var pieces = wrapped(String(word), to: columns)
        line = pieces.removeLast()
        lines += pieces
    }
    lines.append(line)
    return lines
}
