import Foundation
import LosslessJSON

/// A catalog of schemas in SchemaStore's `catalog.json` format: entries with a `name`, a
/// `description`, `fileMatch` globs and a `url` (here usually a local path, relative to the
/// catalog's folder), and optional `versions` (version → url).
public struct SchemaCatalog: Sendable {
    /// One schema of the catalog.
    public struct Entry: Sendable, Hashable {
        public var name: String
        public var description: String?
        public var fileMatch: [String]
        public var url: String
        public var versions: [String: String]

        /// An entry (one made in code, such as a settings file's association).
        public init(name: String, description: String? = nil, fileMatch: [String], url: String, versions: [String: String] = [:]) {
            self.name = name
            self.description = description
            self.fileMatch = fileMatch
            self.url = url
            self.versions = versions
        }
    }

    /// A catalog of entries made in code; relative URLs are read from `folder`.
    public init(entries: [Entry], folder: String) {
        self.entries = entries
        self.folder = folder
    }

    /// The entries, in the catalog's order.
    public var entries: [Entry]
    /// The folder relative URLs are read from.
    public var folder: String

    /// The person's catalog: `$XDG_CONFIG_HOME/keepsake/catalog.json` (`~/.config/keepsake/catalog.json`
    /// when the variable is unset).
    public static var defaultPath: String {
        let environment = ProcessInfo.processInfo.environment
        let base = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? (NSHomeDirectory() + "/.config")
        return base + "/keepsake/catalog.json"
    }

    /// A catalog from its JSON text.
    public init(text: String, folder: String) throws(SchemaLoadError) {
        let value: JSONValue
        do {
            value = try JSONValue(parsing: text)
        } catch {
            throw SchemaLoadError(.notJSON, at: nil, "the catalog is not JSON: \(error.message)")
        }
        guard case .object(let object) = value, case .array(let schemas)? = object["schemas"] else {
            throw SchemaLoadError(.invalid, at: nil, "a catalog is an object with a \"schemas\" array")
        }
        entries = schemas.compactMap { item in
            guard case .object(let entry) = item, let url = entry["url"]?.stringValue else { return nil }
            var versions: [String: String] = [:]
            for member in entry["versions"]?.objectValue?.members ?? [] { versions[member.key] = member.value.stringValue }
            return Entry(
                name: entry["name"]?.stringValue ?? url, description: entry["description"]?.stringValue,
                fileMatch: (entry["fileMatch"]?.arrayValue ?? []).compactMap(\.stringValue), url: url, versions: versions)
        }
        self.folder = folder
    }

    /// The catalog in a file.
    public init(contentsOfFile path: String) throws(SchemaLoadError) {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw SchemaLoadError(.unresolvable(path), at: nil, "cannot read the catalog \(path): \(error.localizedDescription)")
        }
        try self.init(text: text, folder: (path as NSString).deletingLastPathComponent)
    }

    /// The entry whose `fileMatch` takes a file's path (a bare name matches the file name in any
    /// folder; `**` crosses folders; a `!` pattern excludes), if any.
    public func entry(forFile path: String) -> Entry? {
        entries.first { entry in
            let excluded = entry.fileMatch.filter { $0.hasPrefix("!") }.contains { Glob.matches(String($0.dropFirst()), path: path) }
            return !excluded && entry.fileMatch.contains { !$0.hasPrefix("!") && Glob.matches($0, path: path) }
        }
    }

    /// The entry, and its URL, for a schema URI a document names (its url or one of its versions').
    public func entry(forURI uri: String) -> (entry: Entry, url: String)? {
        for entry in entries {
            if entry.url == uri { return (entry, entry.url) }
            if let version = entry.versions.first(where: { $0.value == uri }) { return (entry, version.value) }
        }
        return nil
    }

    /// Where an entry's URL is on disk (relative URLs are read from the catalog's folder), or `nil`
    /// for a URL on the network (read through the resolver's remote source, when there is one).
    public func localPath(_ url: String) -> String? {
        if url.hasPrefix("file://") { return URI(url).path.removingPercentEncoding }
        if url.contains("://") { return nil }
        return url.hasPrefix("/") ? url : folder + "/" + url
    }
}

/// `fileMatch` globs: `*` and `?` within a folder name, `**` across folders; a pattern without a
/// slash matches the file's name in any folder.
enum Glob {
    static func matches(_ pattern: String, path: String) -> Bool {
        let parts = path.split(separator: "/").map(String.init)
        if !pattern.contains("/") { return parts.last.map { matchSegment(Array(pattern), Array($0)) } ?? false }
        let segments = pattern.split(separator: "/").map { Array($0) }
        let globstar = Array("**")
        // The pattern as an automaton over folder names, every position of it followed at once: a
        // `**` repeated forty times costs forty states, not forty nested loops over the path.
        var states = Set<Int>()
        func enter(_ state: Int) {
            var state = state
            while states.insert(state).inserted, state < segments.count, segments[state] == globstar { state += 1 }
        }
        // A relative pattern may match the end of the path: it may start before any folder.
        enter(0)
        for (position, part) in parts.enumerated() {
            let name = Array(part)
            let current = states
            states = []
            for state in current where state < segments.count {
                if segments[state] == globstar {
                    enter(state)  // one more folder taken by `**`
                } else if matchSegment(segments[state], name) {
                    enter(state + 1)
                }
            }
            if position + 1 < parts.count { enter(0) }
        }
        return states.contains(segments.count)
    }

    private static func matchSegment(_ pattern: [Character], _ text: [Character]) -> Bool {
        var p = 0, t = 0, star = -1, mark = 0
        while t < text.count {
            if p < pattern.count, pattern[p] == "?" || pattern[p] == text[t] {
                p += 1; t += 1
            } else if p < pattern.count, pattern[p] == "*" {
                star = p; mark = t; p += 1
            } else if star >= 0 {
                p = star + 1; mark += 1; t = mark
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }
}
