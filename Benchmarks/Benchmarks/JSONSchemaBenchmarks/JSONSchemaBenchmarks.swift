import Benchmark
import DictionaryStorage
import Foundation
import JSONSchema
import SchemaDescriptions
import LosslessJSON
import ModelBrowser

/// The records schema Scripts/compare_schema_validate.py uses too: `$ref`, `pattern`, `oneOf`,
/// `prefixItems` and `unevaluatedProperties` over the records of Scripts/generate_document.py.
let recordsSchemaPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Scripts/records.schema.json").path

/// The document of Scripts/generate_document.py (the same records, byte for byte), written once.
func generatedFile(megabytes: Int) -> String {
    let path = NSTemporaryDirectory() + "keepsake-schema-\(megabytes)mb.json"
    if let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size]) as? Int, size >= megabytes * 1_000_000 { return path }
    FileManager.default.createFile(atPath: path, contents: nil)
    guard let handle = FileHandle(forWritingAtPath: path) else { return path }
    let names = ["Ada Lovelace", "Grace Hopper", "山田 花子", "José Ñúñez", "Zoë 😀", #"Alan \"Turing\""#]
    var chunk = "{\n  \"version\": 3,\n  \"records\": [\n"
    var written = 0
    var i = 0
    while written + chunk.utf8.count < megabytes * 1_000_000 {
        let score = Double(i % 1000) / 8
        chunk += (i == 0 ? "" : ",\n") + "    {\n" + "      \"id\": \(i),\n" + "      \"name\": \"\(names[i % names.count])\",\n"
            + "      \"age\": \(18 + i % 70),\n" + "      \"score\": \(score == score.rounded() ? String(format: "%.1f", score) : "\(score)"),\n"
            + "      \"active\": \(i % 3 == 0 ? "true" : "false"),\n" + "      \"email\": null,\n"
            + "      \"tags\": [\"alpha\", \"beta\", \"\(i % 17)\"],\n"
            + "      \"address\": {\"street\": \"\(i % 999) Long Street\", \"city\": \"Springfield\", \"geo\": [\(Double(i % 180) - 90.5), \(Double(i % 360) - 180.25)]},\n"
            + "      \"balance\": 1234567890123456789\(i % 10)\n" + "    }"
        i += 1
        if chunk.utf8.count > 1 << 20 {
            written += chunk.utf8.count
            handle.write(Data(chunk.utf8))
            chunk = ""
        }
    }
    handle.write(Data((chunk + "\n  ]\n}\n").utf8))
    try? handle.close()
    return path
}

/// The browser's state for a file described by the schema, as `keepsake FILE --schema S` opens it
/// (`inBackground`: the whole-document check left to another thread, as the runtime does it).
func describedState(_ document: JSONDocument, _ schema: JSONSchema, path: String, inBackground: Bool) -> BrowserState {
    let description = SchemaDescription(schema, name: "records")
    var state = BrowserState(document: document, sourceName: path, canSaveInPlace: true, registry: ModelRegistry(), width: 80, height: 24)
    state.describe(
        as: description.rootType, name: description.name, models: description.registry, checker: SchemaChecker(schema, name: description.name),
        checkInBackground: inBackground)
    return state
}

let benchmarks: @Sendable () -> Void = {
    let path = generatedFile(megabytes: 100)
    let schema = try! JSONSchema(contentsOfFile: recordsSchemaPath)
    let document = try! JSONDocument(contentsOfFile: path)
    precondition(schema.isValid(document), "the generated document should be valid")

    Benchmark(
        "100 MB: file to verdict (read + index + validate)",
        configuration: .init(metrics: [.wallClock, .peakMemoryResident], timeUnits: .milliseconds, maxDuration: .seconds(30), maxIterations: 10)
    ) { benchmark in
        for _ in benchmark.scaledIterations {
            let fresh = try JSONDocument(contentsOfFile: path)
            blackHole(schema.isValid(fresh))
        }
    }
    Benchmark(
        "100 MB: read + index only (the same file, for the ratio)",
        configuration: .init(metrics: [.wallClock], timeUnits: .milliseconds, maxDuration: .seconds(30), maxIterations: 10)
    ) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try JSONDocument(contentsOfFile: path).nodeCount) }
    }
    Benchmark(
        "100 MB: validate only (indexed document)",
        configuration: .init(metrics: [.wallClock], timeUnits: .milliseconds, maxDuration: .seconds(30), maxIterations: 10)
    ) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(schema.isValid(document)) }
    }
    Benchmark(
        "100 MB: start to first screen with the schema (read + index + describe + render; the check runs in the background)",
        configuration: .init(metrics: [.wallClock, .peakMemoryResident], timeUnits: .milliseconds, maxDuration: .seconds(30), maxIterations: 10)
    ) { benchmark in
        for _ in benchmark.scaledIterations {
            let state = describedState(try JSONDocument(contentsOfFile: path), schema, path: path, inBackground: true)
            var grid = Grid(width: 80, height: 24)
            render(state, into: &grid)
            blackHole(grid)
        }
    }

    // An edit deep in the open records array, committed, checked and drawn.
    var opened = describedState(document, schema, path: path, inBackground: false)
    precondition(opened.problems.isEmpty, "the document should have no problems")
    for key: Key in [.down, .down, .right] { _ = update(&opened, .key(key)) }
    for _ in 0..<1000 { _ = update(&opened, .key(.pageDown)) }
    for key: Key in [.character("l"), .down] { _ = update(&opened, .key(key)) }
    precondition(opened.cursorPath.components.last == .key("id"), "the cursor should be on a record's id: \(opened.cursorPath)")
    let onDeepID = opened
    /// Enter, the id typed over the old one, Enter: a new value each time.
    let scripts: [(name: String, value: @Sendable (Int) -> String, invalid: Bool)] = [
        ("Enter ^U N Enter (a valid id, checked)", { "\($0)" }, false),
        ("Enter ^U -N Enter (an id below its minimum, checked and marked)", { "-\($0 + 1)" }, true),
    ]
    for script in scripts {
        Benchmark(
            "100 MB, schema: edit to frame with its validation: \(script.name)",
            configuration: .init(metrics: [.wallClock], timeUnits: .microseconds, maxDuration: .seconds(10), maxIterations: 300)
        ) { benchmark in
            var state = onDeepID
            var grid = Grid(width: 80, height: 24)
            benchmark.startMeasurement()
            for i in benchmark.scaledIterations {
                for key in [Key.enter, .control("u")] + script.value(i).map(Key.character) + [.enter] { _ = update(&state, .key(key)) }
                render(state, into: &grid)
                blackHole(grid)
            }
            benchmark.stopMeasurement()
            precondition(state.isModified, "the keys should edit")
            precondition(state.problems.isEmpty != script.invalid, "the check should \(script.invalid ? "find" : "not find") a problem: \(state.problems.prefix(2))")
        }
    }
}
