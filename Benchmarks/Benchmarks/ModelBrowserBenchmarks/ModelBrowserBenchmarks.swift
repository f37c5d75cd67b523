import Benchmark
import DictionaryStorage
import Foundation
import LosslessJSON
import ModelBrowser

/// The generated records' model, so the browser annotates every field.
@DictionaryStorage
struct Address {
    var street: String = ""
    var city: String = ""
    var geo: [Double] = []
}

@DictionaryStorage
struct GeneratedRecord {
    var id: Int = 0
    var name: String = ""
    var email: String?
    var tags: [String] = []
    var address: Address?
    var balance: Int = 0
}

@DictionaryStorage
struct GeneratedDocument {
    var version: Int = 0
    var records: [GeneratedRecord] = []
}

/// Where `generatedFile(megabytes:)` writes its document (kept for the next run; delete it by hand).
func generatedFilePath(megabytes: Int) -> String {
    NSTemporaryDirectory() + "keepsake-browser-\(megabytes)mb.json"
}

/// Writes a generated pretty-printed document of records to a file once (the browser starts from a file).
func generatedFile(megabytes: Int) -> String {
    let path = generatedFilePath(megabytes: megabytes)
    if let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size]) as? Int, size >= megabytes * 1_000_000 {
        return path
    }
    guard let handle = FileHandle(forWritingAtPath: path) ?? {
        FileManager.default.createFile(atPath: path, contents: nil)
        return FileHandle(forWritingAtPath: path)
    }() else { return path }
    handle.write(Data("{\n  \"version\": 3,\n  \"records\": [\n".utf8))
    var written = 0
    var i = 0
    var chunk = ""
    while written < megabytes * 1_000_000 {
        chunk += (i > 0 ? ",\n" : "") + """
                {
                  "id": \(i),
                  "name": "Person \(i) 山田",
                  "email": "p\(i)@example.com",
                  "tags": ["a", "b", "\(i % 7)"],
                  "address": {"street": "\(i % 999) Main St", "city": "Springfield", "geo": [\(Double(i % 180) - 90.5), \(Double(i % 360) - 180.25)]},
                  "balance": 1234567890123456789\(i % 10)
                }
            """
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

/// Start to first screen: read the file, index it, build the browser state, render 80×24.
func firstScreen(_ path: String) throws -> Grid {
    let document = try JSONDocument(contentsOfFile: path)
    let state = BrowserState(document: document, sourceName: path, canSaveInPlace: true, registry: ModelRegistry(), width: 80, height: 24)
    var grid = Grid(width: 80, height: 24)
    render(state, into: &grid)
    return grid
}

/// The browser on a generated document with the cursor on its big "records" array, still closed.
func recordsState(_ path: String, registry: ModelRegistry = ModelRegistry(), model: String? = nil) -> BrowserState {
    let document = try! JSONDocument(contentsOfFile: path)
    var state = BrowserState(
        document: document, sourceName: path, canSaveInPlace: true, registry: registry, modelName: model, width: 80, height: 24)
    for key: Key in [.down, .down] { _ = update(&state, .key(key)) }
    return state
}

/// The same state with the records array opened.
func withRecordsOpen(_ closed: BrowserState) -> BrowserState {
    var state = closed
    _ = update(&state, .key(.right))
    precondition(state.rowCount > 100_000, "the records array should be open")
    return state
}

/// Key to frame on the first screen of a file's start (`DocumentSource.preview()`) while the whole
/// file is parsed again and again on another thread, as the runtime loads it behind that screen:
/// the keys compete with the parse for the machine's two cores.
func partialScreenBenchmarks(_ size: String, _ path: String) {
    guard let start = JSONFileSource(path: path).preview() else { fatalError("\(path) should be large enough for a preview") }
    var shown = BrowserState(document: start, sourceName: path, canSaveInPlace: true, registry: ModelRegistry(), width: 80, height: 24)
    for key: Key in [.down, .down, .right] { _ = update(&shown, .key(key)) }
    let opened = shown
    for (name, key) in [("j", Key.down), ("PgDn", Key.pageDown), ("l", Key.character("l"))] {
        Benchmark(
            "\(size): key to frame on the partial first screen while the whole parses: \(name)",
            configuration: .init(metrics: [.wallClock], timeUnits: .microseconds, maxDuration: .seconds(5), maxIterations: 2_000)
        ) { benchmark in
            let parsing = ManagedAtomicFlag()
            let parser = Thread {
                while !parsing.isSet { blackHole(try? JSONDocument(contentsOfFile: path)) }
            }
            parser.start()
            defer { parsing.set() }
            var state = opened
            var grid = Grid(width: 80, height: 24)
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                _ = update(&state, .key(key))
                render(state, into: &grid)
                blackHole(grid)
                if state.cursor >= state.rowCount - 1 { _ = update(&state, .key(.character("g"))) }
            }
            benchmark.stopMeasurement()
        }
    }
}

