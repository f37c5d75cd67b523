import Foundation
import JSONSchema
import LosslessJSON

/// Schemas fetched before, on disk with the time each was fetched: `$XDG_CACHE_HOME/keepsake/schemas`
/// (`~/.cache/keepsake/schemas` when the variable is unset). Each URL is two files named for it —
/// `NAME.json`, the schema as served, and `NAME.meta.json`, its URL and fetch time — each written
/// whole to a temporary file and renamed, so a run cut short leaves the old copy or the new one.
public struct SchemaCache: Sendable {
    /// The folder.
    public let folder: String

    /// A cache in a folder (created on the first store).
    public init(folder: String) {
        self.folder = folder
    }

    /// The person's cache folder, from `$XDG_CACHE_HOME` (else `~/.cache`).
    public static var defaultFolder: String {
        let environment = ProcessInfo.processInfo.environment
        let base = environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? ((environment["HOME"] ?? NSHomeDirectory()) + "/.cache")
        return base + "/keepsake/schemas"
    }

    /// One cached schema.
    public struct Entry: Sendable, Equatable {
        /// The URL it was fetched from.
        public var url: String
        /// When it was fetched.
        public var fetched: Date
        /// Its text.
        public var text: String
    }

    /// A cached schema's URL and fetch time, without its text (what `schema cache list` shows).
    public struct Listing: Sendable, Equatable {
        /// The URL it was fetched from.
        public var url: String
        /// When it was fetched.
        public var fetched: Date
        /// Its size in bytes.
        public var bytes: Int
    }

    /// The copy of `url`, if there is a readable one.
    public func entry(for url: String) -> Entry? {
        let base = folder + "/" + Self.fileName(for: url)
        guard let listing = Self.listing(metaFile: base + ".meta.json"), listing.url == url,
            let data = FileManager.default.contents(atPath: base + ".json"), let text = String(validating: data, as: UTF8.self)
        else { return nil }
        return Entry(url: url, fetched: listing.fetched, text: text)
    }

    /// Keeps `text` as the copy of `url`, fetched at `fetched`.
    public func store(_ text: String, for url: String, fetched: Date) throws(SchemaCacheError) {
        let base = folder + "/" + Self.fileName(for: url)
        let meta = JSONValue.object(JSONObject([
            ("url", .string(url)), ("fetched", .string(fetched.formatted(.iso8601))), ("bytes", .number(JSONNumber(text.utf8.count))),
        ]))
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try Self.writeWhole(Data(text.utf8), to: base + ".json")
            try Self.writeWhole(Data(JSONWriter.serialize(meta).utf8), to: base + ".meta.json")
        } catch {
            throw SchemaCacheError(message: "cannot keep \(url) in the cache \(folder): \(error.localizedDescription)")
        }
    }

    /// Every cached schema, by URL (none when the folder does not exist yet).
    public func list() throws(SchemaCacheError) -> [Listing] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder)
        } catch {
            guard FileManager.default.fileExists(atPath: folder) else { return [] }
            throw SchemaCacheError(message: "cannot read the schema cache \(folder): \(error.localizedDescription)")
        }
        return names.filter { $0.hasSuffix(".meta.json") }.compactMap { Self.listing(metaFile: folder + "/" + $0) }.sorted { $0.url < $1.url }
    }

    /// Removes every cached schema; how many there were.
    public func clear() throws(SchemaCacheError) -> Int {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder)
        } catch {
            guard FileManager.default.fileExists(atPath: folder) else { return 0 }
            throw SchemaCacheError(message: "cannot read the schema cache \(folder): \(error.localizedDescription)")
        }
        var removed = 0
        for name in names where name.hasSuffix(".json") {
            do {
                try FileManager.default.removeItem(atPath: folder + "/" + name)
            } catch {
                throw SchemaCacheError(message: "cannot remove \(folder)/\(name): \(error.localizedDescription)")
            }
            if name.hasSuffix(".meta.json") { removed += 1 }
        }
        return removed
    }

    /// A file name for a URL that a person can recognise — its characters outside `[A-Za-z0-9._-]`
    /// as `_`, cut to 120 — and that no other URL shares: a 64-bit FNV-1a hash of the whole URL.
    static func fileName(for url: String) -> String {
        let readable = String(url.unicodeScalars.prefix(120).map { scalar -> Character in
            scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || ".-_".unicodeScalars.contains(scalar)) ? Character(scalar) : "_"
        })
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in url.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return readable + "-" + String(hash, radix: 16)
    }

    private static func listing(metaFile path: String) -> Listing? {
        guard let data = FileManager.default.contents(atPath: path), let text = String(validating: data, as: UTF8.self),
            case .object(let meta)? = try? JSONValue(parsing: text),  // An unreadable record is no copy: fetched again.
            let url = meta["url"]?.stringValue, let time = meta["fetched"]?.stringValue, let fetched = try? Date(time, strategy: .iso8601)
        else { return nil }
        return Listing(url: url, fetched: fetched, bytes: meta["bytes"]?.numberValue?.int ?? 0)
    }

    private static func writeWhole(_ data: Data, to path: String) throws {
        let temporary = path + ".partial-\(ProcessInfo.processInfo.processIdentifier)"
        try data.write(to: URL(fileURLWithPath: temporary))
        if rename(temporary, path) != 0 {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(atPath: temporary)
            throw SchemaCacheError(message: "cannot rename \(temporary) to \(path): \(reason)")
        }
    }

}

/// The cache could not be written or emptied.
public struct SchemaCacheError: Error, Sendable, CustomStringConvertible {
    /// What failed, with the system's reason.
    public let message: String
    public var description: String { message }
}
