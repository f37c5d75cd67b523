import Foundation
@testable import LosslessJSON
import Testing

/// `JSONPath.locate(in:)` reads only as far as a path needs, and must agree with the whole parse:
/// the same value (the last member with a key), the same "no value", and the parser's own error
/// for a text that goes wrong before the value.
@Suite("Locating a path without indexing")
struct LocateTests {
    /// Every path in a document, and a few that lead nowhere.
    static func paths(in document: JSONDocument) -> [JSONPath] {
        var paths: [JSONPath] = []
        func walk(_ node: JSONDocument.Node, _ path: JSONPath) {
            paths.append(path)
            switch document.kind(node) {
            case .array:
                var count = 0
                for (i, child) in document.children(node).enumerated() {
                    walk(child, path.appending(.index(i)))
                    count += 1
                }
                paths.append(path.appending(.index(count)))
                paths.append(path.appending(.key("nope")))
            case .object:
                for child in document.children(node) { walk(child, path.appending(.key(document.key(child) ?? ""))) }
                paths.append(path.appending(.key("no such key")))
                paths.append(path.appending(.index(0)))
            default:
                paths.append(path.appending(.index(0)))
                paths.append(path.appending(.key("a")))
            }
        }
        walk(document.root, JSONPath([]))
        return paths
    }

    static func locate(_ path: JSONPath, _ bytes: [UInt8]) -> Result<Range<Int>?, JSONParseError> {
        Result { () throws(JSONParseError) in try path.locate(in: JSONBytes(bytes)) }
    }

    @Test(arguments: 0..<40)
    func agreesWithTheWholeParseOnRandomDocuments(seed: UInt64) throws {
        var generator = RandomJSON(seed: seed &+ 500)
        let text = Array(generator.document().text.utf8)
        let document = try JSONDocument(bytes: text)
        for path in Self.paths(in: document) {
            let expected = document.node(at: path).map { document.range($0) }
            #expect(try Self.locate(path, text).get() == expected, "\(path) in \(String(decoding: text.prefix(200), as: UTF8.self))")
        }
    }

