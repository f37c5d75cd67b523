/// URI references as JSON Schema uses them: resolved against a base (RFC 3986 §5.2), split at the
/// fragment, and compared as strings once resolved. No network, no percent-decoding of paths.
struct URI: Hashable, Sendable, CustomStringConvertible {
    var scheme: String?
    var authority: String?
    var path: String
    var query: String?
    var fragment: String?

    /// Parses a URI reference (anything: RFC 3986's generic syntax is permissive).
    init(_ text: String) {
        var rest = Substring(text)
        if let hash = rest.firstIndex(of: "#") {
            fragment = String(rest[rest.index(after: hash)...])
            rest = rest[..<hash]
        }
        if let question = rest.firstIndex(of: "?") {
            query = String(rest[rest.index(after: question)...])
            rest = rest[..<question]
        }
        // A scheme: letters, digits, + - . before the first ':' (and before any '/').
        if let colon = rest.firstIndex(of: ":"), let first = rest.first, first.isLetter,
            rest[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) })
        {
            scheme = String(rest[..<colon]).lowercased()
            rest = rest[rest.index(after: colon)...]
        }
        if rest.hasPrefix("//") {
            rest = rest.dropFirst(2)
            let end = rest.firstIndex(of: "/") ?? rest.endIndex
            authority = String(rest[..<end])
            rest = rest[end...]
        }
        path = String(rest)
    }

    init(scheme: String?, authority: String?, path: String, query: String?, fragment: String?) {
        self.scheme = scheme
        self.authority = authority
        self.path = path
        self.query = query
        self.fragment = fragment
    }

    var description: String {
        var text = ""
        if let scheme { text += scheme + ":" }
        if let authority { text += "//" + authority }
        text += path
        if let query { text += "?" + query }
        if let fragment { text += "#" + fragment }
        return text
    }

    /// The URI without its fragment.
    var withoutFragment: URI { URI(scheme: scheme, authority: authority, path: path, query: query, fragment: nil) }

    /// Whether it has a scheme (an absolute URI, perhaps with a fragment).
    var isAbsolute: Bool { scheme != nil }

    /// `reference` resolved against this URI as a base.
    func resolving(_ reference: String) -> URI {
        let r = URI(reference)
        if r.scheme != nil {
            return URI(scheme: r.scheme, authority: r.authority, path: Self.removeDotSegments(r.path), query: r.query, fragment: r.fragment)
        }
        if r.authority != nil {
            return URI(scheme: scheme, authority: r.authority, path: Self.removeDotSegments(r.path), query: r.query, fragment: r.fragment)
        }
        if r.path.isEmpty {
            return URI(scheme: scheme, authority: authority, path: path, query: r.query ?? query, fragment: r.fragment)
        }
        let merged: String
        if r.path.hasPrefix("/") {
            merged = r.path
        } else if authority != nil, path.isEmpty {
            merged = "/" + r.path
        } else if let slash = path.lastIndex(of: "/") {
            merged = String(path[...slash]) + r.path
        } else {
            merged = r.path
        }
        return URI(scheme: scheme, authority: authority, path: Self.removeDotSegments(merged), query: r.query, fragment: r.fragment)
    }

    /// RFC 3986 §5.2.4.
    static func removeDotSegments(_ path: String) -> String {
        guard path.contains(".") else { return path }
        var input = Substring(path)
        var output: [Substring] = []
        var result = ""
        while !input.isEmpty {
            if input.hasPrefix("../") { input = input.dropFirst(3) }
            else if input.hasPrefix("./") { input = input.dropFirst(2) }
            else if input.hasPrefix("/./") { input = input.dropFirst(2) }
            else if input == "/." { input = "/" }
            else if input.hasPrefix("/../") {
                input = input.dropFirst(3)
                if !output.isEmpty { output.removeLast() }
            } else if input == "/.." {
                input = "/"
                if !output.isEmpty { output.removeLast() }
            } else if input == "." || input == ".." {
                input = ""
            } else {
                let start = input.hasPrefix("/") ? input.index(after: input.startIndex) : input.startIndex
                let end = input[start...].firstIndex(of: "/") ?? input.endIndex
                output.append(input[..<end])
                input = input[end...]
            }
        }
        result = output.joined()
        return result
    }
}
