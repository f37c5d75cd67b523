#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The C library's `copy_file_range` (Linux 4.5, glibc 2.27), which Swift's Glibc module does not
/// declare: bytes copied from one file to another inside the kernel, never through this process's
/// memory. Looked up by name, so a system without it falls back to plain writes.
enum FileRangeCopy {
    typealias Function = @convention(c) (
        Int32, UnsafeMutablePointer<Int>?, Int32, UnsafeMutablePointer<Int>?, Int, UInt32
    ) -> Int

    /// The function, or nil where the C library has none.
    static let function = cLibraryFunction("copy_file_range", as: Function.self)
}

/// A C library function that Swift's Glibc module does not declare, looked up by name; nil where
/// the C library has none (or off Linux).
func cLibraryFunction<Function>(_ name: String, as type: Function.Type) -> Function? {
    #if os(Linux)
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
    return unsafeBitCast(symbol, to: Function.self)
    #else
    return nil
    #endif
}
