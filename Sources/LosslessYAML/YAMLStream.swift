import LosslessJSON

/// A YAML stream read into located nodes: every node's kind, style, bytes and properties, in text
/// order, and the documents the stream holds. The text is kept as it was read; nothing is
/// rewritten. A `YAMLSyntaxReader` reads the syntax (libfyaml: YAML 1.2, its test suite passed);
/// the nodes, their exact ranges and everything after are this module's.
public struct YAMLStream: Sendable {
    /// The text, exactly as read.
    public let bytes: [UInt8]
    /// The nodes in text order (a collection before its entries).
    public private(set) var nodes = YAMLNodeList()
    /// The documents, in order; none for an empty stream (which reads as `null`).
    public private(set) var documents: [YAMLStreamDocument] = []
    /// The properties of the nodes that have them (`YAMLNode.propertiesIndex`).
    private var properties: [YAMLNodeProperties] = []
    /// Where each line starts (its first byte), for lines and columns; 32-bit, as nodes' offsets.
    let lineStarts: [UInt32]

    /// Reads a YAML stream; a text that is not YAML throws where and why.
    public init(_ text: String, reader: some YAMLSyntaxReader = YAMLReaderProcess.standard) throws(YAMLParseError) {
        try self.init(bytes: Array(text.utf8), reader: reader)
    }

    /// Reads a YAML stream from its bytes (UTF-8; a byte order mark is skipped) with `reader`:
    /// by default libfyaml in a child process (`YAMLReaderProcess.standard`). The reading is
    /// told to `progress`, whose `cancel()` stops it (`YAMLParseError.cancelled`).
    public init(bytes: [UInt8], reader: some YAMLSyntaxReader = YAMLReaderProcess.standard, progress: JSONParseProgress? = nil) throws(YAMLParseError) {
        self.bytes = bytes
        guard bytes.count < YAMLNode.maximumOffset else {
            throw YAMLParseError("this YAML text is \(bytes.count) bytes: keepsake reads YAML up to 4 GiB", line: 1, column: 1)
        }
        var starts: [UInt32] = [0]
        // A line break is LF, CRLF or a CR alone (§5.4).
        for (offset, byte) in bytes.enumerated() where byte == 0x0A || byte == 0x0D && (offset + 1 == bytes.count || bytes[offset + 1] != 0x0A) {
            starts.append(UInt32(offset + 1))
        }
        lineStarts = starts
        if let (offset, reason) = Self.firstUnprintable(bytes) {
            throw error(reason, at: offset)
        }
        var builder = YAMLNodeBuilder(stream: self, progress: progress)
        do {
            try reader.read(bytes, into: &builder)
        } catch {
            throw builder.error(error)
        }
        nodes = builder.nodes
        documents = builder.documents
        properties = builder.properties
    }

    /// A scalar's text with escapes, folding and chomping applied (the parser's reading), an
    /// alias's name; empty for a collection.
    public func text(of node: Int) -> String {
        if let text = nodeProperties(node)?.text { return text }
        switch nodes[node].kind {
        case .scalar, .alias: return text(nodes[node].contentRange)
        case .sequence, .mapping: return ""
        }
    }

    /// A node's tag as written (`!!str`, `!Ref`), or nil.
    public func tag(of node: Int) -> String? { nodeProperties(node)?.tag }

    /// A node's tag's full name (`tag:yaml.org,2002:str` for `!!str`), or nil.
    public func resolvedTag(of node: Int) -> String? { nodeProperties(node)?.resolvedTag }

    /// A node's anchor's name (without `&`), or nil.
    public func anchor(of node: Int) -> String? { nodeProperties(node)?.anchor }

    private func nodeProperties(_ node: Int) -> YAMLNodeProperties? {
        let index = nodes[node].propertiesIndex
        return index < 0 ? nil : properties[Int(index)]
    }

    /// The 1-based line and column of a node's start.
    public func place(of node: YAMLNode) -> (line: Int, column: Int) {
        place(of: node.range.lowerBound)
    }

    /// An error placed at a byte offset.
    func error(_ message: String, at offset: Int) -> YAMLParseError {
        let place = place(of: offset)
        return YAMLParseError(message, line: place.line, column: place.column)
    }

    /// Whether a line (1-based) begins with a tab before anything else but spaces.
    func lineHasLeadingTab(_ line: Int) -> Bool {
        guard line >= 1, line <= lineStarts.count else { return false }
        let start = Int(lineStarts[line - 1])
        return bytes[start...].first { $0 != 0x20 } == 0x09
    }

    /// The 1-based line and column of a byte offset (columns count characters).
    public func place(of offset: Int) -> (line: Int, column: Int) {
        let low = lineIndex(of: offset)
        let start = Int(lineStarts[low])
        let characters = String(decoding: bytes[start..<min(max(start, offset), bytes.count)], as: UTF8.self).count
        return (low + 1, characters + 1)
    }

    /// The first byte outside YAML's character set (§5.1: tab, line feed, carriage return,
    /// printable ASCII, and the printable rest of Unicode as well-formed UTF-8), and why. Checked
    /// before the parser sees the text: libfyaml 0.7 loops forever on some malformed UTF-8 (found by
    /// the fuzz target), and such a text is not YAML anyway.
    static func firstUnprintable(_ bytes: [UInt8]) -> (offset: Int, reason: String)? {
        var offset = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte < 0x80 {
                guard byte >= 0x20 && byte != 0x7F || byte == 0x09 || byte == 0x0A || byte == 0x0D else {
                    return (offset, "control character U+\(String(byte, radix: 16, uppercase: true).leftPadded(4)) is not allowed in YAML")
                }
                offset += 1
                continue
            }
            var decoder = UTF8()
            var rest = bytes[offset...].makeIterator()
            guard case .scalarValue(let scalar) = decoder.decode(&rest) else { return (offset, "a byte that is not valid UTF-8") }
            let value = scalar.value
            let printable = value == 0x85 || (0xA0...0xD7FF).contains(value) || (0xE000...0xFFFD).contains(value) || (0x10000...0x10FFFF).contains(value)
            // A byte order mark inside the text is allowed (§5.2); anything else must be printable.
            guard printable || value == 0xFEFF else {
                return (offset, "character U+\(String(value, radix: 16, uppercase: true).leftPadded(4)) is not allowed in YAML")
            }
            offset += scalar.utf8.count
        }
        return nil
    }

    /// The entries of a collection, in order (a mapping's alternate keys and values).
    public func entries(of collection: Int) -> [Int] {
        var result: [Int] = []
        var entry = collection + 1
        for _ in 0..<nodes[collection].count {
            result.append(entry)
            entry = nodes[entry].next
        }
        return result
    }

    /// The text of a range of bytes.
    public func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }
}
