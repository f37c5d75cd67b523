import DictionaryStorage
import Dispatch
import LosslessJSON
import Synchronization

/// The browser's one event loop: it draws the state into a terminal backend, reads the backend's
/// events, feeds them to `update`, and carries out the effects — saving and reloading through the
/// document source, copying through the terminal — answering each with the event that says how it
/// went. `update` and `render` stay pure; this is where the I/O happens.
public struct BrowserRuntime<Terminal: TerminalBackend> {
    /// The terminal.
    public let terminal: Terminal
    /// Where the document comes from and goes back to.
    public private(set) var source: any DocumentSource
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

    /// Describes a freshly loaded state (`BrowserState.describe(as:…)`, `note(_:)`).
    public typealias Describe = @Sendable (inout BrowserState) -> Void
    /// The check of the whole document running on another thread, if one is.
    private var check: BackgroundCheck?
    /// The load of the whole document behind a first screen of its start, while it runs.
    private var loading: BackgroundLoad?
    /// What the load has indexed so far, being made ready on another thread to be shown.
    private var preparing: PreparedPart?
    /// The last part shown (`JSONParseProgress.prefixGeneration`), and when.
    private var shownPart = (generation: 0, at: ContinuousClock.now)
    /// When the source was last asked what others changed.
    private var askedForChanges = ContinuousClock.now
    /// How often a growing part of a loading document replaces the one shown.
    static var partInterval: Duration { .milliseconds(500) }

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

    /// Loads the source on another thread while the loading screen shows its progress, redrawn on
    /// resize; the loading keys (q, Escape, ^C) cancel it.
    public mutating func loadShowingProgress() throws(DocumentSourceError) -> JSONDocument {
        let load = BackgroundLoad(source)
        let keys = settings.keys
        var shown: LoadingProgress?
        while true {
            if let (result, loaded) = load.outcome {
                source = loaded
                return try result.get()
            }
            let now = LoadingProgress(sourceName: source.name, load.progress.snapshot)
            if now != shown {
                shown = now
                let size = terminal.size
                terminal.draw(renderLoading(now, width: size.width, height: size.height, colors: terminal.colors, keys: keys))
            }
            // The wait for a key is the pause between frames.
            switch terminal.nextEvent(timeout: 50) {
            case .key(let key)? where keys.action(for: key, in: .loading) == .cancel: load.progress.cancel()
            case .resize? : shown = nil
            default: break
            }
        }
    }

    /// Shows `start` (the source's `preview()`) at once, read-only, while the whole source loads on
    /// another thread; the whole then takes its place, keeping what was opened and the cursor. A
    /// load that fails leaves the start shown, read-only, with the reason. Returns the state the
    /// browser quit in.
    @discardableResult
    public mutating func run(showing start: JSONDocument) -> BrowserState {
        let initial = startLoading(showing: start)
        // Quitting before the whole is there: the load has nothing left to do.
        defer { stopLoading() }
        return run(initial)
    }

    /// Cancels the background load under way, if any, and forgets its parts.
    private mutating func stopLoading() {
        loading?.progress.cancel()
        loading = nil
        preparing = nil
        shownPart = (0, .now)
    }

    /// Starts loading the whole source on another thread and returns the state showing `start`
    /// meanwhile (`deliverLoad` hands over the load's news).
    mutating func startLoading(showing start: JSONDocument) -> BrowserState {
        // A load already under way (a reload started over it) has nothing left to do.
        stopLoading()
        let load = BackgroundLoad(source, publishingParts: true)
        var initial = state(for: start)
        initial.showPartly(LoadingProgress(sourceName: source.name, load.progress.snapshot))
        loading = load
        return initial
    }

    /// Hands the background load's progress or outcome to the state — and, every half second,
    /// what it has indexed so far, so the view grows while the whole loads; returns whether the
    /// state changed.
    mutating func deliverLoad(to state: inout BrowserState, now: ContinuousClock.Instant = .now) -> Bool {
        guard let load = loading else { return false }
        guard let (result, loaded) = load.outcome else {
            var changed = false
            if let ready = preparing?.document {
                preparing = nil
                state.showLoadedPart(ready)
                changed = true
            } else if preparing == nil, now - shownPart.at >= Self.partInterval {
                let generation = load.progress.parse.prefixGeneration
                if generation > shownPart.generation {
                    shownPart = (generation, now)
                    preparing = PreparedPart(load.progress.parse)
                }
            }
            let progress = LoadingProgress(sourceName: source.name, load.progress.snapshot)
            guard progress != state.partialLoad?.progress else { return changed }
            _ = handle(.loadProgressed(progress), state: &state)
            return true
        }
        stopLoading()
        switch result {
        case .success(let whole):
            source = loaded
            for effect in state.finishLoading(whole) { _ = perform(effect, on: &state) }
        case .failure(let error):
            _ = handle(.loadFailed(error.message), state: &state)
        }
        return true
    }

