import LosslessJSON
import LosslessYAML
import RecordStore
import RecordStorePostgres
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A place a document is browsed from, as a person names it — a JSON file (any syntax), a JSON
/// Lines file, standard input (`-`), an SQLite record store, a table's JSON column of any SQLite
/// database, or a PostgreSQL record store (`postgres://…`) — and the document source that opens it.
/// `keepsake` and an app's own browser open places the same way.
public struct SourceLocation: Sendable, Hashable {
    /// The path, `-`, or a `postgres://` URL.
    public var location: String
    /// For an SQLite database: the table holding JSON to browse (not the record store).
    public var table: String?
    /// With `table`: the column holding JSON text.
    public var column: String?
    /// With `table`: the column identifying rows.
    public var key: String
    /// The syntax of a file (nil: from its name, `DocumentFile.options(for:)`).
    public var syntax: JSONSyntax?
    /// The parse options beyond the syntax (the nesting limit).
    public var options: JSONParseOptions
    /// Whether the file is YAML whatever its name (`--syntax yaml`); a `.yaml` or `.yml` name
    /// says so too.
    public var isYAML = false
    /// For a YAML stream: the document shown (0-based).
    public var yamlDocument = 0

    /// A place; a file's syntax comes from its name unless `syntax` says.
    public init(_ location: String, table: String? = nil, column: String? = nil, key: String = "id", syntax: JSONSyntax? = nil, options: JSONParseOptions = .default) {
        self.location = location
        self.table = table
        self.column = column
        self.key = key
        self.syntax = syntax
        self.options = options
    }

    /// What kind of place it is.
    public enum Kind: Sendable, Hashable {
        /// A file (or standard input) of JSON in some syntax.
        case file
        /// A file of JSON Lines.
        case jsonLines
        /// A record store in an SQLite file.
        case sqliteStore
        /// A table's JSON column in an SQLite file.
        case sqliteTable
        /// A record store on PostgreSQL.
        case postgresStore
        /// A YAML file (or standard input), one document of its stream.
        case yaml
    }

    /// What kind of place it is: a URL or an SQLite file's header says a store, a `.jsonl` or
    /// `.ndjson` name JSON Lines, anything else a file.
    public var kind: Kind {
        if PostgresLocation.isURL(location) { return .postgresStore }
        if Self.isSQLite(location) { return table == nil ? .sqliteStore : .sqliteTable }
        if isYAML || syntax == nil && YAMLFile.isYAMLName(location) { return .yaml }
        return DocumentFile.isJSONLines(location) && syntax == nil ? .jsonLines : .file
    }

    /// The source for the place. A PostgreSQL database without the record table asks
    /// `createRecordTable` (with the place's name) whether to make one; without an answer of yes
    /// nothing is created and the error says so (without a way to ask, how to make one).
    public func open(createRecordTable: ((String) -> Bool)? = nil) throws(SourceLocationError) -> any DocumentSource {
        if table != nil, kind != .sqliteTable {
            throw .usage(PostgresLocation.isURL(location) ? "--table reads an SQLite database; a postgres:// URL opens its record store" : "--table needs an SQLite database")
        }
        do {
            switch kind {
            case .postgresStore:
                do {
                    return RecordStoreSource(store: RecordStore(backend: try PostgresRecordBackend(url: location, createTable: false)), options: options)
                } catch RecordStoreError.noRecordTable(let name) {
                    guard let createRecordTable else { throw SourceLocationError.failed(RecordStoreError.noRecordTable(path: name).description) }
                    guard createRecordTable(name) else { throw SourceLocationError.failed("\(name): nothing created") }
                    return RecordStoreSource(store: RecordStore(backend: try PostgresRecordBackend(url: location, createTable: true)), options: options)
                }
            case .sqliteStore:
                return RecordStoreSource(store: try RecordStore(path: location), options: options)
            case .sqliteTable:
                guard let table, let column else { throw SourceLocationError.usage("--table needs --column (the JSON column)") }
                return ForeignTableSource(table: try ForeignTable(path: location, table: table, jsonColumn: column, keyColumn: key), options: options)
            case .yaml:
                return YAMLFileSource(path: location, document: yamlDocument, options: options)
            case .jsonLines, .file:
                return JSONFileSource(path: location, options: DocumentFile.options(for: location, syntax: syntax, options), syntaxFromName: syntax == nil)
            }
        } catch let error as SourceLocationError {
            throw error
        } catch {
            throw .failed("\(error)")
        }
    }

    /// Whether a path is a regular file starting with SQLite's header (a FIFO is not opened to look:
    /// that would wait for its writer).
    static func isSQLite(_ path: String) -> Bool {
        var info = stat()
        guard path != "-", stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return false }
        let fd = openForReading(path)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var header = [UInt8](repeating: 0, count: 16)
        guard read(fd, &header, 16) == 16 else { return false }
        return header.prefix(15).elementsEqual("SQLite format 3".utf8)
    }
}

/// A file descriptor for reading `path` (-1 when it cannot be opened).
private func openForReading(_ path: String) -> Int32 { open(path, O_RDONLY | O_CLOEXEC) }

/// Why a place could not be opened.
public enum SourceLocationError: Error, Sendable, CustomStringConvertible {
    /// The options do not fit the place (a usage error).
    case usage(String)
    /// Opening failed; the message names the place.
    case failed(String)

    public var description: String {
        switch self {
        case .usage(let message), .failed(let message): message
        }
    }
}
