import DictionaryStorage
import LosslessJSON
import ModelBrowser

extension CursesTerminal {
    /// Runs the browser until it quits: draws, reads events, and carries out effects. Copying is
    /// done here; every other effect goes to `perform`, whose events are fed back to the browser.
    public func run(_ initial: BrowserState, perform: (Effect, inout BrowserState) -> [Event]) {
        var state = initial
        state.colors = colors
        var grid = Grid(width: state.width, height: state.height)
        if size.width != state.width || size.height != state.height {
            _ = update(&state, .resize(width: size.width, height: size.height))
        }
        render(state, into: &grid)
        draw(grid)
        while true {
            guard let event = nextEvent(timeout: 200) else { continue }
            var pending = update(&state, event)
            while !pending.isEmpty {
                let effect = pending.removeFirst()
                switch effect {
                case .quit:
                    return
                case .copy(let text):
                    copyToClipboard(text)
                default:
                    for answer in perform(effect, &state) { pending += update(&state, answer) }
                }
            }
            render(state, into: &grid)
            draw(grid)
        }
    }

    /// Opens a JSON file in the browser with the given models and saves back to it: an app's own
    /// model browser in one call. Returns when the user quits.
    public static func browse(file path: String, registry: ModelRegistry, model: String? = nil) throws(JSONFileError) {
        let document = try JSONDocument(contentsOfFile: path)
        let terminal = CursesTerminal()
        defer { terminal.close() }
        let state = BrowserState(
            document: document, sourceName: path, hasFile: true, registry: registry, modelName: model,
            width: terminal.size.width, height: terminal.size.height)
        terminal.run(state) { effect, state in
            switch effect {
            case .save(let target, let force): return [saveDocument(&state, to: target, force: force)]
            default: return []
            }
        }
    }

    /// Saves the browser's document (atomically, refusing a file changed on disk unless forced) and
    /// answers with the event that tells the browser how it went.
    public static func saveDocument(_ state: inout BrowserState, to path: String?, force: Bool) -> Event {
        var saving = state.document
        do {
            if let path { try saving.save(to: path, force: true) } else { try saving.save(force: force) }
        } catch {
            var changed = false
            if case .changedOnDisk = error { changed = true }
            return .saveFailed(message: error.description, changedOnDisk: changed)
        }
        state.adoptOrigin(saving.origin)
        return .saved(path: saving.origin?.path ?? path ?? state.sourceName)
    }
}
