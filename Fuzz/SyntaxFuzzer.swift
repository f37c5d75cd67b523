// libFuzzer target: JSON with comments (built with -D FUZZ_JSONC, the Commented target) or JSON5
// (-D FUZZ_JSON5): random texts and random edit scripts on them.
//
// The input's first 8 bytes seed the script, the rest is the text. A text strict JSON accepts is
// accepted with the same value (the syntax is a superset). Parsing and writing back with no edit
// gives the same bytes, folded or not, and comments are found where they stand. Each edit must
// change only the bytes of its splice, re-parse in the same syntax to exactly what the edited
// index holds, and do what it says (the value set is there, a removed member gone); undoing every
// splice gives back the original bytes.
import LosslessJSON

#if FUZZ_JSON5
let syntax = JSONSyntax.json5
#else
let syntax = JSONSyntax.jsonc
#endif

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSyntax(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size >= 8 else { return 0 }
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    var random = SplitMix(seed: input[0..<8].reduce(0) { $0 << 8 | UInt64($1) })
    let original = Array(input[8...])
    let options = JSONParseOptions(maxDepth: 64, syntax: syntax)
    let strict = try? JSONDocument(bytes: original, options: JSONParseOptions(maxDepth: 64))
    guard var document = try? JSONDocument(bytes: original, options: options) else {
        if strict != nil { fail("strict JSON accepts a text \(syntax) refuses", original) }
        return 0
    }
    if let strict, strict.rootValue != document.rootValue { fail("strict JSON reads the text otherwise", original) }
    if document.text.slice(0..<document.text.count) != original { fail("no-op round trip changed bytes", original) }
    let folded = try? JSONDocument(storage: JSONBytes(original), options: options, folding: JSONFolding(maxBytes: 16))
    if folded?.rootValue != document.rootValue { fail("a folded parse reads otherwise", original) }
    checkComments(document, original)
    var splices: [JSONSplice] = []
    for _ in 0..<(1 + random.next(6)) {
        let before = document.text.slice(0..<document.text.count)
        guard let edit = randomEdit(in: document, &random) ?? nil else { continue }
        let edit5 = syntax == .json5 && random.next(3) == 0 ? withJSON5Value(edit, &random) : edit
        let splice: JSONSplice
        do {
            splice = try document.apply(edit5)
        } catch {
            continue  // an edit that cannot apply (a key that exists, too deep) changes nothing
        }
        let after = document.text.slice(0..<document.text.count)
        var expected = before
        expected.replaceSubrange(splice.offset..<(splice.offset + splice.removed.count), with: splice.inserted)
        if after != expected { fail("bytes outside the splice changed (\(edit5))", original) }
        guard let fresh = try? JSONDocument(bytes: after, options: options) else { fail("the edited text does not parse in \(syntax) (\(edit5))", original) }
        if fresh.rootValue != document.rootValue { fail("the edited index differs from a fresh parse (\(edit5))", original) }
        checkEffect(edit5, in: document, original)
        splices.append(splice)
    }
    for splice in splices.reversed() {
        do { try document.apply(splice.inverse) } catch { fail("undo failed: \(error)", original) }
    }
    if document.text.slice(0..<document.text.count) != original { fail("undo did not restore the original bytes", original) }
    return 0
}

/// Every comment found is one, inside the text, and none overlaps a value.
func checkComments(_ document: JSONDocument, _ original: [UInt8]) {
    var nodes: [JSONDocument.Node] = [document.root]
    var k = 0
    while k < nodes.count, nodes.count < 200 {
        let node = nodes[k]
        for child in document.children(node) {
            nodes.append(child)
            let comments = document.comments(of: child, in: node)
            for comment in comments.leading + [comments.trailing].compactMap({ $0 }) {
                guard comment.range.upperBound <= original.count, original[comment.range.lowerBound] == UInt8(ascii: "/") else {
                    fail("a comment found where none is", original)
                }
                if comment.range.overlaps(document.range(child)) { fail("a comment overlaps its member", original) }
            }
        }
        _ = document.closingComments(of: node)
        k += 1
    }
}

/// The edit did what it says.
func checkEffect(_ edit: JSONEdit, in document: JSONDocument, _ original: [UInt8]) {
    switch edit {
    case .replace(let path, let value), .set(let path, let value):
        // (A later duplicate key hides a member set before it: only the last one counts.)
        if let found = document.value(at: path), found != value, document.node(at: path).map({ document.kind($0) }) != .object {
            fail("the value set is not there (\(edit))", original)
        }
    default: break
    }
}

/// The edit with a value in one of JSON5's own spellings.
func withJSON5Value(_ edit: JSONEdit, _ random: inout SplitMix) -> JSONEdit {
    let texts = ["0x1F", ".5", "5.", "+1", "Infinity", "-Infinity", "NaN", "'single'", "{a: [1, 'x',], 'b c': null,}", "[\n// c\n1,\n]"]
    guard let value = try? JSONValue(parsing: texts[random.next(texts.count)], options: JSONParseOptions(syntax: .json5)) else { return edit }
    switch edit {
    case .replace(let path, _): return .replace(at: path, with: value)
    case .set(let path, _): return .set(at: path, to: value)
    default: return edit
    }
}

func fail(_ message: String, _ bytes: [UInt8]) -> Never {
    print("FUZZ FAILURE (\(syntax)): \(message)\ndocument (\(bytes.count) bytes): \(String(decoding: bytes.prefix(300), as: UTF8.self))")
    fatalError(message)
}
