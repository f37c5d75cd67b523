/// The formats `keepsake validate --assert-format` checks (annotations only otherwise), each from
/// its RFC; a format it does not know passes.
enum Formats {
    /// The formats that are checked.
    static let checked: Set<String> = [
        "date-time", "date", "time", "duration", "email", "idn-email", "hostname", "idn-hostname", "ipv4", "ipv6", "uri",
        "uri-reference", "iri", "iri-reference", "uuid", "json-pointer", "relative-json-pointer", "regex", "uri-template",
    ]

    /// Whether a string is valid for a format (unknown formats accept everything).
    static func check(_ format: String, _ value: String) -> Bool {
        switch format {
        case "date-time": return isDateTime(value)
        case "date": return ascii(value, isASCIIDate) ?? isDate(Substring(value))
        case "time": return ascii(value, isASCIITime) ?? isTime(Substring(value))
        case "duration": return isDuration(value)
        case "email": return isEmail(value, international: false)
        case "idn-email": return isEmail(value, international: true)
        case "hostname": return isHostname(value, international: false)
        case "idn-hostname": return isHostname(value, international: true)
        case "ipv4": return isIPv4(Substring(value))
        case "ipv6": return isIPv6(value)
        case "uri": return isURI(value, absolute: true, international: false)
        case "uri-reference": return isURI(value, absolute: false, international: false)
        case "iri": return isURI(value, absolute: true, international: true)
        case "iri-reference": return isURI(value, absolute: false, international: true)
        case "uuid": return isUUID(value)
        case "json-pointer": return isJSONPointer(Substring(value))
        case "relative-json-pointer": return isRelativeJSONPointer(value)
        case "regex": return (try? ECMARegex.compile(value)) != nil
        case "uri-template": return isURITemplate(value)
        default: return true
        }
    }

    // MARK: Names and addresses

    static func isHostname(_ text: String, international: Bool) -> Bool {
        guard !text.isEmpty else { return false }
        if let ascii = isASCIIHostname(text.utf8) { return ascii }
        var host = Substring(text)
        if international {
            // Any label of letters and digits of any script; ideographic full stops separate labels too.
            host = Substring(text.map { "。．｡".contains($0) ? "." : $0 })
        }
        guard host.utf8.count <= 253 || international else { return false }
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        return labels.allSatisfy { label in
            guard !label.isEmpty, label.count <= 63, label.first != "-", label.last != "-" else { return false }
            if label.count >= 4, label.dropFirst(2).hasPrefix("--"), !label.lowercased().hasPrefix("xn") { return false }
            return label.allSatisfy { c in
                c == "-" || (c.isASCII ? (c.isLetter || c.isNumber) : international && (c.isLetter || c.isNumber || c.unicodeScalars.allSatisfy { $0.properties.generalCategory == .nonspacingMark || $0.properties.generalCategory == .spacingMark }))
            }
        }
    }

