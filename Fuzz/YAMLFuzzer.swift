// libFuzzer target: YAML streams read into located nodes, and edits of them (LosslessYAML).
//
// libfyaml runs in this process here (the program runs it in a child, `YAMLReaderProcess`): a
// crash of the library itself ends the run as a finding. Properties, on every input:
// - it is read or refused with a line and a column, never a crash; a stream that is read has
//   nodes inside the text, in text order, subtrees and parents consistent, aliases naming earlier
//   anchors; each document's value is read or refused within the expansion and depth limits, and
//   a value read survives JSON serialization;
// - a document's leading part (`YAMLStream.end(ofDocument:in:)`, found from lines alone): when it
//   reads as that many documents, the last is the whole stream's document — else the program
//   reads the whole stream, so a part that disagrees only in its count is no finding;
// - no-op identity: making no change of the data changes no byte;
// - edits confined and re-parsing to the expected data: a value set, a member or item removed,
//   a member or item added (the path and value chosen from the input's bytes) is one run of bytes
//   inside the lines of the entry or collection it concerns; the text after it reads as YAML, its
//   data is the old data with that one change (the edited path alone when aliases share the edit),
//   every other document as it was. An edit refused (`cannotEdit`) is no finding: nothing changes;
// - comments, and several changes of the data in one save: see Support/YAMLComments.swift;
// - a large file's start (its first screen) shows only what the whole holds: Support/YAMLStart.swift.
import LosslessJSON
import LosslessYAML

let reader = LibFYAMLReader()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzYAML(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let stream: YAMLStream
    do {
        stream = try YAMLStream(bytes: bytes, reader: reader)
    } catch {
        if error.line < 1 || error.column < 1 { fail("an error without a place: \(error)", bytes) }
        return 0
    }
    checkNodes(stream, bytes)
    var values: [JSONValue?] = []
    for document in stream.documents.indices {
        do {
            let value = try stream.value(ofDocument: document)
            let written = JSONWriter.serialize(value)
            guard (try? JSONValue(parsing: written, options: YAMLStream.dataOptions)) == value else {
                fail("document \(document)'s value does not survive serialization: \(written.prefix(200))", bytes)
            }
            values.append(value)
        } catch {
            if error.line < 1 || error.column < 1 { fail("a value error without a place: \(error)", bytes) }
            values.append(nil)
        }
    }
    checkLeadingParts(stream, values, bytes)
    var choice = Choice(bytes)
    checkStart(values, &choice, bytes)
    guard let first = values.first, let data = first, let document = try? YAMLDocument(stream, document: 0), document.root != nil else { return 0 }
    // No-op identity.
    if let same = try? document.applying(changesFrom: data, to: data, reader: reader), same.document.stream.bytes != bytes {
        fail("no change of the data changed the bytes", bytes)
    }
    let paths = allPaths(data)
    let path = paths[choice.next(paths.count)]
    let newValue = samples[choice.next(samples.count)]
    check(.set(path, newValue), document, data, values, bytes)
    if !path.isRoot { check(.remove(path), document, data, values, bytes) }
    // An addition: a new member of an object, or the item after an array's last.
    if let target = paths.filter({ isContainer(data.descendant(at: $0)) }).randomElement(using: &choice) {
        if case .array(let items)? = data.descendant(at: target) {
            check(.set(target.appending(.index(items.count)), newValue), document, data, values, bytes)
        } else {
            check(.set(target.appending(.key("added-\(choice.next(3))")), newValue), document, data, values, bytes)
        }
    }
    checkComments(document, data, values, paths, &choice, bytes)
    checkChanges(document, data, paths, &choice, bytes)
    return 0
}

enum Change {
    case set(JSONPath, JSONValue)
    case remove(JSONPath)
}

