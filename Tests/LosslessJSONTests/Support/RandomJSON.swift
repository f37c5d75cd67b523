@testable import LosslessJSON

/// A fixed-seed generator (SplitMix64), so every failure reproduces.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Generates JSON texts together with the values they denote: random structure, layout, number
/// spellings, escapes and Unicode.
struct RandomJSON {
    var rng: SeededGenerator
    /// The layout of the whole document: an indent unit, or nil for minified / random spacing.
    var indent: String?
    var newline: String
    var randomSpacing: Bool

    init(seed: UInt64) {
        rng = SeededGenerator(seed: seed)
        let layouts: [String?] = ["  ", "    ", "\t", nil, nil]
        indent = layouts.randomElement(using: &rng)!
        newline = Bool.random(using: &rng) ? "\n" : "\r\n"
        randomSpacing = indent == nil && Bool.random(using: &rng)
    }

    mutating func space() -> String {
        guard randomSpacing else { return "" }
        return [" ", "", "  ", "\t", "\n ", ""].randomElement(using: &rng)!
    }

    mutating func document() -> (text: String, value: JSONValue) {
        let (text, value) = container(depth: 0, indent: "")
        return (space() + text + space(), value)
    }

    mutating func value(depth: Int, indent level: String) -> (String, JSONValue) {
        let roll = Int.random(in: 0..<10, using: &rng)
        if depth < 4, roll < 3 { return container(depth: depth, indent: level) }
        switch Int.random(in: 0..<6, using: &rng) {
        case 0: return ("null", .null)
        case 1: let b = Bool.random(using: &rng); return (b ? "true" : "false", .bool(b))
        case 2, 3:
            let literal = number()
            return (literal, .number(JSONNumber(literal: literal)!))
        default: return string()
        }
    }

    mutating func container(depth: Int, indent level: String) -> (String, JSONValue) {
        let isObject = Bool.random(using: &rng)
        let count = Int.random(in: 0..<5, using: &rng)
        let inner = indent.map { level + $0 } ?? level
        var parts: [String] = []
        var elements: [JSONValue] = []
        var members: [JSONObject.Member] = []
        for i in 0..<count {
            let (text, value) = self.value(depth: depth + 1, indent: inner)
            if isObject {
                // Mostly distinct keys, an occasional duplicate.
                let (keyText, key) = i > 0 && Int.random(in: 0..<8, using: &rng) == 0
                    ? (JSONWriter.quoted(members[0].key), members[0].key) : self.key(i)
                let colon = indent == nil ? (randomSpacing ? [":", " : ", ": "].randomElement(using: &rng)! : ":") : ": "
                parts.append(keyText + colon + text)
                members.append(JSONObject.Member(key: key, value: value))
            } else {
                parts.append(text)
                elements.append(value)
            }
        }
        let (open, close) = isObject ? ("{", "}") : ("[", "]")
        let value: JSONValue = isObject ? .object(JSONObject(members: members)) : .array(elements)
        if parts.isEmpty { return (open + space() + close, value) }
        if indent != nil {
            let body = parts.map { newline + inner + $0 }.joined(separator: ",")
            return (open + body + newline + level + close, value)
        }
        var body = ""
        for (i, part) in parts.enumerated() {
            if i > 0 { body += space() + "," }
            body += space() + part
        }
        return (open + body + space() + close, value)
    }

    mutating func key(_ i: Int) -> (String, String) {
        let plain = ["id", "name", "a", "b", "value", "x_y", "key with spaces", "é", "中文", "😀", ""]
        if Int.random(in: 0..<5, using: &rng) == 0 {
            let (text, value) = string()
            return (text, value.stringValue ?? "")
        }
        let key = plain.randomElement(using: &rng)! + (i > 0 ? String(i) : "")
        return (JSONWriter.quoted(key), key)
    }

    mutating func number() -> String {
        let spellings = ["0", "-0", "1", "-1", "1.0", "1.5", "-2.25", "1e3", "1E+2", "2.5e-3", "0.1",
                         "12345678901234567890", "-9223372036854775808", "9007199254740993", "3.141592653589793238",
                         "100", "1.000", "0e0"]
        if Bool.random(using: &rng) { return spellings.randomElement(using: &rng)! }
        return String(Int.random(in: -100_000...100_000, using: &rng))
    }

    mutating func string() -> (String, JSONValue) {
        let pieces: [(String, String)] = [
            ("abc", "abc"), (" ", " "), ("\\n", "\n"), ("\\t", "\t"), ("\\\"", "\""), ("\\\\", "\\"), ("\\/", "/"),
            ("\\u00e9", "é"), ("é", "é"), ("e\u{301}", "e\u{301}"), ("中文", "中文"), ("😀", "😀"),
            ("\\ud83d\\ude00", "😀"), ("\\u001b[2J", "\u{1B}[2J"), ("\\b\\f\\r", "\u{08}\u{0C}\r"), ("\\u0000", "\u{0}"),
        ]
        var text = "\""
        var value = ""
        for _ in 0..<Int.random(in: 0..<5, using: &rng) {
            let (t, v) = pieces.randomElement(using: &rng)!
            text += t
            value += v
        }
        return (text + "\"", .string(value))
    }
}

extension JSONEdit {
    /// Every kind of edit that fits the node at `path`: replace, remove and rename where allowed,
    /// and an insertion at a random position into a container; `name` makes new keys unique.
    static func fitting(
        _ target: JSONDocument.Node, at path: JSONPath, in document: JSONDocument, value: JSONValue, name: String,
        using rng: inout SeededGenerator
    ) -> [JSONEdit] {
        var edits: [JSONEdit] = [.replace(at: path, with: value)]
        if !path.isRoot { edits.append(.remove(at: path)) }
        if case .key? = path.last { edits.append(.renameKey(at: path, to: "renamed\(name)")) }
        switch document.kind(target) {
        case .object:
            edits.append(.insertMember(in: path, key: "new\(name)", value: value, at: Int.random(in: 0...document.childCount(target), using: &rng)))
        case .array:
            edits.append(.insertElement(in: path, value: value, at: Int.random(in: 0...document.childCount(target), using: &rng)))
        default: break
        }
        return edits
    }
}

extension SeededGenerator {
    /// Bytes that break JSON in interesting ways (structure, escapes, numbers, literals, control
    /// and non-ASCII bytes).
    static let interestingBytes: [UInt8] = Array("{}[]\":,\\ \n0-.eE+tfnu\u{7F}".utf8) + [0x00, 0x1F, 0x80, 0xC3, 0xE2, 0xF0, 0xFF]

    /// The text with one random change: a byte replaced, a byte inserted, or the text cut short.
    mutating func mutate(_ text: [UInt8]) -> [UInt8] {
        var mutated = text
        let position = Int.random(in: 0..<max(1, mutated.count), using: &self)
        switch Int.random(in: 0..<3, using: &self) {
        case 0 where !mutated.isEmpty: mutated[position] = Self.interestingBytes.randomElement(using: &self)!
        case 1: mutated.insert(Self.interestingBytes.randomElement(using: &self)!, at: min(position, mutated.count))
        default: mutated = Array(mutated.prefix(position))
        }
        return mutated
    }
}
