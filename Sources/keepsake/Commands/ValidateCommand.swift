import ArgumentParser
import LosslessJSON
#if canImport(Glibc)
import Glibc
#endif

/// `keepsake validate FILE...`: checks that files are valid JSON (or JSON Lines).
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check that files are valid JSON; print FILE:LINE:COLUMN: error: MESSAGE for each that is not.",
        discussion: "Files ending in .jsonl or .ndjson are read as JSON Lines, every invalid line reported. Exit status: 0 when all files are valid, 1 otherwise."
    )

    @Argument(help: "The files to check (\"-\" for standard input).")
    var files: [String]

    @Option(help: "The deepest nesting accepted.")
    var maxDepth: Int = JSONParseOptions.default.maxDepth

    @Flag(help: "Under each error, show the offending line and a caret.")
    var showSource = false

    @Flag(help: "Read every file as JSON Lines.")
    var lines = false

    @Flag(help: "Print each valid file's value count, index size and parse speed.")
    var stats = false

    func run() throws {
        let options = JSONParseOptions(maxDepth: maxDepth)
        var failed = false
        for file in files {
            do {
                let (storage, _) = try JSONFileReader.read(path: file)
                if lines || isJSONLines(file) {
                    do {
                        _ = try JSONLinesDocument(bytes: storage.buffer, options: options)
                    } catch {
                        failed = true
                        for line in error.lines { report(file, line: line.line, line.error) }
                    }
                } else {
                    do {
                        let started = monotonicSeconds()
                        let document = try JSONDocument(storage: storage, options: options)
                        if stats { printStats(file, document, seconds: monotonicSeconds() - started) }
                    } catch {
                        failed = true
                        report(file, line: error.line, error)
                    }
                }
            } catch {
                failed = true
                printError("\(file): error: \(readFailure(error))")
            }
        }
        if failed { throw CommandFailure(message: "") }
    }

    private func printStats(_ file: String, _ document: JSONDocument, seconds: Double) {
        let megabytes = Double(document.bytes.count) / 1e6
        let perValue = Double(document.indexByteCount) / Double(max(1, document.nodeCount))
        print("\(file): \(document.nodeCount) values, \(document.bytes.count) bytes, index \(document.indexByteCount) bytes "
            + "(\(formatted(perValue)) bytes/value), parsed in \(formatted(seconds * 1000)) ms (\(formatted(megabytes / seconds)) MB/s)")
    }

    private func report(_ file: String, line: Int, _ error: JSONParseError) {
        printError("\(file):\(line):\(error.column): error: \(error.message)")
        if showSource { printError(error.excerpt) }
    }
}

/// Seconds on the monotonic clock.
func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

/// A number with one decimal.
func formatted(_ value: Double) -> String {
    let tenths = (value * 10).rounded()
    return "\(Int(tenths) / 10).\(abs(Int(tenths) % 10))"
}

/// Whether a file name says JSON Lines.
func isJSONLines(_ path: String) -> Bool {
    path.hasSuffix(".jsonl") || path.hasSuffix(".ndjson")
}

/// The reason part of a read failure, without the path (the caller prints it first).
func readFailure(_ error: JSONFileError) -> String {
    switch error {
    case .cannotRead(_, let reason), .cannotWrite(_, let reason): reason
    default: error.description
    }
}
