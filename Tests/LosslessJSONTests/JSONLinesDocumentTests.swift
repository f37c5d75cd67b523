import Testing
@_spi(Testing) @testable import LosslessJSON

/// A JSON Lines text read as one document (`JSONParseOptions.jsonLines`): an array of its lines'
/// values whose text is the file itself. It must hold what `JSONLinesDocument` (each line parsed
/// on its own) holds, fail where it fails, and keep every edit inside its lines.
@Suite("JSON Lines as one document")
struct JSONLinesDocumentTests {
    static let lines = JSONParseOptions(jsonLines: true)

    /// The values of the lines of `text`, each parsed on its own, or the first invalid line's
    /// "line:column".
    static func lineByLine(_ text: [UInt8]) -> Result<JSONValue, LinesError> {
        do {
            let document = try JSONLinesDocument(bytes: text)
            return .success(.array(document.valueLines.compactMap { $0.document?.rootValue }))
        } catch {
            let first = error.lines[0]
            return .failure(LinesError(place: "\(first.line):\(first.error.column)"))
        }
    }

    struct LinesError: Error, Equatable {
        let place: String
    }

    @Test("the lines' values, and the first invalid line's place, as each line parsed alone gives them", arguments: 0..<60)
    func sameAsLineByLine(seed: UInt64) throws {
        let text = JSONLinesScanTests.text(seed: seed, lines: 30, mutate: seed % 2 == 0)
        switch Self.lineByLine(text) {
        case .success(let values):
            let document = try JSONDocument(bytes: text, options: Self.lines)
            #expect(document.rootValue == values)
            #expect(document.text.array == text)
            // Folded, and counted in segments of a few bytes, it reads the same.
            var tight = Self.lines
            tight.offsetLimit = 40
            let folded = try JSONDocument(storage: JSONBytes(text), options: tight, folding: JSONFolding(maxBytes: 30))
            #expect(folded.rootValue == values)
            #expect(folded.childCount(folded.root) == document.childCount(document.root))
        case .failure(let expected):
            do {
                _ = try JSONDocument(bytes: text, options: Self.lines)
                Issue.record("seed \(seed): parsed, but line by line \(expected.place) is invalid")
            } catch {
                #expect("\(error.line):\(error.column)" == expected.place, "seed \(seed)")
            }
        }
    }

    @Test("blank lines, spaces and CRLF breaks are kept; an empty text has no lines")
    func layoutIsKept() throws {
        let text = "\n  {\"a\": 1}  \r\n\t\n[2]\r\n3"
        let document = try JSONDocument(text, options: Self.lines)
        #expect(document.rootValue == [["a": 1], [2], 3])
        #expect(document.range(document.root) == 0..<text.utf8.count)
        for empty in ["", "\n\n", "  \t \r\n"] {
            let none = try JSONDocument(empty, options: Self.lines)
            #expect(none.kind(none.root) == .array && none.childCount(none.root) == 0, "\(empty.debugDescription)")
        }
        // Two values on a line, a value across two lines: not JSON Lines.
        #expect(throws: JSONParseError.self) { try JSONDocument("1 2\n", options: Self.lines) }
        #expect(throws: JSONParseError.self) { try JSONDocument("[1,\n2]\n", options: Self.lines) }
    }

    @Test("new lines, removed lines and edits inside lines: the text stays JSON Lines, other lines keep their bytes", arguments: 0..<40)
    func editsKeepTheLines(seed: UInt64) throws {
        let text = JSONLinesScanTests.text(seed: seed &+ 500, lines: 12, mutate: false)
        var document = try JSONDocument(bytes: text, options: Self.lines)
        // The same edits on the array as a plain JSON document give the values to expect.
        var plain = try JSONDocument(JSONWriter.serialize(document.rootValue, style: .pretty))
        var rng = SeededGenerator(seed: seed)
        for step in 0..<20 {
            let edit =
                step % 4 == 0
                ? .insertElement(in: .root, value: ["line": .number(JSONNumber(step))], at: Int.random(in: 0...plain.childCount(plain.root), using: &rng))
                : ReindexTests.randomEdit(in: plain, step: step, using: &rng)
            guard let edit else { continue }
            // A root replaced whole rewrites every line.
            let wholesale: Bool
            switch edit {
            case .replace(let at, _), .set(let at, _): wholesale = at.isRoot
            default: wholesale = false
            }
            let before = document.text.array
            do {
                try plain.apply(edit)
            } catch {
                continue  // refused on the plain document too (removing the root, a wrong kind)
            }
            do {
                try document.apply(edit)
            } catch {
                // A root replaced by anything but an array of lines is refused; nothing else is.
                guard wholesale, case .rootNotAllowed = error else {
                    Issue.record("seed \(seed) step \(step): \(edit) refused: \(error)")
                    return
                }
                plain = try JSONDocument(JSONWriter.serialize(document.rootValue))
                continue
            }
            #expect(document.rootValue == plain.rootValue, "seed \(seed) step \(step): \(edit)")
            try ReindexTests.expectSameStructure(document, "seed \(seed) step \(step)")
            if !wholesale { Self.expectOtherLinesKept(before, document.text.array, "seed \(seed) step \(step): \(edit)") }
        }
    }

