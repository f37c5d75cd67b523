#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Starts writing a new file's bytes to disk while a save is still writing the rest (Linux's
/// `sync_file_range` with `SYNC_FILE_RANGE_WRITE`, which Swift's Glibc module does not declare):
/// the disk works beside the copy, and the fsync that ends the save has only the last chunk left
/// to wait for. Looked up by name; without it the fsync does all the writing, as before.
enum FileWriteback {
    /// The size of the file's chunks: each is started on its way to disk once written to its end.
    static let chunk = 64 << 20

    private typealias Function = @convention(c) (Int32, Int64, Int64, UInt32) -> Int32
    private static let syncFileRangeWrite: UInt32 = 2

    private static let function = cLibraryFunction("sync_file_range", as: Function.self)

    /// The whole chunks that a write of `written` (file offsets) completes: from the start of the
    /// chunk it began in to the end of the last chunk it finished; empty when it finished none.
    /// Whatever the sizes of the writes, every chunk is started once its end is written.
    static func chunksCompleted(by written: Range<Int>) -> Range<Int> {
        let start = written.lowerBound / chunk * chunk
        return start..<max(start, written.upperBound / chunk * chunk)
    }

    /// Starts writeback of the chunks completed by writing `written` (file offsets) to fd, without
    /// waiting. A failure is left to the save's fsync, which writes (and reports) everything anyway.
    static func wrote(_ written: Range<Int>, to fd: Int32) {
        let chunks = chunksCompleted(by: written)
        guard let function, !chunks.isEmpty else { return }
        _ = function(fd, Int64(chunks.lowerBound), Int64(chunks.count), syncFileRangeWrite)
    }

    /// The same for `count` bytes just written at fd's offset (which now stands after them).
    static func wrote(_ count: Int, to fd: Int32) {
        guard function != nil, count > 0 else { return }
        let end = Int(lseek(fd, 0, SEEK_CUR))
        guard end >= count else { return }
        wrote(end - count..<end, to: fd)
    }
}
