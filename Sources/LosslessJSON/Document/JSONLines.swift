#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// JSON Lines of any size, without holding more than one line: finding the n-th value line of a
/// (mapped) text by its line breaks, and checking lines one at a time. The lines are split and
/// numbered exactly as `JSONLinesDocument` splits them: at `\n`, a `\r` before it belongs to the
/// break, lines of white space only are blank (they hold no value).
public enum JSONLines {
    /// One line of a text.
    public struct Line: Sendable, Hashable {
        /// The 1-based line number.
        public let number: Int
        /// The line's bytes, line break excluded.
        public let content: Range<Int>
        /// The line's bytes and its line break (up to the next line's start).
        public let whole: Range<Int>
    }

    /// The value line at `position` (0 for the first line that is not blank), reading the text
    /// only as far as it: its line breaks are counted, its lines not parsed (each line is a JSON
    /// text of its own). Nil when the text has fewer value lines. A mapped text lets go of the
    /// pages it has passed.
    public static func valueLine(_ position: Int, in bytes: JSONBytes) -> Line? {
        var seen = 0
        var found: Line?
        var released = 0
        forEachLine(in: UnsafeBufferPointer(start: bytes.base, count: bytes.count)) { line in
            if line.whole.lowerBound - released >= 64 << 20 {
                bytes.releasePages(released..<line.whole.lowerBound)
                released = line.whole.lowerBound
            }
            guard !isBlank(UnsafeBufferPointer(rebasing: bytes.buffer[line.content]), first: line.number == 1) else { return true }
            if seen == position {
                found = line
                return false
            }
            seen += 1
            return true
        }
        return found
    }

    /// Calls `body` with each line of `text` in order until it returns false (numbered from
    /// `firstNumber`); a text ending in a line break has no empty line after it.
    public static func forEachLine(in text: UnsafeBufferPointer<UInt8>, firstNumber: Int = 1, _ body: (Line) -> Bool) {
        guard let base = text.baseAddress else { return }
        var start = 0
        var number = firstNumber
        while start < text.count {
            let next = memchr(base + start, 0x0A, text.count - start).map { UnsafePointer($0.assumingMemoryBound(to: UInt8.self)) - base }
            let end = next ?? text.count
            var contentEnd = end
            if next != nil, contentEnd > start, base[contentEnd - 1] == 0x0D { contentEnd -= 1 }
            let whole = start..<(next.map { $0 + 1 } ?? end)
            if !body(Line(number: number, content: start..<contentEnd, whole: whole)) { return }
            start = whole.upperBound
            number += 1
        }
    }

    /// Whether a line's content (its break excluded) holds only white space: spaces, tabs, and
    /// carriage returns not part of a break (no value); the text's `first` line may start with a
    /// byte order mark.
    public static func isBlank(_ content: UnsafeBufferPointer<UInt8>, first: Bool) -> Bool {
        let marked = first && content.count >= 3 && content[0] == 0xEF && content[1] == 0xBB && content[2] == 0xBF
        return content[(marked ? 3 : 0)...].allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
    }
}

/// Checks JSON Lines one line at a time with the parser's own scanners (no index is built): each
/// line is copied into zero-padded room reused from line to line, so an error is the parser's, at
/// the same column for the same reason as `JSONLinesDocument` reports it.
public struct JSONLineChecker {
    private let maxDepth: Int
    private var room: JSONBytes

    /// A checker with the parser's options.
    public init(options: JSONParseOptions = .default) {
        maxDepth = options.maxDepth
        room = JSONBytes(uninitializedCount: 4096)
    }

    /// The error of one line's bytes (line break excluded), or nil when the line is blank or holds
    /// one JSON value; only the text's `first` line may start with a byte order mark.
    public mutating func check(_ line: UnsafeBufferPointer<UInt8>, first: Bool) -> JSONParseError? {
        guard let source = line.baseAddress else { return nil }
        if JSONLines.isBlank(line, first: first) { return nil }
        if line.count > room.count { room = JSONBytes(uninitializedCount: line.count * 2) }
        room.base.update(from: source, count: line.count)
        // Zeros after the line, as after any text (the room's own padding is after its whole count).
        (room.base + line.count).update(repeating: 0, count: JSONBytes.padding)
        let base = UnsafePointer(room.base)
        let end = base + line.count
        do throws(RawParseError) {
            var p = base
            if first, line.count >= 3, p[0] == 0xEF, p[1] == 0xBB, p[2] == 0xBF { p += 3 }
            p = JSONParser.skipWhitespace(p)
            p = JSONParser.skipWhitespace(try JSONLocator.skipValue(p, base: base, end: end, depth: 0, maxDepth: maxDepth, afterComma: false))
            guard p == end else { throw JSONParser.unexpected(p, base: base, otherwise: .expectedEnd) }
            return nil
        } catch {
            return JSONParseError(error, in: JSONBytes(line))
        }
    }

