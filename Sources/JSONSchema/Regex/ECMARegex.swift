import Foundation
import LosslessJSON
import Synchronization

/// Why a pattern cannot be used.
public struct ECMARegexError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The pattern.
    public let pattern: String
    /// What is wrong with it.
    public let reason: String
    public var description: String { "pattern \(JSONStringQuote(pattern)): \(reason)" }
}

/// A regular expression as JSON Schema's `pattern` means it — ECMA-262 with the `u` flag — run by
/// ICU (`NSRegularExpression`, which works on code points and has lookbehind). The ECMA syntax is
/// translated: `\d`, `\w`, `\s`, `\b` and `.` get ECMA's meanings, `$` matches only at the end of
/// the input, `[^]` matches anything, `\u{…}` and surrogate pairs become code points, and what
/// ECMA rejects in `u` mode (identity escapes of letters, a lone `{`, `}` or `]`) is refused.
@_spi(SchemaGraph) public final class ECMARegex: @unchecked Sendable {
    /// The pattern as written.
    let source: String
    private let regex: NSRegularExpression
    /// The pattern's form for the small matcher, when it has one (most schemas' patterns do): the
    /// fastest on short values, but it backtracks (its time can grow with the square of a value).
    let simple: SimplePattern?
    /// The pattern's automaton, when it needs no backreference or lookaround: linear time.
    let linear: LinearPattern?
    /// The longest value the small matcher is given; past it the automaton answers.
    static let simpleLimit = 1_000
    /// How long ICU may search one value before its answer is "undecided" (patterns with
    /// backreferences or lookaround, which may backtrack without end).
    static let timeLimit: Duration = .seconds(1)

    /// Compiled patterns, by source: schemas repeat them, and compiling is the costly part.
    private static let cache = Mutex<[String: Result<ECMARegex, ECMARegexError>]>([:])

    /// A compiled pattern, from the cache when it was compiled before.
    static func compile(_ source: String) throws(ECMARegexError) -> ECMARegex {
        if let cached = cache.withLock({ $0[source] }) { return try cached.get() }
        let result = Result { () throws(ECMARegexError) in try ECMARegex(source) }
        cache.withLock { $0[source] = result }
        return try result.get()
    }

    private init(_ source: String) throws(ECMARegexError) {
        self.source = source
        let translated = try Self.translate(source)
        do {
            // ICU refuses an empty pattern, which matches everywhere.
            regex = try NSRegularExpression(pattern: translated.isEmpty ? "(?:)" : translated, options: [])
        } catch {
            throw ECMARegexError(pattern: source, reason: "not a valid regular expression")
        }
        simple = SimplePattern(source)
        linear = LinearPattern(source)
    }

    /// Whether the pattern matches anywhere in the string (JSON Schema patterns are not anchored);
    /// nil when the engine gave up before deciding (`undecidedReason`).
    @_spi(SchemaGraph) public func matches(_ string: String) -> Bool? {
        guard simple != nil || linear != nil else { return matchesWithICU(string) }
        return matches(ScalarArrayInput(scalars: string.unicodeScalars.map(\.value)))
    }

    /// The small matcher's answer on a short value, the automaton's on a long one (or on any when
    /// the small matcher cannot read the pattern).
    private func matches(_ input: some ScalarInput) -> Bool? {
        if let simple, input.count <= Self.simpleLimit || linear == nil { return simple.matches(input) }
        return linear?.matches(input)
    }

    /// Whether the pattern matches a string value of a document, as `matches(_:)` answers: an
    /// unescaped ASCII string is matched in place, without building a `String`.
    func matches(stringAt node: JSONDocument.Node, in reader: JSONDocumentReader) -> Bool? {
        if simple != nil || linear != nil, let bytes = reader.unescapedStringBytes(node), !bytes.contains(where: { $0 >= 0x80 }) {
            return matches(ASCIIInput(bytes: bytes))
        }
        guard let string = reader.document.string(node) else { return true }
        return matches(string)
    }

    /// Why a pattern's answer can be missing, for messages.
    static let undecidedReason = "the regular-expression engine gave up before deciding (a long value, or a pattern that backtracks too much): its validity is unknown"

