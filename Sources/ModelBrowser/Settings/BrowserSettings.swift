/// What a person can set about the browser: keys, colours, the editor, wrapping, the catalog of
/// schemas. Read from a settings file by the executable; the built-in values stand where a setting
/// is absent or invalid (each problem kept, with its line, to be shown).
public struct BrowserSettings: Hashable, Sendable {
    /// The key bindings.
    public var keys: KeyTable = .standard
    /// The colours.
    public var theme: Theme = .standard
    /// The editor to use when neither `$VISUAL` nor `$EDITOR` is set.
    public var editor: String = "vi"
    /// Whether long values wrap from the start.
    public var wrapValues = false
    /// A catalog of JSON Schemas (SchemaStore's `catalog.json` format), if one is set.
    public var catalog: String?
    /// Folders schemas are read from by URI prefix, as `--schema-map PREFIX=DIR` takes them.
    public var schemaMaps: [String] = []
    /// Schemas for files by name, as VS Code's `json.schemas`: checked before any catalog.
    public var schemaAssociations: [SchemaAssociation] = []
    /// Whether schemas named by URL (`$schema`, catalogs, references) are fetched over the network
    /// and cached; when off, only the cache's copies are used.
    public var fetchSchemas = true
    /// The catalog consulted after every other one (empty: none): SchemaStore's, as editors use it.
    public var defaultCatalog = BrowserSettings.schemaStoreCatalog

    /// SchemaStore's catalog, where editors find schemas for files by name.
    public static let schemaStoreCatalog = "https://www.schemastore.org/api/json/catalog.json"

    /// A schema for the files some globs match (`[[schemas]]` in the settings file).
    public struct SchemaAssociation: Hashable, Sendable {
        /// The globs, as a catalog's `fileMatch` takes them.
        public var fileMatch: [String]
        /// The schema: a path (relative to the settings file's folder) or a URI.
        public var url: String

        /// An association.
        public init(fileMatch: [String], url: String) {
            self.fileMatch = fileMatch
            self.url = url
        }
    }
    /// Where the settings were read from, if anywhere.
    public var file: String?
    /// Settings that were not understood: the built-in value stands for each.
    public var problems: [Problem] = []

    /// One setting that was not understood.
    public struct Problem: Hashable, Sendable, CustomStringConvertible {
        /// The 1-based line of the settings file, when known.
        public var line: Int?
        /// What is wrong, and what stands instead.
        public var message: String

        /// A problem.
        public init(line: Int?, message: String) {
            self.line = line
            self.message = message
        }

        public var description: String { (line.map { "line \($0): " } ?? "") + message }
    }

    /// The built-in settings.
    public init() {}

    /// Applies what belongs to a browser state: keys and wrapping.
    public func apply(to state: inout BrowserState) {
        state.keys = keys
        state.wrapValues = wrapValues
    }

    /// Puts the first problem before the state's message (a schema's or a source's note, made
    /// after the settings were applied, must not hide it).
    public func reportProblems(in state: inout BrowserState) {
        guard let problem = problems.first else { return }
        let more = problems.count > 1 ? " (and \(problems.count - 1) more: keepsake --print-config)" : ""
        let said = "settings, \(problem)\(more) — \(file ?? "")"
        state.say([said, state.message].compactMap { $0 }.joined(separator: " · "), error: true)
    }
}
