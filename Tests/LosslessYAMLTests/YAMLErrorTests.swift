import LosslessJSON
import LosslessYAML
import Testing

/// Every bad input is refused with a line and a column, and nothing is expanded past its limits.
@Suite("YAML that is refused")
struct YAMLErrorTests {
    func refusal(_ text: String) -> YAMLParseError? {
        do {
            let stream = try YAMLStream(text)
            for index in stream.documents.indices { _ = try stream.value(ofDocument: index) }
            return nil
        } catch {
            return error
        }
    }

    /// libfyaml 0.7.12 crashed drawing the source line under this error (a long line after one
    /// with marks beyond ASCII; found by the fuzz target): errors are collected, never drawn, so
    /// the reader in this process says why and where instead.
    @Test func anErrorOnALongLineIsSaidNotDrawn() throws {
        let text = ":   :: :   :   :  :   :   :  : x :   :   : xxxS:x  : :  x:   : xAx : :   :   : xAx: :   :: :   :   : xxxx:xxx\\xxx:x   :   : xxxxxxb: &Axx:x  : :   :   : xxxaxxxxxxSxx:x  : : xx: :   : Fx֚xxxxx:xx :xx:x  : : x;: :   : xx֚xxxxx:x  : :   :   :  : x :   :   : xxxx:E  : :  x:   : xxLS:E   :   : xxxxxxx: &xxx:E  : :   :   : x: x\n" + String(repeating: " ", count: 723) + "\"n\":"
        let error = try #require(throws: YAMLParseError.self) { try YAMLStream(text, reader: LibFYAMLReader()) }
        #expect(error.line == 1 && error.column == 324, "\(error.line):\(error.column)")
        #expect(error.message == "invalid multiline plain key", "\(error.message)")
    }

    @Test func aTabIndentingALineIsNamed() throws {
        let error = try #require(refusal("a: 1\n\tb: 2\n"))
        #expect(error.message.contains("tab"), "\(error)")
    }

    @Test(arguments: [
        ("a:\n  - 1\n - 2\n", 3), ("[1, 2\n", 2), ("key: [a, b]]\n", 1), ("a: b: c\n", 1), ("a: \"\\q\"\n", 1), ("a: 'x\n", 1),
    ]) func syntaxErrorsSayWhere(_ text: String, _ line: Int) throws {
        let error = try #require(refusal(text), "\(text.debugDescription) was read")
        #expect(error.line == line, "\(text.debugDescription): \(error)")
        #expect(error.column >= 1)
    }

    /// §5.1: only printable characters, as well-formed UTF-8 (a directive of malformed UTF-8 once
    /// hung the parser: the fuzz target's finding, kept here).
    @Test(arguments: [
        ([0x61, 0x3A, 0x20, 0xC9, 0x0A] as [UInt8], 1, 4), (Array("a: 1\nb: x\u{1}y\n".utf8), 2, 5), ([0x25, 0x59, 0xC9, 0xC9, 0x0A] as [UInt8], 1, 3),
        (Array("a: \u{7F}\n".utf8), 1, 4), ([0x61, 0x3A, 0x20, 0xED, 0xA0, 0x80, 0x0A] as [UInt8], 1, 4), (Array("a: \u{FFFE}\n".utf8), 1, 4),
    ]) func bytesOutsideYAMLsCharacterSetAreRefused(_ bytes: [UInt8], _ line: Int, _ column: Int) throws {
        do {
            _ = try YAMLStream(bytes: bytes)
            Issue.record("read \(bytes)")
        } catch {
            #expect((error.line, error.column) == (line, column), "\(bytes): \(error)")
        }
    }

    /// Printable characters beyond ASCII (NEL among them) and a tab in a comment are YAML.
    @Test func printableCharactersBeyondASCIIAreRead() throws {
        #expect(try YAMLStream("a: é 😀 \u{85}x  # a\tcomment\n").value(ofDocument: 0) == ["a": "é 😀 \u{85}x"])
    }

    @Test func aDuplicateKeyIsRefusedAtItsPlace() throws {
        let error = try #require(refusal("a: 1\nb: 2\na: 3\n"))
        #expect(error.line == 3)
        #expect(error.column == 1)
        #expect(error.message.contains("already"))
    }

    @Test func anAliasToNoAnchorIsRefused() throws {
        let error = try #require(refusal("a: 1\nb: *missing\n"))
        #expect(error.line == 2)
        #expect(error.message.contains("*missing"))
    }

    /// A billion laughs: nine levels of ten aliases each would be 10⁹ values. Refused at the
    /// expansion limit, in a moment and without the memory.
    @Test func anAliasBombIsRefusedWithinTheLimit() throws {
        var text = "a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        for level in 1...9 {
            let previous = "*a\(level - 1)"
            text += "a\(level): &a\(level) [\(Array(repeating: previous, count: 10).joined(separator: ", "))]\n"
        }
        let stream = try YAMLStream(text)
        #expect(stream.nodes.count < 200)
        let error = try #require(refusal(text))
        #expect(error.message.contains("alias"), "\(error)")
    }

    /// The limit counts what aliases expand to, not what the text writes: a million and one
    /// written values read (they were refused as an "alias bomb" once).
    @Test func aMillionWrittenValuesAreNoAliasBomb() throws {
        let text = "[" + Array(repeating: "1", count: YAMLStream.expansionLimit + 1).joined(separator: ",") + "]\n"
        guard case .array(let items) = try YAMLStream(text).value(ofDocument: 0) else {
            Issue.record("not a sequence")
            return
        }
        #expect(items.count == YAMLStream.expansionLimit + 1)
    }

    @Test func anAliasInsideItsOwnNodeIsRefused() throws {
        let error = try #require(refusal("a: &x [1, *x]\n"))
        #expect(error.message.contains("cycle") || error.message.contains("anchor"), "\(error)")
    }
}
