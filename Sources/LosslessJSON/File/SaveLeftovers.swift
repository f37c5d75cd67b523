#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a save leaves beside a file while it runs, named after the writer's process so that what a
/// killed writer left can be told from what a live one is still writing:
/// `.NAME.keepsake-PID-XXXXXX` (the new contents, renamed over NAME at the end) and
/// `.NAME.keepsake-PID.journal` (a complete copy of the old contents while an in-place save
/// overwrites NAME).
public enum SaveLeftovers {
    /// The `mkstemp` template of a temporary file for `target`.
    static func temporaryTemplate(for target: String) -> String {
        AtomicFileWriter.directory(of: target) + "/" + prefix(for: target) + "\(getpid())-XXXXXX"
    }

    /// The journal of an in-place save of `target` by this process.
    static func journal(for target: String) -> String {
        AtomicFileWriter.directory(of: target) + "/" + prefix(for: target) + "\(getpid()).journal"
    }

    private static func prefix(for target: String) -> String {
        "." + AtomicFileWriter.basename(of: target) + ".keepsake-"
    }

    /// Cleans up after writers of `path` that died mid-save: an interrupted in-place save is
    /// rolled back from its journal (the file gets its old bytes again), and temporary files of
    /// dead processes are removed. Returns one sentence per thing done, for the person to read;
    /// a live writer's files are left alone.
    @discardableResult
    public static func recover(beside path: String) -> [String] {
        let target = AtomicFileWriter.resolvedTarget(path)
        let folder = AtomicFileWriter.directory(of: target)
        let prefix = prefix(for: target)
        guard let directory = opendir(folder) else { return [] }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = Self.name(of: entry)
            if name.hasPrefix(prefix) { names.append(name) }
        }
        closedir(directory)
        var said: [String] = []
        // Journals first: restoring reads the file, which a stray temporary does not affect.
        for name in names.sorted(by: { $0.hasSuffix(".journal") && !$1.hasSuffix(".journal") }) {
            let rest = name.dropFirst(prefix.count)
            let isJournal = rest.hasSuffix(".journal")
            let pidText = isJournal ? rest.dropLast(".journal".count) : rest.prefix { $0 != "-" }
            guard let pid = Int32(pidText), pid > 0, !isAlive(pid) else { continue }
            let leftover = folder + "/" + name
            if isJournal {
                switch restore(target, from: leftover) {
                case nil:
                    unlink(leftover)
                    said.append("\(shownInMessage(path)): an in-place save was interrupted (process \(pid)); the file's previous contents were restored from its journal")
                case let failure?:
                    said.append("\(shownInMessage(path)): an in-place save was interrupted (process \(pid)) and its journal \(leftover) could not be restored: \(failure); the journal is kept")
                }
            } else if unlink(leftover) == 0 {
                said.append("\(shownInMessage(path)): removed \(name), left by a save that was interrupted (process \(pid))")
            }
        }
        return said
    }

    /// A directory entry's name, read where it lies. The entry is only as long as its name needs
    /// (`d_reclen`): copying the whole `d_name` field, 256 bytes, reads past it.
    static func name(of entry: UnsafeMutablePointer<dirent>) -> String {
        let offset = MemoryLayout<dirent>.offset(of: \dirent.d_name) ?? 0
        return String(cString: (UnsafeRawPointer(entry) + offset).assumingMemoryBound(to: CChar.self))
    }

    /// Whether a process exists and runs (a permission error means it does, owned by someone
    /// else; a zombie — killed, not yet reaped by its parent — writes nothing any more).
    private static func isAlive(_ pid: Int32) -> Bool {
        guard kill(pid, 0) == 0 || errno == EPERM else { return false }
        #if os(Linux)
        // /proc/PID/stat: "PID (name) STATE …"; the name may hold spaces and parentheses.
        let fd = open("/proc/\(pid)/stat", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return true }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 512)
        let n = read(fd, &buffer, buffer.count)
        guard n > 0, let close = buffer[..<n].lastIndex(of: UInt8(ascii: ")")), close + 2 < n else { return true }
        return buffer[close + 2] != UInt8(ascii: "Z")
        #else
        return true
        #endif
    }

    /// Copies a journal's bytes back over the file in place (its links and identity kept); the
    /// reason it failed, if it did.
    static func restore(_ target: String, from journal: String) -> String? {
        let source = open(journal, O_RDONLY | O_CLOEXEC)
        guard source >= 0 else { return errnoText() }
        defer { close(source) }
        let destination = open(target, O_WRONLY | O_CLOEXEC)
        guard destination >= 0 else { return errnoText() }
        defer { close(destination) }
        return AtomicFileWriter.copyContents(from: source, to: destination)
    }
}