/// A flag set once, read from another thread.
final class ManagedAtomicFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}

/// Start to first screen of a generated file.
func firstScreenBenchmark(_ size: String, _ path: String, seconds: Int, iterations: Int) {
    Benchmark(
        "\(size): start to first screen (read + index + state + render)",
        configuration: .init(metrics: [.wallClock, .peakMemoryResident], timeUnits: .milliseconds, maxDuration: .seconds(seconds), maxIterations: iterations)
    ) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try firstScreen(path)) }
    }
}

/// Edits deep in the open array: the commit, undo/redo and deleting a record, each to its frame.
///
/// Every iteration really edits (the document keeps growing pieces and the undo stack grows), so
/// the occasional parse of the whole text that joins the pieces shows in the p99.
func editBenchmarks(_ size: String, _ opened: BrowserState) {
    /// The state with the cursor on the `id` of a record far down the open array.
    func onDeepID() -> BrowserState {
        var state = opened
        for _ in 0..<1000 { _ = update(&state, .key(.pageDown)) }
        for key: Key in [.character("l"), .down] { _ = update(&state, .key(key)) }
        return state
    }
    let edit: [Key] = [.enter, .character("1"), .enter]
    let scripts: [(name: String, setup: [Key], keys: [Key])] = [
        ("Enter 1 Enter (edit a record's id deep in the open array, committed)", [], edit),
        ("u then Ctrl-R (undo and redo that edit)", edit, [.character("u"), .control("r")]),
        ("d y (delete a record of the open array)", [], [.up, .character("h"), .character("d"), .character("y"), .character("l"), .down]),
        ("D then Esc (the diff of an edit deep in the file)", edit, [.character("D"), .escape]),
    ]
    Benchmark(
        "\(size)\(opened.model == nil ? "" : ", model bound"): document only: apply one replace deep in the file",
        configuration: .init(metrics: [.wallClock], timeUnits: .microseconds, maxDuration: .seconds(10), maxIterations: 300)
    ) { benchmark in
        var document = opened.document
        let path: JSONPath = ["records", 3000, "id"]
        benchmark.startMeasurement()
        for i in benchmark.scaledIterations {
            try document.apply(.replace(at: path, with: .number(JSONNumber(i))))
        }
        benchmark.stopMeasurement()
    }
    for script in scripts {
        Benchmark(
            "\(size)\(opened.model == nil ? "" : ", model bound"): edit to frame: \(script.name)",
            configuration: .init(metrics: [.wallClock], timeUnits: .microseconds, maxDuration: .seconds(10), maxIterations: 300)
        ) { benchmark in
            var state = onDeepID()
            for key in script.setup { _ = update(&state, .key(key)) }
            let before = state.document.nodeCount
            var grid = Grid(width: 80, height: 24)
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                for key in script.keys { _ = update(&state, .key(key)) }
                render(state, into: &grid)
                blackHole(grid)
            }
            benchmark.stopMeasurement()
            precondition(state.message?.hasPrefix("refused") != true, "the edit was refused: \(state.message ?? "")")
            precondition(script.name.hasPrefix("d ") ? state.document.nodeCount < before : state.isModified, "the keys should edit")
        }
    }
}

/// Find: a query that is nowhere (the whole document is searched) and one found far away.
func findBenchmarks(_ size: String, _ opened: BrowserState) {
    let records = opened.document.node(at: ["records"]).map(opened.document.childCount) ?? 0
    let queries: [(String, String)] = [
        ("no match anywhere (every byte scanned)", "zqxw"),
        ("the email of the 100th record from the end", "p\(records - 100)@"),
    ]
    for (name, query) in queries {
        Benchmark(
            "\(size): find to frame: \(name)",
            configuration: .init(metrics: [.wallClock], timeUnits: .milliseconds, maxDuration: .seconds(20), maxIterations: 20)
        ) { benchmark in
            var grid = Grid(width: 80, height: 24)
            for _ in benchmark.scaledIterations {
                var state = opened
                for key in [Key.character("/")] + query.map(Key.character) + [.enter] { _ = update(&state, .key(key)) }
                render(state, into: &grid)
                blackHole(grid)
            }
        }
    }
}

/// A generated file as the browser loads one of its size from a file: mapped, its records folded
/// (`JSONFileSource`), with the records array open.
func foldedRecordsState(_ path: String) -> BrowserState {
    var source = JSONFileSource(path: path)
    source.mappedFileSize = 0
    let document = try! source.load(progress: LoadProgress())
    precondition(document.mayHaveFolds, "the records should be folded")
    document.indexLargeContainers()
    return withRecordsOpen(recordsState(document, path))
}

