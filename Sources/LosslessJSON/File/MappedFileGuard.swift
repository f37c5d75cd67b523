import CMappedFileGuard

/// Keeps a process alive when a mapped file shrinks under it.
///
/// Reading a page of a mapped file past its new end raises SIGBUS, which ends the process — and a
/// browser's unsaved edits with it. Once installed, a read of such a page in any mapped
/// `JSONBytes` finds a page of zeros instead (a NUL byte is invalid everywhere in JSON, so a parse
/// of it fails cleanly), and `faultCount` counts them so the program can say what happened.
/// Faults anywhere else go to the handler installed before.
public enum MappedFileGuard {
    /// Installs the SIGBUS handler; call it after anything else that handles SIGBUS (a terminal's
    /// restorer), so that this one sees the fault first.
    public static func install() { keepsake_guard_install() }

    /// Pages of mapped files read after they were cut off (replaced by zeros), since the start.
    public static var faultCount: Int { keepsake_guard_fault_count() }
}