    /// At most one line differs (an edit inside it, or one line in or out); the rest are byte-equal.
    static func expectOtherLinesKept(_ old: [UInt8], _ new: [UInt8], _ context: String) {
        // A line's bytes without its break (a text's last line has none: a line put after it gives it one).
        func lines(_ text: [UInt8]) -> [ArraySlice<UInt8>] {
            text.split(separator: 0x0A, omittingEmptySubsequences: false).map { $0.last == 0x0D ? $0.dropLast() : $0 }
        }
        let (a, b) = (lines(old), lines(new))
        var prefix = 0
        while prefix < min(a.count, b.count), a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < min(a.count, b.count) - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        #expect(
            a.count - prefix - suffix <= 1 && b.count - prefix - suffix <= 1,
            "\(context): more than one line changed in\n\(String(decoding: old, as: UTF8.self).debugDescription)\n\(String(decoding: new, as: UTF8.self).debugDescription)")
    }

    @Test("a line goes in before another, ended as that line is, and out with its break")
    func lineInsertionAndRemoval() throws {
        var document = try JSONDocument("{\"a\": 1}\r\n{\"a\": 2}\n{\"a\": 3}", options: Self.lines)
        try document.apply(.insertElement(in: .root, value: ["a": 0], at: 0))
        #expect(document.text.string == "{\"a\": 0}\r\n{\"a\": 1}\r\n{\"a\": 2}\n{\"a\": 3}")
        try document.apply(.insertElement(in: .root, value: ["a": 4]))
        #expect(document.text.string == "{\"a\": 0}\r\n{\"a\": 1}\r\n{\"a\": 2}\n{\"a\": 3}\r\n{\"a\": 4}")
        try document.apply(.remove(at: [4]))
        try document.apply(.remove(at: [1]))
        #expect(document.text.string == "{\"a\": 0}\r\n{\"a\": 2}\n{\"a\": 3}")
        // A value set on a line stays on it, whatever the document's style.
        try document.apply(.replace(at: [1], with: ["b": [1, 2], "c": ["d": true]]))
        #expect(document.text.string == "{\"a\": 0}\r\n{\"b\": [1, 2], \"c\": {\"d\": true}}\n{\"a\": 3}")
        #expect(throws: JSONEditError.self) { try document.apply(.replace(at: .root, with: 5)) }
        try document.apply(.replace(at: .root, with: [1, [2]]))
        #expect(document.text.string == "1\r\n[2]\r\n")
    }

    @Test("a line nests as deep as a document may, not one level less; edits and unfolds there too")
    func aLineNestsAsDeepAsADocument() throws {
        let limit = JSONParseOptions(maxDepth: 8, jsonLines: true)
        let deepest = String(repeating: "[", count: 8) + String(repeating: "]", count: 8)
        let tooDeep = "[" + deepest + "]"
        // Alone, the deepest line parses and the one beyond fails where the line alone does.
        _ = try JSONDocument(deepest, options: JSONParseOptions(maxDepth: 8))
        let alone = #expect(throws: JSONParseError.self) { try JSONDocument(tooDeep, options: JSONParseOptions(maxDepth: 8)) }
        var document = try JSONDocument("1\n" + deepest + "\n", options: limit)
        #expect(document.childCount(document.root) == 2)
        let error = #expect(throws: JSONParseError.self) { try JSONDocument("1\n" + tooDeep + "\n", options: limit) }
        #expect(error?.line == 2 && error?.column == alone?.column)
        // An edit at the deepest level parses its region at the same limit.
        let innermost = JSONPath([.index(1)] + Array(repeating: .index(0), count: 7))
        try document.apply(.insertElement(in: innermost, value: 5, at: 0))
        #expect(document.rootValue == [1, [[[[[[[[5]]]]]]]]])
        // A folded line unfolds whole.
        let folded = try JSONDocument(storage: JSONBytes(Array(("1\n" + deepest + "\n").utf8)), options: limit, folding: JSONFolding(maxBytes: 64))
        #expect(folded.isFolded(folded.node(at: [1])!))
        let unfolded = folded.unfolding(along: innermost)
        #expect(unfolded.node(at: innermost) != nil && !unfolded.hasFolds(in: unfolded.root))
    }

    @Test("every reader splits the same lines: white space with a lone carriage return is blank, a byte order mark counts only at the text's start (before a value or a blank), a value the end cuts off fails")
    func everyReaderSplitsTheSameLines() throws {
        let bom = "\u{FEFF}"
        let texts: [String] = [
            " \t\r \t\r\n{\"a\": 1}\n", "\r\n\r\r\n[1]\r\n \r \n2", "[1] \r\n\r [2]\r",
            "[ ", "1\n[1, ", "{\"a\": ", "{\"a\"", "[[]",
            bom + "\n[1]", bom + " \r\n[1]\n" + bom, bom,
            bom + "[1]\n[2]", "[1]\n" + bom + "[2]\n", "[1]\n \r\n" + bom + "\n", " \t\r \t\r\n{ ",
        ]
        for text in texts {
            let bytes = Array(text.utf8)
            let lineByLine = Self.lineByLine(bytes)
            // The streaming check of `keepsake validate`: the first error, or none.
            var checker = JSONLineChecker()
            var checked: String?
            bytes.withUnsafeBufferPointer { all in
                JSONLines.forEachLine(in: all) { line in
                    guard let error = checker.check(UnsafeBufferPointer(rebasing: all[line.content]), first: line.number == 1) else { return true }
                    checked = "\(line.number):\(error.column)"
                    return false
                }
            }
            switch lineByLine {
            case .success(let values):
                let document = try JSONDocument(bytes: bytes, options: Self.lines)
                #expect(document.rootValue == values, "\(text.debugDescription)")
                #expect(checked == nil, "\(text.debugDescription)")
            case .failure(let expected):
                #expect(checked == expected.place, "\(text.debugDescription)")
                do {
                    _ = try JSONDocument(bytes: bytes, options: Self.lines)
                    Issue.record("\(text.debugDescription): parsed, but line by line \(expected.place) is invalid")
                } catch {
                    #expect("\(error.line):\(error.column)" == expected.place, "\(text.debugDescription)")
                }
            }
        }
    }
}
