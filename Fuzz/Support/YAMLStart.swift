// The YAML target's property of a large file's start (`YAMLDocument.leadingPart`, the first
// screen): the input cut at a byte the input chooses, when it shows a start, shows only what the
// whole document holds there — every scalar equal to the whole's, an array's first items, members
// the whole has (not checked for order: a merge key's members stand where the merge puts them).
// (The library checks its start against a longer start the same way; this checks it against the
// whole.)
import LosslessJSON
import LosslessYAML

func checkStart(_ values: [JSONValue?], _ choice: inout Choice, _ bytes: [UInt8]) {
    guard let first = values.first, let whole = first, !bytes.isEmpty else { return }
    let cut = 1 + choice.next(bytes.count)
    guard let part = YAMLDocument.leadingPart(of: Array(bytes[0..<cut]), reader: reader) else { return }
    // A start whose data does not read is not shown (the preview waits for the whole).
    guard let shown = try? part.value() else { return }
    if !isStart(shown, of: whole) {
        fail("the start cut at \(cut) shows \(JSONWriter.serialize(shown).prefix(200)), not the start of \(JSONWriter.serialize(whole).prefix(200))", bytes)
    }
}

private func isStart(_ part: JSONValue, of whole: JSONValue) -> Bool {
    switch (part, whole) {
    case (.array(let items), .array(let all)):
        return items.count <= all.count && zip(items, all).allSatisfy { isStart($0, of: $1) }
    case (.object(let members), .object(let all)):
        // Members are matched where they stand when the names agree there (two members may share
        // a name: an empty key and a tagged empty one), else by name.
        return members.count <= all.count && members.enumerated().allSatisfy { index, member in
            let found = all.members[index].key == member.key ? all.members[index].value : all[member.key]
            return found.map { isStart(member.value, of: $0) } ?? false
        }
    default:
        return part == whole
    }
}
