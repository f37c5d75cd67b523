/// Why a JSON text was rejected, where, and what would have been accepted there.
public struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The byte offset of the offending byte (counted from the start of the text, BOM included).
    public let offset: Int
    /// The 1-based line.
    public let line: Int
    /// The 1-based column, counted in Unicode scalars from the start of the line.
    public let column: Int
    /// What the parser expected at this point ("',' or '}'", "a digit" …).
    public let expected: String
    /// What it found ("']'", "end of input", "byte 0xC3" …).
    public let found: String
    /// The offending line's text, control characters shown escaped.
    public let sourceLine: String
    /// Extra explanation for a common mistake ("trailing commas are not allowed"), or empty.
    public let hint: String
    /// Whether the parse stopped because its `JSONParseProgress` was cancelled, not for bad input.
    public internal(set) var isCancellation = false
    /// The syntax the text was read as; a syntax other than JSON is named in the message.
    public internal(set) var syntax: JSONSyntax = .json

    /// One line: "expected X, found Y" and the hint — "(JSON5: hint)" for a syntax other than JSON.
    public var message: String {
        var text = "expected \(expected), found \(found)"
        switch (syntax, hint.isEmpty) {
        case (.json, true): break
        case (.json, false): text += " (\(hint))"
        case (_, true): text += " (\(syntax))"
        case (_, false): text += " (\(syntax): \(hint))"
        }
        return text
    }

    /// `line:column: message`.
    public var description: String { "\(line):\(column): \(message)" }

    /// The offending line with a caret under the offending column.
    public var excerpt: String {
        sourceLine + "\n" + String(repeating: " ", count: max(0, caretColumn - 1)) + "^"
    }

    /// The caret's column in `sourceLine`, which may differ from `column` when escapes widen it.
    let caretColumn: Int
}

/// The parser's cheap, allocation-free error: where, and a reason code.
struct RawParseError: Error {
    enum Reason: Equatable {
        case expectedValue
        case expectedValueAfterComma  // "[1,]" and friends
        case expectedKey
        case expectedKeyAfterComma
        case expectedColon
        case expectedCommaOrBracket
        case expectedCommaOrBrace
        case expectedEnd
        case invalidLiteral
        case leadingZero
        case expectedDigit
        case expectedFractionDigit
        case expectedExponentDigit
        case invalidNumberSuffix
        case controlCharacterInString
        case invalidEscape
        case invalidUnicodeEscape
        case invalidUTF8
        case unterminatedString
        case tooDeep(Int)
        case tooLarge
        case outOfMemory
        case cancelled
        case unterminatedComment
        case lineBreakInString
        case invalidHexEscape
        case expectedHexDigit
        case invalidIdentifier
        /// A `\uD800`–`\uDFFF` escape without its pair, in a value a person entered (a file may hold one).
        case loneSurrogate
    }
    var offset: Int
    var reason: Reason
}

extension JSONParseError {
    /// Builds the full error from the parser's raw one, looking at the bytes around the offset.
    init(_ raw: RawParseError, in bytes: JSONBytes, syntax: JSONSyntax = .json) {
        let offset = min(max(0, raw.offset), bytes.count)
        // Line and column: count newlines before the offset; the column counts scalars (not continuation bytes).
        var line = 1
        var lineStart = 0
        var index = 0
        let buffer = bytes.buffer
        while index < offset {
            if buffer[index] == UInt8(ascii: "\n") {
                line += 1
                lineStart = index + 1
            }
            index += 1
        }
        var column = 1
        for i in lineStart..<offset where buffer[i] & 0xC0 != 0x80 { column += 1 }
        var lineEnd = offset
        while lineEnd < bytes.count, buffer[lineEnd] != UInt8(ascii: "\n"), buffer[lineEnd] != UInt8(ascii: "\r") { lineEnd += 1 }
        // Show at most ~160 columns around the offset so a minified megabyte line stays readable.
        let windowStart = max(lineStart, offset - 80)
        let windowEnd = min(lineEnd, offset + 80)
        let (shown, caret) = Self.escapedExcerpt(bytes.slice(windowStart..<windowEnd), caretAt: offset - windowStart)
        let prefix = windowStart > lineStart ? "…" : ""
        let suffix = windowEnd < lineEnd ? "…" : ""

        let found = Self.describeFound(at: offset, in: bytes)
        let (expected, hint) = Self.explain(raw.reason, found: offset < bytes.count ? bytes[offset] : nil, syntax: syntax)
        self.init(
            offset: offset, line: line, column: column, expected: expected, found: found,
            sourceLine: prefix + shown + suffix, hint: hint, caretColumn: caret + (prefix.isEmpty ? 0 : 1)
        )
        if case .cancelled = raw.reason { isCancellation = true }
        self.syntax = syntax
    }

