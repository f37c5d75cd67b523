import LosslessJSON
import ModelBrowser

/// What a load's document is for.
enum LoadPurpose {
    /// The first load, behind the loading screen: the browser opens on it (a failure ends the run).
    case open
    /// The whole behind a first screen of its start: it takes the part's place, keeping the view.
    case wholeBehindPart
    /// A reload behind the loading screen: a fresh state (a failure keeps the one behind).
    case reload
    /// A reload after which the unsaved edits are made again (and saved, when asked).
    case reapply(UnsavedEdits, save: Bool)
}

extension BrowserRuntime {
    /// Applies one piece of news to the screen; an ending when it ends the run.
    mutating func take(_ news: RuntimeNews, on screen: inout Screen) -> Ending? {
        switch news {
        case .loaded(let ticket, let result, let loaded):
            guard let current = load, current.worker.ticket == ticket else { return nil }
            load = nil
            return finish(current.purpose, result, loaded, on: &screen)
        case .loadProgressed(let ticket, let progress):
            guard load?.worker.ticket == ticket else { return nil }
            switch screen {
            case .loading(_, let behind): screen = .loading(progress, behind: behind)
            case .browsing(var state):
                guard state.partialLoad != nil, progress != state.partialLoad?.progress else { return nil }
                _ = handle(.loadProgressed(progress), state: &state)
                screen = .browsing(state)
            }
        case .partReady(let ticket, let part):
            guard load?.worker.ticket == ticket, case .browsing(var state) = screen, state.partialLoad != nil else { return nil }
            state.showLoadedPart(part)
            screen = .browsing(state)
        case .checked(let ticket, let problems, let revision):
            guard ticket == checkTicket, case .browsing(var state) = screen else { return nil }
            checkTicket = nil
            _ = handle(.checked(problems: problems, revision: revision), state: &state)
            screen = .browsing(state)
        case .changedByOthers(let what):
            // An offer to reload never quits.
            guard case .browsing(var state) = screen else { return nil }
            _ = handle(.changedByOthers(what), state: &state)
            screen = .browsing(state)
        case .describeAgain:
            guard case .browsing(var state) = screen, let describe else { return nil }
            if let later = describe(&state) { describeLater(later) }
            if state.checkPending { startCheck(of: state) }
            screen = .browsing(state)
        case .editorFinished(let request, let outcome):
            terminal.resume()
            suspended = false
            guard case .browsing(var state) = screen else { return nil }
            let size = terminal.size
            if size.width != state.width || size.height != state.height { _ = update(&state, .resize(width: size.width, height: size.height)) }
            _ = handle(.editorFinished(request, outcome), state: &state)
            screen = .browsing(state)
        }
        return nil
    }

    /// What a finished load does, by its purpose.
    private mutating func finish(
        _ purpose: LoadPurpose, _ result: Result<JSONDocument, DocumentSourceError>, _ loaded: any DocumentSource, on screen: inout Screen
    ) -> Ending? {
        switch (purpose, result) {
        case (.open, .failure(let error)):
            return .failed(error)
        case (.wholeBehindPart, .failure(let error)):
            guard case .browsing(var state) = screen else { return nil }
            _ = handle(.loadFailed(error.message), state: &state)
            screen = .browsing(state)
        case (.reload, .failure(let error)), (.reapply, .failure(let error)):
            var behind: BrowserState
            switch screen {
            case .loading(_, let state?), .browsing(let state): behind = state
            case .loading(_, nil): return nil
            }
            _ = handle(.saveFailed(message: "cannot reload: \(error.message)", kind: .failed), state: &behind)
            screen = .browsing(behind)
        case (.wholeBehindPart, .success(let whole)):
            source = loaded
            watchChanges()
            guard case .browsing(var state) = screen else { return nil }
            for effect in state.finishLoading(whole) { _ = perform(effect, on: &state) }
            screen = .browsing(state)
        case (.open, .success(let document)), (.reload, .success(let document)), (.reapply, .success(let document)):
            source = loaded
            watchChanges()
            var state = fresh(document, sizedAs: screen)
            if case .reapply(let edits, let save) = purpose, !apply(state.reapply(edits, save: save), to: &state) { return .quit(state) }
            screen = .browsing(state)
        }
        return nil
    }

    /// A state for a freshly loaded document, at the size of the screen it replaces, its check
    /// started.
    private mutating func fresh(_ document: JSONDocument, sizedAs screen: Screen) -> BrowserState {
        var state = state(for: document)
        switch screen {
        case .loading(_, let behind?), .browsing(let behind): _ = update(&state, .resize(width: behind.width, height: behind.height))
        case .loading(_, nil): break
        }
        checkTicket = nil
        if state.checkPending { startCheck(of: state) }
        return state
    }

    /// Carries out effects (and the effects of their answers); false when one quits.
    mutating func apply(_ effects: [Effect], to state: inout BrowserState) -> Bool {
        var pending = effects
        while !pending.isEmpty {
            let effect = pending.removeFirst()
            if effect == .quit { return false }
            for answer in perform(effect, on: &state) { pending += update(&state, answer) }
        }
        return true
    }

    /// Starts loading the whole source on another thread and returns the state showing `start`
    /// meanwhile: the load's progress, what it has indexed so far and its outcome arrive as news.
    mutating func startLoading(showing start: JSONDocument) -> BrowserState {
        var initial = state(for: start)
        let worker = startLoad(.wholeBehindPart, publishingParts: true)
        initial.showPartly(LoadingProgress(sourceName: source.name, worker.progress.snapshot))
        return initial
    }

    /// Starts a load for `purpose` (cancelling one under way, whose news is then dropped).
    @discardableResult
    mutating func startLoad(_ purpose: LoadPurpose, publishingParts: Bool = false) -> LoadWorker {
        load?.worker.cancel()
        tickets += 1
        let worker = LoadWorker(source, ticket: tickets, publishingParts: publishingParts, inbox: inbox)
        load = (worker, purpose)
        return worker
    }
}
