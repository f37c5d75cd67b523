#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension JSONDocument {
    /// A string node's decoded text.
    public func string(_ node: Node) -> String? {
        let entry = index[node.id]
        guard entry.kind == .string else { return nil }
        let inner = (Int(entry.start) + 1)..<(Int(entry.end) - 1)
        if entry.header & IndexEntry.escapedFlag == 0 { return self.text.string(inner) }
        return self.text.withContiguousBytes(inner) { JSONStringDecoder.decode($0) }
    }

    /// A number node, its literal kept.
    public func number(_ node: Node) -> JSONNumber? {
        guard kind(node) == .number else { return nil }
        return JSONNumber(validated: rawText(node))
    }

    /// A `true`/`false` node's value.
    public func bool(_ node: Node) -> Bool? {
        switch kind(node) {
        case .true: true
        case .false: false
        default: nil
        }
    }

    /// The value at a path, decoded, or `nil` when the path does not exist.
    public func value(at path: JSONPath) -> JSONValue? {
        guard mayHaveFolds else { return node(at: path).map(value) }
        let unfolded = unfolding(along: path)
        return unfolded.node(at: path).map(unfolded.value)
    }

    /// The whole document as a value.
    public var rootValue: JSONValue { value(root) }

    /// A node's value, decoded (without recursion: any depth is safe to build).
    public func value(_ node: Node) -> JSONValue {
        if let scalar = scalarValue(node) { return scalar }
        if isFolded(node) { return foldedValue(node) }
        // Containers are built bottom-up from a stack of open frames, in document order.
        struct Frame {
            var isObject: Bool
            var end: Int
            var key: String?
            var elements: [JSONValue] = []
            var members: [JSONObject.Member] = []
            var value: JSONValue { isObject ? .object(JSONObject(members: members)) : .array(elements) }
        }
        var stack: [Frame] = []
        func add(_ value: JSONValue, key: String?) {
            if stack[stack.count - 1].isObject {
                stack[stack.count - 1].members.append(JSONObject.Member(key: key ?? "", value: value))
            } else {
                stack[stack.count - 1].elements.append(value)
            }
        }
        stack.append(Frame(isObject: kind(node) == .object, end: subtreeEnd(node), key: nil))
        var i = node.id + 1
        while true {
            while stack.count > 1, stack[stack.count - 1].end <= i {
                let done = stack.removeLast()
                add(done.value, key: done.key)
            }
            if stack.count == 1, stack[0].end <= i { break }
            let child = Node(id: i)
            let key = stack[stack.count - 1].isObject ? self.key(child) : nil
            if let scalar = scalarValue(child) {
                add(scalar, key: key)
            } else if isFolded(child) {
                add(foldedValue(child), key: key)
            } else {
                stack.append(Frame(isObject: kind(child) == .object, end: subtreeEnd(child), key: key))
            }
            i += 1
        }
        return stack[0].value
    }

    private func scalarValue(_ node: Node) -> JSONValue? {
        switch kind(node) {
        case .null: .null
        case .true: .bool(true)
        case .false: .bool(false)
        case .number: .number(JSONNumber(validated: rawText(node)))
        case .string: .string(string(node) ?? "")
        case .array, .object: nil
        }
    }
}

extension JSONValue {
    /// Parses a JSON text into a value.
    public init(parsing text: String, options: JSONParseOptions = .default) throws(JSONParseError) {
        self = try JSONDocument(text, options: options).rootValue
    }

    /// Parses JSON bytes into a value.
    public init(parsing bytes: some Collection<UInt8>, options: JSONParseOptions = .default) throws(JSONParseError) {
        self = try JSONDocument(bytes: bytes, options: options).rootValue
    }

    /// Parses a value a person entered — typed, passed as an argument, written in an editor — to
    /// store it: as `init(parsing:)`, and a lone surrogate escape (`"\uD800"`), which a file may
    /// hold but which names no character, is an error rather than U+FFFD.
    public init(parsingEntered text: String, options: JSONParseOptions = .default) throws(JSONParseError) {
        let bytes = JSONBytes(text)
        let document = try JSONDocument(storage: bytes, options: options)
        if let offset = LoneSurrogate.firstEscape(in: text.utf8) {
            throw JSONParseError(RawParseError(offset: offset, reason: .loneSurrogate), in: bytes, syntax: options.syntax)
        }
        self = document.rootValue
    }
}

