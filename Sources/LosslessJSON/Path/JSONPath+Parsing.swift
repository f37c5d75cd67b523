/// Why a path could not be parsed.
public struct JSONPathSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The text that was parsed.
    public let text: String
    /// The character offset of the problem.
    public let position: Int
    /// What was wrong.
    public let reason: String

    public var description: String { "invalid path '\(shownInMessage(text))' at character \(position + 1): \(reason)" }
}

extension JSONPath {
    /// Parses a jq path (starting with `.`) or a JSON Pointer (empty or starting with `/`).
    public init(parsing text: String) throws(JSONPathSyntaxError) {
        // By byte: `hasPrefix` compares Characters, and "/" followed by a combining mark is one.
        if text.isEmpty || text.utf8.first == UInt8(ascii: "/") {
            self = try JSONPath(pointer: text)
        } else {
            self = try JSONPath(jq: text)
        }
    }

    /// Parses an RFC 6901 JSON Pointer: `""` is the root, `/a/b/0`, `~0` is `~`, `~1` is `/`.
    /// Split at every `/` scalar: a key may begin with a combining mark or a joiner, which a split
    /// by Characters would merge into the `/` before it. `-` (after an array's last element) is
    /// the key `"-"`, which `set` on an array takes as "append".
    public init(pointer text: String) throws(JSONPathSyntaxError) {
        guard !text.isEmpty else {
            self = .root
            return
        }
        guard text.utf8.first == UInt8(ascii: "/") else {
            throw JSONPathSyntaxError(text: text, position: 0, reason: "a JSON Pointer starts with '/'")
        }
        var components: [Component] = []
        var position = 1
        for token in text.unicodeScalars.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            var key = ""
            var scalars = token.makeIterator()
            var offset = position
            while let scalar = scalars.next() {
                if scalar == "~" {
                    switch scalars.next() {
                    case "0": key += "~"
                    case "1": key += "/"
                    default: throw JSONPathSyntaxError(text: text, position: offset, reason: "'~' must be followed by '0' or '1'")
                    }
                    offset += 2
                } else {
                    key.unicodeScalars.append(scalar)
                    offset += 1
                }
            }
            components.append(.key(key))
            position += token.count + 1
        }
        self.init(components)
    }

    /// Parses a jq path: `.`, `.a.b[3]`, `."key with spaces"`, `.["k"]`, `.a[0][1]`.
    public init(jq text: String) throws(JSONPathSyntaxError) {
        let scalars = Array(text.unicodeScalars)
        var i = 0
        func fail(_ reason: String) -> JSONPathSyntaxError { JSONPathSyntaxError(text: text, position: i, reason: reason) }
        guard scalars.first == "." else { throw fail("a jq path starts with '.'") }
        if scalars.count == 1 {
            self = .root
            return
        }
        var components: [Component] = []

        func quotedString() throws(JSONPathSyntaxError) -> String {
            // i is at the opening quote; JSON string escapes are accepted.
            let start = i
            i += 1
            var raw: [UInt8] = [UInt8(ascii: "\"")]
            while i < scalars.count, scalars[i] != "\"" {
                if scalars[i] == "\\" {
                    raw.append(contentsOf: String(scalars[i]).utf8)
                    i += 1
                    guard i < scalars.count else { break }
                }
                raw.append(contentsOf: String(scalars[i]).utf8)
                i += 1
            }
            guard i < scalars.count else {
                i = start
                throw fail("unterminated quoted key")
            }
            i += 1
            raw.append(UInt8(ascii: "\""))
            if LoneSurrogate.firstEscape(in: raw) != nil {
                i = start
                throw fail("a lone surrogate escape (\\uD800–\\uDFFF without its pair) in quoted key names no character")
            }
            guard case .string(let key)? = try? JSONValue(parsing: raw) else {
                i = start
                throw fail("invalid escape in quoted key")
            }
            return key
        }

        func bracket() throws(JSONPathSyntaxError) {
            // i is at '['.
            i += 1
            if i < scalars.count, scalars[i] == "\"" {
                components.append(.key(try quotedString()))
            } else {
                let start = i
                while i < scalars.count, scalars[i].properties.numericType == .decimal, scalars[i].isASCII { i += 1 }
                guard i > start, let index = Int(String(String.UnicodeScalarView(scalars[start..<i]))) else {
                    throw fail("expected an array index or a quoted key inside '[ ]'")
                }
                components.append(.index(index))
            }
            guard i < scalars.count, scalars[i] == "]" else { throw fail("expected ']'") }
            i += 1
        }

        while i < scalars.count {
            let c = scalars[i]
            if c == "[" {
                try bracket()
            } else if c == "." {
                i += 1
                guard i < scalars.count else { throw fail("expected a key after '.'") }
                if scalars[i] == "\"" {
                    components.append(.key(try quotedString()))
                } else if scalars[i] == "[" {
                    try bracket()
                } else {
                    let start = i
                    while i < scalars.count, scalars[i] != ".", scalars[i] != "[" {
                        let s = scalars[i]
                        guard s == "_" || s.properties.isAlphabetic || (s.isASCII && s.properties.numericType == .decimal) else {
                            throw fail("unexpected '\(s)' in a key; quote keys like .\"my key\"")
                        }
                        i += 1
                    }
                    guard i > start else { throw fail("expected a key after '.'") }
                    components.append(.key(String(String.UnicodeScalarView(scalars[start..<i]))))
                }
            } else {
                throw fail("expected '.' or '['")
            }
        }
        self.init(components)
    }
}
