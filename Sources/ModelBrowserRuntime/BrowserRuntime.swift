import Dispatch
import DictionaryStorage
import LosslessJSON
import ModelBrowser

/// The browser's one event loop: it draws into a terminal backend and waits on two things at
/// once — the terminal's keys and its `Inbox`, where loads, checks, change watches and the editor
/// post their news from other threads — feeds each to `update`, and carries out the effects
/// (saving and reloading through the document source, copying through the terminal), answering
/// each with the event that says how it went. `update` and `render` stay pure; this is where the
/// I/O happens.
public struct BrowserRuntime<Terminal: TerminalBackend> {
    /// The terminal.
    public let terminal: Terminal
    /// Where the document comes from and goes back to.
    public internal(set) var source: any DocumentSource
    /// The models the browser knows.
    public let registry: ModelRegistry
    /// The model to bind, by name (`nil`: the best match).
    public let modelName: String?
    /// The person's settings (keys, wrapping; the editor's fallback).
    public var settings: BrowserSettings
    /// Where a value goes to be edited at length (`o`).
    public var editor: any ValueEditor
    /// What describes each loaded document beyond the registry (a JSON Schema chosen for it), run
    /// on every load and reload.
    public var describe: Describe?

    /// Describes a freshly loaded state (`BrowserState.describe(as:…)`, `note(_:)`) at once, with
    /// what it has; what it cannot have yet (a schema still to be fetched) it returns as work for
    /// later, which the runtime runs on another thread and after which it describes the state then
    /// shown again.
    public typealias Describe = @Sendable (inout BrowserState) -> DescribeLater?
    /// Work a describer leaves for another thread (fetching a schema); when it returns, the state
    /// shown is described again.
    public typealias DescribeLater = @Sendable () -> Void

    /// Where the workers' news arrives.
    let inbox = Inbox()
    /// The workers under way; when the runtime is let go, they are stopped.
    let crew = Crew()
    /// The load under way, and what its document is for.
    var load: (worker: LoadWorker, purpose: LoadPurpose)? {
        get { crew.load }
        nonmutating set { crew.load = newValue }
    }
    /// The ticket of the check under way (its answer is news only while it is the latest).
    var checkTicket: Int?
    /// Asks the source what others changed.
    var watcher: ChangeWatcher? {
        get { crew.watcher }
        nonmutating set { crew.watcher = newValue }
    }
    /// The last ticket given to a worker.
    var tickets = 0
    /// Whether the terminal is handed to the person's editor (no keys are read, nothing drawn).
    var suspended = false

    /// A runtime for a source in a terminal; `editor` defaults to the person's editor.
    public init(
        terminal: Terminal, source: any DocumentSource, registry: ModelRegistry, modelName: String? = nil,
        settings: BrowserSettings = BrowserSettings(), editor: (any ValueEditor)? = nil, describe: Describe? = nil
    ) {
        self.terminal = terminal
        self.source = source
        self.registry = registry
        self.modelName = modelName
        self.settings = settings
        self.editor = editor ?? ExternalEditor(fallback: settings.editor)
        self.describe = describe
        // A large file is mapped: one cut short by another program must not take the edits with
        // the process. Installed after the terminal's own handler, so it sees the fault first.
        MappedFileGuard.install()
    }

    /// What is on the screen: the loading screen — before a document is there, or over the state
    /// a slow reload replaces —, or the browser.
    enum Screen {
        case loading(LoadingProgress, behind: BrowserState?)
        case browsing(BrowserState)
    }

    /// A load that covers the browser with the loading screen, asked for by an effect: the loop
    /// puts the screen up once the effect's event is handled.
    var coverRequest: LoadingProgress?

    /// How a run ended.
    enum Ending {
        /// The person quit, in this state.
        case quit(BrowserState)
        /// The first load failed (or was cancelled) before anything was shown.
        case failed(DocumentSourceError)
    }

    /// The state for a loaded document, sized to the terminal.
    public func state(for document: JSONDocument) -> BrowserState {
        let size = terminal.size
        var state = BrowserState(
            document: document, sourceName: source.name, canSaveInPlace: source.canSaveInPlace, layout: source.layout,
            registry: registry, modelName: modelName, width: size.width, height: size.height)
        state.colors = terminal.colors
        state.diffBySource = source.savesItsOwnText
        state.membersTurnOff = source.membersTurnOff
        settings.apply(to: &state)
        if let later = describe?(&state) { describeLater(later) }
        if let notice = source.notice { state.note([state.message, notice].compactMap { $0 }.joined(separator: " — "), error: state.messageIsError) }
        settings.reportProblems(in: &state)
        return state
    }

    /// Runs the browser on a state until the person quits; returns the state it quit in.
    @discardableResult
    public mutating func run(_ initial: BrowserState) -> BrowserState {
        var state = initial
        state.colors = terminal.colors
        let size = terminal.size
        if size.width != state.width || size.height != state.height {
            _ = update(&state, .resize(width: size.width, height: size.height))
        }
        if state.checkPending { startCheck(of: state) }
        switch loop(.browsing(state)) {
        case .quit(let final): return final
        case .failed: return state  // (only a first load fails this way; a browsed state never does)
        }
    }

