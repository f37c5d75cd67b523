import LosslessJSON

/// A first screen of a large file's start, shown while the whole file loads behind it: how far
/// the load got, or why it failed. The view is read-only meanwhile: moving about and opening what
/// is there works; a move to what has not loaded yet (the end, a search, a path further on) waits
/// for it and is made when it is there; edits and saving wait for the whole document.
public struct PartialLoad: Sendable, Hashable {
    /// How far the load of the whole has got.
    public var progress: LoadingProgress
    /// Why the whole could not be loaded: the start stays shown, read-only, for good.
    public var failure: String?
    /// A move asked for that needs more of the document than has loaded, made once it has.
    public var waiting: WaitingMove?

    /// A move that waits for more of a loading document.
    public enum WaitingMove: Sendable, Hashable {
        /// `G`: the last row, known once the whole is loaded.
        case lastRow
        /// `/`, `n`, `N`: a match may lie anywhere, so the search runs on the whole.
        case find(forward: Bool)
        /// `:PATH` whose value has not loaded yet: gone to as soon as a part has it.
        case goTo(JSONPath)

        /// What the status line says it waits to do.
        var text: String {
            switch self {
            case .lastRow: "go to the end"
            case .find(let forward): forward ? "find the next match" : "find the previous match"
            case .goTo(let path): "go to \(path.jq)"
            }
        }
    }

    /// A load under way.
    public init(progress: LoadingProgress) {
        self.progress = progress
    }

    /// Whether the whole is still loading (not failed): a part grows, and the whole will come.
    var isLoading: Bool { failure == nil }

    /// What the status line says to a key that needs the whole document.
    func refusal(_ action: BrowserAction) -> String {
        if let failure { return "read-only: only the start of the file is shown (\(failure)); once the file is fixed, :e reloads it" }
        let what = action == .save ? "saving" : action == .command ? "that command" : "that"
        return "still loading (\(progress.summary)): only the start is shown; \(what) waits for the whole file"
    }

    /// What the status line says while a move waits.
    func waitingText(_ move: WaitingMove) -> String {
        "waiting for the whole file (\(progress.summary)) to \(move.text) — Esc stops waiting"
    }

    /// Whether an action works on the start alone: moving about and opening what is there, and
    /// the prompts of find and go-to (what they ask for waits when it must).
    static func worksOnAPart(_ action: BrowserAction) -> Bool {
        switch action {
        case .moveDown, .moveUp, .expandOrEnter, .collapseOrLeave, .toggleFold, .nextSibling, .previousSibling,
            .firstRow, .halfPageDown, .halfPageUp, .pageDown, .pageUp, .expandAll, .collapseAll,
            .quit, .copyPath, .copyValue, .help, .toggleWrap, .scrollValueLeft, .scrollValueRight, .cancel, .stopWaiting, .toggleComments,
            .find, .command, .toggleTable:
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
    /// what is open and the cursor by path; still read-only. A path waited for is gone to once
    /// a part has it.
    public mutating func showLoadedPart(_ part: JSONDocument) {
        replaceDocument(part)
        history.reset(to: part)
        if case .goTo(let path)? = partialLoad?.waiting, goToIfLoaded(path) { partialLoad?.waiting = nil }
    }

    /// Puts the whole document in place of its start, keeping what is open and the cursor by path,
    /// and makes the move that waited for it; returns the effects that follow (the whole
    /// document's check).
    public mutating func finishLoading(_ whole: JSONDocument) -> [Effect] {
        let waiting = partialLoad?.waiting
        partialLoad = nil
        replaceDocument(whole)
        history.reset(to: whole)
        if let waiting { make(waiting) }
        guard checker != nil else { return [] }
        check.pending = true
        return [.checkDocument]
    }

    /// Makes a move now when what it needs is shown, or else once it has loaded (see `PartialLoad`).
    mutating func moveOrWait(_ move: PartialLoad.WaitingMove) {
        guard partialLoad?.isLoading == true else { return make(move) }
        if case .goTo(let path) = move, goToIfLoaded(path) {
            partialLoad?.waiting = nil
            return
        }
        partialLoad?.waiting = move
    }

    /// Makes a move on the document shown.
    private mutating func make(_ move: PartialLoad.WaitingMove) {
        switch move {
        case .lastRow: navigate(.lastRow)
        case .find(let forward): findNext(forward: forward)
        case .goTo(let path): goTo(path)
        }
    }
}

extension PartialLoad.WaitingMove {
    /// The move an action asks for, when it may need more of a loading document.
    init?(_ action: BrowserAction) {
        switch action {
        case .lastRow: self = .lastRow
        case .findNext: self = .find(forward: true)
        case .findPrevious: self = .find(forward: false)
        default: return nil
        }
    }
}
