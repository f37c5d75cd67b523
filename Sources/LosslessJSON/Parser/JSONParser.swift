/// The one-pass validating RFC 8259 parser that builds a `JSONIndex`.
///
/// It walks padded bytes with raw pointers (the zero padding ends every loop, so the hot paths test
/// neither bounds nor end of input), keeps open containers on an explicit stack (no recursion, any
/// depth), and writes one 16-byte record per value. Strings are validated but not decoded; numbers
/// are checked against the grammar but not converted.
enum JSONParser {
    private static let quote = UInt8(ascii: "\"")
    /// The position of a container in the index is kept in 30 bits while it is open.
    static let maxOpenPosition = 1 << 30
    private static let backslash = UInt8(ascii: "\\")

    /// Parses `bytes` (a UTF-8 BOM is skipped, and kept in the bytes) into an index; with
    /// `folding`, small containers below the root keep one entry each (see `JSONFolding`).
    static func index(
        _ bytes: JSONBytes, options: JSONParseOptions, progress: JSONParseProgress? = nil, folding: JSONFolding? = nil
    ) throws(JSONParseError) -> JSONIndex {
        do {
            // Each kind of text takes a loop compiled for it: one within the offset limit (any under
            // 4 GiB) with no segment checks, a JSON text with no line checks.
            // A syntax beyond JSON takes a loop of its own too (JSON Lines are strict JSON).
            let foldBytes = folding?.maxBytes ?? 0
            func parse<Layout: TextLayout, Rules: SyntaxRules>(_: Layout.Type, _: Rules.Type) throws(RawParseError) -> JSONIndex {
                if bytes.count > options.offsetLimit {
                    return try buildIndex(bytes, options: options, progress: progress, foldBytes: foldBytes, ManySegments.self, Layout.self, Rules.self)
                }
                return try buildIndex(bytes, options: options, progress: progress, foldBytes: foldBytes, OneSegment.self, Layout.self, Rules.self)
            }
            if options.jsonLines { return try parse(JSONLinesLayout.self, StrictJSONRules.self) }
            switch options.syntax {
            case .json: return try parse(OneTextLayout.self, StrictJSONRules.self)
            case .jsonc: return try parse(OneTextLayout.self, CommentedJSONRules.self)
            case .json5: return try parse(OneTextLayout.self, JSON5Rules.self)
            }
        } catch {
            throw JSONParseError(error, in: bytes, syntax: options.jsonLines ? .json : options.syntax)
        }
    }

    @inline(__always)
    private static func isWhitespace(_ c: UInt8) -> Bool {
        c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09
    }

    /// Skips whitespace; after a line break, runs of spaces are skipped eight at a time.
    @inline(__always)
    static func skipWhitespace(_ start: UnsafePointer<UInt8>) -> UnsafePointer<UInt8> {
        var p = start
        while true {
            let c = p.pointee
            if c > 0x20 { return p }
            if c == 0x0A {
                p += 1
                while UnsafeRawPointer(p).loadUnaligned(as: UInt64.self) == 0x2020_2020_2020_2020 { p += 8 }
                continue
            }
            if c == 0x20 || c == 0x0D || c == 0x09 { p += 1; continue }
            return p
        }
    }

    /// Skips the white space of a JSON Lines line: spaces, tabs and carriage returns, but not a
    /// line feed or the carriage return before one (the line's break).
    @inline(__always)
    static func skipSpaces(_ start: UnsafePointer<UInt8>) -> UnsafePointer<UInt8> {
        var p = start
        while p.pointee == 0x20 || p.pointee == 0x09 || (p.pointee == 0x0D && p[1] != 0x0A) { p += 1 }
        return p
    }

