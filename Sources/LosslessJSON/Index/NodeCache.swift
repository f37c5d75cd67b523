import Synchronization

/// Facts about nodes computed on first request and kept for the document's version.
final class NodeCache: Sendable {
    /// Child directories of large containers, by container id (the index stores no counts).
    let directories: Mutex<[Int: ChildDirectory]>

    init(directories: [Int: ChildDirectory] = [:]) {
        self.directories = Mutex(directories)
    }

    /// The directory of a container, if it was built.
    func directory(_ id: Int) -> ChildDirectory? { directories.withLock { $0[id] } }
}
