import Benchmark
import DictionaryStorage
import Foundation
import LosslessJSON
import LosslessYAML
import ModelBrowser

/// Writes a YAML document once: a mapping of `items` records, each with a comment after its key, a
/// comment line above a member, a flow sequence with a comment and a literal block (the browser's
/// view then holds three comments a record).
func generatedYAMLFile(items: Int) -> String {
    let path = NSTemporaryDirectory() + "keepsake-browser-\(items)-items.yaml"
    if FileManager.default.fileExists(atPath: path) { return path }
    var text = "# a single large document with comments\nitems:\n"
    for i in 0..<items {
        text += "  item\(i):   # item \(i)\n    name: name-\(i)\n    # the value of item \(i)\n    value: \(i)\n"
        text += "    tags: [a, b, c]  # flow\n    note: |\n      text \(i)\n"
    }
    FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
    return path
}

/// Key to frame on a YAML file as the browser shows it: its data as JSON with the file's comments
/// beside their members (each row's comments read from the view's text), the records' mapping open.
func yamlBenchmarks() {
    let path = generatedYAMLFile(items: 65_000)
    // The reader in this process (keepsake runs it in a child): the frames are what is measured.
    var source = YAMLFileSource(path: path, reader: LibFYAMLReader())
    let document: JSONDocument
    do {
        document = try source.load(progress: LoadProgress())
    } catch {
        fatalError("the generated YAML does not load: \(error)")
    }
    var opened = BrowserState(document: document, sourceName: path, registry: ModelRegistry(), width: 80, height: 24)
    opened.membersTurnOff = source.membersTurnOff
    // The cursor on `items`, opened.
    _ = update(&opened, .key(.down))
    _ = update(&opened, .key(.character("l")))
    keyBenchmarks("YAML 10 MB with comments", opened, scripts: [
        ("j (next row)", [.down]),
        ("PgDn", [.pageDown]),
        ("G (last of 65k records)", [.character("G")]),
        ("l then h (open and close a record, one frame)", [.character("l"), .character("h")]),
    ])
}
