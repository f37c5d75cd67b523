import Foundation
import JSONSchema
import KeepsakeSettings
import LosslessJSON
import ModelBrowser
import SchemaFetching
import Synchronization

/// Where one run's schemas come from: the `--schema` file, the settings' `[[schemas]]`
/// associations, the catalogs on disk, catalogs and schemas named by URL (through the schema cache,
/// fetched when missing or a week old, unless `--offline`), SchemaStore's catalog last, and the
/// `--schema-map` folders. The browser looks up in `.cacheOnly` mode first and fetches on another
/// thread; `validate` and `describe` fetch as they go, each fetch within the time limit.
struct SchemaSources: Sendable {
    /// The command line's schema options, with the settings' `schema-map` folders after its own.
    let options: SchemaOptions
    /// The catalogs on disk and the settings' associations, read when the run starts.
    let catalogs: [SchemaCatalog]
    /// Catalogs named by URL (`--catalog`, the settings' `catalog`, then `default-catalog`).
    let remoteCatalogs: [RemoteCatalog]
    /// The run's cache and fetcher.
    let remote: RemoteSchemas
    /// Whether the chosen schema describes each element of the root array rather than the root:
    /// a JSON Lines file's lines, which the browser holds as an array (as `validate` checks each).
    var eachElement = false
    /// The schema a document names in its own way, which wins over its `$schema` member (a YAML
    /// file's `# yaml-language-server: $schema=…` line).
    var namedSchema: String?

    /// The sources a command line and settings name; an unreadable catalog file is a usage error.
    init(_ options: SchemaOptions, settings: BrowserSettings, refreshing: Bool = false) throws {
        self.options = options.adding(settings)
        let offline = options.offline || !settings.fetchSchemas || !(ProcessInfo.processInfo.environment["KEEPSAKE_OFFLINE"] ?? "").isEmpty
        let remote = RemoteSchemas(
            cache: SchemaCache(folder: SchemaCache.defaultFolder),
            fetcher: offline ? nil : SchemaFetcher(timeout: .milliseconds(Int64(options.fetchTimeout * 1000))),
            refreshing: refreshing)
        self.remote = remote
        var paths = (settings.catalog.map { [$0] } ?? []) + options.catalog
        if FileManager.default.fileExists(atPath: SchemaCatalog.defaultPath) { paths.insert(SchemaCatalog.defaultPath, at: 0) }
        let isURL = { (path: String) in path.hasPrefix("https://") || path.hasPrefix("http://") }
        var catalogs = try paths.filter { !isURL($0) }.map { path in
            do {
                return try SchemaCatalog(contentsOfFile: path)
            } catch {
                throw CommandFailure(message: "\(shownInMessage(path)): \(error)", code: 2)
            }
        }
        if !settings.schemaAssociations.isEmpty {
            let entries = settings.schemaAssociations.map { SchemaCatalog.Entry(name: ($0.url as NSString).lastPathComponent, fileMatch: $0.fileMatch, url: $0.url) }
            let folder = settings.file.map { ($0 as NSString).deletingLastPathComponent } ?? FileManager.default.currentDirectoryPath
            catalogs.insert(SchemaCatalog(entries: entries, folder: folder), at: 0)
        }
        self.catalogs = catalogs
        let urls = paths.filter(isURL) + (settings.defaultCatalog.isEmpty ? [] : [settings.defaultCatalog])
        remoteCatalogs = urls.map { RemoteCatalog(url: $0, remote: remote, isDefault: $0 == settings.defaultCatalog) }
    }

    /// The schema library's options: the dialect, formats, `--schema-map` folders, and remote
    /// documents looked up in `mode`.
    func compileOptions(_ mode: RemoteSchemas.Mode) throws -> JSONSchema.Options {
        var compile = try options.options()
        compile.resolver.remote = remote.source(mode)
        return compile
    }