/// The browser on a document with the cursor on its big "records" array, still closed.
func recordsState(_ document: JSONDocument, _ path: String) -> BrowserState {
    var state = BrowserState(document: document, sourceName: path, canSaveInPlace: true, registry: ModelRegistry(), width: 80, height: 24)
    for key: Key in [.down, .down] { _ = update(&state, .key(key)) }
    return state
}

/// While a large file loads, the browser shows what its parse has indexed so far (a folded part
/// of it, read-only) and, every half second, a larger part in its place. Here the folding parse
/// of the file (publishing its parts, as the runtime's load does) runs again and again on another
/// thread for the whole measurement, as the keys compete with it for the machine's two cores;
/// "adopting a part" is the runtime putting a grown part in place of the shown one, keeping the
/// view, and drawing it.
func growingPartBenchmarks(_ size: String, _ path: String) {
    /// The last part a parse published, with reports every `stride` bytes.
    func part(reportingEvery stride: Int) -> JSONDocument {
        var source = JSONFileSource(path: path)
        source.mappedFileSize = 0
        let mapped = try! JSONFileReader.mapIfLarge(path: path, minimumSize: 0)!
        let progress = JSONParseProgress(reportingEvery: stride)
        progress.publishesPrefixes = true
        _ = try! JSONDocument(storage: mapped.bytes, progress: progress, folding: .default)
        let part = progress.indexedPrefix()!
        part.indexLargeContainers()
        return part
    }
    let parts = [part(reportingEvery: 7 << 20), part(reportingEvery: 4 << 20)]
    var shown = recordsState(parts[0], path)
    for key: Key in [.right, .down, .down, .character("l")] { _ = update(&shown, .key(key)) }
    shown.showPartly(LoadingProgress(sourceName: path, LoadProgress().snapshot))
    let opened = shown
    /// Runs `body` while the file's folding parse runs in a loop on another thread.
    func whileParsing(_ body: () -> Void) {
        let done = ManagedAtomicFlag()
        let parser = Thread {
            while !done.isSet {
                let mapped = try! JSONFileReader.mapIfLarge(path: path, minimumSize: 0)!
                let progress = JSONParseProgress()
                progress.publishesPrefixes = true
                blackHole(try? JSONDocument(storage: mapped.bytes, progress: progress, folding: .default))
            }
        }
        parser.start()
        defer { done.set() }
        body()
    }
    for (name, key) in [("j", Key.down), ("PgDn", Key.pageDown), ("l", Key.character("l"))] {
        Benchmark(
            "\(size): key to frame on a part of the file shown while its folding parse runs: \(name)",
            configuration: .init(metrics: [.wallClock], timeUnits: .microseconds, maxDuration: .seconds(5), maxIterations: 2_000)
        ) { benchmark in
            whileParsing {
                var state = opened
                var grid = Grid(width: 80, height: 24)
                benchmark.startMeasurement()
                for _ in benchmark.scaledIterations {
                    _ = update(&state, .key(key))
                    render(state, into: &grid)
                    blackHole(grid)
                    if state.cursor >= state.rowCount - 1 { _ = update(&state, .key(.character("g"))) }
                }
                benchmark.stopMeasurement()
            }
        }
    }
    Benchmark(
        "\(size): adopting a grown part of the file while its folding parse runs (view kept, drawn)",
        configuration: .init(metrics: [.wallClock], timeUnits: .microseconds, maxDuration: .seconds(5), maxIterations: 500)
    ) { benchmark in
        whileParsing {
            var state = opened
            var grid = Grid(width: 80, height: 24)
            benchmark.startMeasurement()
            for i in benchmark.scaledIterations {
                state.showLoadedPart(parts[(i + 1) % 2])
                render(state, into: &grid)
                blackHole(grid)
            }
            benchmark.stopMeasurement()
        }
    }
}

