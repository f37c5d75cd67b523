import Foundation
import LosslessJSON

/// Where referenced schema documents come from — never the network: the embedded meta-schemas,
/// `--schema-map PREFIX=DIR` mappings (a URI starting with PREFIX is read from DIR plus the rest),
/// files named by `file:` URIs, and documents handed in directly.
public struct SchemaResolver: Sendable {
    /// URI prefixes read from folders.
    public var mappings: [(prefix: String, folder: String)]
    /// Documents known by URI (a catalog's, or a test's).
    public var documents: [String: String]

    /// A resolver with mappings and known documents.
    public init(mappings: [(prefix: String, folder: String)] = [], documents: [String: String] = [:]) {
        self.mappings = mappings
        self.documents = documents
    }

    /// Reads `PREFIX=DIR`.
    public static func mapping(_ text: String) -> (prefix: String, folder: String)? {
        guard let equals = text.firstIndex(of: "=") else { return nil }
        let prefix = String(text[..<equals])
        let folder = String(text[text.index(after: equals)...])
        guard !prefix.isEmpty, !folder.isEmpty else { return nil }
        return (prefix, folder)
    }

    /// The text of the document at a URI (no fragment), or why there is none.
    func text(of uri: String) throws(SchemaLoadError) -> String {
        if let text = documents[uri] ?? MetaSchemas.texts[uri] { return text }
        if let text = MetaSchemas.texts[Dialect(schemaURI: uri)?.metaSchemaURI ?? ""] { return text }
        for mapping in mappings.sorted(by: { $0.prefix.count > $1.prefix.count }) where uri.hasPrefix(mapping.prefix) {
            let folder = mapping.folder.hasSuffix("/") ? String(mapping.folder.dropLast()) : mapping.folder
            let rest = uri.dropFirst(mapping.prefix.count)
            return try read(folder + (rest.hasPrefix("/") ? "" : "/") + rest, for: uri)
        }
        let parsed = URI(uri)
        if parsed.scheme == "file" { return try read(parsed.path.removingPercentEncoding ?? parsed.path, for: uri) }
        throw SchemaLoadError(.unresolvable(uri), at: nil, "\(uri) is not embedded, not a file and not under a --schema-map prefix; keepsake never fetches schemas from the network")
    }

    private func read(_ path: String, for uri: String) throws(SchemaLoadError) -> String {
        do {
            return try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw SchemaLoadError(.unresolvable(uri), at: nil, "cannot read \(path) (for \(uri)): \(error.localizedDescription)")
        }
    }
}

/// A schema that cannot be used: malformed, or referring to what cannot be found.
public struct SchemaLoadError: Error, Sendable, CustomStringConvertible {
    /// What kind of problem it is.
    public enum Kind: Sendable, Hashable {
        /// A document or reference that cannot be found.
        case unresolvable(String)
        /// A keyword whose value is not what the dialect allows.
        case invalid
        /// The text is not JSON.
        case notJSON
    }

    public let kind: Kind
    /// Where in the schema, as an absolute keyword location (`file:///a.json#/properties/x/type`).
    public let location: String?
    /// What is wrong.
    public let message: String
    /// The line and column in the schema's file, when known.
    public var line: Int?
    public var column: Int?

    init(_ kind: Kind, at location: String?, _ message: String) {
        self.kind = kind
        self.location = location
        self.message = message
    }

    public var description: String {
        var text = ""
        if let line, let column { text += "\(line):\(column): " }
        text += message
        if let location { text += " (at \(location))" }
        return text
    }
}