    /// How a document's schema is chosen, looking up remote documents in `mode`.
    func selection(_ mode: RemoteSchemas.Mode) throws -> SchemaSelection {
        var selection = SchemaSelection(explicit: options.schema, catalogs: catalogs, resolver: try compileOptions(mode).resolver)
        selection.lateCatalogs = remoteCatalogs.map { catalog in { catalog.catalog(mode) } }
        return selection
    }

    /// The schema named by `--schema`, compiled, its remote references looked up in `mode`; an
    /// unreadable or invalid schema is exit status 2.
    func loadExplicit(_ mode: RemoteSchemas.Mode) throws -> JSONSchema? {
        guard let schema = options.schema else { return nil }
        do {
            guard eachElement else { return try JSONSchema(contentsOfFile: schema, options: try compileOptions(mode)) }
            return try EachElementSchema.compile(file: schema, container: .array, options: try compileOptions(mode))
        } catch let error as SchemaLoadError {
            throw CommandFailure(message: "\(schema): \(error)", code: 2)
        }
    }

    /// The schema a document gets and its name, compiled, remote documents looked up in `mode`;
    /// nil when none is named.
    func compile(for document: JSONDocument, file: String?, _ mode: RemoteSchemas.Mode) throws -> (JSONSchema, String)? {
        let selection = try selection(mode)
        guard let choice = try namedSchema.map({ try selection.choose(schemaNamed: $0, file: file) }) ?? selection.choose(for: document, file: file) else { return nil }
        let name = options.schema.map { ($0 as NSString).lastPathComponent } ?? choice.name
        guard eachElement else { return (try JSONSchema(text: choice.text, uri: choice.uri, options: try compileOptions(mode)), name) }
        let element = EachElementSchema.elementName(text: choice.text, file: (choice.uri as NSString).lastPathComponent)
        return (try EachElementSchema.compile(elementText: choice.text, uri: choice.uri, elementName: element, container: .array, options: try compileOptions(mode)), name)
    }

    /// Says on standard error what the run fetched and what it could not.
    func sayNotes() {
        for note in remote.takeNotes() { printError("keepsake: \(note)") }
    }
}

/// A catalog named by URL, read through the run's remote schemas once and kept.
final class RemoteCatalog: Sendable {
    let url: String
    let remote: RemoteSchemas
    /// Whether it is the default catalog, which is not missed aloud when fetching is off.
    let isDefault: Bool
    private let read = Mutex<SchemaCatalog??>(nil)

    init(url: String, remote: RemoteSchemas, isDefault: Bool) {
        self.url = url
        self.remote = remote
        self.isDefault = isDefault
    }

    /// The catalog, or nil when it cannot be had (said once, with why, unless it is being fetched,
    /// or it is the default one and fetching is off).
    func catalog(_ mode: RemoteSchemas.Mode) -> SchemaCatalog? {
        if let known = read.withLock({ $0 }) { return known }
        let catalog: SchemaCatalog?
        do {
            catalog = Self.resolvingEntries(try SchemaCatalog(text: remote.source(mode).text(of: url), folder: "/nonexistent"), against: url)
        } catch {
            // A catalog still to be fetched is asked for again once it is.
            if mode == .cacheOnly, remote.isPending(url) { return nil }
            if !(isDefault && remote.fetcher == nil) { remote.note("the catalog is not used: \(error)") }
            catalog = nil
        }
        read.withLock { $0 = .some(catalog) }
        return catalog
    }

    /// A fetched catalog's entries with relative URLs made absolute against the catalog's own URL;
    /// an entry naming a local file is dropped: a catalog from the network never names what
    /// keepsake reads from this machine.
    static func resolvingEntries(_ catalog: SchemaCatalog, against url: String) -> SchemaCatalog {
        var catalog = catalog
        catalog.entries = catalog.entries.compactMap { entry in
            var entry = entry
            if entry.url.hasPrefix("file:") || entry.url.hasPrefix("/") { return nil }
            if !entry.url.contains("://") {
                guard let absolute = URL(string: entry.url, relativeTo: URL(string: url))?.absoluteString else { return nil }
                entry.url = absolute
            }
            return entry
        }
        return catalog
    }
}
