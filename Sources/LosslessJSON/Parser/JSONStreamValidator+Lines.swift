/// Whole lines at once: the part of a piece between its first and last line break, checked with the
/// parser's own scanners.
extension JSONStreamValidator {

    /// A region shorter than this goes through the byte machine: copying it is not worth it.
    static let fastRegionMinimum = 4096

    /// Consumes a piece, the part between its first and last line break at the parser's pace.
    ///
    /// A line break is always between tokens in valid JSON (a string cannot hold one), so the bytes
    /// after the first line break start at a token, and the bytes before the last one end at one.
    /// That part is copied behind zero padding and run through the parser's own scanners
    /// (`fastForward`), which need no bounds checks and no state between bytes; the ends of the
    /// piece, where tokens cross into the pieces around it, go through the byte machine. Anything
    /// the fast run does not accept is run again through the byte machine from the same state, so
    /// every error is the byte machine's, at the same offset with the same words.
    mutating func consumeSplittingAtLines(_ bytes: UnsafeBufferPointer<UInt8>) throws(RawParseError) {
        guard let base = bytes.baseAddress, bytes.count >= 2 * Self.fastRegionMinimum,
            let first = UnsafeBufferPointer(rebasing: bytes[..<Self.fastRegionMinimum]).firstIndex(of: 0x0A),
            let last = UnsafeBufferPointer(rebasing: bytes[(bytes.count - Self.fastRegionMinimum)...]).lastIndex(of: 0x0A)
        else {
            try consume(bytes)
            return
        }
        let regionStart = first + 1
        let regionEnd = bytes.count - Self.fastRegionMinimum + last
        try consume(UnsafeBufferPointer(start: base, count: regionStart))
        let region = UnsafeBufferPointer(start: base + regionStart, count: regionEnd - regionStart)
        if !fastForward(region) { try consume(region) }
        try consume(UnsafeBufferPointer(start: base + regionEnd, count: bytes.count - regionEnd))
    }

