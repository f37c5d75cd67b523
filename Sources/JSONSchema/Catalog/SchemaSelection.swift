import Foundation
import LosslessJSON

/// Which schema a document gets, in this order: the one named on the command line; the one the
/// document's own `$schema` names, when that is a local file, a URI the catalogs or `--schema-map`
/// folders map, or one of the dialects' meta-schemas (the document is a schema); the first catalog
/// entry whose `fileMatch` takes the file; else none. Selection never adds `$schema` to a document.
public struct SchemaSelection: Sendable {
    /// A chosen schema and why.
    public struct Choice: Sendable {
        /// The schema's file (or meta-schema URI).
        public let location: String
        /// What the title bar calls it.
        public let name: String
        /// How it was chosen.
        public let reason: String
        /// The schema's text.
        public let text: String
        /// The URI references in it resolve against.
        public let uri: String
    }

    /// The `--schema` file, which wins over everything else.
    public var explicit: String?
    /// The catalogs, first match wins.
    public var catalogs: [SchemaCatalog]
    /// Where a `$schema` URI that no catalog maps is read from (`--schema-map` folders, and the
    /// resolver's remote source).
    public var resolver: SchemaResolver
    /// Catalogs asked for only when no other way chose, after `catalogs` (SchemaStore's, which may
    /// have to be fetched): `nil` when one cannot be had.
    public var lateCatalogs: [@Sendable () -> SchemaCatalog?] = []

    /// A selection from a command line's `--schema`, the catalogs found and the `--schema-map` folders.
    public init(explicit: String?, catalogs: [SchemaCatalog], resolver: SchemaResolver = SchemaResolver()) {
        self.explicit = explicit
        self.catalogs = catalogs
        self.resolver = resolver
    }

    /// The schema for a document read from `file` (`nil` for standard input), if any: `--schema`,
    /// else what `$schema` names (a dialect's meta-schema, a catalog's entry for the URI, a file
    /// next to the document, a `--schema-map` folder), else a catalog's `fileMatch`. A `$schema`
    /// that names nothing readable, with no `fileMatch` either, is an error saying what it named.
    public func choose(for document: JSONDocument, file: String?) throws(SchemaLoadError) -> Choice? {
        var named: String?
        if document.kind(document.root) == .object, let node = document.member(document.root, "$schema") { named = document.string(node) }
        return try choose(schemaNamed: named, file: file)
    }

    /// The schema for a document that names `named` in its own way (YAML's
    /// `# yaml-language-server: $schema=…` line, or a `$schema` member), read from `file`: chosen
    /// as `choose(for:file:)` says.
    public func choose(schemaNamed named: String?, file: String?) throws(SchemaLoadError) -> Choice? {
        if let explicit { return try read(explicit, name: fileName(explicit), reason: "--schema") }
        var unusable: SchemaLoadError?
        if let named {
            if let dialect = Dialect(schemaURI: named), let text = MetaSchemas.texts[dialect.metaSchemaURI] {
                return Choice(location: dialect.metaSchemaURI, name: "JSON Schema \(dialect.rawValue) meta-schema", reason: "$schema", text: text, uri: dialect.metaSchemaURI)
            }
            for catalog in catalogs {
                if let (entry, url) = catalog.entry(forURI: named) {
                    return try read(entry, url: url, in: catalog, reason: "$schema, through the catalog")
                }
            }
            if !named.contains("://") || named.hasPrefix("file://") {
                let folder = file.map { ($0 as NSString).deletingLastPathComponent } ?? FileManager.default.currentDirectoryPath
                let path = named.hasPrefix("file://") ? (URI(named).path.removingPercentEncoding ?? named) : named.hasPrefix("/") ? named : (folder.isEmpty ? named : folder + "/" + named)
                if FileManager.default.fileExists(atPath: path) { return try read(path, name: fileName(path), reason: "$schema") }
                unusable = SchemaLoadError(.unresolvable(named), at: nil, "$schema names \(shownInMessage(named)), and there is no file \(shownInMessage(path))")
            } else {
                do {
                    let text = try resolver.text(of: named)
                    return Choice(location: named, name: fileName(URI(named).path), reason: "$schema, " + resolver.provenance(of: named), text: text, uri: named)
                } catch {
                    unusable = SchemaLoadError(
                        .unresolvable(named), at: nil,
                        "$schema: \(error.message); no catalog maps it to a file. Give --schema FILE, a --catalog or --schema-map that provides it, or --no-schema")
                }
            }
        }
        if let file {
            for catalog in catalogs {
                if let entry = catalog.entry(forFile: file) {
                    return try read(entry, url: entry.url, in: catalog, reason: "the catalog's fileMatch")
                }
            }
            for late in lateCatalogs {
                if let catalog = late(), let entry = catalog.entry(forFile: file) {
                    return try read(entry, url: entry.url, in: catalog, reason: "the default catalog's fileMatch")
                }
            }
        }
        if let unusable { throw unusable }
        return nil
    }

    /// A catalog entry's schema: a file the catalog names, else its URL from a `--schema-map`
    /// folder. An entry whose URL nothing provides is an error naming it, never skipped in silence.
    private func read(_ entry: SchemaCatalog.Entry, url: String, in catalog: SchemaCatalog, reason: String) throws(SchemaLoadError) -> Choice {
        if let path = catalog.localPath(url) { return try read(path, name: entry.name, reason: reason) }
        do {
            let text = try resolver.text(of: url)
            return Choice(location: url, name: entry.name, reason: reason + ", " + resolver.provenance(of: url), text: text, uri: url)
        } catch {
            throw SchemaLoadError(
                .unresolvable(url), at: nil,
                "the catalog's entry \(shownInMessage(entry.name)) names \(shownInMessage(url)): \(error.message) (give a --schema-map that provides it, --schema FILE, or --no-schema)")
        }
    }

    private func read(_ path: String, name: String, reason: String) throws(SchemaLoadError) -> Choice {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw SchemaLoadError(.unresolvable(path), at: nil, "cannot read the schema \(path) (chosen by \(reason)): \(error.localizedDescription)")
        }
        return Choice(location: path, name: name, reason: reason, text: text, uri: JSONSchema.fileURI(path))
    }

    private func fileName(_ path: String) -> String { (path as NSString).lastPathComponent }
}