/// Makes a change without the library's own check, and checks it here.
func check(_ change: Change, _ document: YAMLDocument, _ data: JSONValue, _ values: [JSONValue?], _ bytes: [UInt8]) {
    let edit: YAMLEdit
    let path: JSONPath
    let expected: JSONValue?
    do {
        switch change {
        case .set(let target, let value):
            path = target
            edit = try document.edit(setting: target, to: value)
            // The value already there changes nothing (not even where a merged member stands).
            expected = data.descendant(at: target) == value ? data : mergedMemberWritten(document, data, target, value) ?? data.replacing(target, with: value)
        case .remove(let target):
            path = target
            edit = try document.edit(removing: target)
            expected = mergedMemberWritten(document, data, target, nil) ?? data.replacing(target, with: nil)
        }
    } catch .cannotEdit {
        return
    } catch {
        // The path came from the data: it is there (a merged member is found, and refused).
        fail("\(change) was not found: \(error)", bytes)
    }
    guard edit.range.lowerBound >= 0, edit.range.upperBound <= bytes.count else { fail("\(change): the edit stands outside the text: \(edit.range)", bytes) }
    // Confined: inside the lines of the entry's collection (the root's, for the root); an edit
    // through an alias or a merge lands in the anchored node, somewhere in the document.
    // An anchor moved out of a removed entry lands at its first alias, anywhere after it.
    let shared = edit.changesAliases || edit.notes.contains { $0.hasPrefix("the anchor &") && $0.contains(" moved to its first alias") }
    // A change inside what a merge brings writes that merged member in the merging mapping.
    let scope = shared ? confinement(of: .root, in: document) : confinement(of: mergedMember(document, path) ?? path, in: document)
    guard scope.contains(edit.range.lowerBound) || scope.upperBound == edit.range.lowerBound, edit.range.upperBound <= scope.upperBound else {
        fail("\(change): the edit \(edit.range) leaves the lines \(scope) of what it changes", bytes)
    }
    // The text after the edit reads as YAML, the other documents as they were, the data as the
    // change says — or, where this placement cannot make it so, the library refuses the edit (its
    // own check reads the result back): nothing is written then. A refusal is counted, not a finding.
    if let problem = problem(after: edit, change: change, path: path, expected: expected, values: values, bytes: bytes) {
        let refused: Bool
        do {
            switch change {
            case .set(let target, let value): _ = try document.setting(target, to: value, reader: reader)
            case .remove(let target): _ = try document.removing(target, reader: reader)
            }
            refused = false
        } catch {
            refused = true
        }
        if !refused { fail("\(change): the library gave out an edit its own check should have refused: \(problem)", bytes) }
        refusals += 1
    }
}

/// The data after a change at or inside a member a `<<` merge brings: that member is written in
/// the merging mapping, after its own members, with the change (nil: the path passes no merge;
/// a merged member itself cannot be removed, which the library refuses).
func mergedMemberWritten(_ document: YAMLDocument, _ data: JSONValue, _ target: JSONPath, _ value: JSONValue?) -> JSONValue? {
    guard let member = mergedMember(document, target), let parent = member.parent, case .key(let key)? = member.components.last,
        let changed = member == target ? value : data.descendant(at: member)?.replacing(JSONPath(Array(target.components.dropFirst(member.components.count))), with: value),
        case .object(var object)? = data.replacing(member, with: nil)?.descendant(at: parent)
    else { return nil }
    object.append(key: key, value: changed)
    return data.replacing(parent, with: .object(object))
}

/// The shortest part of `target` (or `target` itself) that a `<<` merge brings, if any.
func mergedMember(_ document: YAMLDocument, _ target: JSONPath) -> JSONPath? {
    let probe = (try? document.locate(target)) ?? target.parent.flatMap { try? document.locate($0) }
    guard probe?.merged == true else { return nil }
    return (1...max(1, target.components.count)).lazy.map { JSONPath(Array(target.components.prefix($0))) }
        .first { (try? document.locate($0))?.merged == true }
}

/// Edits refused (written nowhere) by the library's check so far in this run.
nonisolated(unsafe) var refusals = 0

/// What is wrong with the text after an edit, or nil.
func problem(after edit: YAMLEdit, change: Change, path: JSONPath, expected: JSONValue?, values: [JSONValue?], bytes: [UInt8]) -> String? {
    let after = edit.applied(to: bytes)
    let text = "\n---\n" + String(decoding: after, as: UTF8.self)
    guard let reread = try? YAMLStream(bytes: after, reader: reader) else { return "the text after the edit is not YAML" + text }
    guard reread.documents.count == values.count else { return "the stream now holds \(reread.documents.count) documents" }
    for (number, value) in values.enumerated() where number > 0 {
        guard (try? reread.value(ofDocument: number)) == value else { return "document \(number) changed" }
    }
    guard let now = try? reread.value(ofDocument: 0) else { return "the data after the edit cannot be read" + text }
    if edit.changesAliases {
        if case .set(_, let value) = change, now.descendant(at: path) != value { return "the value does not read back" + text }
    } else if now != expected {
        return "the data after the edit is \(JSONWriter.serialize(now).prefix(300))" + text
    }
    return nil
}