    /// Checks every line of a file (or standard input) reading it in pieces: memory holds one
    /// piece and the longest line, whatever the file's size. `invalid` is given each invalid line
    /// as it is found; throws only when the file cannot be read.
    public static func checkFile(
        path: String, options: JSONParseOptions = .default, fifoWait: Int32 = JSONFileReader.fifoWait,
        invalid: (JSONLinesDocument.LineError) -> Void
    ) throws(JSONFileError) {
        var checker = JSONLineChecker(options: options)
        try JSONLines.forEachLine(ofFile: path, fifoWait: fifoWait) { bytes, number in
            if let error = checker.check(bytes, first: number == 1) { invalid(JSONLinesDocument.LineError(line: number, error: error)) }
        }
    }
}

extension JSONLines {
    /// Gives each line of a file (or standard input, `-`) with its 1-based number, without its line
    /// break (nor a CR before it), reading the file in pieces: memory holds one piece and the
    /// longest line, whatever the file's size. Throws only when the file cannot be read.
    public static func forEachLine(
        ofFile path: String, fifoWait: Int32 = JSONFileReader.fifoWait, _ body: (UnsafeBufferPointer<UInt8>, _ number: Int) -> Void
    ) throws(JSONFileError) {
        let (fd, _, sized) = try JSONFileReader.openSource(path, fifoWait: fifoWait)
        defer { close(fd) }
        try forEachLine(of: fd, path: path, limit: sized ? .max : JSONFileReader.streamLimit, length: .max, body)
    }

    /// The byte ranges of up to `count` parts of a regular file, each beginning at the start of a
    /// line and ending after a line break (or at the end): for reading its lines on several threads.
    /// `nil` for what cannot be read twice (standard input, a pipe).
    public static func parts(ofFile path: String, count: Int) throws(JSONFileError) -> [Range<Int>]? {
        guard path != "-" else { return nil }
        let (fd, info, sized) = try JSONFileReader.openSource(path, fifoWait: JSONFileReader.fifoWait)
        defer { close(fd) }
        guard sized else { return nil }
        let size = Int(info.st_size)
        var starts = [0]
        var probe = [UInt8](repeating: 0, count: 1 << 16)
        for part in 1..<max(1, count) {
            // The part begins after the first line break at or after its share of the bytes.
            var offset = max(size * part / count, starts[starts.count - 1])
            var found: Int?
            while found == nil, offset < size {
                let n = probe.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, off_t(offset)) }
                guard n > 0 else {
                    if n < 0, errno == EINTR { continue }
                    if n < 0 { throw .cannotRead(path: path, reason: errnoText()) }
                    break
                }
                if let hit = probe[..<n].firstIndex(of: 0x0A) { found = offset + hit + 1 } else { offset += n }
            }
            guard let start = found, start < size else { break }
            starts.append(start)
        }
        return zip(starts, starts.dropFirst() + [size]).map { $0..<$1 }
    }

    /// Gives each line of one part of a regular file (`parts(ofFile:count:)`), numbered from 1
    /// within the part, as `forEachLine(ofFile:)` gives a whole file's.
    public static func forEachLine(
        ofFile path: String, part: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>, _ number: Int) -> Void
    ) throws(JSONFileError) {
        let (fd, _, _) = try JSONFileReader.openSource(path, fifoWait: JSONFileReader.fifoWait)
        defer { close(fd) }
        guard lseek(fd, off_t(part.lowerBound), SEEK_SET) >= 0 else { throw .cannotRead(path: path, reason: errnoText()) }
        try forEachLine(of: fd, path: path, limit: .max, length: part.count, body)
    }

    /// Gives each line of what is read from `fd` (at most `length` bytes), reading it in pieces.
    private static func forEachLine(
        of fd: Int32, path: String, limit: Int, length: Int, _ body: (UnsafeBufferPointer<UInt8>, _ number: Int) -> Void
    ) throws(JSONFileError) {
        // The start of a line that goes on in the next piece.
        var carried: [UInt8] = []
        var number = 1
        try JSONFileReader.forEachPiece(fd, path: path, limit: limit, size: JSONFileReader.validationPiece, length: length) { piece in
            var rest = piece
            guard let start = rest.baseAddress, !rest.isEmpty else { return }
            // The carried line ends at this piece's first line break (or goes on past it).
            if !carried.isEmpty {
                guard let hit = memchr(start, 0x0A, rest.count) else {
                    carried.append(contentsOf: rest)
                    return
                }
                let length = UnsafePointer(hit.assumingMemoryBound(to: UInt8.self)) - start
                carried.append(contentsOf: UnsafeBufferPointer(start: start, count: length))
                if carried.last == 0x0D { carried.removeLast() }
                carried.withUnsafeBufferPointer { body($0, number) }
                carried.removeAll(keepingCapacity: true)
                number += 1
                rest = UnsafeBufferPointer(rebasing: rest[(length + 1)...])
            }
            guard let base = rest.baseAddress, !rest.isEmpty else { return }
            JSONLines.forEachLine(in: rest, firstNumber: number) { line in
                if line.whole.upperBound == rest.count, base[rest.count - 1] != 0x0A {
                    carried.append(contentsOf: UnsafeBufferPointer(start: base + line.whole.lowerBound, count: line.whole.count))
                    return false
                }
                body(UnsafeBufferPointer(start: base + line.content.lowerBound, count: line.content.count), line.number)
                number = line.number + 1
                return true
            }
        }
        if !carried.isEmpty { carried.withUnsafeBufferPointer { body($0, number) } }
    }
}
