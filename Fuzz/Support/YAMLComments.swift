// The YAML target's comment properties (LosslessYAML), on every input that reads:
// - the browser's view of document 0 (`YAMLProjection`) is made, holds its data, and reads each
//   member's and item's comments as the YAML has them (at the same paths, the same texts);
// - the comment after an entry set (text chosen from the input's bytes) is refused, or one run
//   of bytes on one line whose text after it reads as YAML with every document's data as it was,
//   and the comment at that path then reads as set — or, where it does not, the library's own
//   check (`applying(comments:)`) refuses it.
import LosslessJSON
import LosslessYAML

/// Comment texts to write: plain, empty (a removal), ones holding `#`, a line break, `*/`.
let commentSamples: [String?] = ["note", "", nil, "a # b", "two\nlines", "*/ end", "é 😀", "  padded  "]

func checkComments(_ document: YAMLDocument, _ data: JSONValue, _ values: [JSONValue?], _ paths: [JSONPath], _ choice: inout Choice, _ bytes: [UInt8]) {
    let comments = document.commentTextsByPath()
    let view: JSONDocument
    do {
        view = try YAMLProjection.document(of: data, comments: comments, options: YAMLStream.dataOptions)
    } catch {
        fail("the browser's view cannot be made: \(error)", bytes)
    }
    guard view.rootValue == data else { fail("the browser's view holds other data", bytes) }
    let projected = comments.mapValues { CommentTexts(leading: $0.leading.map(YAMLDocument.projected), trailing: $0.trailing.map(YAMLDocument.projected)) }
    guard view.commentTextsByPath() == projected else {
        fail("the browser's view reads other comments: \(String(describing: view.commentTextsByPath())) for \(projected)", bytes)
    }
    let path = paths[choice.next(paths.count)]
    let wanted = commentSamples[choice.next(commentSamples.count)]
    let edit: YAMLEdit
    do {
        guard let made = try document.edit(settingCommentAt: path, to: wanted) else {
            // Nothing to change: the comment is already so.
            let now = comments[path]?.trailing ?? ""
            if now != oneLine(wanted) { fail("setting the comment at \(path) to \(String(describing: wanted)) made no edit, yet it reads \(now)", bytes) }
            return
        }
        edit = made
    } catch .cannotEdit {
        return
    } catch {
        fail("the comment at \(path) was not found: \(error)", bytes)
    }
    let lineBreaks: Set<UInt8> = [0x0A, 0x0D]
    guard !bytes[edit.range].contains(where: lineBreaks.contains), !edit.replacement.contains(where: lineBreaks.contains) else {
        fail("the comment's edit at \(path) spans lines: \(edit.range)", bytes)
    }
    guard let problem = commentProblem(after: edit, at: path, wanted: wanted, values: values, bytes: bytes) else { return }
    // Where this placement cannot make it so, the library's check refuses the comment (it reads
    // the text back): nothing is written then, and that is no finding.
    var asked = comments
    asked[path, default: CommentTexts()].trailing = oneLine(wanted).isEmpty ? nil : oneLine(wanted)
    let shown = asked.mapValues { CommentTexts(leading: $0.leading.map(YAMLDocument.projected), trailing: $0.trailing.map(YAMLDocument.projected)) }
    if (try? document.applying(comments: shown, reader: reader)) != nil {
        fail("the library wrote a comment its own check should have refused: \(problem)", bytes)
    }
    refusals += 1
}

/// What is wrong with the text after a comment's edit, or nil.
func commentProblem(after edit: YAMLEdit, at path: JSONPath, wanted: String?, values: [JSONValue?], bytes: [UInt8]) -> String? {
    let after = edit.applied(to: bytes)
    let text = "\n---\n" + String(decoding: after, as: UTF8.self)
    guard let reread = try? YAMLStream(bytes: after, reader: reader), reread.documents.count == values.count else {
        return "the text after the comment's edit at \(path) is not the same stream" + text
    }
    for (number, value) in values.enumerated() where (try? reread.value(ofDocument: number)) != value {
        return "the comment's edit at \(path) changed document \(number)'s data" + text
    }
    guard let edited = try? YAMLDocument(reread, document: 0) else { return "document 0 is gone" }
    let expected = oneLine(wanted)
    let read = edited.commentTextsByPath()[path]?.trailing
    guard read == (expected.isEmpty ? nil : expected) else {
        return "the comment at \(path) reads \(String(describing: read)) after it was set to \(expected)" + text
    }
    return nil
}

/// A comment's text as YAML holds it: its lines joined by spaces, white space at the ends gone.
func oneLine(_ text: String?) -> String {
    (text ?? "").split(whereSeparator: \.isNewline).map { String(String($0.drop(while: \.isWhitespace).reversed()).drop(while: \.isWhitespace).reversed()) }
        .filter { !$0.isEmpty }.joined(separator: " ")
}

/// Several changes of the data in one save (the browser's): a value set and a member or item
/// removed, made into edits at once (`applying(changesFrom:to:)`). Refused, or the data read back is
/// the data asked for (unless an edit changed what aliases share: then its notes say so).
func checkChanges(_ document: YAMLDocument, _ data: JSONValue, _ paths: [JSONPath], _ choice: inout Choice, _ bytes: [UInt8]) {
    let first = paths[choice.next(paths.count)], second = paths[choice.next(paths.count)]
    guard var wanted = data.replacing(first, with: samples[choice.next(samples.count)]) else { return }
    if !second.isRoot, wanted.descendant(at: second) != nil, let removed = wanted.replacing(second, with: nil) { wanted = removed }
    let made: (document: YAMLDocument, edits: [YAMLEdit], notes: [String])
    do {
        made = try document.applying(changesFrom: data, to: wanted, reader: reader)
    } catch .cannotEdit {
        return
    } catch {
        fail("changes of the data to \(JSONWriter.serialize(wanted).prefix(200)) failed: \(error)", bytes)
    }
    guard !made.edits.contains(where: \.changesAliases) else { return }
    // A member added lands after the mapping's last (the browser's order may differ): compared as sets.
    guard let now = try? made.document.value(), membersSorted(now) == membersSorted(wanted) else {
        fail("changes of the data read back as other data than asked\n---\n" + String(decoding: made.document.stream.bytes, as: UTF8.self), bytes)
    }
}

/// A value with every object's members in the order of their names (member order aside).
func membersSorted(_ value: JSONValue) -> JSONValue {
    switch value {
    case .object(let object): .object(JSONObject(members: object.members.map { JSONObject.Member(key: $0.key, value: membersSorted($0.value)) }.sorted { $0.key.unicodeScalars.lexicographicallyPrecedes($1.key.unicodeScalars) }))
    case .array(let items): .array(items.map(membersSorted))
    default: value
    }
}
