import Synchronization

/// Facts about nodes computed on first request and kept for the document's version.
final class NodeCache: Sendable {
    /// Child directories of large containers, by container id (the index stores no counts).
    let directories: Mutex<[Int: ChildDirectory]>
    /// A folded document's style (`JSONDocument.style`), read from a parse of its text's first
    /// megabyte, and the offset before which the text decides it: kept across edits after that.
    let foldedStyle: Mutex<(style: JSONStyle, decidedBefore: Int)?>

    init(directories: [Int: ChildDirectory] = [:], foldedStyle: (style: JSONStyle, decidedBefore: Int)? = nil) {
        self.directories = Mutex(directories)
        self.foldedStyle = Mutex(foldedStyle)
    }

    /// The directory of a container, if it was built.
    func directory(_ id: Int) -> ChildDirectory? { directories.withLock { $0[id] } }
}