/// Decodes the body of a validated string (escapes resolved; a lone surrogate becomes U+FFFD).
///
/// It reads JSON5's escapes too (`\'`, `\v`, `\0`, `\xHH`, a character escaping itself, an escaped
/// line break standing for nothing): a JSON string, validated as JSON, holds none of them.
enum JSONStringDecoder {
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        let end = bytes.count
        func hexValue(_ at: Int, digits: Int = 4) -> UInt32 {
            var value: UInt32 = 0
            for k in 0..<digits {
                let c = bytes[at + k]
                let digit: UInt8 = c <= UInt8(ascii: "9") ? c - 0x30 : (c | 0x20) - 0x61 + 10
                value = value << 4 | UInt32(digit)
            }
            return value
        }
        func append(_ scalar: Unicode.Scalar) {
            out.append(contentsOf: UTF8.encode(scalar).map { Array($0) } ?? [0xEF, 0xBF, 0xBD])
        }
        while i < end {
            let c = bytes[i]
            guard c == UInt8(ascii: "\\") else {
                out.append(c)
                i += 1
                continue
            }
            let e = bytes[i + 1]
            i += 2
            switch e {
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "v"): out.append(0x0B)
            case UInt8(ascii: "0"): out.append(0x00)
            case UInt8(ascii: "x"):
                append(Unicode.Scalar(UInt8(hexValue(i, digits: 2))))
                i += 2
            case 0x0A: break  // line continuations stand for nothing
            case 0x0D: if i < end, bytes[i] == 0x0A { i += 1 }
            case 0xE2 where i + 1 < end && bytes[i] == 0x80 && (bytes[i + 1] == 0xA8 || bytes[i + 1] == 0xA9): i += 2
            case UInt8(ascii: "u"):
                let unit = hexValue(i)
                i += 4
                if unit >= 0xD800, unit < 0xDC00, i + 6 <= end, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") {
                    let low = hexValue(i + 2)
                    if low >= 0xDC00, low < 0xE000 {
                        i += 6
                        append(Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)) ?? "\u{FFFD}")
                        continue
                    }
                }
                append(Unicode.Scalar(unit) ?? "\u{FFFD}")
            default: out.append(e)  // '"', '\\', '/'
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}

extension JSONDocument {
    /// The byte range of a string's text inside its quotes when it has no escape sequences (then
    /// those bytes are the string's UTF-8); `nil` when it has some (decode it with `string(_:)`) or
    /// the node is not a string. For readers that must not allocate per value, such as a validator.
    public func unescapedStringRange(_ node: Node) -> Range<Int>? {
        let entry = index[node.id]
        guard entry.kind == .string, entry.header & IndexEntry.escapedFlag == 0 else { return nil }
        return (Int(entry.start) + 1)..<(Int(entry.end) - 1)
    }

    /// The byte range of a member's key inside its quotes when the key has no escape sequences;
    /// `nil` when it has some (decode it with `key(_:)`) or the node is not a member.
    public func unescapedKeyRange(_ node: Node) -> Range<Int>? {
        let entry = index[node.id]
        guard entry.keyDelta != 0, entry.header & IndexEntry.keyEscapedFlag == 0 else { return nil }
        if entry.keyDelta == IndexEntry.longKeyDelta { return keyRange(node).map { ($0.lowerBound + 1)..<($0.upperBound - 1) } }
        // Between the key's opening quote and the value: the key, its closing quote (the first
        // quote, as the key has no escapes), spaces and the colon.
        let keyStart = Int(entry.start) - Int(entry.keyDelta) + 1
        if let between = text.unsafeContiguousBytes(keyStart..<Int(entry.start)), let base = between.baseAddress,
            let quote = memchr(UnsafeRawPointer(base), Int32(UInt8(ascii: "\"")), between.count)
        {
            let length: Int = UnsafeRawPointer(quote) - UnsafeRawPointer(base)
            return keyStart..<(keyStart + length)
        }
        return keyRange(node).map { ($0.lowerBound + 1)..<($0.upperBound - 1) }
    }
}