    /// The state for a loaded document, sized to the terminal.
    public func state(for document: JSONDocument) -> BrowserState {
        let size = terminal.size
        var state = BrowserState(
            document: document, sourceName: source.name, canSaveInPlace: source.canSaveInPlace, layout: source.layout,
            registry: registry, modelName: modelName, width: size.width, height: size.height)
        state.colors = terminal.colors
        settings.apply(to: &state)
        describe?(&state)
        if let notice = source.notice { state.note([state.message, notice].compactMap { $0 }.joined(separator: " — "), error: state.messageIsError) }
        return state
    }

    /// Runs the browser until it quits; returns the state it quit in.
    @discardableResult
    public mutating func run(_ initial: BrowserState) -> BrowserState {
        var state = initial
        state.colors = terminal.colors
        var grid = Grid(width: state.width, height: state.height)
        let size = terminal.size
        if size.width != state.width || size.height != state.height {
            _ = update(&state, .resize(width: size.width, height: size.height))
        }
        if state.checkPending { startCheck(of: state) }
        render(state, into: &grid)
        terminal.draw(grid)
        while true {
            // While a check or a load runs, the wait for a key is short, so its news is shown soon.
            let event = terminal.nextEvent(timeout: check == nil && loading == nil ? 200 : 20)
            if let event, !handle(event, state: &state) { return state }
            let answered = deliverFinishedCheck(to: &state)
            let loaded = deliverLoad(to: &state)
            let changed = deliverChangesByOthers(to: &state)
            guard event != nil || answered || loaded || changed else { continue }
            render(state, into: &grid)
            terminal.draw(grid)
        }
    }

    /// Starts checking the state's whole document on another thread (replacing a check under way).
    mutating func startCheck(of state: BrowserState) {
        guard let checker = state.checker else { return }
        let started = BackgroundCheck(revision: state.revision)
        let document = state.document
        DispatchQueue.global().async {
            // A check reads every value: a folded document is indexed whole for it, and let go after.
            let problems =
                if let whole = document.fullyIndexed() {
                    checker.problems(in: whole)
                } else {
                    [DocumentProblem(path: .root, message: "not checked: the file changed on disk since it was read (reload it)")]
                }
            started.finish(problems)
        }
        check = started
    }

    /// Hands a finished check's answer to `update`; returns whether there was one.
    mutating func deliverFinishedCheck(to state: inout BrowserState) -> Bool {
        guard let running = check, let problems = running.problems else { return false }
        check = nil
        _ = handle(.checked(problems: problems, revision: running.revision), state: &state)
        return true
    }

    /// Asks the source (at most four times a second) what others changed, and tells `update`;
    /// returns whether they changed anything.
    mutating func deliverChangesByOthers(to state: inout BrowserState, now: ContinuousClock.Instant = .now) -> Bool {
        guard now - askedForChanges >= .milliseconds(250) else { return false }
        askedForChanges = now
        guard let what = source.changesByOthers() else { return false }
        // An offer to reload never quits.
        _ = handle(.changedByOthers(what), state: &state)
        return true
    }

