import LosslessYAML
import Testing

/// Each node's range is exactly its text — what a lossless edit will replace — from its first
/// property to the end of its content.
@Suite("Where YAML nodes stand")
struct YAMLRangeTests {
    let text = """
        name: CI   # the workflow
        on:
          push:
            branches: [main, 'dev']
        env: &env
          A: "x\\ty"
        other: *env
        run: |  # a script
          echo hi
          ls
        folded: !!str >-
          one
          two
        tagged: !Ref Bucket
        empty:
        last: end

        """

    func ranges(_ stream: YAMLStream) -> [String] {
        stream.nodes.map { stream.text($0.range) }
    }

    @Test func everyNodesRangeIsItsText() throws {
        let stream = try YAMLStream(text)
        let texts = ranges(stream)
        #expect(texts.contains("CI"))
        #expect(texts.contains("[main, 'dev']"))
        #expect(texts.contains("'dev'"))
        #expect(texts.contains("&env\n  A: \"x\\ty\""))
        #expect(texts.contains("\"x\\ty\""))
        #expect(texts.contains("*env"))
        #expect(texts.contains("|  # a script\n  echo hi\n  ls\n"))
        #expect(texts.contains("!!str >-\n  one\n  two\n"))
        #expect(texts.contains("!Ref Bucket"))
        #expect(texts.contains("push:\n    branches: [main, 'dev']"))
        #expect(texts.first == String(text.dropLast()))
    }

    @Test func nodesKnowTheirLinesStylesAndParents() throws {
        let stream = try YAMLStream(text)
        let dev = try #require(stream.nodes.firstIndex { stream.text($0.range) == "'dev'" })
        #expect(stream.nodes[dev].kind == .scalar(.singleQuoted))
        #expect(stream.text(of: dev) == "dev")
        #expect(stream.place(of: stream.nodes[dev]) == (4, 22))
        let sequence = try #require(stream.nodes[dev].parent)
        #expect(stream.nodes[sequence].kind == .sequence(flow: true))
        #expect(stream.entries(of: sequence).map { stream.text(of: $0) } == ["main", "dev"])
        let env = try #require(stream.nodes.indices.first { stream.anchor(of: $0) == "env" })
        #expect(stream.nodes[env].kind == .mapping(flow: false))
        let alias = try #require(stream.nodes.firstIndex { $0.kind == .alias })
        #expect(stream.nodes[alias].target == env)
        let root = try #require(stream.documents.first?.root)
        #expect(stream.nodes[root].count == 18)
        #expect(stream.nodes[root].next == stream.nodes.count)
    }

    /// A block collection's end event marks no token: libfyaml's mark for the end of the
    /// sequence under this complex key stands at the next key's `:`. The key's empty value stands
    /// before the next key, not past it (found by the fuzz target).
    @Test func anEmptyValueAfterABlockKeyStandsBeforeTheNextKey() throws {
        let stream = try YAMLStream("? \n \n- ? \n-=    : value\n")
        let next = try #require(stream.nodes.indices.first { stream.text(of: $0) == "-=" })
        #expect(stream.nodes[next - 1].range.isEmpty)
        #expect(stream.nodes[next - 1].range.lowerBound <= stream.nodes[next].range.lowerBound)
        for index in stream.nodes.indices.dropFirst() where stream.nodes[index].parent != index - 1 {
            #expect(stream.nodes[index].range.lowerBound >= stream.nodes[index - 1].range.lowerBound, "node \(index)")
        }
    }

    @Test func aByteOrderMarkAndCRLFKeepTheOffsets() throws {
        let stream = try YAMLStream(bytes: [0xEF, 0xBB, 0xBF] + Array("a: 1\r\nb: 'two'\r\n".utf8))
        let two = try #require(stream.nodes.indices.first { stream.text(of: $0) == "two" })
        #expect(stream.text(stream.nodes[two].range) == "'two'")
        #expect(stream.place(of: stream.nodes[two]).line == 2)
        #expect(try stream.value(ofDocument: 0) == ["a": 1, "b": "two"])
    }
}
