#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension JSONTape {
    /// Scans one strict JSON value (RFC 8259: white space around it, nothing else) into the
    /// entries; false for anything else — the caller then asks the full parser, which says why.
    /// It must never take what the parser refuses: the tests and a fuzz target hold it to that.
    // swiftlint:disable:next cyclomatic_complexity function_body_length
    mutating func scan(_ text: UnsafePointer<UInt8>, count end: Int, skippingByteOrderMark: Bool, maxDepth: Int) -> Bool {
        entries.removeAll(keepingCapacity: true)
        open.removeAll(keepingCapacity: true)
        var p = 0
        if skippingByteOrderMark, end >= 3, text[0] == 0xEF, text[1] == 0xBB, text[2] == 0xBF { p = 3 }
        enum State { case value, key, afterValue }
        var state = State.value
        while true {
            while p < end, text[p] == 0x20 || text[p] == 0x0A || text[p] == 0x0D || text[p] == 0x09 { p += 1 }
            switch state {
            case .value:
                guard p < end else { return false }
                if let container = open.last, entries[container].kind == .array { entries[container].count += 1 }
                let entry = entries.count
                switch text[p] {
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    let isObject = text[p] == UInt8(ascii: "{")
                    guard open.count < maxDepth else { return false }
                    entries.append(Entry(kind: isObject ? .object : .array, flag: false, start: p, end: p, next: 0, count: 0))
                    open.append(entry)
                    p += 1
                    while p < end, text[p] == 0x20 || text[p] == 0x0A || text[p] == 0x0D || text[p] == 0x09 { p += 1 }
                    if p < end, text[p] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                        p += 1
                        entries[entry].next = entries.count
                        open.removeLast()
                        state = .afterValue
                    } else {
                        state = isObject ? .key : .value
                    }
                    continue
                case UInt8(ascii: "\""):
                    guard let after = scanString(text, from: p, end: end) else { return false }
                    p = after
                case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    guard let after = scanNumber(text, from: p, end: end) else { return false }
                    p = after
                case UInt8(ascii: "t"):
                    guard matches(text, p, end, "true") else { return false }
                    entries.append(Entry(kind: .boolean, flag: true, start: p, end: p + 4, next: entry + 1, count: 0))
                    p += 4
                case UInt8(ascii: "f"):
                    guard matches(text, p, end, "false") else { return false }
                    entries.append(Entry(kind: .boolean, flag: false, start: p, end: p + 5, next: entry + 1, count: 0))
                    p += 5
                case UInt8(ascii: "n"):
                    guard matches(text, p, end, "null") else { return false }
                    entries.append(Entry(kind: .null, flag: false, start: p, end: p + 4, next: entry + 1, count: 0))
                    p += 4
                default:
                    return false
                }
                state = .afterValue
            case .key:
                guard p < end, text[p] == UInt8(ascii: "\""), let container = open.last,
                    let after = scanString(text, from: p, end: end)
                else { return false }
                entries[container].count += 1
                p = after
                while p < end, text[p] == 0x20 || text[p] == 0x0A || text[p] == 0x0D || text[p] == 0x09 { p += 1 }
                guard p < end, text[p] == UInt8(ascii: ":") else { return false }
                p += 1
                state = .value
            case .afterValue:
                guard let container = open.last else { return p == end }
                guard p < end else { return false }
                let isObject = entries[container].kind == .object
                switch text[p] {
                case UInt8(ascii: ","):
                    p += 1
                    state = isObject ? .key : .value
                case UInt8(ascii: "}") where isObject, UInt8(ascii: "]") where !isObject:
                    p += 1
                    entries[container].next = entries.count
                    open.removeLast()
                default:
                    return false
                }
            }
        }
    }

    @inline(__always)
    private func matches(_ text: UnsafePointer<UInt8>, _ p: Int, _ end: Int, _ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        return end - p >= count && memcmp(text + p, word.utf8Start, count) == 0
    }

    /// Scans a string at its opening quote into an entry of its text; returns the byte after its
    /// closing quote, or nil (a control character, a bad escape, bad UTF-8, no closing quote).
    @inline(__always)
    private mutating func scanString(_ text: UnsafePointer<UInt8>, from quote: Int, end: Int) -> Int? {
        var p = quote + 1
        var escaped = false
        while true {
            // The common bytes in a run: printable ASCII other than the quote and the backslash.
            while p < end, text[p] >= 0x20, text[p] < 0x80, text[p] != UInt8(ascii: "\""), text[p] != UInt8(ascii: "\\") { p += 1 }
            guard p < end else { return nil }
            let c = text[p]
            if c == UInt8(ascii: "\"") { break }
            if c == UInt8(ascii: "\\") {
                guard p + 1 < end else { return nil }
                escaped = true
                switch text[p + 1] {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                    UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    p += 2
                case UInt8(ascii: "u"):
                    guard p + 6 <= end else { return nil }
                    for k in 2..<6 where !Self.isHexDigit(text[p + k]) { return nil }
                    p += 6
                default:
                    return nil
                }
                continue
            }
            guard c >= 0x80, let after = Self.utf8Sequence(text, at: p, end: end) else { return nil }
            p = after
        }
        entries.append(Entry(kind: .string, flag: escaped, start: quote + 1, end: p, next: entries.count + 1, count: 0))
        return p + 1
    }

    /// The byte after one well-formed multi-byte UTF-8 sequence (RFC 3629: no overlong forms, no
    /// surrogates, nothing past U+10FFFF), or nil.
    @inline(__always)
    private static func utf8Sequence(_ text: UnsafePointer<UInt8>, at p: Int, end: Int) -> Int? {
        let b0 = text[p]
        @inline(__always) func continues(_ at: Int) -> Bool { at < end && text[at] & 0xC0 == 0x80 }
        if b0 < 0xC2 { return nil }
        if b0 < 0xE0 { return continues(p + 1) ? p + 2 : nil }
        guard p + 1 < end else { return nil }
        let b1 = text[p + 1]
        if b0 < 0xF0 {
            let lower: UInt8 = b0 == 0xE0 ? 0xA0 : 0x80
            let upper: UInt8 = b0 == 0xED ? 0x9F : 0xBF
            return b1 >= lower && b1 <= upper && continues(p + 2) ? p + 3 : nil
        }
        if b0 < 0xF5 {
            let lower: UInt8 = b0 == 0xF0 ? 0x90 : 0x80
            let upper: UInt8 = b0 == 0xF4 ? 0x8F : 0xBF
            return b1 >= lower && b1 <= upper && continues(p + 2) && continues(p + 3) ? p + 4 : nil
        }
        return nil
    }

    @inline(__always)
    private static func isHexDigit(_ c: UInt8) -> Bool { (c &- 0x30) < 10 || ((c | 0x20) &- 0x61) < 6 }

    /// Scans a number (`-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`) into an entry;
    /// returns the byte after it, or nil. What follows it is checked by the caller's next state.
    @inline(__always)
    private mutating func scanNumber(_ text: UnsafePointer<UInt8>, from start: Int, end: Int) -> Int? {
        @inline(__always) func isDigit(_ at: Int) -> Bool { at < end && text[at] &- 0x30 < 10 }
        var p = start
        if text[p] == UInt8(ascii: "-") { p += 1 }
        guard isDigit(p) else { return nil }
        if text[p] == UInt8(ascii: "0") {
            p += 1
        } else {
            while isDigit(p) { p += 1 }
        }
        // Whole unless a fraction has a digit other than 0; an exponent leaves it to the literal.
        var whole = true
        if p < end, text[p] == UInt8(ascii: ".") {
            p += 1
            guard isDigit(p) else { return nil }
            while isDigit(p) {
                if text[p] != UInt8(ascii: "0") { whole = false }
                p += 1
            }
        }
        var undecided = false
        if p < end, text[p] | 0x20 == UInt8(ascii: "e") {
            p += 1
            if p < end, text[p] == UInt8(ascii: "+") || text[p] == UInt8(ascii: "-") { p += 1 }
            guard isDigit(p) else { return nil }
            while isDigit(p) { p += 1 }
            undecided = true
        }
        entries.append(Entry(kind: .number, flag: whole, undecided: undecided, start: start, end: p, next: entries.count + 1, count: 0))
        return p
    }
}
