// Shared by the edit fuzzers (Edit, Commented, JSON5): random edits at random nodes, random
// values, and the deterministic generator their inputs seed.
import LosslessJSON

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