    @inline(__always)
    private static func isDigit(_ c: UInt8) -> Bool { c &- 0x30 < 10 }

    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    /// Scans a string body starting after the opening quote; returns the byte after the closing quote.
    /// `escaped` is set when the body holds a backslash escape.
    @inline(__always)
    static func scanString(
        _ start: UnsafePointer<UInt8>, base: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>, escaped: inout Bool
    ) throws(RawParseError) -> UnsafePointer<UInt8> {
        var p = start
        while true {
            // Eight bytes at a time: stop at '"', '\\', a control byte or a non-ASCII byte.
            while true {
                let word = UnsafeRawPointer(p).loadUnaligned(as: UInt64.self)
                let quotes = word ^ (ones &* 0x22)
                let slashes = word ^ (ones &* 0x5C)
                let hits = ((quotes &- ones) & ~quotes) | ((slashes &- ones) & ~slashes) | ((word &- ones &* 0x20) & ~word) | word
                let mask = hits & highs
                if mask == 0 { p += 8; continue }
                p += mask.trailingZeroBitCount >> 3
                break
            }
            let c = p.pointee
            if c == quote { return p + 1 }
            if c == backslash {
                escaped = true
                switch p[1] {
                case quote, backslash, UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                    UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    p += 2
                case UInt8(ascii: "u"):
                    for i in 2..<6 where !isHexDigit(p[i]) {
                        throw RawParseError(offset: p + i - base, reason: p + i >= end ? .unterminatedString : .invalidUnicodeEscape)
                    }
                    p += 6
                default:
                    throw RawParseError(offset: p + 1 - base, reason: p + 1 >= end ? .unterminatedString : .invalidEscape)
                }
                continue
            }
            if c < 0x20 {
                throw RawParseError(offset: p - base, reason: p >= end ? .unterminatedString : .controlCharacterInString)
            }
            // Non-ASCII: validate UTF-8 sequences in a tight loop while they last.
            repeat {
                p = try validateUTF8Sequence(p, base: base, end: end)
            } while p.pointee >= 0x80
        }
    }

    @inline(__always)
    private static func isHexDigit(_ c: UInt8) -> Bool {
        (c &- 0x30) < 10 || ((c | 0x20) &- 0x61) < 6
    }

    /// Validates one multi-byte UTF-8 sequence (RFC 3629: no overlongs, no surrogates, ≤ U+10FFFF).
    @inline(__always)
    static func validateUTF8Sequence(
        _ p: UnsafePointer<UInt8>, base: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>
    ) throws(RawParseError) -> UnsafePointer<UInt8> {
        let b0 = p[0]
        @inline(__always) func isContinuation(_ b: UInt8) -> Bool { b & 0xC0 == 0x80 }
        func fail(_ at: UnsafePointer<UInt8>) -> RawParseError {
            RawParseError(offset: at - base, reason: at >= end ? .unterminatedString : .invalidUTF8)
        }
        if b0 < 0xC2 { throw fail(p) }
        if b0 < 0xE0 {
            guard isContinuation(p[1]) else { throw fail(p + 1) }
            return p + 2
        }
        if b0 < 0xF0 {
            let b1 = p[1]
            let lower: UInt8 = b0 == 0xE0 ? 0xA0 : 0x80
            let upper: UInt8 = b0 == 0xED ? 0x9F : 0xBF
            guard b1 >= lower, b1 <= upper else { throw fail(p + 1) }
            guard isContinuation(p[2]) else { throw fail(p + 2) }
            return p + 3
        }
        if b0 < 0xF5 {
            let b1 = p[1]
            let lower: UInt8 = b0 == 0xF0 ? 0x90 : 0x80
            let upper: UInt8 = b0 == 0xF4 ? 0x8F : 0xBF
            guard b1 >= lower, b1 <= upper else { throw fail(p + 1) }
            guard isContinuation(p[2]) else { throw fail(p + 2) }
            guard isContinuation(p[3]) else { throw fail(p + 3) }
            return p + 4
        }
        throw fail(p)
    }

