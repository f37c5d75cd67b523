import Foundation
import Testing

/// The README's Swift examples are compiled and run here, so they cannot drift from the API.
///
/// Each ```swift block of README.md must appear, line by line and in order, in one of the files of
/// this folder, of the two seed test targets, or in the custom-browser sample (which CI builds and
/// runs); the tests in those files interleave assertions between the lines.
@Suite("README examples")
struct ReadmeTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The README's Swift blocks, each as its non-empty lines with surrounding spaces trimmed.
    static func readmeSwiftBlocks() throws -> [[String]] {
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        var blocks: [[String]] = []
        var current: [String]?
        for line in readme.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line.hasPrefix("```swift") {
                current = []
            } else if let block = current, line.hasPrefix("```") {
                blocks.append(block)
                current = nil
            } else if current != nil {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if !trimmed.isEmpty { current?.append(trimmed) }
            }
        }
        return blocks
    }

    /// Whether `block` occurs in `lines` as a subsequence, in order.
    static func occurs(_ block: [String], in lines: [String]) -> Bool {
        var next = block.startIndex
        for line in lines where next < block.endIndex && line == block[next] { next += 1 }
        return next == block.endIndex
    }

    @Test func everySwiftBlockOfTheReadmeIsCompiledByATest() throws {
        // This folder, and the seed targets, whose files import only the seed's product.
        var sources: [URL] = []
        for name in ["Tests/ReadmeTests", "Tests/DictionaryStorageSeedTests", "Tests/SwiftSerializationSeedTests"] {
            let folder = Self.root.appendingPathComponent(name)
            sources += try FileManager.default.contentsOfDirectory(atPath: folder.path)
                .filter { $0.hasSuffix(".swift") }
                .map { folder.appendingPathComponent($0) }
        }
        sources.append(Self.root.appendingPathComponent("Samples/CustomBrowser/Sources/TaskBrowser/main.swift"))
        let files = try sources.map { url in
            try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        }
        let blocks = try Self.readmeSwiftBlocks()
        #expect(blocks.count >= 5, "the README's library, models, variants, custom browser and record store examples")
        for block in blocks {
            #expect(files.contains { Self.occurs(block, in: $0) }, "not compiled by any test:\n\(block.joined(separator: "\n"))")
        }
    }

    @Test func theCheckNoticesADriftedLine() {
        let file = ["import X", "let a = 1", "#expect(a == 1)", "let b = a + 1"]
        #expect(Self.occurs(["let a = 1", "let b = a + 1"], in: file))
        #expect(!Self.occurs(["let a = 2", "let b = a + 1"], in: file))
        #expect(!Self.occurs(["let b = a + 1", "let a = 1"], in: file))
    }
}

/// A temporary folder for one test.
struct Scratch {
    let url: URL
    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("keepsake-readme-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    func path(_ name: String) -> String { url.appendingPathComponent(name).path }
    func remove() { try? FileManager.default.removeItem(at: url) }
}
