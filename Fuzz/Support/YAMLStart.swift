// The YAML target's property of a large file's start (`YAMLDocument.leadingPart`, the first
// screen): the input cut at a byte the input chooses, when it shows a start, shows only what the
// whole document holds there (`JSONValue.isPart(of:)`: every scalar equal to the whole's, an
// array's first items, members the whole has). The library checks its start against a longer
// start; this checks it against the whole.
import LosslessJSON
import LosslessYAML

func checkStart(_ values: [JSONValue?], _ choice: inout Choice, _ bytes: [UInt8]) {
    guard let first = values.first, let whole = first, !bytes.isEmpty else { return }
    let cut = 1 + choice.next(bytes.count)
    guard let part = YAMLDocument.leadingPart(of: Array(bytes[0..<cut]), reader: reader) else { return }
    // A start whose data does not read is not shown (the preview waits for the whole).
    guard let shown = try? part.value() else { return }
    if !shown.isPart(of: whole) {
        fail("the start cut at \(cut) shows \(JSONWriter.serialize(shown).prefix(200)), not the start of \(JSONWriter.serialize(whole).prefix(200))", bytes)
    }
}
