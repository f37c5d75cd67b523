import Foundation
import Testing
import TestSupport

/// `get`, `set`, `delete`, `validate` and `schema infer` on YAML files, run as a user would: edits
/// change only their bytes, every bad input is an error with a place, and a YAML reader that
/// crashes is an error too.
@Suite("YAML on the command line")
struct YAMLCLITests {
    static let compose = """
        # the stack
        services:
          web:
            image: nginx:1.25   # pinned
            ports:
              - "8080:80"
          db:
            image: postgres:16
            environment: &env
              POSTGRES_DB: app
        volumes: {data: {}}

        """

    @Test func getPrintsTheValueAsWrittenOrAsData() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let file = try scratch.file("compose.yaml", Self.compose)
        #expect(try Keepsake.run("get", file, ".services.web.image").stdout == "nginx:1.25\n")
        #expect(try Keepsake.run("get", file, ".services.web.ports[0]").stdout == "\"8080:80\"\n")
        #expect(try Keepsake.run("get", file, ".services.web.ports[0]", "--raw").stdout == "8080:80\n")
        #expect(try Keepsake.run("get", file, ".services.db.environment", "--json").stdout == "{\n  \"POSTGRES_DB\": \"app\"\n}\n")
        #expect(try Keepsake.run("get", "-", ".a.b", "--syntax", "yaml", input: "a: {b: [1, 2]}\n").stdout == "[1, 2]\n")
        let empty = try scratch.file("empty.yaml", "# nothing yet\n")
        #expect(try Keepsake.run("get", empty, ".").stdout == "null\n")
        #expect(try Keepsake.run("get", empty, ".", "--json").stdout == "null\n")
        let missing = try Keepsake.run("get", file, ".services.cache")
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("has no key \"cache\""), "\(missing.stderr)")
    }

    @Test func setAndDeleteChangeOnlyTheirLines() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let file = try scratch.file("compose.yaml", Self.compose)
        #expect(try Keepsake.run("set", file, ".services.web.image", "nginx:1.27").status == 0)
        #expect(try Keepsake.run("set", file, ".services.db.ports", "[\"5432:5432\"]").status == 0)
        #expect(try Keepsake.run("delete", file, ".services.web.ports").status == 0)
        #expect(try scratch.read(file) == """
            # the stack
            services:
              web:
                image: nginx:1.27   # pinned
              db:
                image: postgres:16
                environment: &env
                  POSTGRES_DB: app
                ports:
                  - "5432:5432"
            volumes: {data: {}}

            """)
        // A value that needs no quotes in YAML is given without them; -o - prints the result.
        let printed = try Keepsake.run("set", file, ".volumes.logs", "{driver: local}", "-o", "-")
        #expect(printed.stdout.contains("volumes: {data: {}, logs: {driver: local}}\n"), "\(printed.stdout)")
    }

    @Test func anEditOfAnAnchoredNodeSaysWhoSharesIt() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let file = try scratch.file("c.yml", "base: &b\n  retries: 3\na: *b\nb: *b\n")
        let result = try Keepsake.run("set", file, ".a.retries", "5")
        #expect(result.status == 0)
        #expect(result.stderr.contains("&b is shared by 2 aliases"), "\(result.stderr)")
        #expect(try scratch.read(file) == "base: &b\n  retries: 5\na: *b\nb: *b\n")
    }

    @Test func documentsOfAStreamArePickedByNumber() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let text = "kind: Service\n---\nkind: Deployment\nspec: {replicas: 1}\n"
        let file = try scratch.file("k8s.yaml", text)
        #expect(try Keepsake.run("get", file, ".kind", "--document", "1").stdout == "Deployment\n")
        #expect(try Keepsake.run("set", file, ".spec.replicas", "3", "--document", "1").status == 0)
        #expect(try scratch.read(file) == text.replacingOccurrences(of: "replicas: 1", with: "replicas: 3"))
        let past = try Keepsake.run("get", file, ".kind", "--document", "2")
        #expect(past.status == 1)
        #expect(past.stderr.contains("holds 2 documents"), "\(past.stderr)")
        let json = try scratch.file("a.json", "{}")
        #expect(try Keepsake.run("get", json, ".", "--document", "1").status == 2)
    }

    @Test func validateChecksSyntaxDataAndTheSchemaTheFileNames() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        _ = try scratch.file("schema.json", #"{"type": "object", "properties": {"replicas": {"type": "integer", "minimum": 1}}}"#)
        let named = try scratch.file("named.yaml", "# yaml-language-server: $schema=schema.json\nname: x\nreplicas: 0\n")
        let result = try Keepsake.run("validate", named)
        #expect(result.status == 1)
        #expect(result.stderr.contains("named.yaml:3:11: .replicas: 0 is less than the minimum of 1") || result.stderr.contains("named.yaml:3:11: .replicas:"), "\(result.stderr)")
        let broken = try scratch.file("broken.yml", "a: 1\nb: \"\\q\"\n")
        let syntax = try Keepsake.run("validate", broken)
        #expect(syntax.status == 1)
        #expect(syntax.stderr.contains("broken.yml:2:5: error: invalid escape"), "\(syntax.stderr)")
        let duplicate = try scratch.file("dup.yaml", "a: 1\na: 2\n")
        #expect(try Keepsake.run("validate", duplicate).stderr.contains("dup.yaml:2:1: error: the key \"a\" is already in this mapping"))
        let good = try scratch.file("good.yaml", "replicas: 2\n")
        #expect(try Keepsake.run("validate", good, "--schema", scratch.url.appendingPathComponent("schema.json").path).status == 0)
    }

    /// What JSON's data cannot hold — an application tag, a key that is not a string — is named in
    /// the findings about it, in text and in JSON.
    @Test func validateNamesTagsAndKeysTheDataDoesNotHold() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        _ = try scratch.file("s.json", #"{"propertyNames": {"pattern": "^[a-z]+$"}, "properties": {"bucket": {"type": "integer"}, "2": {"type": "integer"}, "count": {"type": "string"}}}"#)
        let file = try scratch.file("t.yaml", "# yaml-language-server: $schema=s.json\n1: one\n2: two\nbucket: !Ref MyBucket\ncount: !!int \"3\"\n")
        let result = try Keepsake.run("validate", file)
        #expect(result.status == 1)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasSuffix("(/propertyNames) — in the YAML the keys 1, 2 are not strings, read as their text") }, "\(result.stderr)")
        #expect(lines.contains { $0.hasSuffix(".\"2\": \"two\" is not of type \"integer\" (/properties/2/type) — its key 2 is a number in the YAML, read as the string \"2\"") }, "\(result.stderr)")
        #expect(lines.contains { $0.hasSuffix("(/properties/bucket/type) — in the YAML the value is tagged !Ref, which JSON's data does not hold") }, "\(result.stderr)")
        // A core tag chooses the type: nothing is left out, nothing to say.
        #expect(lines.contains { $0.hasSuffix(".count: 3 is not of type \"string\" (/properties/count/type)") }, "\(result.stderr)")
        let json = try Keepsake.run("validate", file, "--output", "json")
        #expect(json.stdout.contains(#""note":"in the YAML the value is tagged !Ref, which JSON's data does not hold""#), "\(json.stdout)")
    }

    @Test func schemaInferTakesEachDocument() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let file = try scratch.file("s.yaml", "id: 1\n---\nid: 2\nname: x\n")
        let result = try Keepsake.run("schema", "infer", file)
        #expect(result.status == 0)
        #expect(result.stdout.contains("\"required\": [\n    \"id\"\n  ]"), "\(result.stdout)")
    }

    @Test func describeSaysWhatTheSchemaTheFileNamesSaysOfEachValue() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        _ = try scratch.file("schema.json", #"{"type": "object", "properties": {"replicas": {"type": "integer", "description": "How many"}, "mode": {"enum": ["a", "b"]}}}"#)
        let file = try scratch.file("d.yaml", "# yaml-language-server: $schema=schema.json\nreplicas: 2\nmode: a\nextra: &x 1\n---\nother: *y\n")
        let described = try Keepsake.run("describe", file, ".")
        #expect(described.status == 0, "\(described.stderr)")
        #expect(described.stdout.contains(".replicas: known integer — How many"), "\(described.stdout)")
        #expect(described.stdout.contains(".mode: known \"a\"|\"b\""), "\(described.stdout)")
        #expect(described.stdout.contains(".extra: kept"), "\(described.stdout)")
        // The second document names an anchor it does not have: it is not read for the first.
        let second = try Keepsake.run("describe", file, "--document", "1")
        #expect(second.status == 1)
        #expect(second.stderr.contains("d.yaml:6:8: the alias *y names no anchor before it"), "\(second.stderr)")
        let notYAML = try Keepsake.run("describe", try scratch.file("a.json", "{}"), "--document", "1")
        #expect(notYAML.status == 2)
        let store = scratch.url.appendingPathComponent("s.sqlite").path
        let imported = try Keepsake.run("db", "import", store, "Row", file, "--document", "1")
        #expect(imported.status == 2)
        #expect(imported.stderr.contains("db import reads JSON Lines"), "\(imported.stderr)")
    }

    /// keepsake is its own YAML reader under any name it is installed as.
    @Test func aRenamedBinaryReadsYAMLWithItself() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let file = try scratch.file("a.yaml", "a: 1\n")
        let renamed = scratch.url.appendingPathComponent("ks-renamed").path
        // A hard link (/proc/self/exe names the link run): a copy is a file just written, which a
        // test forking beside this one can hold open, and exec then fails ("Text file busy").
        try FileManager.default.linkItem(atPath: Keepsake.binary, toPath: renamed)
        let result = try Subprocess.run(renamed, ["get", file, ".a"])
        #expect(result.stdout == "1\n", "\(result.stderr)")
    }

    /// The YAML reader runs in a child process: one that crashes is an error, and the file is untouched.
    @Test func aCrashingReaderIsAnErrorAndTheFileIsKept() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let file = try scratch.file("a.yaml", "a: 1\n")
        let reader = try scratch.file("reader.sh", "#!/bin/sh\ncat > /dev/null\nkill -SEGV $$\n")
        chmod(reader, 0o755)
        let result = try Subprocess.run("/usr/bin/env", ["KEEPSAKE_YAML_READER=\(reader)", Keepsake.binary, "set", file, ".a", "2"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("crashed (signal 11)"), "\(result.stderr)")
        #expect(try scratch.read(file) == "a: 1\n")
    }
}