    /// Scans a number; returns the byte after it. `nonInteger` is set for a fraction or exponent.
    @inline(__always)
    static func scanNumber(
        _ start: UnsafePointer<UInt8>, base: UnsafePointer<UInt8>, nonInteger: inout Bool
    ) throws(RawParseError) -> UnsafePointer<UInt8> {
        var p = start
        if p.pointee == UInt8(ascii: "-") { p += 1 }
        if p.pointee == UInt8(ascii: "0") {
            p += 1
            if isDigit(p.pointee) { throw RawParseError(offset: p - base, reason: .leadingZero) }
        } else if isDigit(p.pointee) {
            // Integer parts are mostly short: byte by byte, then in words if the run goes on.
            p += 1
            while isDigit(p.pointee) { p += 1 }
        } else {
            throw RawParseError(offset: p - base, reason: .expectedDigit)
        }
        if p.pointee == UInt8(ascii: ".") {
            p += 1
            nonInteger = true
            guard isDigit(p.pointee) else { throw RawParseError(offset: p - base, reason: .expectedFractionDigit) }
            p += 1
            p = skipDigits(p)
        }
        if p.pointee | 0x20 == UInt8(ascii: "e") {
            p += 1
            nonInteger = true
            if p.pointee == UInt8(ascii: "+") || p.pointee == UInt8(ascii: "-") { p += 1 }
            guard isDigit(p.pointee) else { throw RawParseError(offset: p - base, reason: .expectedExponentDigit) }
            p = skipDigits(p + 1)
        }
        return p
    }

