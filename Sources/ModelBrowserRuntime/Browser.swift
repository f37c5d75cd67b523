import DictionaryStorage
import LosslessJSON
import ModelBrowser

/// Opening a source in a terminal, the way `keepsake` and an app's own browser do it.
public enum Browser {
    /// Loads a source and browses it until the person quits. A large file shows its start at once
    /// (`DocumentSource.preview()`) while the whole loads behind it; another source that loads
    /// slowly loads behind the loading screen, when `showProgress` allows; any other loads before
    /// the terminal is made, so its errors reach standard error as plain text. Throws the load's
    /// `DocumentSourceError`, or what `makeTerminal` throws.
    public static func run<Terminal: TerminalBackend>(
        source: any DocumentSource, registry: ModelRegistry, modelName: String? = nil, settings: BrowserSettings = BrowserSettings(),
        editor: (any ValueEditor)? = nil, describe: BrowserRuntime<Terminal>.Describe? = nil, showProgress: Bool = true,
        terminal makeTerminal: () throws -> Terminal
    ) throws {
        var loading = source
        if showProgress, loading.loadsSlowly {
            let terminal = try makeTerminal()
            defer { terminal.close() }
            var runtime = BrowserRuntime(
                terminal: terminal, source: loading, registry: registry, modelName: modelName, settings: settings, editor: editor, describe: describe)
            if let start = loading.preview() {
                runtime.run(runtime.startLoading(showing: start))
                return
            }
            let worker = runtime.startLoad(.open)
            if case .failed(let error) = runtime.loop(.loading(LoadingProgress(sourceName: loading.name, worker.progress.snapshot), behind: nil)) {
                throw error
            }
            return
        }
        let document = try loading.load(progress: LoadProgress())
        let terminal = try makeTerminal()
        defer { terminal.close() }
        var runtime = BrowserRuntime(
            terminal: terminal, source: loading, registry: registry, modelName: modelName, settings: settings, editor: editor, describe: describe)
        runtime.run(runtime.state(for: document))
    }
}
