import Benchmark
import ModelBrowser

/// A benchmark of keys to their frame: each iteration sends `keys` to the state and draws it on
/// an 80×24 grid.
func keysToFrameBenchmark(_ name: String, from start: BrowserState, keys: [Key]) {
    Benchmark(name, configuration: .init(metrics: [.wallClock], timeUnits: .microseconds, maxDuration: .seconds(5), maxIterations: 2_000)) { benchmark in
        measureKeysToFrame(benchmark, from: start, keys: keys)
    }
}

/// Measures `keys` then a frame, once per iteration, from `start`; `after` runs after each frame,
/// inside the measurement (kept cheap: a jump back to the top when the keys reach the end).
func measureKeysToFrame(_ benchmark: Benchmark, from start: BrowserState, keys: [Key], after: (inout BrowserState) -> Void = { _ in }) {
    var state = start
    var grid = Grid(width: 80, height: 24)
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
        for key in keys { _ = update(&state, .key(key)) }
        render(state, into: &grid)
        blackHole(grid)
        after(&state)
    }
    benchmark.stopMeasurement()
}

/// The keys `keyBenchmarks` measures by default.
let standardKeyScripts: [(String, [Key])] = [
    ("j (next row) near the top", [.down]),
    ("G (last row of 300k+)", [.character("G")]),
    ("l (expand a record)", [.character("l")]),
    ("l then h (expand and collapse a record deep in the open array, one frame)", [.character("l"), .character("h")]),
    ("J (next sibling)", [.character("J")]),
    ("PgDn", [.pageDown]),
]

/// Key to frame, at the top, deep inside, and at the end of a document with the big array open.
func keyBenchmarks(_ size: String, _ opened: BrowserState, scripts: [(String, [Key])] = standardKeyScripts) {
    for (name, keys) in scripts {
        Benchmark(
            "\(size): key to frame: \(name)",
            configuration: .init(metrics: [.wallClock], timeUnits: .microseconds, maxDuration: .seconds(5), maxIterations: 2_000)
        ) { benchmark in
            var state = opened
            // Land somewhere in the middle first for "deep" positions.
            for _ in 0..<1000 { _ = update(&state, .key(.pageDown)) }
            measureKeysToFrame(benchmark, from: state, keys: keys) { state in
                if state.cursor >= state.rowCount - 1 { _ = update(&state, .key(.character("g"))) }
            }
        }
    }
}