    /// Skips a run of ASCII digits eight bytes at a time (long fractions and ids are common).
    @inline(__always)
    private static func skipDigits(_ start: UnsafePointer<UInt8>) -> UnsafePointer<UInt8> {
        var p = start
        while true {
            let word = UnsafeRawPointer(p).loadUnaligned(as: UInt64.self)
            // A byte is a digit when its high nibble is 3 and its low nibble is below 10.
            let highNibbleOff = (word & 0xF0F0_F0F0_F0F0_F0F0) ^ 0x3030_3030_3030_3030
            let lowNibbleTooBig = ((word & 0x0F0F_0F0F_0F0F_0F0F) &+ 0x0606_0606_0606_0606) & 0x1010_1010_1010_1010
            let bad = highNibbleOff | lowNibbleTooBig
            // Set bit 7 of every byte that is not zero, without carries between bytes.
            let flagged = (((bad & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F) | bad) & highs
            if flagged == 0 {
                p += 8
                continue
            }
            return p + (flagged.trailingZeroBitCount >> 3)
        }
    }

    /// The reason for an unexpected byte after a value: a number glued to more number-like bytes
    /// ("1.2.3", "12abc", "1e5e5") gets its own message; checked only on the error path.
    static func unexpected(
        _ p: UnsafePointer<UInt8>, base: UnsafePointer<UInt8>, otherwise reason: RawParseError.Reason
    ) -> RawParseError {
        let next = p.pointee
        if p > base, isDigit(p[-1]),
            next == UInt8(ascii: ".") || next == UInt8(ascii: "+") || next == UInt8(ascii: "-")
                || ((next | 0x20) &- 0x61) < 26 || isDigit(next)
        {
            return RawParseError(offset: p - base, reason: .invalidNumberSuffix)
        }
        return RawParseError(offset: p - base, reason: reason)
    }

    /// `foldBytes`: a container below the root whose text is at most this long is folded when it
    /// closes (0: none is).
    ///
    /// Offsets are kept in 32 bits from the start of a segment: a text larger than `offsetLimit`
    /// starts a new segment at a comma once half the limit is behind (`JSONIndex.segments`), and a
    /// value whose offsets still do not fit — one spanning more than the limit — is wide.
    ///
    /// The helpers below capture no variable (what they change is passed `inout`): a captured
    /// variable is checked for exclusive access at run time on every use, in the hottest loop.
    ///
    /// A JSON Lines text (`Layout.isLines`) is indexed as an array of its lines' values: the root
    /// entry spans the text, a value ends at its line's break, and white space inside a value does
    /// not cross one — an error is where a parse of that line alone puts it.
    private static func buildIndex<Segments: Segmenting, Layout: TextLayout, Rules: SyntaxRules>(
        _ bytes: JSONBytes, options: JSONParseOptions, progress: JSONParseProgress?, foldBytes: Int, _: Segments.Type, _: Layout.Type,
        _: Rules.Type
    ) throws(RawParseError) -> JSONIndex {
        let (maxDepth, offsetLimit) = (options.maxDepth, options.offsetLimit)
        // A line's value may nest as deep as a document; the lines' array is one level more.
        let depthLimit = Layout.isLines ? maxDepth + 1 : maxDepth
        guard let index = JSONIndex(capacityForBytes: bytes.count) else {
            throw RawParseError(offset: 0, reason: .outOfMemory)
        }
        // For a large text another thread faults the index in ahead of the parser, so the page
        // faults of a fresh gigabyte overlap the parse instead of interrupting it.
        let progress = progress ?? (bytes.count >= IndexPrefaulter.threshold ? JSONParseProgress() : nil)
        // A folding parse writes a small index (most values are folded away): nothing to fault in.
        let prefaulter = foldBytes > 0 ? nil : progress.flatMap { IndexPrefaulter(index, textBytes: bytes.count, progress: $0) }
        defer { prefaulter?.stop() }
        let base = UnsafePointer(bytes.base)
        let end = base + bytes.count
        var p = base
        if options.skipsByteOrderMark, bytes.count >= 3, p[0] == 0xEF, p[1] == 0xBB, p[2] == 0xBF { p += 3 }

        let entries = index.entries
        var count = 0
        // Open containers: entry index << 2, | 2 once something inside holds an escape (a folded
        // container is marked so, for a search), | 1 for an object.
        var stackCapacity = 64
        var stack = UnsafeMutablePointer<UInt32>.allocate(capacity: stackCapacity)
        defer { stack.deallocate() }
        var depth = 0
        // The header bits carried from a member's key to its value.
        var keyBits: UInt32 = 0
        var afterComma = false

        // Whether a container was folded, and whether a long key or a wide value was set aside
        // (a fold drops those inside it); set on the index at the end.
        var folded = false
        var setAside = false
        // Offsets count from the current segment's start; a text within the limit has one segment.
        var segment = base
        var segmentFirst = 0
        let segmented = Segments.isSegmented
        let isLines = Layout.isLines
        /// Skips the trivia inside a value: white space (in JSON Lines, not past a line break), and
        /// comments in the syntaxes that have them.
        @inline(__always) func skip(_ p: UnsafePointer<UInt8>) throws(RawParseError) -> UnsafePointer<UInt8> {
            if isLines { return skipSpaces(p) }
            if Rules.isJSON5 { return try TriviaScanner.skipJSON5Trivia(p, base: base, end: end) }
            if Rules.allowsComments { return try TriviaScanner.skipWhitespaceAndComments(p, base: base, end: end) }
            return skipWhitespace(p)
        }
        /// Records a value whose offsets from its segment's start do not fit: they go aside.
        func putWide(_ id: Int, start: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>?, segmentStart: UnsafePointer<UInt8>, _ setAside: inout Bool) {
            setAside = true
            entries[id].header |= IndexEntry.wideFlag
            index.setWide(id, start: start - segmentStart, end: end.map { $0 - segmentStart })
        }
        /// The start of the segment entry `id` belongs to (the current one starts at `segment`,
        /// with entry `segmentFirst`).
        func segmentStart(of id: Int, current segment: UnsafePointer<UInt8>, first segmentFirst: Int) -> UnsafePointer<UInt8> {
            id >= segmentFirst ? segment : base + index.segmentShift(of: id)
        }
        /// Where the open container `id` starts.
        func containerStart(_ id: Int, current segment: UnsafePointer<UInt8>, first segmentFirst: Int) -> UnsafePointer<UInt8> {
            segmentStart(of: id, current: segment, first: segmentFirst) + index.startInSegment(id)
        }

        /// Parses `"key" :` at p and leaves p at the value; returns the header bits for the value.
        func parseKey(
            _ p: inout UnsafePointer<UInt8>, afterComma: Bool, id: Int, segment: UnsafePointer<UInt8>, _ setAside: inout Bool
        ) throws(RawParseError) -> UInt32 {
            let keyStart = p
            var escaped = false
            if p.pointee == quote {
                p = Rules.isJSON5 ? try JSON5Scanner.scanString(p + 1, quote: quote, base: base, end: end, escaped: &escaped)
                    : try scanString(p + 1, base: base, end: end, escaped: &escaped)
            } else if Rules.isJSON5, p.pointee == UInt8(ascii: "'") || JSON5Scanner.startsIdentifier(p) {
                // Read by decoding, as escaped keys are: the fast paths expect a key in double quotes.
                p = p.pointee == UInt8(ascii: "'") ? try JSON5Scanner.scanString(p + 1, quote: p.pointee, base: base, end: end, escaped: &escaped)
                    : try JSON5Scanner.scanIdentifier(p, base: base, end: end, escaped: &escaped)
                escaped = true
            } else {
                throw RawParseError(offset: p - base, reason: afterComma ? .expectedKeyAfterComma : .expectedKey)
            }
            p = try skip(p)
            guard p.pointee == UInt8(ascii: ":") else { throw RawParseError(offset: p - base, reason: .expectedColon) }
            p = try skip(p + 1)
            let delta = p - keyStart
            let bits = escaped ? IndexEntry.keyEscapedFlag : 0
            guard delta >= Int(IndexEntry.longKeyDelta) else { return bits | UInt32(truncatingIfNeeded: delta) << IndexEntry.keyDeltaShift }
            index.setLongKey(id, start: keyStart - segment)
            setAside = true
            return bits | IndexEntry.longKeyDelta << IndexEntry.keyDeltaShift
        }

        // Without a progress no report is due (past the end); a segment is due half the limit in.
        let segmentStride = max(1, offsetLimit / 2)
        var due = Checkpoints(
            nextReport: progress.map { base + $0.reportStride } ?? end + 1,
            nextSegment: segmented ? base + segmentStride : end + 1, next: base)
        due.next = min(due.nextReport, due.nextSegment)
        /// At a comma at p: starts a new segment or reports progress (and stops the parse if it
        /// was cancelled), whichever is due.
        func check(
            _ p: UnsafePointer<UInt8>, _ due: inout Checkpoints, segment: inout UnsafePointer<UInt8>, segmentFirst: inout Int, count: Int,
            stack: UnsafePointer<UInt32>, depth: Int, folded: Bool
        ) throws(RawParseError) {
            // Not inside a container a fold could still take away (with the segment's start, or
            // entries a published prefix reads): until then, at every comma.
            let innermost = Int(stack[depth - 1] >> 2)
            let settled = p - containerStart(innermost, current: segment, first: segmentFirst) > foldBytes
            if p >= due.nextSegment, settled {
                segment = p
                segmentFirst = count
                index.startSegment(first: count, shift: p - base)
                due.nextSegment = p + segmentStride
            }
            if p >= due.nextReport {
                due.nextReport = p + (progress?.reportStride ?? JSONParseProgress.stride)
                let behind = p - base - JSONBytes.padding
                if behind > due.released {
                    bytes.releasePages(due.released..<behind)
                    due.released = behind
                }
                if let progress, !progress.report(p - base, values: count) { throw RawParseError(offset: p - base, reason: .cancelled) }
                if let progress, progress.publishesPrefixes, settled {
                    progress.publish(prefix(at: p, count: count, stack: stack, depth: depth, segment: segment, segmentFirst: segmentFirst, folded: folded))
                }
            }
            due.next = min(due.nextReport, due.nextSegment)
        }
        /// What is indexed up to p, a comma or line break: the open containers copied.
        func prefix(
            at p: UnsafePointer<UInt8>, count: Int, stack: UnsafePointer<UInt32>, depth: Int, segment: UnsafePointer<UInt8>, segmentFirst: Int,
            folded: Bool
        ) -> IndexPrefix {
            let aside = index.setAsideCopy()
            let open = (0..<depth).map { d in
                let id = Int(stack[d] >> 2)
                let shift = segmentStart(of: id, current: segment, first: segmentFirst) - base
                let keyStart = entries[id].header >> IndexEntry.keyDeltaShift == IndexEntry.longKeyDelta ? aside.longKeys[id].map { $0 + shift } : nil
                return IndexPrefix.Open(id: id, header: entries[id].header, start: containerStart(id, current: segment, first: segmentFirst) - base, keyStart: keyStart)
            }
            return IndexPrefix(
                bytes: bytes, index: index, count: count, cut: p - base, open: open, longKeys: aside.longKeys, wideOffsets: aside.wideOffsets,
                segments: aside.segments, hasFolds: folded, options: options)
        }

        /// Sets the end of the container `open` closing at q, in a text of several segments (wide
        /// when it does not fit); returns its length.
        func closeInSegment(_ open: Int, at q: UnsafePointer<UInt8>, segment: UnsafePointer<UInt8>, segmentFirst: Int, _ setAside: inout Bool) -> Int {
            let start = segmentStart(of: open, current: segment, first: segmentFirst)
            if q - start <= offsetLimit, entries[open].header & IndexEntry.wideFlag == 0 {
                entries[open].end = UInt32(truncatingIfNeeded: q - start)
            } else {
                putWide(open, start: start + Int(entries[open].start), end: q, segmentStart: start, &setAside)
            }
            return q - containerStart(open, current: segment, first: segmentFirst)
        }

        p = isLines ? skipWhitespace(p) : try skip(p)
        if isLines {
            // The root: an array of the lines' values, spanning the text (blank lines before the
            // first value are skipped above).
            entries[0] = IndexEntry(header: UInt32(JSONKind.array.rawValue), start: 0, end: 0, link: 0)
            stack[0] = 0
            depth = 1
            count = 1
        }
        // (JSON Lines: a text of no lines, or whose last line break is followed by nothing, ends
        // here; inside a line's value the end is an error, as in any value.)
        parsing: while !(isLines && depth == 1 && p == end) {
            // A value starts at p; its offsets count from the segment's start. (In JSON5 a string may
            // open with a single quote, a number with '+', '.', 'I' or 'N': they take the cases of
            // '"' and '-'.)
            let c = Rules.isJSON5 ? JSON5Scanner.valueStartClass(p.pointee) : p.pointee
            let start = p
            let startOffset = UInt32(truncatingIfNeeded: p - segment)
            switch c {
            case quote:
                var escaped = false
                p = Rules.isJSON5 ? try JSON5Scanner.scanString(p + 1, quote: p.pointee, base: base, end: end, escaped: &escaped)
                    : try scanString(p + 1, base: base, end: end, escaped: &escaped)
                entries[count] = IndexEntry(
                    header: UInt32(JSONKind.string.rawValue) | keyBits | (escaped ? IndexEntry.escapedFlag : 0),
                    start: startOffset, end: UInt32(truncatingIfNeeded: p - segment), link: 1)
                if escaped, depth > 0 { stack[depth - 1] |= 2 }
                if segmented, p - segment > offsetLimit { putWide(count, start: start, end: p, segmentStart: segment, &setAside) }
                count += 1
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                var nonInteger = false
                p = Rules.isJSON5 ? try JSON5Scanner.scanNumber(p, base: base, nonInteger: &nonInteger) : try scanNumber(p, base: base, nonInteger: &nonInteger)
                entries[count] = IndexEntry(
                    header: UInt32(JSONKind.number.rawValue) | keyBits | (nonInteger ? IndexEntry.nonIntegerFlag : 0),
                    start: startOffset, end: UInt32(truncatingIfNeeded: p - segment), link: 1)
                if segmented, p - segment > offsetLimit { putWide(count, start: start, end: p, segmentStart: segment, &setAside) }
                count += 1
            case UInt8(ascii: "t"), UInt8(ascii: "n"):
                let word = UnsafeRawPointer(p).loadUnaligned(as: UInt32.self)
                let kind: JSONKind
                if word == 0x6575_7274 { kind = .true } else if word == 0x6C6C_756E { kind = .null } else {
                    throw RawParseError(offset: p - base, reason: .invalidLiteral)
                }
                p += 4
                entries[count] = IndexEntry(header: UInt32(kind.rawValue) | keyBits, start: startOffset, end: UInt32(truncatingIfNeeded: p - segment), link: 1)
                if segmented, p - segment > offsetLimit { putWide(count, start: start, end: p, segmentStart: segment, &setAside) }
                count += 1
            case UInt8(ascii: "f"):
                guard UnsafeRawPointer(p + 1).loadUnaligned(as: UInt32.self) == 0x6573_6C61 else {
                    throw RawParseError(offset: p - base, reason: .invalidLiteral)
                }
                p += 5
                entries[count] = IndexEntry(
                    header: UInt32(JSONKind.false.rawValue) | keyBits, start: startOffset, end: UInt32(truncatingIfNeeded: p - segment), link: 1)
                if segmented, p - segment > offsetLimit { putWide(count, start: start, end: p, segmentStart: segment, &setAside) }
                count += 1
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                let isObject = c == UInt8(ascii: "{")
                guard depth < depthLimit else { throw RawParseError(offset: p - base, reason: .tooDeep(maxDepth)) }
                if depth == stackCapacity {
                    let grown = UnsafeMutablePointer<UInt32>.allocate(capacity: stackCapacity * 2)
                    grown.moveInitialize(from: stack, count: depth)
                    stack.deallocate()
                    stack = grown
                    stackCapacity *= 2
                }
                // The stack keeps 30 bits of an entry's position.
                guard count < Self.maxOpenPosition else { throw RawParseError(offset: p - base, reason: .tooLarge) }
                stack[depth] = UInt32(truncatingIfNeeded: count) << 2 | (isObject ? 1 : 0)
                depth += 1
                entries[count] = IndexEntry(
                    header: UInt32((isObject ? JSONKind.object : JSONKind.array).rawValue) | keyBits, start: startOffset, end: 0, link: 0)
                if segmented, p - segment > offsetLimit { putWide(count, start: start, end: nil, segmentStart: segment, &setAside) }
                count += 1
                p = try skip(p + 1)
                if isObject {
                    if p.pointee != UInt8(ascii: "}") {
                        keyBits = try parseKey(&p, afterComma: false, id: count, segment: segment, &setAside)
                        if keyBits & IndexEntry.keyEscapedFlag != 0 { stack[depth - 1] |= 2 }
                        afterComma = false
                        continue parsing
                    }
                } else if p.pointee != UInt8(ascii: "]") {
                    keyBits = 0
                    afterComma = false
                    continue parsing
                }
                // An empty container closes at once (it is never folded).
                depth -= 1
                p += 1
                let open = count - 1
                if segmented {
                    _ = closeInSegment(open, at: p, segment: segment, segmentFirst: segmentFirst, &setAside)
                } else {
                    entries[open].end = UInt32(truncatingIfNeeded: p - base)
                }
                entries[open].link = 1
            default:
                throw RawParseError(offset: p - base, reason: afterComma ? .expectedValueAfterComma : .expectedValue)
            }

            // After a value: a separator, the end of a container, or the end of the text.
            while true {
                p = try skip(p)
                if depth == 0 {
                    guard p == end else { throw unexpected(p, base: base, otherwise: .expectedEnd) }
                    break parsing
                }
                let top = stack[depth - 1]
                let c = p.pointee
                if isLines, depth == 1 {
                    // A line's value ended: nothing but spaces may follow it on its line.
                    if p == end { break parsing }
                    guard c == 0x0A || (c == 0x0D && p[1] == 0x0A) else { throw unexpected(p, base: base, otherwise: .expectedEnd) }
                    if p >= due.next { try check(p, &due, segment: &segment, segmentFirst: &segmentFirst, count: count, stack: stack, depth: depth, folded: folded) }
                    // Blank lines are skipped (they hold no value).
                    p = skipWhitespace(p + 1)
                    keyBits = 0
                    afterComma = false
                    continue parsing
                }
                if top & 1 == 1 {
                    if c == UInt8(ascii: ",") {
                        if p >= due.next { try check(p, &due, segment: &segment, segmentFirst: &segmentFirst, count: count, stack: stack, depth: depth, folded: folded) }
                        p = try skip(p + 1)
                        // A trailing comma, where the syntax has them: the object closes below.
                        if !(Rules.allowsTrailingCommas && p.pointee == UInt8(ascii: "}")) {
                            keyBits = try parseKey(&p, afterComma: true, id: count, segment: segment, &setAside)
                            // A key with an escape: its object holds one.
                            if keyBits & IndexEntry.keyEscapedFlag != 0 { stack[depth - 1] |= 2 }
                            afterComma = true
                            continue parsing
                        }
                    } else {
                        guard c == UInt8(ascii: "}") else { throw unexpected(p, base: base, otherwise: .expectedCommaOrBrace) }
                    }
                } else {
                    if c == UInt8(ascii: ",") {
                        if p >= due.next { try check(p, &due, segment: &segment, segmentFirst: &segmentFirst, count: count, stack: stack, depth: depth, folded: folded) }
                        p = try skip(p + 1)
                        if !(Rules.allowsTrailingCommas && p.pointee == UInt8(ascii: "]")) {
                            keyBits = 0
                            afterComma = true
                            continue parsing
                        }
                    } else {
                        guard c == UInt8(ascii: "]") else { throw unexpected(p, base: base, otherwise: .expectedCommaOrBracket) }
                    }
                }
                depth -= 1
                let open = Int(top >> 2)
                p += 1
                let length: Int
                if segmented {
                    length = closeInSegment(open, at: p, segment: segment, segmentFirst: segmentFirst, &setAside)
                } else {
                    entries[open].end = UInt32(truncatingIfNeeded: p - base)
                    length = Int(entries[open].end &- entries[open].start)
                }
                if depth > 0, length <= foldBytes {
                    // Folded: its entry stays (size 1, marked folded, and marked escaped when
                    // anything inside is, for a search), the entries inside it go.
                    entries[open].header |= IndexEntry.foldedFlag | (top & 2 != 0 ? IndexEntry.escapedFlag : 0)
                    entries[open].link = 1
                    if setAside { index.dropSetAside(after: open) }
                    count = open + 1
                    folded = true
                } else {
                    entries[open].link = UInt32(truncatingIfNeeded: count - open)
                }
                // What a container holds, its parent holds.
                if top & 2 != 0, depth > 0 { stack[depth - 1] |= 2 }
            }
        }
        if isLines {
            // The root ends with the text.
            depth = 0
            if segmented {
                _ = closeInSegment(0, at: end, segment: segment, segmentFirst: segmentFirst, &setAside)
            } else {
                entries[0].end = UInt32(truncatingIfNeeded: end - base)
            }
            entries[0].link = UInt32(truncatingIfNeeded: count)
        }
        // The subtree sizes are counted in 32 bits.
        guard count < Int(UInt32.max) else { throw RawParseError(offset: 0, reason: .tooLarge) }
        if let progress { _ = progress.report(bytes.count, values: count) }
        index.hasFolds = folded
        prefaulter?.stop()  // before the unused tail is given back
        // A published prefix reads the entries where they are: they stay there.
        index.finish(count: count, movable: !(progress?.publishesPrefixes ?? false))
        return index
    }
}

/// What a parse does now and then at a comma: report progress (letting go of a mapped file's pages
/// behind it: memory holds the index, not the file) and start a segment.
private struct Checkpoints {
    var nextReport: UnsafePointer<UInt8>
    var nextSegment: UnsafePointer<UInt8>
    /// The sooner of the two.
    var next: UnsafePointer<UInt8>
    var released = 0
}

/// Whether a parse keeps its offsets in segments: a type, so that the loop for a text within the
/// limit is compiled without the checks.
private protocol Segmenting {
    static var isSegmented: Bool { get }
}

private enum OneSegment: Segmenting {
    static var isSegmented: Bool { false }
}

private enum ManySegments: Segmenting {
    static var isSegmented: Bool { true }
}

/// Whether a parse reads a JSON text or JSON Lines: a type, so that each loop is compiled for one.
private protocol TextLayout {
    static var isLines: Bool { get }
}

private enum OneTextLayout: TextLayout {
    static var isLines: Bool { false }
}

private enum JSONLinesLayout: TextLayout {
    static var isLines: Bool { true }
}
