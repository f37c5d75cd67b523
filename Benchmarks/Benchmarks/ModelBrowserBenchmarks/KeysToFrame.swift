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