/// The bytes an edit at `path` may touch: the lines of the collection holding the entry's
/// collection (a collection left empty is written `{}` or `[]` on its key's line; a merged member
/// set is written in the mapping that merges it), the document's root for the first levels.
func confinement(of path: JSONPath, in document: YAMLDocument) -> Range<Int> {
    let stream = document.stream
    let holder = path.parent?.parent.flatMap { try? document.locate($0).target } ?? document.root ?? 0
    let range = stream.nodes[holder].range
    var start = range.lowerBound
    while start > 0, stream.bytes[start - 1] != 0x0A { start -= 1 }
    // To the end of the line of its last byte (of its start, when it is empty), and on to the
    // next node after it: what stands between is its own (comments, an empty entry's indicator).
    var end = max(range.lowerBound, range.upperBound - 1)
    while end < stream.bytes.count, stream.bytes[end] != 0x0A { end += 1 }
    if end < stream.bytes.count { end += 1 }
    let next = stream.nodes[holder].next
    end = max(end, next < stream.nodes.count ? stream.nodes[next].range.lowerBound : stream.bytes.count)
    // A member set through a `<<` merge is written in the mapping holding the path's parent.
    return start..<end
}

func checkNodes(_ stream: YAMLStream, _ bytes: [UInt8]) {
    for (index, node) in stream.nodes.enumerated() {
        guard node.range.lowerBound >= 0, node.range.upperBound <= bytes.count else { fail("node \(index) stands outside the text: \(node.range)", bytes) }
        guard node.next > index, node.next <= stream.nodes.count else { fail("node \(index) ends its subtree at \(node.next)", bytes) }
        if let parent = node.parent {
            guard parent < index, stream.nodes[parent].next >= node.next else { fail("node \(index) is outside its parent \(parent)", bytes) }
        }
        if node.kind == .alias {
            guard let target = node.target, target < index, stream.anchor(of: target) == stream.text(of: index) else { fail("alias \(index) names no earlier anchor", bytes) }
        }
        if index > 0, node.range.lowerBound < stream.nodes[index - 1].range.lowerBound, node.parent != index - 1 {
            fail("node \(index) starts before node \(index - 1)", bytes)
        }
    }
}

/// New values of every kind and the strings that need quoting or a block.
let samples: [JSONValue] = [
    "x", "two words", "yes", "12", "a: b", "# no", "- dash", "line\nbreak\n", "", "it's", "tab\there", "é😀",
    42, -1.5, true, .null, .number(.infinity), ["k": "v", "n": 1], ["p", ["q", "r"]], [:], [],
]

/// Every path in a value that addresses something, the root first (at most 256).
func allPaths(_ value: JSONValue) -> [JSONPath] {
    var paths: [JSONPath] = []
    var pending: [(JSONPath, JSONValue)] = [(.root, value)]
    while let (path, value) = pending.popLast(), paths.count < 256 {
        paths.append(path)
        switch value {
        case .object(let object):
            // A name two members share (`1` and `"1"`) addresses the last of them.
            for (position, member) in object.members.enumerated().reversed() where object.lastIndex(forKey: member.key) == position {
                pending.append((path.appending(.key(member.key)), member.value))
            }
        case .array(let items): for (index, item) in items.enumerated().reversed() { pending.append((path.appending(.index(index)), item)) }
        default: break
        }
    }
    return paths
}

func isContainer(_ value: JSONValue?) -> Bool {
    switch value {
    case .object?, .array?: true
    default: false
    }
}

/// Choices made from the input's bytes (the same input, the same choices).
struct Choice: RandomNumberGenerator {
    var state: UInt64
    init(_ bytes: [UInt8]) {
        state = 0xCBF2_9CE4_8422_2325
        for byte in bytes { state = (state ^ UInt64(byte)) &* 0x100_0000_01B3 }
    }
    mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state >> 11
    }
    mutating func next(_ count: Int) -> Int { Int(next() % UInt64(max(1, count))) }
}

func fail(_ message: String, _ bytes: [UInt8]) -> Never {
    print("FUZZ FAILURE: \(message)\ninput (\(bytes.count) bytes): \(bytes.prefix(200).map { String($0, radix: 16) }.joined(separator: " "))")
    fatalError(message)  // libFuzzer records the crashing input
}

func checkLeadingParts(_ stream: YAMLStream, _ values: [JSONValue?], _ bytes: [UInt8]) {
    // The first two documents and the one before the last: a part each (every document of a
    // long stream would make a run quadratic in its length).
    for number in Set([0, 1, values.count - 2]) where values.indices.contains(number) {
        let value = values[number]
        let end = bytes.withUnsafeBufferPointer { YAMLStream.end(ofDocument: number, in: $0) }
        guard end < bytes.count, let part = try? YAMLStream(bytes: Array(bytes[0..<end]), reader: reader), part.documents.count == number + 1 else { continue }
        let partValue = try? part.value(ofDocument: number)
        guard partValue == value else { fail("document \(number) read from its leading part (\(end) bytes) is not the whole stream's", bytes) }
    }
}
