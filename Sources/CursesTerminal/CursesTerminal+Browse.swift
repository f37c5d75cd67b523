import DictionaryStorage
import LosslessJSON
import ModelBrowser
import ModelBrowserRuntime

extension CursesTerminal {
    /// Opens a JSON file in the browser with the given models and saves back to it: an app's own
    /// model browser in one call. Returns when the person quits.
    public static func browse(file path: String, registry: ModelRegistry, model: String? = nil, settings: BrowserSettings = BrowserSettings()) throws {
        try Browser.run(source: JSONFileSource(path: path), registry: registry, modelName: model, settings: settings) {
            CursesTerminal(theme: settings.theme)
        }
    }
}
