import Testing
@_spi(Testing) @testable import LosslessJSON

/// What a parse publishes of what it has indexed so far (`JSONParseProgress.indexedPrefix`): the
/// document of the text up to where it was, every container still open closed there — the same
/// values as that start of the text parsed with closing brackets added.
@Suite("Prefixes of a parse under way")
struct IndexPrefixTests {
    /// The text up to `cut` (between two values) with its open containers closed, parsed (in
    /// JSON Lines, the containers of the line the cut is in).
    static func closedStart(_ text: [UInt8], at cut: Int, options: JSONParseOptions) throws -> JSONDocument {
        // The brackets still open at the cut, found by a walk over the start (strings skipped).
        var open: [UInt8] = []
        var inString = false
        var escaped = false
        for byte in text[..<cut] {
            if inString {
                if escaped { escaped = false } else if byte == 0x5C { escaped = true } else if byte == 0x22 { inString = false }
                continue
            }
            switch byte {
            case 0x22: inString = true
            case 0x5B: open.append(0x5D)
            case 0x7B: open.append(0x7D)
            case 0x5D, 0x7D: open.removeLast()
            default: break
            }
        }
        let start = Array(text[..<cut]) + open.reversed()
        return try JSONDocument(bytes: start, options: options)
    }

    @Test("the last prefix published reads as the start of the text closed there", arguments: Array(UInt64(1)...40))
    func prefixesReadAsTheClosedStart(seed: UInt64) throws {
        var generator = RandomJSON(seed: seed &+ 13_000)
        let json = Array(generator.document().text.utf8)
        let lines = JSONLinesScanTests.text(seed: seed &+ 13_100, lines: 30, mutate: false)
        for (text, jsonLines) in [(json, false), (lines, true)] {
            for stride in [7, 50, 300] {
                for (folding, limit) in [(nil, JSONIndex.offsetLimit), (JSONFolding(maxBytes: 40), JSONIndex.offsetLimit), (JSONFolding(maxBytes: 40), 64)] {
                    var options = JSONParseOptions(jsonLines: jsonLines)
                    options.offsetLimit = limit
                    let progress = JSONParseProgress(reportingEvery: stride)
                    progress.publishesPrefixes = true
                    let storage = JSONBytes(text)
                    let whole = try folding.map { try JSONDocument(storage: storage, options: options, progress: progress, folding: $0) }
                        ?? JSONDocument(storage: storage, options: options, progress: progress)
                    guard let prefix = progress.indexedPrefix() else { continue }
                    let cut = prefix.range(prefix.root).upperBound
                    let expected = try Self.closedStart(text, at: cut, options: options)
                    let context = "seed \(seed), lines \(jsonLines), stride \(stride), folding \(folding != nil), limit \(limit), cut \(cut)"
                    #expect(prefix.rootValue == expected.rootValue, "\(context)")
                    #expect(prefix.childCount(prefix.root) <= whole.childCount(whole.root), "\(context)")
                    // Its paths lead where the whole's do, and unfolding it works as on any document.
                    if let first = prefix.children(prefix.root).first(where: { prefix.isFolded($0) }), let unfolded = prefix.unfolding(first) {
                        #expect(unfolded.rootValue == expected.rootValue, "\(context): unfolded")
                    }
                }
            }
        }
    }

    @Test("a parse publishes nothing unless asked, and a long text publishes as it goes")
    func publishingIsAskedFor() throws {
        let records = (0..<40_000).map { #"{"id": \#($0), "name": "n\#($0)"}"# }
        let text = Array(("[" + records.joined(separator: ",\n") + "]").utf8)
        let quiet = JSONParseProgress(reportingEvery: 4096)
        _ = try JSONDocument(storage: JSONBytes(text), progress: quiet, folding: .default)
        #expect(quiet.prefixGeneration == 0 && quiet.indexedPrefix() == nil)
        let asked = JSONParseProgress(reportingEvery: 4096)
        asked.publishesPrefixes = true
        let whole = try JSONDocument(storage: JSONBytes(text), progress: asked, folding: .default)
        #expect(asked.prefixGeneration > 100)
        let last = try #require(asked.indexedPrefix())
        let shown = last.childCount(last.root)
        #expect(shown > 39_000 && shown < 40_000)
        #expect(last.value(at: [.index(shown - 1)]) == whole.value(at: [.index(shown - 1)]))
    }
}