    /// The loop: draw, wait for a key or news, apply it, until the person quits or the first load
    /// fails.
    mutating func loop(_ start: Screen) -> Ending {
        var screen = start
        watchChanges()
        // Whatever still runs when the person quits has nothing left to do.
        defer { crew.stop() }
        var grid = Grid(width: 1, height: 1)
        draw(screen, into: &grid)
        while true {
            var event: Event?
            if suspended {
                _ = inbox.wait(milliseconds: -1)
            } else {
                event = terminal.nextEvent(timeout: -1, wakingOn: inbox.descriptor)
            }
            if let event, let ending = take(event, on: &screen) { return ending }
            for news in inbox.take() {
                if let ending = take(news, on: &screen) { return ending }
            }
            if !suspended { draw(screen, into: &grid) }
        }
    }

    /// Draws a screen (a new grid when the terminal's size changed).
    private func draw(_ screen: Screen, into grid: inout Grid) {
        switch screen {
        case .loading(let progress, _):
            let size = terminal.size
            terminal.draw(renderLoading(progress, width: size.width, height: size.height, colors: terminal.colors, keys: settings.keys))
        case .browsing(let state):
            if grid.width != state.width || grid.height != state.height { grid = Grid(width: state.width, height: state.height) }
            render(state, into: &grid)
            terminal.draw(grid)
        }
    }

    /// Applies a terminal event to the screen; an ending when it ends the run.
    private mutating func take(_ event: Event, on screen: inout Screen) -> Ending? {
        switch screen {
        case .loading:
            // The loading screen's keys cancel the load (its end is then news); a resize redraws.
            if case .key(let key) = event, settings.keys.action(for: key, in: .loading) == .cancel { load?.worker.cancel() }
            return nil
        case .browsing(var state):
            let goesOn = handle(event, state: &state)
            screen = .browsing(state)
            if let cover = coverRequest {
                coverRequest = nil
                screen = .loading(cover, behind: state)
            }
            return goesOn ? nil : .quit(state)
        }
    }

    /// Applies one event and carries out its effects (and theirs); returns false when the browser quits.
    public mutating func handle(_ event: Event, state: inout BrowserState) -> Bool {
        var pending = update(&state, event)
        while !pending.isEmpty {
            let effect = pending.removeFirst()
            if effect == .quit { return false }
            for answer in perform(effect, on: &state) { pending += update(&state, answer) }
        }
        // A check an edit asked for (a folded document's) starts when none is running.
        if state.checkPending, checkTicket == nil, state.checker != nil { startCheck(of: state) }
        return true
    }

    /// Starts checking the state's whole document on another thread (its answer replaces that of
    /// any check under way).
    mutating func startCheck(of state: BrowserState) {
        guard let checker = state.checker else { return }
        tickets += 1
        checkTicket = tickets
        CheckWorker.start(checker, state.document, revision: state.revision, ticket: tickets, inbox: inbox)
    }

    /// Runs a describer's later work on another thread; the runtime describes the state again when
    /// it is done (`RuntimeNews.describeAgain`).
    func describeLater(_ later: @escaping DescribeLater) {
        let inbox = inbox
        DispatchQueue.global().async {
            later()
            inbox.post(.describeAgain)
        }
    }

    /// Starts (again) asking the source what others changed.
    mutating func watchChanges() {
        watcher?.stop()
        watcher = ChangeWatcher(source, inbox: inbox)
    }

    /// Applies the news waiting in the inbox to a state, without waiting; returns whether there
    /// was any. (The loop does this itself; tests drive the runtime event by event with it.)
    mutating func deliverNews(to state: inout BrowserState) -> Bool {
        var screen = Screen.browsing(state)
        let news = inbox.take()
        for item in news { _ = take(item, on: &screen) }
        if case .browsing(let now) = screen { state = now }
        return !news.isEmpty
    }

    /// Asks the source at once what others changed and hands it to the state (the watcher asks
    /// four times a second); whether there was news.
    mutating func askForChanges(to state: inout BrowserState) -> Bool {
        guard let what = source.changesByOthers() else { return false }
        _ = handle(.changedByOthers(what), state: &state)
        return true
    }

    /// Waits up to `milliseconds` for news and applies it (tests: a background load or check).
    mutating func waitForNews(to state: inout BrowserState, milliseconds: Int32 = 30_000) -> Bool {
        guard inbox.wait(milliseconds: milliseconds) else { return false }
        return deliverNews(to: &state)
    }
}

/// The runtime's workers: the load under way and the change watcher. Stopped when the runtime's
/// loop ends — or when the runtime is let go without one (a test driving it event by event) — so
/// a load nobody will show does not run on, nor fill an inbox nobody reads.
final class Crew: @unchecked Sendable {
    // (Only the runtime's thread touches these.)
    var load: (worker: LoadWorker, purpose: LoadPurpose)?
    var watcher: ChangeWatcher?

    /// Cancels the load and stops the watcher.
    func stop() {
        load?.worker.cancel()
        load = nil
        watcher?.stop()
        watcher = nil
    }

    deinit { stop() }
}
