/// The parser's loop: one pass over padded bytes, compiled for each kind of text (segments or
/// not, JSON or JSON Lines) and each syntax (`SyntaxRules`).
extension JSONParser {
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
    static func buildIndex<Segments: Segmenting, Layout: TextLayout, Rules: SyntaxRules>(
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
            let q = skipWhitespace(p)
            guard Rules.allowsComments else { return q }
            // JSON's white space is skipped here, in the loop; a comment (or JSON5's further white
            // space) is rare and scanned by a call.
            let c = q.pointee
            if c != UInt8(ascii: "/"), !Rules.isJSON5 || c > 0x20 && c < 0x80 { return q }
            if Rules.isJSON5 { return try TriviaScanner.skipJSON5Trivia(q, base: base, end: end) }
            return try TriviaScanner.skipWhitespaceAndComments(q, base: base, end: end)
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
struct Checkpoints {
    var nextReport: UnsafePointer<UInt8>
    var nextSegment: UnsafePointer<UInt8>
    /// The sooner of the two.
    var next: UnsafePointer<UInt8>
    var released = 0
}
