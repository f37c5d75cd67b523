// libFuzzer target: YAML streams read into located nodes (LosslessYAML over libfyaml).
//
// Any input is read or refused with a line and a column — never a crash. A stream that is read
// has nodes that stand inside the text, in text order, each collection's entries inside its
// range and its subtree ending where `next` says; every alias names an earlier anchored node;
// and every document's value is read or refused within the expansion and depth limits (an alias
// bomb is refused, never expanded). A value that is read survives JSON serialization.
import LosslessJSON
import LosslessYAML

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzYAML(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let stream: YAMLStream
    do {
        stream = try YAMLStream(bytes: bytes, reader: LibFYAMLReader())
    } catch {
        if error.line < 1 || error.column < 1 { fail("an error without a place: \(error)", bytes) }
        return 0
    }
    for (index, node) in stream.nodes.enumerated() {
        guard node.range.lowerBound >= 0, node.range.upperBound <= bytes.count else { fail("node \(index) stands outside the text: \(node.range)", bytes) }
        guard node.next > index, node.next <= stream.nodes.count else { fail("node \(index) ends its subtree at \(node.next)", bytes) }
        if let parent = node.parent {
            guard parent < index, stream.nodes[parent].next >= node.next else { fail("node \(index) is outside its parent \(parent)", bytes) }
        }
        if node.kind == .alias {
            guard let target = node.target, target < index, stream.nodes[target].anchor == node.text else { fail("alias \(index) names no earlier anchor", bytes) }
        }
        if index > 0, node.range.lowerBound < stream.nodes[index - 1].range.lowerBound, node.parent != index - 1 {
            // Text order: a node starts no earlier than the one before it (a collection's first
            // entry may share its start).
            fail("node \(index) starts before node \(index - 1)", bytes)
        }
    }
    for document in stream.documents.indices {
        do {
            let value = try stream.value(ofDocument: document)
            let written = JSONWriter.serialize(value)
            guard (try? JSONValue(parsing: written, options: JSONParseOptions(maxDepth: YAMLStream.depthLimit + 2, syntax: .json5))) == value else {
                fail("document \(document)'s value does not survive serialization: \(written.prefix(200))", bytes)
            }
        } catch {
            if error.line < 1 || error.column < 1 { fail("a value error without a place: \(error)", bytes) }
        }
    }
    return 0
}

func fail(_ message: String, _ bytes: [UInt8]) -> Never {
    print("FUZZ FAILURE: \(message)\ninput (\(bytes.count) bytes): \(bytes.prefix(200).map { String($0, radix: 16) }.joined(separator: " "))")
    fatalError(message)  // libFuzzer records the crashing input
}
