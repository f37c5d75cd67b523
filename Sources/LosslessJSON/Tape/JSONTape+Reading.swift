#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension JSONTape {
    /// Reads `text` — one JSON value in the syntax `options` name — into the tape and calls `body`
    /// with it. Strict JSON is scanned straight into the tape; other syntaxes (comments, JSON5), and
    /// anything the scan does not take, go through the full parser, whose error is thrown.
    public mutating func read<Result>(
        _ text: UnsafeBufferPointer<UInt8>, options: JSONParseOptions = .default, _ body: (JSONTape) -> Result
    ) throws(JSONParseError) -> Result {
        if options.syntax == .json, !options.jsonLines, let start = text.baseAddress,
            scan(start, count: text.count, skippingByteOrderMark: options.skipsByteOrderMark, maxDepth: options.maxDepth)
        {
            base = start
            defer { base = nil }
            return body(self)
        }
        // The parser says why the text is not a value; a value the scan did not take (deeper
        // than it goes, another syntax) is laid out from the parsed value.
        return read(try JSONValue(parsing: text, options: options), body)
    }

    /// Reads a value in a document into the tape and calls `body` with it: scanned from the
    /// document's bytes when it is strict JSON (no `JSONValue` made), else laid out from its value.
    public mutating func read<Result>(_ node: JSONDocument.Node, of document: JSONDocument, _ body: (JSONTape) -> Result) -> Result {
        let options = document.options
        if options.syntax == .json, !options.jsonLines {
            let scanned: Result? = document.text.withContiguousBytes(document.range(node)) { text in
                // The parser took these bytes already, so the scan does too (unless they nest
                // deeper than it goes): the value is then laid out below.
                guard let start = text.baseAddress, scan(start, count: text.count, skippingByteOrderMark: false, maxDepth: options.maxDepth) else { return nil }
                base = start
                defer { base = nil }
                return body(self)
            }
            if let scanned { return scanned }
        }
        return read(document.value(node), body)
    }

    /// Lays a value out in the tape and calls `body` with it.
    public mutating func read<Result>(_ value: JSONValue, _ body: (JSONTape) -> Result) -> Result {
        lay(value)
        let owned = self.owned
        return owned.withUnsafeBufferPointer { text in
            base = text.baseAddress ?? UnsafePointer(bitPattern: 1)
            defer { base = nil }
            return body(self)
        }
    }

    /// Lays out a value's entries, its strings and literals in `owned` (iteratively: a value may
    /// nest as deep as its parser allowed).
    private mutating func lay(_ value: JSONValue) {
        entries.removeAll(keepingCapacity: true)
        owned.removeAll(keepingCapacity: true)
        // Each container's entry, with the values still to lay out in it (keys as strings).
        var stack: [(entry: Int, rest: IndexingIterator<[JSONValue]>)] = []
        var pending: JSONValue? = value
        while true {
            if let value = pending {
                pending = nil
                let entry = entries.count
                switch value {
                case .null: append(.null, flag: false, text: nil)
                case .bool(let flag): append(.boolean, flag: flag, text: nil)
                // `isInteger` reads the literal (which may be JSON5's).
                case .number(let number):
                    append(.number, flag: false, text: number.literal)
                    entries[entry].undecided = true
                case .string(let text): append(.string, flag: false, text: text)
                case .array(let elements):
                    append(.array, flag: false, text: nil)
                    entries[entry].count = elements.count
                    stack.append((entry, elements.makeIterator()))
                case .object(let object):
                    append(.object, flag: false, text: nil)
                    entries[entry].count = object.count
                    // Keys and values alternate, as the scan lays them out.
                    stack.append((entry, object.members.flatMap { [JSONValue.string($0.key), $0.value] }.makeIterator()))
                }
            }
            guard let top = stack.indices.last else { return }
            if let element = stack[top].rest.next() {
                pending = element
            } else {
                entries[stack[top].entry].next = entries.count
                stack.removeLast()
            }
        }
    }

    private mutating func append(_ kind: Kind, flag: Bool, text: String?) {
        let start = owned.count
        if let text { owned.append(contentsOf: text.utf8) }
        entries.append(Entry(kind: kind, flag: flag, start: start, end: owned.count, next: entries.count + 1, count: 0))
    }
}
