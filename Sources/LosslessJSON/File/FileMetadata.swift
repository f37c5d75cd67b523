#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a replacement file takes over from the file it replaces besides its bytes and mode: the
/// owner and group (where this process may set them — root saving someone else's file must not
/// hand it to root) and the extended attributes, which carry POSIX ACLs and SELinux labels.
enum FileMetadata {
    /// Copies owner, group and extended attributes from `source` (described by `info`) to
    /// `destination`. What the system does not permit is left as the new file has it.
    static func copy(from source: Int32, info: stat, to destination: Int32) {
        var mine = stat()
        if fstat(destination, &mine) == 0, mine.st_uid != info.st_uid || mine.st_gid != info.st_gid {
            // Not permitted for an unprivileged process giving the file away: it stays ours.
            if fchown(destination, info.st_uid, info.st_gid) != 0 {
                _ = fchown(destination, uid_t.max, info.st_gid)  // the group alone, if we are in it
            }
        }
        copyExtendedAttributes(from: source, to: destination)
    }

    #if os(Linux)
    // glibc's xattr functions are not in the Glibc module map; they are looked up once.
    private typealias ListFunction = @convention(c) (Int32, UnsafeMutablePointer<CChar>?, Int) -> Int
    private typealias GetFunction = @convention(c) (Int32, UnsafePointer<CChar>, UnsafeMutableRawPointer?, Int) -> Int
    private typealias SetFunction = @convention(c) (Int32, UnsafePointer<CChar>, UnsafeRawPointer?, Int, Int32) -> Int32

    private struct Functions: @unchecked Sendable {
        let list: ListFunction
        let get: GetFunction
        let set: SetFunction
    }

    private static let functions: Functions? = {
        guard let list = dlsym(nil, "flistxattr"), let get = dlsym(nil, "fgetxattr"), let set = dlsym(nil, "fsetxattr") else {
            return nil
        }
        return Functions(
            list: unsafeBitCast(list, to: ListFunction.self), get: unsafeBitCast(get, to: GetFunction.self),
            set: unsafeBitCast(set, to: SetFunction.self))
    }()

    private static func copyExtendedAttributes(from source: Int32, to destination: Int32) {
        guard let functions else { return }
        let size = functions.list(source, nil, 0)
        guard size > 0 else { return }
        var names = [CChar](repeating: 0, count: size)
        let listed = functions.list(source, &names, size)
        guard listed > 0 else { return }
        var start = 0
        while start < listed {
            var end = start
            while end < listed, names[end] != 0 { end += 1 }
            names.withUnsafeBufferPointer { buffer in
                let name = buffer.baseAddress! + start
                let length = functions.get(source, name, nil, 0)
                guard length >= 0 else { return }
                var value = [UInt8](repeating: 0, count: max(length, 1))
                let read = functions.get(source, name, &value, length)
                guard read >= 0 else { return }
                // EPERM/ENOTSUP: a namespace this process may not write (trusted.*, security.*).
                _ = functions.set(destination, name, value, read, 0)
            }
            start = end + 1
        }
    }
    #else
    private static func copyExtendedAttributes(from source: Int32, to destination: Int32) {}
    #endif
}