    /// ICU's answer, whatever the pattern (the small matcher is checked against it in the tests); nil
    /// when ICU stopped on one of its limits (its backtracking stack, its time limit), which its
    /// `firstMatch` would report as no match.
    func matchesWithICU(_ string: String) -> Bool? {
        var matched = false
        var gaveUp = false
        let deadline = ContinuousClock.now + Self.timeLimit
        // Progress is reported as the search goes on: past the time limit it stops, undecided.
        regex.enumerateMatches(in: string, options: [.reportCompletion, .reportProgress], range: NSRange(string.startIndex..., in: string)) { result, flags, stop in
            if flags.contains(.internalError) { gaveUp = true }
            if result == nil, !flags.contains(.completed), ContinuousClock.now > deadline {
                gaveUp = true
                stop.pointee = true
            }
            if result != nil {
                matched = true
                stop.pointee = true
            }
        }
        return matched ? true : gaveUp ? nil : false
    }

    // MARK: Translation

    static let lineTerminators = "\\n\\r\\x{2028}\\x{2029}"
    static let whitespace = "\\t\\x{0B}\\f \\x{A0}\\x{FEFF}\\x{1680}\\x{2000}-\\x{200A}\\x{202F}\\x{205F}\\x{3000}" + lineTerminators
    static let word = "A-Za-z0-9_"

    /// The ICU spelling of an ECMA pattern.
    static func translate(_ source: String) throws(ECMARegexError) -> String {
        let scalars = Array(source.unicodeScalars)
        var out = ""
        var i = 0
        var inClass = false
        func fail(_ reason: String) -> ECMARegexError { ECMARegexError(pattern: source, reason: reason) }
        while i < scalars.count {
            let c = scalars[i]
            if c == "\\" {
                guard i + 1 < scalars.count else { throw fail("a pattern cannot end with a backslash") }
                let (text, used) = try escape(scalars, at: i + 1, inClass: inClass, fail: fail)
                out += text
                i += 1 + used
                continue
            }
            if inClass {
                switch c {
                case "]": inClass = false; out += "]"
                case "[", "&": out += "\\" + String(c)
                case "-" where i + 1 < scalars.count && scalars[i + 1] == "-": out += "\\-"
                default: out.unicodeScalars.append(c)
                }
                i += 1
                continue
            }
            switch c {
            case "[":
                if i + 2 < scalars.count, scalars[i + 1] == "^", scalars[i + 2] == "]" {
                    out += "[\\x{0}-\\x{10FFFF}]"
                    i += 3
                    continue
                }
                if i + 1 < scalars.count, scalars[i + 1] == "]" {
                    out += "(?!)"
                    i += 2
                    continue
                }
                inClass = true
                out += "["
                if i + 1 < scalars.count, scalars[i + 1] == "^" {
                    out += "^"
                    i += 1
                }
            case ".": out += "[^" + lineTerminators + "]"
            case "$": out += "\\z"
            case "{":
                guard let end = quantifierEnd(scalars, from: i) else { throw fail("a '{' that is not a quantifier must be escaped") }
                out += String(String.UnicodeScalarView(scalars[i...end]))
                i = end
            case "}": throw fail("a lone '}' must be escaped")
            case "]": throw fail("a lone ']' must be escaped")
            default: out.unicodeScalars.append(c)
            }
            i += 1
        }
        if inClass { throw fail("a character class is not closed") }
        return out
    }

