import Dispatch
import LosslessJSON
import ModelBrowser

extension BrowserRuntime {
    /// Carries out one effect; returns the events that answer it at once (an editor's answer,
    /// a reload behind the loading screen, come later as news).
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
        case .showPendingDiff:
            do {
                return [.pendingDiff(try source.pendingDiff(of: state.document, since: state.saved))]
            } catch {
                return [.notice("the changes cannot be shown: \(error.message)")]
            }
        case .writeSchema(let path, let text, let overwrite):
            return [Self.writeSchema(text, to: path, overwrite: overwrite, documentPath: state.document.origin?.path)]
        case .openInEditor(let request):
            // The editor has the terminal until it returns; its outcome is news.
            terminal.suspend()
            suspended = true
            let (editor, inbox) = (self.editor, self.inbox)
            DispatchQueue.global().async { inbox.post(.editorFinished(request, editor.edit(request))) }
            return []
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
            return reload(&state, purpose: .reapply(edits, save: save))
        case .reload:
            return reload(&state, purpose: .reload)
        }
    }

    /// Loads the source again: a large file shows its start at once and loads the whole behind
    /// it, as opening does; another slow source loads behind the loading screen (the state stays
    /// behind it, for a failure); a fast one at once.
    private mutating func reload(_ state: inout BrowserState, purpose: LoadPurpose) -> [Event] {
        let size = (state.width, state.height)
        if case .reload = purpose, source.loadsSlowly, let start = source.preview() {
            checkTicket = nil
            state = startLoading(showing: start)
            _ = update(&state, .resize(width: size.0, height: size.1))
            return []
        }
        if source.loadsSlowly {
            let worker = startLoad(purpose)
            coverRequest = LoadingProgress(sourceName: source.name, worker.progress.snapshot)
            return []
        }
        load?.worker.cancel()
        load = nil
        do {
            let reloaded = try source.load(progress: LoadProgress())
            watchChanges()
            state = self.state(for: reloaded)
            _ = update(&state, .resize(width: size.0, height: size.1))
            checkTicket = nil
            if state.checkPending { startCheck(of: state) }
            guard case .reapply(let edits, let save) = purpose else { return [] }
            return state.reapply(edits, save: save).flatMap { perform($0, on: &state) }
        } catch {
            return [.saveFailed(message: "cannot reload: \(error.message)", kind: .failed)]
        }
    }
}