    /// What stands at the offset, for "found …".
    static func describeFound(at offset: Int, in bytes: JSONBytes) -> String {
        guard offset < bytes.count else { return "end of input" }
        let byte = bytes[offset]
        switch byte {
        case 0x0A: return "a line break"
        case 0x0D: return "a carriage return"
        case 0x09: return "a tab"
        case 0x20: return "a space"
        case 0x00..<0x20, 0x7F: return "control character U+\(hex(UInt32(byte), width: 4))"
        case 0x21..<0x7F: return "'\(Character(Unicode.Scalar(byte)))'"
        default:
            // Show a whole scalar when the bytes form a valid one, else the raw byte.
            let tail = bytes.slice(offset..<min(bytes.count, offset + 4))
            var iterator = tail.makeIterator()
            var decoder = UTF8()
            if case .scalarValue(let scalar) = decoder.decode(&iterator) {
                return "'\(Character(scalar))' (U+\(hex(scalar.value, width: 4)))"
            }
            return "byte 0x\(hex(UInt32(byte), width: 2)) (not valid UTF-8)"
        }
    }

    static func explain(_ reason: RawParseError.Reason, found byte: UInt8?, syntax: JSONSyntax = .json) -> (expected: String, hint: String) {
        if syntax != .json { return explainExtended(reason, found: byte, syntax: syntax) }
        switch reason {
        case .expectedValue:
            switch byte {
            case UInt8(ascii: "'"): return ("a JSON value", "strings must use double quotes")
            case UInt8(ascii: "/"): return ("a JSON value", "comments are not allowed in JSON")
            case UInt8(ascii: "N"), UInt8(ascii: "I"): return ("a JSON value", "NaN and Infinity are not valid JSON numbers")
            case UInt8(ascii: "+"): return ("a JSON value", "numbers cannot start with '+'")
            case UInt8(ascii: "."): return ("a JSON value", "numbers need a digit before the decimal point")
            default: return ("a JSON value", "")
            }
        case .expectedValueAfterComma:
            let closes = byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}")
            return ("a JSON value", closes ? "trailing commas are not allowed" : "")
        case .expectedKey:
            if byte == UInt8(ascii: "'") { return ("a string key in double quotes", "strings must use double quotes") }
            return ("a string key in double quotes or '}'", byte == UInt8(ascii: "/") ? "comments are not allowed in JSON" : "")
        case .expectedKeyAfterComma:
            if byte == UInt8(ascii: "}") { return ("a string key in double quotes", "trailing commas are not allowed") }
            return ("a string key in double quotes", byte == UInt8(ascii: "'") ? "strings must use double quotes" : "")
        case .expectedColon: return ("':' after the key", "")
        case .expectedCommaOrBracket: return ("',' or ']'", byte == UInt8(ascii: "/") ? "comments are not allowed in JSON" : "")
        case .expectedCommaOrBrace: return ("',' or '}'", byte == UInt8(ascii: "/") ? "comments are not allowed in JSON" : "")
        case .expectedEnd: return ("end of input", "a JSON text holds exactly one value")
        case .invalidLiteral: return ("'true', 'false' or 'null'", "")
        case .leadingZero: return ("'.', 'e' or the end of the number", "leading zeros are not allowed")
        case .expectedDigit: return ("a digit", "")
        case .expectedFractionDigit: return ("a digit after the decimal point", "")
        case .expectedExponentDigit: return ("a digit in the exponent", "")
        case .invalidNumberSuffix: return ("the end of the number", "")
        case .controlCharacterInString: return ("a character or '\"'", "control characters in strings must be escaped")
        case .invalidEscape: return ("one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX", "")
        case .invalidUnicodeEscape: return ("four hexadecimal digits after \\u", "")
        case .invalidUTF8: return ("valid UTF-8", "")
        case .unterminatedString: return ("'\"' to close the string", "")
        case .tooDeep(let limit): return ("at most \(limit) levels of nesting", "raise the maximum depth to accept deeper documents")
        case .tooLarge: return ("fewer than 4,294,967,295 values", "a document this large cannot be indexed")
        case .outOfMemory: return ("memory for the index", "")
        case .cancelled: return ("the rest of the document", "loading was cancelled")
        case .unterminatedComment: return ("'*/' to close the comment", "")
        case .lineBreakInString: return ("a character or '\"'", "a line break in a string must be escaped")
        case .invalidHexEscape: return ("two hexadecimal digits after \\x", "")
        case .expectedHexDigit: return ("a hexadecimal digit", "")
        case .invalidIdentifier: return ("a key", "")
        case .loneSurrogate: return ("a character", "a lone surrogate escape (\\uD800–\\uDFFF without its pair) names no character: write the pair, or the character itself")
        }
    }

    /// The explanation in a syntax beyond JSON, where a comment, a trailing comma (and in JSON5 a
    /// single quote or a bare key) is no mistake.
    private static func explainExtended(_ reason: RawParseError.Reason, found byte: UInt8?, syntax: JSONSyntax) -> (expected: String, hint: String) {
        let json5 = syntax == .json5
        let key = json5 ? "a key (a name, or a string in quotes)" : "a string key in double quotes"
        switch reason {
        case .expectedValue, .expectedValueAfterComma:
            if byte == UInt8(ascii: "/") { return ("a value", "a lone '/' starts no comment") }
            if !json5, byte == UInt8(ascii: "'") { return ("a value", "strings must use double quotes") }
            if !json5, byte == UInt8(ascii: "N") || byte == UInt8(ascii: "I") { return ("a value", "NaN and Infinity are JSON5, not JSON with comments") }
            return ("a value", reason == .expectedValueAfterComma && byte == UInt8(ascii: ",") ? "one comma at most between values" : "")
        case .expectedKey: return (key + " or '}'", !json5 && byte == UInt8(ascii: "'") ? "strings must use double quotes" : "")
        case .expectedKeyAfterComma: return (key, byte == UInt8(ascii: ",") ? "one comma at most between members" : "")
        case .invalidIdentifier: return ("a key: a name of letters, digits, '$' and '_' not starting with a digit, or a string in quotes", "")
        case .invalidLiteral: return (json5 ? "'true', 'false', 'null', 'Infinity' or 'NaN'" : "'true', 'false' or 'null'", "")
        case .invalidEscape where json5: return ("an escape other than \\1 to \\9 (or \\0 before a digit)", "")
        case .controlCharacterInString: return ("a character or '\"'", "control characters in strings must be escaped")
        case .unterminatedString: return ("a quote to close the string", "")
        case .expectedCommaOrBracket, .expectedCommaOrBrace:
            let closer = reason == .expectedCommaOrBracket ? "']'" : "'}'"
            return ("',' or \(closer)", byte == UInt8(ascii: "/") ? "a lone '/' starts no comment" : "")
        default:
            return explain(reason, found: byte, syntax: .json)
        }
    }

    /// Escapes control characters in an excerpt and finds the caret column in the escaped text.
    static func escapedExcerpt(_ bytes: [UInt8], caretAt target: Int) -> (String, Int) {
        var text = ""
        var caret = 1
        var column = 1
        var index = 0
        while index < bytes.count {
            if index == target { caret = column }
            let byte = bytes[index]
            if byte < 0x20 || byte == 0x7F {
                let shown = byte == 0x09 ? "\\t" : "\\u" + hex(UInt32(byte), width: 4)
                text += shown
                column += shown.count
                index += 1
                continue
            }
            // Copy one UTF-8 sequence; invalid bytes become U+FFFD.
            var length = 1
            if byte >= 0xF0 { length = 4 } else if byte >= 0xE0 { length = 3 } else if byte >= 0xC0 { length = 2 }
            let end = min(bytes.count, index + length)
            let piece = String(decoding: bytes[index..<end], as: UTF8.self)
            text += piece
            column += piece.unicodeScalars.count
            index = end
        }
        if target >= bytes.count { caret = column }
        return (text, caret)
    }
}

/// Upper-case hexadecimal with at least `width` digits.
func hex(_ value: UInt32, width: Int) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
}