let benchmarks: @Sendable () -> Void = {
    yamlBenchmarks()
    let path100 = generatedFile(megabytes: 100)
    firstScreenBenchmark("100 MB", path100, seconds: 30, iterations: 10)

    // Key to frame, at the top, deep inside, and at the end of a 100 MB document with the big array open.
    let opened = withRecordsOpen(recordsState(path100))
    keyBenchmarks("100 MB", opened)

    editBenchmarks("100 MB", opened)
    findBenchmarks("100 MB", opened)
    partialScreenBenchmarks("100 MB", path100)

    // The same keys, edits and finds on the file as the browser loads a large one: mapped, its
    // records folded until opened (each l below opens a folded record: a parse of its text).
    let folded100 = foldedRecordsState(path100)
    keyBenchmarks("100 MB folded", folded100)
    editBenchmarks("100 MB folded", folded100)
    findBenchmarks("100 MB folded", folded100)
    growingPartBenchmarks("100 MB", path100)
    tableBenchmarks("100 MB folded", folded100)

    Benchmark("100 MB: render only (deep position)", configuration: .init(metrics: [.wallClock], timeUnits: .microseconds, maxDuration: .seconds(3))) { benchmark in
        var state = opened
        for _ in 0..<1000 { _ = update(&state, .key(.pageDown)) }
        var grid = Grid(width: 80, height: 24)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { render(state, into: &grid); blackHole(grid) }
        benchmark.stopMeasurement()
    }
    Benchmark("100 MB: update only, j (deep position)", configuration: .init(metrics: [.wallClock], timeUnits: .microseconds, maxDuration: .seconds(3))) { benchmark in
        var state = opened
        for _ in 0..<1000 { _ = update(&state, .key(.pageDown)) }
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { blackHole(update(&state, .key(.down))) }
        benchmark.stopMeasurement()
    }

    // The same keys with the model bound: every visible row is a known field to annotate.
    var registry = ModelRegistry()
    registry.register(GeneratedDocument.self)
    registry.register(GeneratedRecord.self)
    registry.register(Address.self)
    var typed = BrowserState(
        document: opened.document, sourceName: path100, canSaveInPlace: true, registry: registry, modelName: "GeneratedDocument", width: 80, height: 24)
    precondition(typed.model?.name == "GeneratedDocument", "the model should bind")
    for key: Key in [.down, .down, .right] { _ = update(&typed, .key(key)) }
    for _ in 0..<500 { _ = update(&typed, .key(.pageDown)) }
    for _ in 0..<6 { _ = update(&typed, .key(.character("l"))); _ = update(&typed, .key(.character("J"))) }
    let typedState = typed
    editBenchmarks("100 MB", withRecordsOpen(recordsState(path100, registry: registry, model: "GeneratedDocument")))
    keysToFrameBenchmark("100 MB, model bound: key to frame: j among known fields", from: typedState, keys: [.down])

    if ProcessInfo.processInfo.environment["KEEPSAKE_BENCH_1GB"] == "1" {
        let path1000 = generatedFile(megabytes: 1000)
        firstScreenBenchmark("1 GB", path1000, seconds: 60, iterations: 3)
        // One document for both: the closed state for opening the array, the open one for keys.
        let closed = recordsState(path1000)
        let opened1000 = withRecordsOpen(closed)
        keyBenchmarks("1 GB", opened1000)
        editBenchmarks("1 GB", opened1000)
        findBenchmarks("1 GB", opened1000)
        let folded1000 = foldedRecordsState(path1000)
        keyBenchmarks("1 GB folded", folded1000)
        editBenchmarks("1 GB folded", folded1000)
        findBenchmarks("1 GB folded", folded1000)
        growingPartBenchmarks("1 GB", path1000)
        // Opening the array itself: its closed elements become one run, not 3.5 million rows.
        Benchmark(
            "1 GB: key to frame: l on the records array itself (3.5 M elements, shown as one run)",
            configuration: .init(metrics: [.wallClock], timeUnits: .milliseconds, maxDuration: .seconds(30), maxIterations: 10)
        ) { benchmark in
            for _ in benchmark.scaledIterations {
                var state = closed
                var grid = Grid(width: 80, height: 24)
                _ = update(&state, .key(.right))
                render(state, into: &grid)
                blackHole(grid)
            }
        }
    }

    // 10 GB: only as the browser loads a file that large (mapped, records folded); reading it
    // whole, as the 100 MB and 1 GB "opened" states do, would take twice its size in memory.
    if ProcessInfo.processInfo.environment["KEEPSAKE_BENCH_10GB"] == "1" {
        let free = ((try? FileManager.default.attributesOfFileSystem(forPath: NSTemporaryDirectory()))?[.systemFreeSize] as? Int) ?? 0
        let existing = ((try? FileManager.default.attributesOfItem(atPath: generatedFilePath(megabytes: 10_000)))?[.size] as? Int) ?? 0
        guard existing >= 10_000_000_000 || free >= 15 << 30 else {
            print("KEEPSAKE_BENCH_10GB: skipped, \(free >> 30) GiB free in \(NSTemporaryDirectory()) (the file needs 10 GB and 5 GB to spare)")
            return
        }
        let path10000 = generatedFile(megabytes: 10_000)
        let folded10000 = foldedRecordsState(path10000)
        tableBenchmarks("10 GB folded", folded10000)
        keyBenchmarks("10 GB folded", folded10000)
        editBenchmarks("10 GB folded", folded10000)
        growingPartBenchmarks("10 GB", path10000)
    }
}