    @Test func theLastMemberWithAKeyCountsAndEscapedKeysMatch() throws {
        let text = Array(#"{"a": 1, "b": {"c": [10, 20]}, "a": [true, {"\u0061": "x"}], "é\n": 5}"#.utf8)
        let document = try JSONDocument(bytes: text)
        for path in [".a", ".a[1].a", ".b.c[1]", ".\"é\\n\"", ".a[2]", ".b.c.d"] {
            let parsed = try JSONPath(parsing: path)
            #expect(try Self.locate(parsed, text).get() == document.node(at: parsed).map { document.range($0) }, "\(path)")
        }
        #expect(try Self.locate(JSONPath(parsing: ".a[1].a"), text).get().map { String(decoding: text[$0], as: UTF8.self) } == "\"x\"")
    }

    /// Deeply nested values are skipped and checked to their end, a mismatched bracket included.
    @Test func deeplyNestedValuesAreSkippedAndCheckedToTheirEnd() throws {
        let deep = String(repeating: "[{\"a\": ", count: 40) + "1" + String(repeating: "}]", count: 40)
        let text = Array("[\(deep), \(deep), \"after\"]".utf8)
        let document = try JSONDocument(bytes: text)
        let last = try JSONPath(parsing: ".[2]")
        #expect(try Self.locate(last, text).get() == document.node(at: last).map { document.range($0) })
        let broken = Array("[\(deep.dropLast(2))]], \"after\"]".utf8)
        let parsed = Result { () throws(JSONParseError) in try JSONDocument(bytes: broken) }
        guard case .failure(let error) = parsed, case .failure(let located) = Self.locate(last, broken) else {
            Issue.record("both should fail")
            return
        }
        #expect(located.offset == error.offset && located.description == error.description)
    }

    /// Texts with an error: the parser's error when it lies before (or inside) the value; when it
    /// lies after what the path needed, the value is found all the same.
    @Test(arguments: 0..<40)
    func reportsTheParsersErrorBeforeTheValue(seed: UInt64) throws {
        var generator = RandomJSON(seed: seed &+ 900)
        let text = Array(generator.document().text.utf8)
        let paths = Self.paths(in: try JSONDocument(bytes: text))
        var rng = SeededGenerator(seed: seed &+ 3000)
        for _ in 0..<10 {
            let mutated = rng.mutate(text)
            let parsed = Result { () throws(JSONParseError) in try JSONDocument(bytes: mutated) }
            for path in paths.prefix(12) {
                let found = Self.locate(path, mutated)
                switch (parsed, found) {
                case (.success(let document), _):
                    #expect(try found.get() == document.node(at: path).map { document.range($0) }, "\(path)")
                case (.failure(let error), .failure(let located)):
                    #expect(located.offset == error.offset && located.description == error.description, "\(path)")
                case (.failure(let error), .success(let range?)):
                    #expect(error.offset >= range.upperBound, "\(path): found \(range) though the text breaks at \(error.offset)")
                case (.failure, .success(nil)):
                    break
                }
            }
        }
    }
}

/// `JSONDocument.leadingPart`: a text cut anywhere gives the longest prefix that ends at a complete
/// value (or just inside a bracket), closed: a prefix of the text whose values are the whole
/// document's first values, in document order, at the same bytes.
@Suite("The leading part of a text cut short")
struct LeadingPartTests {
    @Test(arguments: 0..<40)
    func theLeadingPartIsAClosedPrefixWithTheWholeDocumentsValues(seed: UInt64) throws {
        var generator = RandomJSON(seed: seed &+ 4200)
        let text = Array(generator.document().text.utf8)
        let whole = try JSONDocument(bytes: text)
        var rng = SeededGenerator(seed: seed)
        var sawPart = false
        for _ in 0..<20 {
            let cut = Int(rng.next() % UInt64(text.count + 1))
            guard let part = text.prefix(cut).withUnsafeBufferPointer({ JSONDocument.leadingPart(of: $0) }) else { continue }
            sawPart = true
            let partText = part.text.array
            // The part is the text's prefix, then only closing brackets.
            let closers = partText.reversed().prefix { $0 == UInt8(ascii: "]") || $0 == UInt8(ascii: "}") }.count
            #expect(text.starts(with: partText.dropLast(closers)), "cut at \(cut)")
            // Its values are the whole's first values, in order (a container may have fewer children).
            for id in 0..<part.nodeCount {
                let (mine, theirs) = (JSONDocument.Node(id: id), JSONDocument.Node(id: id))
                #expect(part.kind(mine) == whole.kind(theirs) && part.key(mine) == whole.key(theirs), "node \(id) cut at \(cut)")
                if !part.kind(mine).isContainer { #expect(part.range(mine) == whole.range(theirs), "node \(id) cut at \(cut)") }
            }
        }
        if text.count > 20 { #expect(sawPart) }
    }

    @Test func nestedContainersAreClosedWhereTheCutFalls() throws {
        let text = Array(#"{"a": 1, "b": [{"c": 2}, {"d": [3, 4"#.utf8)
        let part = try #require(text.withUnsafeBufferPointer { JSONDocument.leadingPart(of: $0) })
        #expect(part.text.string(0..<part.text.count) == #"{"a": 1, "b": [{"c": 2}, {"d": [3]}]}"#)
        #expect(Array("[".utf8).withUnsafeBufferPointer { JSONDocument.leadingPart(of: $0) }?.text.array == Array("[]".utf8))
        #expect(Array(#"{"a"#.utf8).withUnsafeBufferPointer { JSONDocument.leadingPart(of: $0) }?.text.array == Array("{}".utf8))
        #expect(Array(" @".utf8).withUnsafeBufferPointer { JSONDocument.leadingPart(of: $0) } == nil)
    }
}
