/// Events written as bytes for a pipe between processes: each record is its length (4 bytes,
/// little-endian) and then its kind, flags and variable-length numbers. A stream of records ends
/// with a record saying whether the text was read.
enum YAMLEventWire {
    /// The last record's kinds.
    static let finished: UInt8 = 0xF0
    static let invalid: UInt8 = 0xF1

    private static let implicitFlag: UInt8 = 1 << 3
    private static let anchorFlag: UInt8 = 1 << 4
    private static let tagFlag: UInt8 = 1 << 5
    private static let resolvedTagFlag: UInt8 = 1 << 6
    private static let textFlag: UInt8 = 1 << 7

    private static let styles: [YAMLNode.ScalarStyle] = [.plain, .singleQuoted, .doubleQuoted, .literal, .folded]

    /// Appends an event's record to `output`.
    static func append(_ event: YAMLEvent, to output: inout [UInt8]) {
        let lengthAt = output.count
        output.append(contentsOf: [0, 0, 0, 0])
        var flags = UInt8(styles.firstIndex(of: event.style) ?? 0)
        if event.isImplicit { flags |= implicitFlag }
        if event.anchor != nil { flags |= anchorFlag }
        if event.tag != nil { flags |= tagFlag }
        if event.resolvedTag != nil { flags |= resolvedTagFlag }
        if event.text != nil { flags |= textFlag }
        output.append(event.kind.rawValue)
        output.append(flags)
        appendRange(event.token, to: &output)
        if let anchor = event.anchor { appendRange(anchor, to: &output) }
        if let tag = event.tag { appendRange(tag, to: &output) }
        if let resolvedTag = event.resolvedTag { appendString(resolvedTag, to: &output) }
        if let text = event.text { appendString(text, to: &output) }
        setLength(at: lengthAt, in: &output)
    }

    /// Appends the last record: `finished` or `invalid`.
    static func appendEnd(_ kind: UInt8, to output: inout [UInt8]) {
        output.append(contentsOf: [1, 0, 0, 0, kind])
    }

    private static func setLength(at offset: Int, in output: inout [UInt8]) {
        let length = UInt32(output.count - offset - 4)
        for shift in 0..<4 { output[offset + shift] = UInt8(truncatingIfNeeded: length >> (8 * shift)) }
    }

    private static func appendNumber(_ value: Int, to output: inout [UInt8]) {
        var rest = UInt64(value)
        while rest >= 0x80 {
            output.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        output.append(UInt8(rest))
    }

    private static func appendRange(_ range: Range<Int>, to output: inout [UInt8]) {
        appendNumber(range.lowerBound, to: &output)
        appendNumber(range.count, to: &output)
    }

    private static func appendString(_ string: String, to output: inout [UInt8]) {
        appendNumber(string.utf8.count, to: &output)
        output.append(contentsOf: string.utf8)
    }

    /// What a record held: an event or the end.
    enum Record: Equatable {
        case event(YAMLEvent)
        case end(UInt8)
    }

    /// A malformed record (a reader that is not ours, or a truncated write).
    struct Malformed: Error {}

    /// Reads the record at `offset` in `bytes`, or nil when the bytes there hold only part of one;
    /// `offset` moves past the record read. Every range must stand inside a text of `textCount` bytes.
    static func record(in bytes: UnsafeRawBufferPointer, at offset: inout Int, textCount: Int) throws(Malformed) -> Record? {
        guard bytes.count - offset >= 4 else { return nil }
        var length = 0
        for shift in 0..<4 { length |= Int(bytes[offset + shift]) << (8 * shift) }
        guard length >= 1 else { throw Malformed() }
        guard bytes.count - offset - 4 >= length else { return nil }
        var reader = Reader(bytes: bytes, offset: offset + 4, end: offset + 4 + length, textCount: textCount)
        offset += 4 + length
        let kindByte = try reader.byte()
        if kindByte == finished || kindByte == invalid { return .end(kindByte) }
        guard let kind = YAMLEvent.Kind(rawValue: kindByte) else { throw Malformed() }
        let flags = try reader.byte()
        guard Int(flags & 0b111) < styles.count else { throw Malformed() }
        var event = YAMLEvent(kind, style: styles[Int(flags & 0b111)], isImplicit: flags & implicitFlag != 0, token: try reader.range())
        if flags & anchorFlag != 0 { event.anchor = try reader.range() }
        if flags & tagFlag != 0 { event.tag = try reader.range() }
        if flags & resolvedTagFlag != 0 { event.resolvedTag = try reader.string() }
        if flags & textFlag != 0 { event.text = try reader.string() }
        guard reader.offset == reader.end else { throw Malformed() }
        return .event(event)
    }

    /// Reads the fields of one record, never past its end.
    private struct Reader {
        let bytes: UnsafeRawBufferPointer
        var offset: Int
        let end: Int
        let textCount: Int

        mutating func byte() throws(Malformed) -> UInt8 {
            guard offset < end else { throw Malformed() }
            defer { offset += 1 }
            return bytes[offset]
        }

        mutating func number() throws(Malformed) -> Int {
            var value: UInt64 = 0
            var shift: UInt64 = 0
            while true {
                let next = try byte()
                guard shift < 63 else { throw Malformed() }
                value |= UInt64(next & 0x7F) << shift
                if next < 0x80 { break }
                shift += 7
            }
            guard value <= UInt64(Int32.max) * 4 else { throw Malformed() }
            return Int(value)
        }

        mutating func range() throws(Malformed) -> Range<Int> {
            let start = try number()
            let count = try number()
            guard start + count <= textCount else { throw Malformed() }
            return start..<(start + count)
        }

        mutating func string() throws(Malformed) -> String {
            let count = try number()
            guard end - offset >= count else { throw Malformed() }
            defer { offset += count }
            return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + count]), as: UTF8.self)
        }
    }
}
