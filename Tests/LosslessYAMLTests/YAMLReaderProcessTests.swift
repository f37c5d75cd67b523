import LosslessJSON
import LosslessYAML
import Testing

/// libfyaml runs in a child process (`keepsake yaml-events`): what it reads arrives unchanged, its
/// reasons arrive with their places, and a child that crashes, stalls, ends early or writes
/// something else is an error — never a crash or a hang of the reading program.
@Suite("The YAML reader process")
struct YAMLReaderProcessTests {
    static let texts = [
        "a: 1\nb: [x, 'y', \"z\\n\"]\n", "- &a {k: v}\n- *a\n- !!str 12\n- !Ref name\n", "--- |\n  text\n  more\n...\n--- >-\n folded\n line\n",
        "\u{FEFF}key: é 😀\r\nother: ~\r\n", "? [complex, key]\n: value\n", "%YAML 1.2\n%TAG !e! tag:example.com,2000:\n---\n!e!thing x\n", "",
        "plain\n  folded over\n  lines\n", "a:\n  - 1\n  -\n    - nested\n",
    ]

    /// The child's events make exactly the nodes libfyaml in this process makes.
    @Test(arguments: texts) func theChildReadsWhatThisProcessReads(_ text: String) throws {
        let here = try YAMLStream(text, reader: LibFYAMLReader())
        let there = try YAMLStream(text, reader: YAMLReaderProcess.standard)
        #expect(there.nodes == here.nodes)
        #expect(there.documents == here.documents)
    }

    /// libfyaml's reason comes back from the child with its line and column.
    @Test func libfyamlsReasonArrivesWithItsPlace() throws {
        do {
            _ = try YAMLStream("a: 1\nb: \"\\q\"\n")
            Issue.record("read")
        } catch {
            #expect(error.message.contains("invalid escape"), "\(error)")
            #expect((error.line, error.column) == (2, 5), "\(error)")
        }
    }

    func failure(_ script: String, stallSeconds: Int = 30) -> YAMLParseError? {
        let reader = YAMLReaderProcess(executable: "/bin/sh", arguments: ["-c", script], stallSeconds: stallSeconds)
        do {
            _ = try YAMLStream("a: 1\nb: 2\n", reader: reader)
            return nil
        } catch {
            return error
        }
    }

    @Test func aCrashingReaderIsAnError() throws {
        let error = try #require(failure("cat > /dev/null; kill -SEGV $$"))
        #expect(error.message.contains("crashed (signal 11)"), "\(error)")
        #expect(error.line >= 1 && error.column >= 1)
    }

    /// Stopped at the stall limit, even while a process it started holds its standard error open.
    @Test func aStalledReaderIsStopped() throws {
        let clock = ContinuousClock()
        let start = clock.now
        let error = try #require(failure("sleep 8; true", stallSeconds: 1))
        #expect(error.message.contains("reported nothing for 1 s"), "\(error)")
        #expect(clock.now - start < .seconds(6))
    }

    @Test func aReaderEndingEarlyIsAnErrorWithWhatItSaid() throws {
        let error = try #require(failure("echo 'no such thing' >&2; exit 3"))
        #expect(error.message.contains("status 3"), "\(error)")
        #expect(error.message.contains("no such thing"), "\(error)")
    }

    @Test func aReaderWritingSomethingElseIsAnError() throws {
        let error = try #require(failure("cat > /dev/null; printf '\\005\\000\\000\\000\\377garbage'"))
        #expect(error.message.contains("not its events"), "\(error)")
    }

    @Test func aMissingReaderIsAnError() throws {
        let reader = YAMLReaderProcess(executable: "/nonexistent/keepsake")
        do {
            _ = try YAMLStream("a: 1\n", reader: reader)
            Issue.record("read")
        } catch {
            #expect(error.message.contains("cannot start the YAML reader"), "\(error)")
        }
        do {
            _ = try YAMLStream("a: 1\n", reader: YAMLReaderProcess(executable: nil))
            Issue.record("read")
        } catch {
            #expect(error.message.contains("KEEPSAKE_YAML_READER"), "\(error)")
        }
    }

    /// A large text goes through the socket while events come back (neither side waits on the other).
    @Test func aLargeTextCrossesBothWays() throws {
        var text = ""
        for index in 0..<15_000 { text += "- {id: \(index), name: \"item \(index)\", tags: [a, b]}\n" }
        let stream = try YAMLStream(text)
        let value = try stream.value(ofDocument: 0)
        guard case .array(let items) = value else { Issue.record("not an array"); return }
        #expect(items.count == 15_000)
        #expect(items.last == ["id": 14_999, "name": "item 14999", "tags": ["a", "b"]])
    }
}
