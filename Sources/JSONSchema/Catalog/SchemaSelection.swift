import Foundation
import LosslessJSON

/// Which schema a document gets, in this order: the one named on the command line; the one the
/// document's own `$schema` names, when that is a local file, a URI the catalogs map, or one of the
/// dialects' meta-schemas (the document is a schema); the first catalog entry whose `fileMatch`
/// takes the file; else none. keepsake never adds `$schema` to a document.
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

    public var explicit: String?
    public var catalogs: [SchemaCatalog]

    /// A selection from a command line's `--schema` and the catalogs found.
    public init(explicit: String?, catalogs: [SchemaCatalog]) {
        self.explicit = explicit
        self.catalogs = catalogs
    }

    /// The schema for a document read from `file` (`nil` for standard input), if any.
    public func choose(for document: JSONDocument, file: String?) throws(SchemaLoadError) -> Choice? {
        if let explicit { return try read(explicit, name: fileName(explicit), reason: "--schema") }
        if document.kind(document.root) == .object, let node = document.member(document.root, "$schema"), let named = document.string(node) {
            if let dialect = Dialect(schemaURI: named), let text = MetaSchemas.texts[dialect.metaSchemaURI] {
                return Choice(location: dialect.metaSchemaURI, name: "JSON Schema \(dialect.rawValue) meta-schema", reason: "$schema", text: text, uri: dialect.metaSchemaURI)
            }
            for catalog in catalogs {
                if let (entry, url) = catalog.entry(forURI: named), let path = catalog.localPath(url) {
                    return try read(path, name: entry.name, reason: "$schema, through the catalog")
                }
            }
            if !named.contains("://") || named.hasPrefix("file://") {
                let folder = file.map { ($0 as NSString).deletingLastPathComponent } ?? FileManager.default.currentDirectoryPath
                let path = named.hasPrefix("file://") ? (URI(named).path.removingPercentEncoding ?? named) : named.hasPrefix("/") ? named : (folder.isEmpty ? named : folder + "/" + named)
                if FileManager.default.fileExists(atPath: path) { return try read(path, name: fileName(path), reason: "$schema") }
            }
        }
        if let file {
            for catalog in catalogs {
                if let entry = catalog.entry(forFile: file), let path = catalog.localPath(entry.url) {
                    return try read(path, name: entry.name, reason: "the catalog's fileMatch")
                }
            }
        }
        return nil
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
