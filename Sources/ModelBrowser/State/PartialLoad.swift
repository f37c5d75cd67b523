import LosslessJSON

/// A first screen of a large file's start, shown while the whole file loads behind it: how far
/// the load got, or why it failed. The view is read-only meanwhile: moving about and opening what
/// is there works; what needs the whole document (the end, find, edits, saving) waits for it.
public struct PartialLoad: Sendable, Hashable {
    /// How far the load of the whole has got.
    public var progress: LoadingProgress
    /// Why the whole could not be loaded: the start stays shown, read-only, for good.
    public var failure: String?

    /// A load under way.
    public init(progress: LoadingProgress) {
        self.progress = progress
    }

    /// What the status line says to a key that needs the whole document.
    func refusal(_ action: BrowserAction) -> String {
        if let failure { return "read-only: only the start of the file is shown (\(failure))" }
        let what = action == .lastRow ? "the end" : action == .save ? "saving" : action == .command ? "commands (q quits)" : "that"
        return "still loading (\(progress.percent)%): only the start is shown; \(what) waits for the whole file"
    }

    /// Whether an action works on the start alone: moving about and opening what is there.
    static func worksOnAPart(_ action: BrowserAction) -> Bool {
        switch action {
        case .moveDown, .moveUp, .expandOrEnter, .collapseOrLeave, .toggleFold, .nextSibling, .previousSibling,
            .firstRow, .halfPageDown, .halfPageUp, .pageDown, .pageUp, .expandAll, .collapseAll,
            .quit, .copyPath, .copyValue, .help, .toggleWrap, .scrollValueLeft, .scrollValueRight, .cancel:
            return true
        default:
            return false
        }
    }
}

extension BrowserState {
    /// Shows `start` — the beginning of a document still loading — until `finishLoading`.
    public mutating func showPartly(_ progress: LoadingProgress) {
        partialLoad = PartialLoad(progress: progress)
    }

    /// Shows more of the document while it loads (what its parse has indexed so far), keeping
    /// what is open and the cursor by path; still read-only.
    public mutating func showLoadedPart(_ part: JSONDocument) {
        replaceDocument(part)
        saved = part
        savedDepth = 0
    }

    /// Puts the whole document in place of its start, keeping what is open and the cursor by path;
    /// returns the effects that follow (the whole document's check).
    public mutating func finishLoading(_ whole: JSONDocument) -> [Effect] {
        partialLoad = nil
        replaceDocument(whole)
        saved = whole
        savedDepth = 0
        undoStack = []
        redoStack = []
        guard checker != nil else { return [] }
        checkPending = true
        return [.checkDocument]
    }
}
