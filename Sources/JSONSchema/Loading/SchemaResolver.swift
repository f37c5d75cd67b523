import Foundation
import LosslessJSON

/// Where referenced schema documents come from: the embedded meta-schemas, `--schema-map
/// PREFIX=DIR` mappings (a URI starting with PREFIX is read from DIR plus the rest, never above
/// DIR), files named by `file:` URIs in an allowed folder (a schema's own folder and below, and the
/// mapped folders), documents handed in directly, and — only when a `remote` source is given —
/// `http:`/`https:` documents from it (a cache, a fetcher: this library itself never uses the
/// network). Any other file is refused by name, unread: a schema from elsewhere must not make
/// keepsake read `/etc/shadow` into a message.
public struct SchemaResolver: Sendable {
    /// URI prefixes read from folders.
    public var mappings: [(prefix: String, folder: String)]
    /// Documents known by URI (a catalog's, or a test's).
    public var documents: [String: String]
    /// Folders whose files (and those below them) `file:` references may read, besides the mapped
    /// folders. A schema compiled from a `file:` URI adds its own folder.
    public var allowedFolders: [String] = []
    /// Where `http:` and `https:` documents that nothing above provides come from; without one,
    /// such a reference is unresolved.
    public var remote: (any RemoteSchemaSource)?

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
            return try read(folder + (rest.hasPrefix("/") ? "" : "/") + rest, for: uri, within: [folder])
        }
        let parsed = URI(uri)
        if parsed.scheme == "file" {
            return try read(parsed.path.removingPercentEncoding ?? parsed.path, for: uri, within: allowedFolders + mappings.map(\.folder))
        }
        if let remote, parsed.scheme == "http" || parsed.scheme == "https" { return try remote.text(of: uri) }
        throw SchemaLoadError(
            .unresolvable(uri), at: nil,
            "\(uri) is not embedded, not a file and not under a --schema-map prefix; it is not fetched (fetching is off)")
    }

    /// Where a URI's document is read from, in words: "through --schema-map" for a mapped prefix,
    /// else "through the schema cache" (the remote source).
    public func provenance(of uri: String) -> String {
        mappings.contains { uri.hasPrefix($0.prefix) } || remote == nil ? "through --schema-map" : "through the schema cache"
    }

    /// The folder of a `file:` URI's file, or nil for another URI.
    static func folder(ofFileURI uri: String) -> String? {
        let parsed = URI(uri)
        guard parsed.scheme == "file" else { return nil }
        let path = parsed.path.removingPercentEncoding ?? parsed.path
        guard let slash = path.lastIndex(of: "/") else { return nil }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// `path` with links and `..` resolved, or nil when it does not exist.
    private static func canonical(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Reads a file if it lies in one of `folders` (or below), after following links and `..`.
    private func read(_ path: String, for uri: String, within folders: [String]) throws(SchemaLoadError) -> String {
        guard let file = Self.canonical(path) else {
            throw SchemaLoadError(.unresolvable(uri), at: nil, "cannot read \(path) (for \(uri)): \(String(cString: strerror(errno)))")
        }
        let allowed = folders.compactMap(Self.canonical).map { $0 == "/" ? "/" : $0 + "/" }
        guard allowed.contains(where: { file.hasPrefix($0) }) else {
            let named = folders.isEmpty ? "no folder is allowed: the schema was not read from a file and no --schema-map is given"
                : "the schema's folder and the --schema-map folders are \(folders.map { shownInMessage($0) }.joined(separator: ", "))"
            throw SchemaLoadError(.unresolvable(uri), at: nil, "\(uri) names \(shownInMessage(file)), outside the folders references may read (\(named)); not read")
        }
        do {
            return try String(contentsOfFile: file, encoding: .utf8)
        } catch {
            throw SchemaLoadError(.unresolvable(uri), at: nil, "cannot read \(path) (for \(uri)): \(error.localizedDescription)")
        }
    }
}

/// Where `http:` and `https:` schema documents come from when a resolver is given one: a cache
/// and a fetcher, outside this library.
public protocol RemoteSchemaSource: Sendable {
    /// The text of the document at an `http:` or `https:` URI (no fragment), or why there is none.
    func text(of uri: String) throws(SchemaLoadError) -> String
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

    /// An error of a kind, at a keyword location, saying what is wrong.
    public init(_ kind: Kind, at location: String?, _ message: String) {
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
