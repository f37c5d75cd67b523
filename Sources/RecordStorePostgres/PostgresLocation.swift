import Foundation
import PostgresNIO

/// Where a PostgreSQL store is: parsed from a `postgres://user:password@host:port/database` URL
/// (or `postgresql://`), with what the URL leaves out taken from `PGHOST`, `PGPORT`, `PGUSER`,
/// `PGDATABASE` and `PGPASSWORD`, then from a `.pgpass` file (`PGPASSFILE`, else `~/.pgpass`), as
/// libpq does. A host that starts with `/` is the folder of the server's Unix socket.
public struct PostgresLocation: Sendable, Hashable, CustomStringConvertible {
    /// The host name, address, or socket folder.
    public var host: String
    /// The port (also names the socket file: `.s.PGSQL.PORT`).
    public var port: Int
    /// The user.
    public var user: String
    /// The password, if any.
    public var password: String?
    /// The database.
    public var database: String
    /// A schema inside the database that holds the store's table (`?schema=NAME`); nil for the default.
    public var schema: String?

    /// Whether a text names a PostgreSQL store rather than a file.
    public static func isURL(_ text: String) -> Bool {
        text.hasPrefix("postgres://") || text.hasPrefix("postgresql://")
    }

    /// Parses a URL, filling what it leaves out from the environment and the password file.
    public init(url text: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws(URLError) {
        guard Self.isURL(text), let url = URLComponents(string: text) else { throw URLError("not a postgres:// URL: \(text)") }
        host = url.percentEncodedHost.flatMap { $0.removingPercentEncoding }.flatMap { $0.isEmpty ? nil : $0 }
            ?? url.queryItems?.first { $0.name == "host" }?.value ?? environment["PGHOST"] ?? "localhost"
        if let port = url.port {
            self.port = port
        } else if let text = url.queryItems?.first(where: { $0.name == "port" })?.value ?? environment["PGPORT"] {
            guard let port = Int(text) else { throw URLError("the port is not a number: \(text)") }
            self.port = port
        } else {
            port = 5432
        }
        user = url.user.flatMap { $0.isEmpty ? nil : $0 } ?? environment["PGUSER"] ?? environment["USER"] ?? "postgres"
        let path = url.path.hasPrefix("/") ? String(url.path.dropFirst()) : url.path
        database = path.isEmpty ? (environment["PGDATABASE"] ?? user) : path
        schema = url.queryItems?.first { $0.name == "schema" }?.value
        password = url.password ?? environment["PGPASSWORD"]
            ?? Self.passwordFromFile(host: host, port: port, database: database, user: user, environment: environment)
    }

    /// Why a URL could not be read.
    public struct URLError: Error, Sendable, CustomStringConvertible {
        public let description: String
        init(_ description: String) { self.description = description }
    }

    /// The password of the first matching line of the password file (`host:port:database:user:password`,
    /// `*` matching anything, `\:` and `\\` escaped), or nil.
    static func passwordFromFile(host: String, port: Int, database: String, user: String, environment: [String: String]) -> String? {
        let path = environment["PGPASSFILE"] ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.pgpass"
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }  // no file: no password
        let wanted = [host, String(port), database, user]
        for line in text.split(whereSeparator: \.isNewline) where !line.hasPrefix("#") {
            var fields: [String] = []
            var current = ""
            var escaped = false
            for character in line {
                if escaped {
                    current.append(character)
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == ":", fields.count < 4 {
                    fields.append(current)
                    current = ""
                } else {
                    current.append(character)
                }
            }
            fields.append(current)
            guard fields.count == 5 else { continue }
            if zip(fields.prefix(4), wanted).allSatisfy({ $0 == "*" || $0 == $1 }) { return fields[4] }
        }
        return nil
    }

    /// `postgres://user@host:port/database`, never the password.
    public var description: String {
        "postgres://\(user)@\(host.hasPrefix("/") ? "[\(host)]" : host):\(port)/\(database)" + (schema.map { "?schema=\($0)" } ?? "")
    }

    /// The driver's configuration.
    var configuration: PostgresConnection.Configuration {
        var configuration: PostgresConnection.Configuration
        if host.hasPrefix("/") {
            configuration = .init(unixSocketPath: host + "/.s.PGSQL.\(port)", username: user, password: password, database: database)
        } else {
            configuration = .init(host: host, port: port, username: user, password: password, database: database, tls: .disable)
        }
        configuration.options.connectTimeout = .seconds(10)
        return configuration
    }
}
