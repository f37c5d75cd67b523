import LosslessJSON

extension YAMLDocument {
    /// Document `number` of the start of a stream too long to wait for, as far as its start shows
    /// it: the longest prefix of `bytes` that ends at a line break and reads as YAML, less the
    /// entry it may have cut short — so every scalar shown is whole, and only collections end
    /// early (as JSON's `leadingPart` closes what is open). A first screen of a large file.
    /// `complete` says `bytes` is the whole text. Nil when the start holds nothing whole to show
    /// (a document that is one scalar, a flow collection open past the start, or not YAML).
    public static func leadingPart(of bytes: [UInt8], document number: Int = 0, complete: Bool = false, reader: some YAMLSyntaxReader = YAMLReaderProcess.standard) -> YAMLDocument? {
        if complete {
            // Its errors are the whole load's to report.
            return (try? YAMLStream(bytes: bytes, reader: reader)).flatMap { try? YAMLDocument($0, document: number) }
        }
        // A cut inside a flow collection or a quoted scalar that spans lines does not read: a
        // shorter start may end before it.
        var limit = bytes.count
        repeat {
            guard let end = lineEnd(in: bytes, before: limit) else { return nil }
            if let document = readUpTo(end, of: bytes, document: number, reader: reader) {
                return document.withoutLastEntry(reader: reader)
            }
            limit = end / 2
        } while limit >= 4096
        return nil
    }

    /// Document `number` of the first `end` bytes, if they read and hold it.
    private static func readUpTo(_ end: Int, of bytes: [UInt8], document number: Int, reader: some YAMLSyntaxReader) -> YAMLDocument? {
        // Not YAML up to here: the caller tries a shorter start; the whole load reports the error.
        guard let stream = try? YAMLStream(bytes: Array(bytes[0..<end]), reader: reader), number < stream.documents.count else { return nil }
        return try? YAMLDocument(stream, document: number)
    }

    /// Just after the last line break before `limit`.
    private static func lineEnd(in bytes: [UInt8], before limit: Int) -> Int? {
        var offset = min(limit, bytes.count)
        while offset > 0 {
            if bytes[offset - 1] == 0x0A || bytes[offset - 1] == 0x0D { return offset }
            offset -= 1
        }
        return nil
    }

    /// This document of a stream cut at a line break, read again without the entry that reaches
    /// the cut (it may be cut short: a plain or block scalar reads shorter, not wrongly). A
    /// document that ends before the stream does (another follows) is whole and kept.
    private func withoutLastEntry(reader: some YAMLSyntaxReader) -> YAMLDocument? {
        guard number == stream.documents.count - 1 else { return self }
        guard root != nil else { return nil }  // nothing yet but comments or directives
        guard let cut = cutBefore(last: stream.nodes.count - 1) else { return nil }
        guard let part = try? YAMLStream(bytes: Array(stream.bytes[0..<cut]), reader: reader), number < part.documents.count,
            let document = try? YAMLDocument(part, document: number)
        else {
            return nil  // not expected: the text up to an entry's line reads as block YAML
        }
        // Checked, as an edit is read back: what the shorter text shows is what the longer one
        // held there (an entry whose node the reader placed away from its line — an empty key —
        // could have cut more than its own lines). Data that does not read shows no start.
        guard let before = try? value(), let after = try? document.value(), after.isPart(of: before) else { return nil }
        return document
    }

    /// Where the entry holding node `last` (the document's last) starts its line: of the
    /// outermost flow collection around it, or of the outermost mapping around it that merges;
    /// where that entry is its collection's first, of the collection's own entry — so no
    /// collection is left holding nothing but what its first line said. Nil when that is the
    /// root (nothing whole before it).
    private func cutBefore(last: Int) -> Int? {
        var node = outermostFlowAncestor(of: last) ?? last
        // A mapping cut short that merges (`<<`) could override a merged member further on: it
        // goes whole.
        if let merging = outermostMergingAncestor(of: node) { node = merging }
        while let parent = stream.nodes[node].parent {
            let entryStart: Int
            switch stream.nodes[parent].kind {
            case .mapping:
                let entries = stream.entries(of: parent)
                guard let position = entries.firstIndex(of: node) else { return nil }
                let key = entries[position - position % 2]
                if key == parent + 1 {
                    node = parent
                    continue
                }
                entryStart = stream.nodes[key].range.lowerBound
            case .sequence:
                if node == parent + 1 {
                    node = parent
                    continue
                }
                entryStart = dash(before: node) ?? stream.nodes[node].range.lowerBound
            case .scalar, .alias:
                return nil  // not expected: only collections hold nodes
            }
            return lineContentStart(of: entryStart)
        }
        return nil
    }

    private func outermostMergingAncestor(of node: Int) -> Int? {
        var found: Int?
        var current = stream.nodes[node].parent
        while let index = current {
            if case .mapping = stream.nodes[index].kind, stream.entries(of: index).enumerated().contains(where: { $0.offset % 2 == 0 && stream.isMergeKey($0.element) }) {
                found = index
            }
            current = stream.nodes[index].parent
        }
        return found
    }

    private func outermostFlowAncestor(of node: Int) -> Int? {
        var found: Int?
        var current = stream.nodes[node].parent
        while let index = current {
            if stream.nodes[index].kind == .mapping(flow: true) || stream.nodes[index].kind == .sequence(flow: true) { found = index }
            current = stream.nodes[index].parent
        }
        return found
    }
}
