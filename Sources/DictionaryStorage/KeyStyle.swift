/// How a Swift property name becomes a JSON key.
///
/// Names are split into words at `_`, `-` and case changes, so `myURLValue`, `my_url_value` and
/// `MyUrlValue` are the same three words (`my`, `url`, `value`) and every style spells them the same.
public enum KeyStyle: String, Sendable, Hashable, CaseIterable {
    /// The Swift name as written.
    case verbatim
    /// `myUrlValue`
    case camelCase
    /// `MyUrlValue`
    case pascalCase
    /// `my_url_value`
    case snakeCase
    /// `MY_URL_VALUE`
    case screamingSnakeCase
    /// `my-url-value`
    case kebabCase

    /// The key for a Swift name.
    public func key(for name: String) -> String {
        if self == .verbatim { return name }
        let words = Self.words(name)
        switch self {
        case .verbatim: return name
        case .camelCase:
            return words.enumerated().map { $0.offset == 0 ? $0.element : $0.element.capitalizedWord }.joined()
        case .pascalCase: return words.map(\.capitalizedWord).joined()
        case .snakeCase: return words.joined(separator: "_")
        case .screamingSnakeCase: return words.map { $0.uppercased() }.joined(separator: "_")
        case .kebabCase: return words.joined(separator: "-")
        }
    }

    /// The lower-cased words of a name: `myURLValue` → `my url value`, `HTTPServer2` → `http server2`.
    public static func words(_ name: String) -> [String] {
        var words: [String] = []
        var current: [Character] = []
        let characters = Array(name)
        func flush() {
            if !current.isEmpty { words.append(String(current).lowercased()) }
            current = []
        }
        for (i, c) in characters.enumerated() {
            if c == "_" || c == "-" || c == " " || c == "." {
                flush()
                continue
            }
            if c.isUppercase, let last = current.last {
                let nextIsLower = i + 1 < characters.count && characters[i + 1].isLowercase
                // A new word starts at lower→Upper ("myURL") and at the last capital of a run before lower ("URLValue").
                if last.isLowercase || last.isNumber || (last.isUppercase && nextIsLower) { flush() }
            }
            current.append(c)
        }
        flush()
        return words
    }

    /// Whether two keys spell the same words (case, `_` and `-` ignored), without allocating.
    static func sameWords(_ a: String, _ b: String) -> Bool {
        var ia = a.utf8.makeIterator()
        var ib = b.utf8.makeIterator()
        func next(_ it: inout String.UTF8View.Iterator) -> UInt8? {
            while let c = it.next() {
                if c == UInt8(ascii: "_") || c == UInt8(ascii: "-") { continue }
                return c >= 65 && c <= 90 ? c + 32 : c
            }
            return nil
        }
        while true {
            let ca = next(&ia)
            let cb = next(&ib)
            if ca != cb { return false }
            if ca == nil { return true }
        }
    }
}

extension String {
    fileprivate var capitalizedWord: String { prefix(1).uppercased() + dropFirst() }
}