    /// Waits for the check under way and hands over its answer (and that of any check it starts):
    /// for callers that drive the runtime event by event, as tests do.
    mutating func finishChecks(_ state: inout BrowserState) {
        while let running = check {
            running.wait()
            _ = deliverFinishedCheck(to: &state)
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
        if state.checkPending, check == nil, state.checker != nil { startCheck(of: state) }
        return true
    }

    /// Carries out one effect; returns the events that answer it.
    mutating func perform(_ effect: Effect, on state: inout BrowserState) -> [Event] {
        switch effect {
        case .quit:
            return []
        case .copy(let text):
            terminal.copy(text)
            return terminal.clipboardNote.map { [.notice($0)] } ?? []
        case .checkDocument:
            startCheck(of: state)
            return []
        case .openInEditor(let request):
            terminal.suspend()
            let outcome = editor.edit(request)
            terminal.resume()
            return [.editorFinished(request, outcome)]
        case .save(let path, let overrides):
            do {
                let saved =
                    if let path {
                        try source.save(state.document, to: path)
                    } else {
                        try source.save(state.document, since: state.saved, overrides: overrides)
                    }
                state.adoptOrigin(saved.origin)
                return [.saved(path: path ?? source.name)]
            } catch {
                return [.saveFailed(message: error.message, kind: error.kind)]
            }
        case .reloadAndReapply(let edits, let save):
            let reloaded = reloadWhole(&state)
            guard reloaded.isEmpty else { return reloaded }
            return state.reapply(edits, save: save).flatMap { perform($0, on: &state) }
        case .reload:
            // A large file reloads as it opens: its start at once, the whole behind it.
            guard source.loadsSlowly, let start = source.preview() else { return reloadWhole(&state) }
            let size = (state.width, state.height)
            state = startLoading(showing: start)
            _ = update(&state, .resize(width: size.0, height: size.1))
            check = nil
            return []
        }
    }

    /// Loads the whole source again into a fresh state (a slow one on another thread, behind the
    /// loading screen); the event that says why it could not.
    private mutating func reloadWhole(_ state: inout BrowserState) -> [Event] {
        do {
            let reloaded = source.loadsSlowly ? try loadShowingProgress() : try source.load(progress: LoadProgress())
            let size = (state.width, state.height)
            stopLoading()
            state = self.state(for: reloaded)
            _ = update(&state, .resize(width: size.0, height: size.1))
            if state.checkPending { startCheck(of: state) } else { check = nil }
            return []
        } catch {
            return [.saveFailed(message: "cannot reload: \(error.message)", kind: .failed)]
        }
    }
}

/// Opening a source in a terminal, the way `keepsake` and an app's own browser do it.
public enum Browser {
    /// Loads a source and browses it until the person quits. A source that loads slowly (a large
    /// file) loads inside the terminal with its progress shown, when `showProgress` allows; any
    /// other loads before the terminal is made, so its errors reach standard error as plain text.
    /// Throws the load's `DocumentSourceError`, or what `makeTerminal` throws.
    public static func run<Terminal: TerminalBackend>(
        source: any DocumentSource, registry: ModelRegistry, modelName: String? = nil, settings: BrowserSettings = BrowserSettings(),
        editor: (any ValueEditor)? = nil, describe: BrowserRuntime<Terminal>.Describe? = nil, showProgress: Bool = true,
        terminal makeTerminal: () throws -> Terminal
    ) throws {
        var loading = source
        let document: JSONDocument
        let terminal: Terminal
        if showProgress, loading.loadsSlowly, let start = loading.preview() {
            terminal = try makeTerminal()
            defer { terminal.close() }
            var runtime = BrowserRuntime(
                terminal: terminal, source: loading, registry: registry, modelName: modelName, settings: settings, editor: editor, describe: describe)
            runtime.run(showing: start)
            return
        }
        if showProgress, loading.loadsSlowly {
            terminal = try makeTerminal()
            var runtime = BrowserRuntime(terminal: terminal, source: loading, registry: registry, modelName: modelName, settings: settings, editor: editor)
            do {
                document = try runtime.loadShowingProgress()
            } catch {
                terminal.close()
                throw error
            }
            loading = runtime.source
        } else {
            document = try loading.load(progress: LoadProgress())
            terminal = try makeTerminal()
        }
        defer { terminal.close() }
        var runtime = BrowserRuntime(
            terminal: terminal, source: loading, registry: registry, modelName: modelName, settings: settings, editor: editor, describe: describe)
        runtime.run(runtime.state(for: document))
    }
}

/// A source's load on another thread: its progress (which can cancel it), and its outcome with the
/// source as the load left it, once there is one.
final class BackgroundLoad: Sendable {
    let progress = LoadProgress()
    private let result = Mutex<(Result<JSONDocument, DocumentSourceError>, any DocumentSource)?>(nil)

    /// Starts loading `source`; with `publishingParts`, its parse publishes what it has indexed
    /// so far (`JSONParseProgress.indexedPrefix`). The loaded document's large containers are
    /// counted here, not in the first frame that shows it.
    init(_ source: any DocumentSource, publishingParts: Bool = false) {
        progress.parse.publishesPrefixes = publishingParts
        DispatchQueue.global().async { [self] in
            var loading = source
            let loaded = Result { () throws(DocumentSourceError) in try loading.load(progress: progress) }
            if case .success(let document) = loaded { document.indexLargeContainers() }
            result.withLock { $0 = (loaded, loading) }
        }
    }

    /// The outcome, once the load has ended.
    var outcome: (Result<JSONDocument, DocumentSourceError>, any DocumentSource)? { result.withLock { $0 } }
}

/// What a load has indexed so far, made into a document on another thread (its large containers
/// counted there), once it is ready.
final class PreparedPart: Sendable {
    private let prepared = Mutex<JSONDocument?>(nil)

    init(_ parse: JSONParseProgress) {
        DispatchQueue.global().async { [self] in
            guard let part = parse.indexedPrefix() else { return }
            part.indexLargeContainers()
            prepared.withLock { $0 = part }
        }
    }

    /// The document, once ready.
    var document: JSONDocument? { prepared.withLock { $0 } }
}

/// A check of a whole document on another thread: its answer, once there is one.
final class BackgroundCheck: @unchecked Sendable {
    /// The version of the document checked.
    let revision: Int
    private let answer = Mutex<[DocumentProblem]?>(nil)
    private let done = DispatchSemaphore(value: 0)

    init(revision: Int) { self.revision = revision }

    func finish(_ problems: [DocumentProblem]) {
        answer.withLock { $0 = problems }
        done.signal()
    }

    /// The answer, when the check has finished.
    var problems: [DocumentProblem]? { answer.withLock { $0 } }

    /// Blocks until the check has finished.
    func wait() {
        done.wait()
        done.signal()
    }
}
