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
    /// Bytes a save writes between two calls of `start`.
    static let chunk = 64 << 20

    private typealias Function = @convention(c) (Int32, Int64, Int64, UInt32) -> Int32
    private static let syncFileRangeWrite: UInt32 = 2

    private static let function = cLibraryFunction("sync_file_range", as: Function.self)

    /// Starts writeback of the `count` bytes just written before fd's offset, without waiting. A
    /// failure is left to the save's fsync, which writes (and reports) everything anyway.
    static func start(_ fd: Int32, last count: Int) {
        guard let function, count > 0 else { return }
        let end = lseek(fd, 0, SEEK_CUR)
        guard end >= count else { return }
        _ = function(fd, Int64(end) - Int64(count), Int64(count), syncFileRangeWrite)
    }
}