    /// The end of a quantifier `{n}`, `{n,}` or `{n,m}` starting at `start`, if it is one.
    static func quantifierEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
        var i = start + 1
        var digits = 0
        while i < scalars.count, ("0"..."9").contains(scalars[i]) { i += 1; digits += 1 }
        guard digits > 0, i < scalars.count else { return nil }
        if scalars[i] == "," {
            i += 1
            while i < scalars.count, ("0"..."9").contains(scalars[i]) { i += 1 }
        }
        return i < scalars.count && scalars[i] == "}" ? i : nil
    }

    /// The ICU text for the escape after a backslash at `i`, and the scalars it took.
    private static func escape(
        _ s: [Unicode.Scalar], at i: Int, inClass: Bool, fail: (String) -> ECMARegexError
    ) throws(ECMARegexError) -> (String, Int) {
        let c = s[i]
        func hex(_ text: String) -> UInt32? { UInt32(text, radix: 16) }
        func codePoint(_ value: UInt32) -> String { "\\x{" + String(value, radix: 16) + "}" }
        switch c {
        case "d": return (inClass ? "0-9" : "[0-9]", 1)
        case "D": return (inClass ? "[^0-9]" : "[^0-9]", 1)
        case "w": return (inClass ? word : "[" + word + "]", 1)
        case "W": return ("[^" + word + "]", 1)
        case "s": return (inClass ? whitespace : "[" + whitespace + "]", 1)
        case "S": return ("[^" + whitespace + "]", 1)
        case "b":
            if inClass { return ("\\x{8}", 1) }
            return ("(?:(?<=[\(word)])(?![\(word)])|(?<![\(word)])(?=[\(word)]))", 1)
        case "B":
            if inClass { throw fail("\\B is not allowed in a character class") }
            return ("(?:(?<=[\(word)])(?=[\(word)])|(?<![\(word)])(?![\(word)]))", 1)
        case "t": return ("\\t", 1)
        case "n": return ("\\n", 1)
        case "v": return ("\\x{b}", 1)
        case "f": return ("\\f", 1)
        case "r": return ("\\r", 1)
        case "0":
            if i + 1 < s.count, ("0"..."9").contains(s[i + 1]) { throw fail("\\0 cannot be followed by a digit") }
            return ("\\x{0}", 1)
        case "1"..."9":
            if inClass { throw fail("a back reference is not allowed in a character class") }
            var j = i
            var digits = ""
            while j < s.count, ("0"..."9").contains(s[j]) { digits.unicodeScalars.append(s[j]); j += 1 }
            return ("\\" + digits, j - i)
        case "k":
            guard !inClass, i + 1 < s.count, s[i + 1] == "<", let close = s[(i + 1)...].firstIndex(of: ">") else {
                throw fail("\\k must name a group: \\k<name>")
            }
            return ("\\k" + String(String.UnicodeScalarView(s[(i + 1)...close])), close - i + 1)
        case "c":
            guard i + 1 < s.count, s[i + 1].properties.isASCIIHexDigit || ("A"..."Z").contains(s[i + 1]) || ("a"..."z").contains(s[i + 1]) else {
                throw fail("\\c must be followed by a letter")
            }
            return (codePoint(s[i + 1].value % 32), 2)
        case "x":
            guard i + 2 < s.count, let value = hex(String(String.UnicodeScalarView(s[(i + 1)...(i + 2)]))) else { throw fail("\\x needs two hex digits") }
            return (codePoint(value), 3)
        case "u":
            if i + 1 < s.count, s[i + 1] == "{", let close = s[(i + 1)...].firstIndex(of: "}"),
                let value = hex(String(String.UnicodeScalarView(s[(i + 2)..<close]))), value <= 0x10FFFF
            {
                return (codePoint(value), close - i + 1)
            }
            guard i + 4 < s.count, let unit = hex(String(String.UnicodeScalarView(s[(i + 1)...(i + 4)]))) else {
                throw fail("\\u needs four hex digits or {code point}")
            }
            // A surrogate pair written as two escapes is one code point.
            if (0xD800..<0xDC00).contains(unit), i + 10 < s.count, s[i + 5] == "\\", s[i + 6] == "u",
                let low = hex(String(String.UnicodeScalarView(s[(i + 7)...(i + 10)]))), (0xDC00..<0xE000).contains(low)
            {
                return (codePoint(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)), 11)
            }
            return (codePoint(unit), 5)
        case "p", "P":
            guard i + 1 < s.count, s[i + 1] == "{", let close = s[(i + 1)...].firstIndex(of: "}") else {
                throw fail("\\\(c) needs a property in braces")
            }
            return ("\\" + String(String.UnicodeScalarView(s[i...close])), close - i + 1)
        case "-" where inClass:
            return ("\\-", 1)
        default:
            // In u mode only syntax characters may be escaped to stand for themselves.
            guard "^$\\.*+?()[]{}|/".unicodeScalars.contains(c) else { throw fail("\\\(c) is not an escape ECMAScript allows") }
            return ("\\" + String(c), 1)
        }
    }
}

/// A string as a JSON string literal (for messages).
func JSONStringQuote(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out + "\""
}