    static func isIPv4(_ text: Substring) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { part in
            guard (1...3).contains(part.count), part.allSatisfy({ $0.isASCII && $0.isNumber }), part == "0" || part.first != "0",
                let value = Int(part)
            else { return false }
            return value <= 255
        }
    }

    static func isIPv6(_ text: String) -> Bool {
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && ($0.isHexDigit || $0 == ":" || $0 == ".") }) else { return false }
        var head = text
        var total = 8
        // A trailing IPv4 address stands for the last two groups.
        if let lastColon = text.lastIndex(of: ":"), text[text.index(after: lastColon)...].contains(".") {
            guard isIPv4(text[text.index(after: lastColon)...]) else { return false }
            head = String(text[...lastColon]) + "0"
            total = 7
        }
        let halves = head.components(separatedBy: "::")
        guard halves.count <= 2 else { return false }
        func groups(_ part: String) -> Int? {
            if part.isEmpty { return 0 }
            let parts = part.split(separator: ":", omittingEmptySubsequences: false)
            return parts.allSatisfy { (1...4).contains($0.count) } ? parts.count : nil
        }
        if halves.count == 2 {
            guard let a = groups(halves[0]), let b = groups(halves[1]) else { return false }
            return a + b < total  // "::" stands for at least one group
        }
        return groups(halves[0]) == total
    }

    static func isEmail(_ text: String, international: Bool) -> Bool {
        // International or not, an ASCII address reads the same.
        if let verdict = isASCIIEmail(text) { return verdict }
        return isAnyEmail(text, international: international)
    }

    /// `isEmail` by `Character`, for text that is not all ASCII or an address literal.
    static func isAnyEmail(_ text: String, international: Bool) -> Bool {
        guard let at = text.lastIndex(of: "@") else { return false }
        let local = text[..<at]
        let domain = text[text.index(after: at)...]
        guard !local.isEmpty, !domain.isEmpty else { return false }
        let localOK: Bool
        if local.hasPrefix("\""), local.hasSuffix("\""), local.count >= 2 {
            localOK = true
        } else {
            let atext = Array("!#$%&'*+-/=?^_`{|}~".utf8)
            localOK = !local.hasPrefix(".") && !local.hasSuffix(".") && !local.contains("..")
                && local.unicodeScalars.allSatisfy { scalar in
                    guard scalar.isASCII else { return international }
                    let byte = UInt8(scalar.value)
                    return byte == UInt8(ascii: ".") || (byte >= 0x30 && byte <= 0x39) || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A) || atext.contains(byte)
                }
        }
        guard localOK else { return false }
        if domain.hasPrefix("["), domain.hasSuffix("]") {
            let address = domain.dropFirst().dropLast()
            if address.hasPrefix("IPv6:") { return isIPv6(String(address.dropFirst(5))) }
            return isIPv4(address)
        }
        return isHostname(String(domain), international: international)
    }

    // MARK: URIs, identifiers, pointers

    static func isURI(_ text: String, absolute: Bool, international: Bool) -> Bool {
        let allowed = "-._~:/?#[]@!$&'()*+,;="
        var i = text.startIndex
        while i < text.endIndex {
            let c = text[i]
            if c == "%" {
                let a = text.index(after: i)
                guard a < text.endIndex, text[a].isHexDigit, text.index(after: a) < text.endIndex, text[text.index(after: a)].isHexDigit else { return false }
                i = text.index(after: text.index(after: a))
                continue
            }
            guard c.isASCII ? (c.isLetter || c.isNumber || allowed.contains(c)) : international && !c.isWhitespace else { return false }
            i = text.index(after: i)
        }
        let uri = URI(text)
        if absolute {
            guard let scheme = uri.scheme, let first = scheme.first, first.isLetter else { return false }
        } else if uri.scheme == nil, let colon = uri.path.firstIndex(of: ":"), !uri.path[..<colon].contains("/") {
            return false  // a relative reference's first segment cannot hold ':'
        }
        // '[' and ']' only around an IPv6 host.
        let outsideHost = uri.path + (uri.query ?? "") + (uri.fragment ?? "")
        if outsideHost.contains("[") || outsideHost.contains("]") { return false }
        if let authority = uri.authority {
            // user@host:port, the host an IPv6 literal in brackets or a name without colons.
            let hostAndPort = authority.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false).last ?? ""
            if hostAndPort.hasPrefix("[") {
                guard let close = hostAndPort.firstIndex(of: "]"), isIPv6(String(hostAndPort[hostAndPort.index(after: hostAndPort.startIndex)..<close])) || hostAndPort.dropFirst().hasPrefix("v")
                else { return false }
                let port = hostAndPort[hostAndPort.index(after: close)...]
                return port.isEmpty || port.hasPrefix(":") && port.dropFirst().allSatisfy { $0.isASCII && $0.isNumber }
            }
            let parts = hostAndPort.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count <= 2, parts.count < 2 || parts[1].allSatisfy({ $0.isASCII && $0.isNumber }) else { return false }
        }
        return true
    }

    /// RFC 6570: expressions in braces, none empty or nested, every brace matched.
    static func isURITemplate(_ text: String) -> Bool {
        var open = false
        var length = 0
        for c in text {
            switch c {
            case "{":
                if open { return false }
                open = true
                length = 0
            case "}":
                if !open || length == 0 { return false }
                open = false
            default:
                if open { length += 1 }
            }
        }
        return !open
    }

    static func isUUID(_ text: String) -> Bool {
        let groups = text.split(separator: "-", omittingEmptySubsequences: false)
        return groups.map(\.count) == [8, 4, 4, 4, 12] && groups.allSatisfy { $0.allSatisfy(\.isHexDigit) }
    }

    static func isJSONPointer(_ text: Substring) -> Bool {
        guard text.isEmpty || text.hasPrefix("/") else { return false }
        var i = text.startIndex
        while i < text.endIndex {
            if text[i] == "~" {
                let next = text.index(after: i)
                guard next < text.endIndex, text[next] == "0" || text[next] == "1" else { return false }
            }
            i = text.index(after: i)
        }
        return true
    }

    static func isRelativeJSONPointer(_ text: String) -> Bool {
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits == "0" || digits.first != "0" else { return false }
        let rest = text.dropFirst(digits.count)
        return rest == "#" || isJSONPointer(rest)
    }
}
