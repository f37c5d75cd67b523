import DictionaryStorage
import LosslessJSON

/// Where the tree's columns go for the rows on screen, and the screen lines each row takes: computed
/// once for render and for scrolling (a wrapped value takes several lines).
struct TreeLayout {
    /// One row as drawn.
    struct Line {
        let row: Int
        let node: Node
        let depth: Int
        /// Whether the row stands for a missing required field.
        let isPlaceholder: Bool
        /// The key as shown (a kept member's with "+ "), escaped, before any shortening.
        let key: String
        let annotation: Annotation
        /// The value column's text and role.
        let value: (text: String, role: Style.Role)
        /// The member's comments, shown dim after its value (when comments are shown).
        let comment: String?
    }

    /// The columns the key column may take at most: about 40% of the width.
    static func keyLimit(width: Int) -> Int { max(12, width * 2 / 5) }

    let lines: [Line]
    /// Columns before the type column: indentation, fold marker and key.
    let keyWidth: Int
    /// The type column's width (0: none).
    let typeWidth: Int
    /// The screen's width.
    let width: Int

    /// Where the value column starts.
    var valueX: Int { keyWidth + 2 + (typeWidth > 0 ? typeWidth + 2 : 0) }

    /// The layout of up to `count` rows from `first`.
    init(_ state: BrowserState, from first: Int, count: Int, cache: inout AnnotationCache) {
        width = state.width
        let last = min(state.rows.count, first + count)
        var lines: [Line] = []
        var keyWidth = 4
        var typeWidth = 0
        if first < last {
            for (r, row) in zip(first..<last, state.rows.rows(first..<last)) {
                var annotation = state.annotation(ofRow: r, cache: &cache)
                if annotation.warning == nil, !state.problemAtPath.isEmpty, let problem = state.problemAtPath[state.path(ofRow: r)] {
                    annotation.warning = problem
                    if annotation.kind == .known { annotation.kind = .warning }
                }
                let key: String
                if let member = row.disabled {
                    key = "// " + escapedForDisplay(member.key)
                } else if row.isPlaceholder {
                    let keys = annotation.field?.path.components.map { component in
                        switch component {
                        case .key(let key): key
                        case .index(let index): "[\(index)]"
                        }
                    }
                    key = escapedForDisplay(keys?.joined(separator: ".") ?? row.missingField ?? "")
                } else if row.parent == nil {
                    key = state.canSaveInPlace ? "." : "(stdin)"
                } else if let memberKey = state.document.key(row.node) {
                    key = (annotation.isUnknownMember ? "+ " : "") + escapedForDisplay(memberKey)
                } else {
                    key = "[\(row.index)]"
                }
                keyWidth = max(keyWidth, row.depth * 2 + 2 + displayWidth(key))
                typeWidth = max(typeWidth, min(28, displayWidth(annotation.typeText)))
                let kind = state.document.kind(row.node)
                let value =
                    if let member = row.disabled {
                        (text: escapedForDisplay(JSONWriter.serialize(member.value)), role: Style.Role.dim)
                    } else if row.isPlaceholder {
                        (text: "(missing)", role: Style.Role.dim)
                    } else {
                        valuePreview(state.document, row.node, kind: kind, expanded: state.expanded[row.node] != nil)
                    }
                let comment = state.view.showComments && !row.isPlaceholder ? state.commentText(ofRow: r) : nil
                lines.append(
                    Line(row: r, node: row.node, depth: row.depth, isPlaceholder: row.isPlaceholder, key: key, annotation: annotation, value: value, comment: comment))
            }
        }
        self.lines = lines
        self.keyWidth = min(keyWidth, Self.keyLimit(width: width))
        self.typeWidth = typeWidth
    }

    /// The key of a line as it fits its column: shortened in the middle when too long.
    func shownKey(_ line: Line) -> String {
        middleTruncated(line.key, to: max(1, keyWidth - line.depth * 2 - 2))
    }

    /// The screen lines a row's value takes when values wrap (at least one).
    func height(of line: Line, wrapping: Bool, limit: Int) -> Int {
        guard wrapping else { return 1 }
        let room = max(1, width - valueX)
        let columns = displayWidth(line.value.text)
        return max(1, min(limit, (columns + room - 1) / room))
    }
}

/// The value column: a scalar's text (escaped), or a container's size.
func valuePreview(_ document: JSONDocument, _ node: Node, kind: JSONKind, expanded: Bool) -> (text: String, role: Style.Role) {
    switch kind {
    case .object, .array:
        // Large containers remember their count after the first frame that shows them.
        let count = document.childCount(node)
        let noun = kind == .array ? (count == 1 ? "item" : "items") : (count == 1 ? "key" : "keys")
        return (expanded ? "\(count) \(noun)" : (kind == .array ? "[…] " : "{…} ") + "\(count) \(noun)", .dim)
    case .string:
        let raw = document.range(node).count > 4096 ? String(document.rawText(node).prefix(4096)) : document.rawText(node)
        return (escapedForDisplay(raw), .string)
    case .number: return (document.rawText(node), .number)
    case .true, .false: return (document.rawText(node), .bool)
    case .null: return ("null", .null)
    }
}

/// Text shortened in the middle to fit `columns` (`in_reply…status_id_str`), so that both the
/// start and the end of a long key stay readable.
func middleTruncated(_ text: String, to columns: Int) -> String {
    guard columns > 0 else { return "" }
    guard displayWidth(text) > columns else { return text }
    guard columns > 2 else { return truncated(text, to: columns) }
    let characters = Array(text)
    let tailRoom = (columns - 1) / 2
    let headRoom = columns - 1 - tailRoom
    var head = ""
    var used = 0
    for character in characters {
        let w = displayWidth(character)
        if used + w > headRoom { break }
        head.append(character)
        used += w
    }
    var tail = ""
    used = 0
    for character in characters.reversed() {
        let w = displayWidth(character)
        if used + w > tailRoom { break }
        tail.insert(character, at: tail.startIndex)
        used += w
    }
    return head + "…" + tail
}

/// The text after its first `columns` display columns.
func droppingColumns(_ text: String, _ columns: Int) -> String {
    guard columns > 0 else { return text }
    var used = 0
    var index = text.startIndex
    while index < text.endIndex, used < columns {
        used += displayWidth(text[index])
        index = text.index(after: index)
    }
    return String(text[index...])
}

/// The text cut into pieces of at most `columns` display columns each.
func wrapped(_ text: String, to columns: Int) -> [String] {
    guard columns > 0 else { return [text] }
    var pieces: [String] = []
    var current = ""
    var used = 0
    for character in text {
        let w = displayWidth(character)
        if used + w > columns, !current.isEmpty {
            pieces.append(current)
            current = ""
            used = 0
        }
        current.append(character)
        used += w
    }
    pieces.append(current)
    return pieces
}