    /// Runs a region that starts and ends between tokens (after and before a line break) through
    /// the parser's scanners, in the parser's order (a key and its colon together, then the
    /// value, then what follows it); on success the state is as the byte machine would leave it
    /// (the line count included) and true is returned. On anything it does not accept it returns
    /// false with the state as it was, for the byte machine to find the error.
    mutating func fastForward(_ region: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let source = region.baseAddress, !region.isEmpty else { return true }
        switch state {
        case .value, .arrayStart, .objectStart, .key, .colon, .afterValue: break
        default: return false
        }
        if !isKnownUniquelyReferenced(&scratch) || (scratch?.capacity ?? 0) < region.count {
            scratch = ValidatorScratch(capacity: max(region.count, JSONFileReader.validationPiece))
        }
        guard let room = scratch?.base else { return false }
        room.update(from: source, count: region.count)
        (room + region.count).initialize(repeating: 0, count: JSONBytes.padding)
        let base = UnsafePointer(room)
        let end = base + region.count

        var state = self.state
        var depth = self.depth
        var afterComma = self.afterComma
        var containers = self.containers
        var p = base
        var lineBreaks = 0

        // The region begins in the byte machine's state: bring it to a value's start (state
        // `.value` or `.arrayStart`) or to the place after a value (`.afterValue`).
        Self.skipSpace(&p, counting: &lineBreaks)
        scanning: do {
            switch state {
            case .objectStart where p.pointee == UInt8(ascii: "}"), .arrayStart where p.pointee == UInt8(ascii: "]"):
                depth -= 1
                p += 1
                state = .afterValue
            case .objectStart, .key:
                guard Self.key(&p, end: end, lineBreaks: &lineBreaks, state: &state) else {
                    if p == end { break scanning }
                    return false
                }
            case .colon:
                if p == end { break scanning }
                guard p.pointee == UInt8(ascii: ":") else { return false }
                p += 1
                Self.skipSpace(&p, counting: &lineBreaks)
                state = .value
            default:
                break
            }
            while true {
                if state != .afterValue {
                    // A value starts at p.
                    let c = p.pointee
                    switch c {
                    case UInt8(ascii: "\""):
                        var escaped = false
                        do { p = try JSONParser.scanString(p + 1, base: base, end: end, escaped: &escaped) } catch { return false }
                    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                        var nonInteger = false
                        do { p = try JSONParser.scanNumber(p, base: base, nonInteger: &nonInteger) } catch { return false }
                    case UInt8(ascii: "t"), UInt8(ascii: "n"):
                        let word = UnsafeRawPointer(p).loadUnaligned(as: UInt32.self)
                        guard word == 0x6575_7274 || word == 0x6C6C_756E else { return false }
                        p += 4
                    case UInt8(ascii: "f"):
                        guard UnsafeRawPointer(p + 1).loadUnaligned(as: UInt32.self) == 0x6573_6C61 else { return false }
                        p += 5
                    case UInt8(ascii: "["), UInt8(ascii: "{"):
                        guard depth < maxDepth else { return false }
                        let object = c == UInt8(ascii: "{")
                        if depth >> 6 == containers.count { containers.append(0) }
                        let bit = UInt64(1) << UInt64(depth & 63)
                        if object { containers[depth >> 6] |= bit } else { containers[depth >> 6] &= ~bit }
                        depth += 1
                        afterComma = false
                        p += 1
                        Self.skipSpace(&p, counting: &lineBreaks)
                        state = object ? .objectStart : .arrayStart
                        if p == end { break scanning }
                        if p.pointee == UInt8(ascii: object ? "}" : "]") {
                            depth -= 1
                            p += 1
                        } else {
                            if object {
                                guard Self.key(&p, end: end, lineBreaks: &lineBreaks, state: &state) else {
                                    if p == end { break scanning }
                                    return false
                                }
                            }
                            continue
                        }
                    case 0 where p == end:
                        break scanning
                    default:
                        return false
                    }
                    state = .afterValue
                }
                // After a value: a separator, the end of a container, or the end of the region.
                Self.skipSpace(&p, counting: &lineBreaks)
                let c = p.pointee
                if c == 0, p == end { break scanning }
                guard depth > 0 else { return false }
                let level = depth - 1
                let object = containers[level >> 6] >> UInt64(level & 63) & 1 == 1
                if c == UInt8(ascii: ",") {
                    afterComma = true
                    p += 1
                    Self.skipSpace(&p, counting: &lineBreaks)
                    state = object ? .key : .value
                    if p == end { break scanning }
                    if object {
                        guard Self.key(&p, end: end, lineBreaks: &lineBreaks, state: &state) else {
                            if p == end { break scanning }
                            return false
                        }
                    }
                    continue
                }
                guard c == UInt8(ascii: object ? "}" : "]") else { return false }
                depth -= 1
                p += 1
            }
        }
        self.state = state
        self.depth = depth
        self.afterComma = afterComma
        self.containers = containers
        // What the byte machine would have counted. The line's start and its continuation bytes
        // are set again by the line break that follows the region before any column is needed.
        offset += region.count
        line += lineBreaks
        lineStart = offset
        continuationsAtLineStart = continuations
        previous = region[region.count - 1]
        return true
    }

    /// Skips white space, counting line breaks (the parser's skip does not count them).
    @inline(__always)
    static func skipSpace(_ p: inout UnsafePointer<UInt8>, counting lineBreaks: inout Int) {
        while true {
            let c = p.pointee
            if c == 0x20 {
                p += 1
                while UnsafeRawPointer(p).loadUnaligned(as: UInt64.self) == 0x2020_2020_2020_2020 { p += 8 }
            } else if c == 0x0A {
                lineBreaks += 1
                p += 1
            } else if c == 0x09 || c == 0x0D {
                p += 1
            } else {
                return
            }
        }
    }

    /// Scans `"key"` at p and the colon after it, leaving p at the value (state `.value`). False
    /// where it cannot: at the region's end before the key (state unchanged) or after it (state
    /// `.colon`), or at a byte the byte machine must judge.
    @inline(__always)
    static func key(
        _ p: inout UnsafePointer<UInt8>, end: UnsafePointer<UInt8>, lineBreaks: inout Int, state: inout State
    ) -> Bool {
        guard p.pointee == UInt8(ascii: "\"") else { return false }
        var escaped = false
        do { p = try JSONParser.scanString(p + 1, base: p, end: end, escaped: &escaped) } catch { return false }
        skipSpace(&p, counting: &lineBreaks)
        guard p.pointee == UInt8(ascii: ":") else {
            state = .colon
            return false
        }
        p += 1
        skipSpace(&p, counting: &lineBreaks)
        state = .value
        return true
    }
}

/// Zero-padded room for a region of `JSONStreamValidator`, reused from piece to piece (copied only
/// if the validator itself was copied mid-text).
final class ValidatorScratch: @unchecked Sendable {
    let base: UnsafeMutablePointer<UInt8>
    let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
        base = .allocate(capacity: capacity + JSONBytes.padding)
    }

    deinit { base.deallocate() }
}
