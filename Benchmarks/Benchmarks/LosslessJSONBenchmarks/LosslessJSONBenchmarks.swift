import Benchmark
import Foundation
import LosslessJSON

/// The shared benchmark files (../shared/data beside the repository).
func sharedData(_ name: String) -> Data {
    let here = URL(fileURLWithPath: #filePath)
    let root = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    let url = root.appendingPathComponent("shared/data/\(name)")
    guard let data = FileManager.default.contents(atPath: url.path) else {
        fatalError("benchmark input missing: \(url.path)")  // a setup error of the benchmark run, not user input
    }
    return data
}

/// The reference: a plain scalar loop that looks at every byte once (counts quotes and newlines).
@inline(never)
func scalarByteLoop(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var count = 0
    for byte in bytes where byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\n") { count += 1 }
    return count
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput],
        timeUnits: .microseconds,
        warmupIterations: 3,
        maxDuration: .seconds(4),
        maxIterations: 400
    )

    for file in ["canada.json", "citm_catalog.json", "twitter.json"] {
        let data = sharedData(file)
        let bytes = JSONBytes(data)
        let name = file.replacingOccurrences(of: ".json", with: "")
        // Interleaved A/B/C per file so all three see the same machine state.
        Benchmark("parse+index \(name) (\(data.count) B)") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try JSONDocument(storage: bytes))
            }
        }
        Benchmark("JSONSerialization \(name)") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try JSONSerialization.jsonObject(with: data))
            }
        }
        Benchmark("byte loop \(name)") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(scalarByteLoop(bytes.buffer))
            }
        }
        // The same data with comments and trailing commas (and JSON5's unquoted keys), against the
        // strict text above; the strict text read as JSONC gives what the syntax alone costs.
        Benchmark("parse+index \(name) strict text as jsonc") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try JSONDocument(storage: bytes, options: JSONParseOptions(syntax: .jsonc)))
            }
        }
        for variant in SyntaxVariant.allCases {
            let text = variant.written(from: data, name: name)
            let options = JSONParseOptions(syntax: variant.syntax)
            Benchmark("parse+index \(name) as \(variant.rawValue) (\(text.count) B)") { benchmark in
                for _ in benchmark.scaledIterations {
                    blackHole(try JSONDocument(storage: text, options: options))
                }
            }
        }
    }

    let large = GeneratedDocument.bytes(megabytes: 100)
    Benchmark(
        "parse+index 100 MB pretty (\(large.count) B, fresh index)",
        configuration: .init(metrics: [.wallClock, .throughput, .peakMemoryResident], maxDuration: .seconds(20), maxIterations: 15)
    ) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try JSONDocument(storage: large))
        }
    }
    Benchmark(
        "stream-validate 100 MB pretty (1 MiB pieces, bounded memory)",
        configuration: .init(metrics: [.wallClock, .throughput], maxDuration: .seconds(20), maxIterations: 15)
    ) { benchmark in
        for _ in benchmark.scaledIterations {
            var validator = JSONStreamValidator()
            let all = large.buffer
            var start = 0
            while start < all.count {
                let end = min(all.count, start + (1 << 20))
                try validator.feed(UnsafeBufferPointer(rebasing: all[start..<end]))
                start = end
            }
            try validator.finish()
        }
    }
    Benchmark(
        "byte loop 100 MB pretty",
        configuration: .init(metrics: [.wallClock], maxDuration: .seconds(10), maxIterations: 15)
    ) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(scalarByteLoop(large.buffer))
        }
    }
    Benchmark(
        "edit+save 100 MB pretty (one replace, atomic write with fsync)",
        configuration: .init(metrics: [.wallClock], maxDuration: .seconds(20), maxIterations: 10)
    ) { benchmark in
        let document = try JSONDocument(storage: large)
        let path = NSTemporaryDirectory() + "keepsake-bench-save.json"
        let target = try JSONPath(parsing: ".records[\(GeneratedDocument.recordCount(in: document) / 2)].name")
        benchmark.startMeasurement()
        for i in benchmark.scaledIterations {
            var edited = document
            try edited.apply(.replace(at: target, with: .string("edited \(i)")))
            try edited.save(to: path, force: true)
        }
        benchmark.stopMeasurement()
        try? FileManager.default.removeItem(atPath: path)
    }
    Benchmark(
        "edit+save 100 MB pretty, checked (lock, stat and byte comparison with what was read, then the write)",
        configuration: .init(metrics: [.wallClock], maxDuration: .seconds(20), maxIterations: 10)
    ) { benchmark in
        let path = NSTemporaryDirectory() + "keepsake-bench-save-checked.json"
        try AtomicFileWriter.write(large.buffer, to: path)
        var document = try JSONDocument(contentsOfFile: path)
        let target = try JSONPath(parsing: ".records[\(GeneratedDocument.recordCount(in: document) / 2)].name")
        benchmark.startMeasurement()
        for i in benchmark.scaledIterations {
            try document.apply(.replace(at: target, with: .string("edited \(i)")))
            try document.save()  // the origin is what the previous save wrote: compared, then replaced
        }
        benchmark.stopMeasurement()
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// A deterministic pretty-printed document of records, the shape of an app's exported data.
enum GeneratedDocument {
    static func bytes(megabytes: Int) -> JSONBytes {
        var text: [UInt8] = []
        text.reserveCapacity(megabytes * 1_000_000 + 4096)
        text.append(contentsOf: "{\n  \"version\": 3,\n  \"records\": [\n".utf8)
        var i = 0
        let names = ["Ada Lovelace", "Grace Hopper", "山田 花子", "José Ñúñez", "Zoë 😀", "Alan \\\"Turing\\\""]
        while text.count < megabytes * 1_000_000 {
            if i > 0 { text.append(contentsOf: ",\n".utf8) }
            let record = """
                    {
                      "id": \(i),
                      "uuid": "\(String(i &* 2_654_435_761 % 4_294_967_296, radix: 16))-4a1b-9c2d-\(i)",
                      "name": "\(names[i % names.count])",
                      "age": \(18 + i % 70),
                      "score": \(Double(i % 1000) / 8),
                      "active": \(i % 3 == 0 ? "true" : "false"),
                      "email": null,
                      "tags": ["alpha", "beta", "\(i % 17)"],
                      "address": {
                        "street": "\(i % 999) Long Street",
                        "city": "Springfield",
                        "geo": [\(Double(i % 180) - 90.5), \(Double(i % 360) - 180.25)]
                      },
                      "balance": 1234567890123456789\(i % 10)
                    }
                """
            text.append(contentsOf: record.utf8)
            i += 1
        }
        text.append(contentsOf: "\n  ]\n}\n".utf8)
        return JSONBytes(text)
    }

    static func recordCount(in document: JSONDocument) -> Int {
        document.node(at: ["records"]).map(document.childCount) ?? 0
    }
}
