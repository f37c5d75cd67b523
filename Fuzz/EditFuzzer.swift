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

/// An edit at a node chosen from the document's first few hundred.
func randomEdit(in document: JSONDocument, _ random: inout SplitMix) -> JSONEdit? {
    var nodes: [JSONDocument.Node] = [document.root]
    var k = 0
    while k < nodes.count, nodes.count < 300 {
        nodes.append(contentsOf: document.children(nodes[k]))
        k += 1
    }
    let node = nodes[random.next(nodes.count)]
    let path = document.path(of: node)
    let value = randomValue(&random, depth: 0)
    let key = keys[random.next(keys.count)]
    switch random.next(6) {
    case 0: return .replace(at: path, with: value)
    case 1: return .set(at: path.appending(.key(key)), to: value)
    case 2:
        return document.kind(node) == .object
            ? .insertMember(in: path, key: key, value: value, at: random.next(2) == 0 ? nil : random.next(document.childCount(node) + 1))
            : .insertElement(in: path, value: value, at: random.next(2) == 0 ? nil : random.next(document.childCount(node) + 1))
    case 3: return path.isRoot ? nil : .remove(at: path)
    case 4: return path.isRoot ? nil : .renameKey(at: path, to: key)
    default: return .set(at: path, to: value)
    }
}

let keys = ["a", "b", "", "é", "k\u{0301}", "\u{202E}x", "line\nbreak", "quote\"", "-", "0", "👩\u{200D}💻"]

func randomValue(_ random: inout SplitMix, depth: Int) -> JSONValue {
    switch random.next(depth > 2 ? 6 : 8) {
    case 0: return .null
    case 1: return .bool(random.next(2) == 0)
    case 2: return .number(JSONNumber(literal: ["0", "-1", "1.5e300", "12345678901234567890", "0.1"][random.next(5)])!)
    case 3, 4: return .string(keys[random.next(keys.count)])
    case 5: return .string(String(repeating: "x", count: random.next(40)))
    case 6: return .array((0..<random.next(4)).map { _ in randomValue(&random, depth: depth + 1) })
    default:
        var members: [(String, JSONValue)] = []
        for _ in 0..<random.next(4) { members.append((keys[random.next(keys.count)], randomValue(&random, depth: depth + 1))) }
        return .object(JSONObject(members))
    }
}

/// A small deterministic generator (SplitMix64).
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return bound <= 0 ? 0 : Int((z ^ (z >> 31)) % UInt64(bound))
    }
}

func fail(_ message: String, _ bytes: [UInt8]) -> Never {
    print("FUZZ FAILURE: \(message)\ndocument (\(bytes.count) bytes): \(String(decoding: bytes.prefix(300), as: UTF8.self))")
    fatalError(message)
}
