import Testing
@testable import LosslessJSON
#if canImport(Glibc)
import Glibc
#endif

/// Saves start each chunk of the new file on its way to disk once it is written to its end,
/// whatever the sizes of the writes that make it up — and the bytes come out the same.
@Suite("Files: writeback during a save")
struct FileWritebackTests {
    let chunk = FileWriteback.chunk

    @Test func aWriteCompletesTheChunksItFinishes() {
        #expect(FileWriteback.chunksCompleted(by: 0..<100).isEmpty)
        #expect(FileWriteback.chunksCompleted(by: 0..<chunk) == 0..<chunk)
        #expect(FileWriteback.chunksCompleted(by: 10..<chunk + 10) == 0..<chunk)
        #expect(FileWriteback.chunksCompleted(by: chunk - 1..<chunk) == 0..<chunk)
        #expect(FileWriteback.chunksCompleted(by: chunk..<chunk + 1).isEmpty)
        #expect(FileWriteback.chunksCompleted(by: 5..<3 * chunk + 5) == 0..<3 * chunk)
    }

    @Test func writesOfAnySizesStartEveryChunkOnceAndNothingUnfinished() {
        // Sizes as a save's pieces come: small edits, odd lengths, copies longer than a chunk.
        let sizes = [1, 4095, chunk / 3, 17, chunk - 5, 2 * chunk + 7, 1 << 20, 3, chunk, 12_345]
        var offset = 0
        var started: [Range<Int>] = []
        for size in sizes {
            let chunks = FileWriteback.chunksCompleted(by: offset..<offset + size)
            if !chunks.isEmpty { started.append(chunks) }
            offset += size
        }
        // One after another, no gap, no overlap, up to the last chunk boundary written.
        #expect(started.first?.lowerBound == 0)
        #expect(zip(started, started.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
        #expect(started.last?.upperBound == offset / chunk * chunk)
    }

    /// Bytes starting as JSON does (`[`), repeating every 4093 (a prime: a piece written a chunk
    /// or a piece's length out of place would not match).
    func pattern(_ count: Int) -> [UInt8] {
        var block = (0..<4093).map { UInt8(truncatingIfNeeded: ($0 &* 2_654_435_761) >> 11) }
        block[0] = UInt8(ascii: "[")
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count + block.count)
        while bytes.count < count { bytes.append(contentsOf: block) }
        bytes.removeLast(bytes.count - count)
        return bytes
    }

    /// Whether mapped bytes are `expected` (compared outside `#expect`, which would print them all).
    func holds(_ bytes: JSONBytes, _ expected: [UInt8]) -> Bool {
        bytes.count == expected.count && expected.withUnsafeBytes { raw in raw.baseAddress.map { memcmp(bytes.base, $0, raw.count) == 0 } ?? true }
    }

    @Test func aSaveLargerThanAChunkWritesItsBytesFromMemoryAndFromAMappedFile() throws {
        let folder = TemporaryFolder()
        let bytes = pattern(2 * chunk + 12_345)
        // From memory: written a chunk at a time.
        let written = folder.path + "/memory.bin"
        try bytes.withUnsafeBufferPointer { _ = try AtomicFileWriter.write($0, to: written) }
        let mapped = try #require(try JSONFileReader.mapIfLarge(path: written, minimumSize: 1))
        #expect(holds(mapped.bytes, bytes))
        // From the mapped file, in pieces that straddle chunk boundaries (the kernel's copy).
        let copied = folder.path + "/copied.bin"
        let fd = open(copied, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        defer { close(fd) }
        for range in [0..<chunk - 100, chunk - 100..<chunk + 7, chunk + 7..<bytes.count] {
            #expect(AtomicFileWriter.copy(range, of: mapped.bytes, to: fd) == nil)
        }
        let again = try #require(try JSONFileReader.mapIfLarge(path: copied, minimumSize: 1))
        #expect(holds(again.bytes, bytes))
    }
}
