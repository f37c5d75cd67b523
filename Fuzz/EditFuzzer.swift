// libFuzzer target: random edit scripts on random documents.
//
// The input's first 8 bytes seed the script, the rest is the document. Each edit (replace, set,
// insert, remove, rename at a node picked from the document) must change only the bytes of its
// splice; the edited document must be exactly what a fresh parse of its text gives; and undoing
// every splice in reverse must give back the original bytes.
import LosslessJSON

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEdits(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size >= 8 else { return 0 }
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    var random = SplitMix(seed: input[0..<8].reduce(0) { $0 << 8 | UInt64($1) })
    let original = Array(input[8...])
    let options = JSONParseOptions(maxDepth: 64)
    guard var document = try? JSONDocument(bytes: original, options: options) else { return 0 }
    var splices: [JSONSplice] = []
    for _ in 0..<(1 + random.next(6)) {
        let before = document.text.slice(0..<document.text.count)
        guard let edit = randomEdit(in: document, &random) else { continue }
        let splice: JSONSplice
        do {
            splice = try document.apply(edit)
        } catch {
            continue  // an edit that cannot apply (a key that exists, too deep) changes nothing
        }
        let after = document.text.slice(0..<document.text.count)
        var expected = before
        expected.replaceSubrange(splice.offset..<(splice.offset + splice.removed.count), with: splice.inserted)
        if after != expected { fail("bytes outside the splice changed (\(edit))", original) }
        if Array(before[splice.offset..<(splice.offset + splice.removed.count)]) != splice.removed {
            fail("the splice's removed bytes are not the document's (\(edit))", original)
        }
        guard let fresh = try? JSONDocument(bytes: after, options: options) else { fail("the edited text does not parse (\(edit))", original) }
        if fresh.rootValue != document.rootValue { fail("the edited index differs from a fresh parse (\(edit))", original) }
        if fresh.childCount(fresh.root) != document.childCount(document.root) { fail("child counts differ (\(edit))", original) }
        splices.append(splice)
    }
    for splice in splices.reversed() {
        do { try document.apply(splice.inverse) } catch { fail("undo failed: \(error)", original) }
    }
    if document.text.slice(0..<document.text.count) != original { fail("undo did not restore the original bytes", original) }
    return 0
}

func fail(_ message: String, _ bytes: [UInt8]) -> Never {
    print("FUZZ FAILURE: \(message)\ndocument (\(bytes.count) bytes): \(String(decoding: bytes.prefix(300), as: UTF8.self))")
    fatalError(message)
}
