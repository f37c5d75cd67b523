import Foundation
import Testing
import TestSupport

/// The binary fetching schemas named by URL from a real server on loopback: `$schema`, a default
/// catalog, the cache between runs, `--offline`, a slow server, and `schema cache`.
@Suite("Fetching schemas from the command line")
struct SchemaFetchCLITests {
    let server: LoopbackSchemaServer
    let scratch: Scratch

    init() throws {
        server = try LoopbackSchemaServer()
        scratch = try Scratch()
        try server.serve("app.json", #"{"type": "object", "required": ["name"], "properties": {"mode": {"$ref": "mode.json"}}}"#)
        try server.serve("mode.json", #"{"enum": ["dev", "prod"]}"#)
        try server.serve("catalog.json", #"{"schemas": [{"name": "My app", "fileMatch": ["*.myapp.json"], "url": "\#(server.url("/app.json"))"}]}"#)
    }

    /// Runs keepsake with fetching on, its cache and settings in the scratch folder.
    func run(_ arguments: String..., environment: [String] = []) throws -> Subprocess.Result {
        let variables = ["KEEPSAKE_OFFLINE=", "XDG_CACHE_HOME=\(scratch.url.path)/cache", "XDG_CONFIG_HOME=\(scratch.url.path)/config"] + environment
        return try Subprocess.run("/usr/bin/env", variables + [Keepsake.binary] + arguments)
    }

    @Test func aSchemaNamedByURLIsFetchedOnceAndThenReadFromTheCache() throws {
        let file = try scratch.file("a.json", #"{"$schema": "\#(server.url("/app.json"))", "mode": "test"}"#)
        let first = try run("validate", file, "--verbose")
        #expect(first.status == 1)
        #expect(first.stderr.contains(#"the required property "name" is missing"#) && first.stderr.contains(#""test" is not one of "dev", "prod""#), "\(first.stderr)")
        #expect(first.stderr.contains("chosen by $schema, through the schema cache"), "\(first.stderr)")
        #expect(first.stderr.contains("keepsake: fetched \(server.url("/app.json")) (") && first.stderr.contains("and 1 more into \(scratch.url.path)/cache/keepsake/schemas"))
        let second = try run("validate", file)
        #expect(second.status == 1 && second.stderr.contains(#""test" is not one of "dev", "prod""#))
        #expect(!second.stderr.contains("fetched"))
        #expect(server.hits == ["/app.json", "/mode.json"])
        let listed = try run("schema", "cache", "list")
        #expect(listed.stdout.contains(server.url("/app.json")) && listed.stdout.contains(server.url("/mode.json")))
    }

    @Test func offlineAnUncachedSchemaIsExitStatusTwoNamingItsURL() throws {
        let file = try scratch.file("a.json", #"{"$schema": "\#(server.url("/app.json"))"}"#)
        let offline = try run("validate", file, "--offline")
        #expect(offline.status == 2)
        #expect(offline.stderr.contains("\(server.url("/app.json")) is not in the schema cache, and fetching is off"), "\(offline.stderr)")
        #expect(server.hits.isEmpty)
        // The setting does the same.
        try FileManager.default.createDirectory(at: scratch.url.appendingPathComponent("config/keepsake"), withIntermediateDirectories: true)
        _ = try scratch.file("config/keepsake/config.toml", "fetch-schemas = false\n")
        #expect(try run("validate", file).status == 2)
        #expect(server.hits.isEmpty)
    }

    @Test func validateWaitsAtMostTheTimeLimitThenNamesTheURL() throws {
        let url = server.url("/slow/app.json")
        let file = try scratch.file("a.json", #"{"$schema": "\#(url)"}"#)
        let start = Date()
        let result = try run("validate", file, "--fetch-timeout", "0.5")
        #expect(Date().timeIntervalSince(start) < 10)
        #expect(result.status == 2)
        #expect(result.stderr.contains("cannot fetch \(url): no answer within 500 ms"), "\(result.stderr)")
    }

    @Test func theDefaultCatalogChoosesByFileNameAndDescribeUsesIt() throws {
        try FileManager.default.createDirectory(at: scratch.url.appendingPathComponent("config/keepsake"), withIntermediateDirectories: true)
        _ = try scratch.file("config/keepsake/config.toml", "default-catalog = \"\(server.url("/catalog.json"))\"\n")
        let file = try scratch.file("x.myapp.json", #"{"name": "n", "mode": "dev"}"#)
        let result = try run("validate", file, "--verbose")
        #expect(result.status == 0)
        #expect(result.stderr.contains("schema My app (\(server.url("/app.json")))") && result.stderr.contains("chosen by the default catalog's fileMatch"), "\(result.stderr)")
        let described = try run("describe", file, ".mode")
        #expect(described.stdout.contains(#"one of "dev", "prod""#), "\(described.stdout)")
        // A file the catalog does not name has no schema, and nothing more is fetched for it.
        let other = try scratch.file("other.json", "{}")
        #expect(try run("validate", other).status == 0)
        #expect(server.hits == ["/catalog.json", "/app.json", "/mode.json"])
    }

    @Test func aFetchedCatalogsRelativeURLsAreItsServersAndItNamesNoLocalFile() throws {
        let secret = try scratch.file("secret.json", #"{"type": "string"}"#)
        try server.serve("relative.json", #"{"schemas": [{"name": "Local", "fileMatch": ["*.local.json"], "url": "\#(secret)"}, {"name": "My app", "fileMatch": ["*.myapp.json"], "url": "app.json"}]}"#)
        let file = try scratch.file("x.myapp.json", #"{"name": "n"}"#)
        let result = try run("validate", "--catalog", server.url("/relative.json"), file, "--verbose")
        #expect(result.status == 0 && result.stderr.contains("schema My app (\(server.url("/app.json")))"), "\(result.stderr)")
        // The entry naming a file on this machine is dropped: the file is not chosen by it.
        let local = try scratch.file("y.local.json", "{}")
        let none = try run("validate", "--catalog", server.url("/relative.json"), local, "--verbose")
        #expect(none.status == 0 && none.stderr.contains("no schema"), "\(none.stderr)")
    }

    @Test func theCacheIsRefreshedAndClearedOnRequest() throws {
        let file = try scratch.file("a.json", #"{"$schema": "\#(server.url("/app.json"))", "name": "n"}"#)
        #expect(try run("validate", file).status == 0)
        try server.serve("app.json", #"{"type": "object", "required": ["name", "port"]}"#)
        #expect(try run("validate", file).status == 0)  // the copy, not a week old
        let refreshed = try run("schema", "cache", "refresh")
        #expect(refreshed.status == 0, "\(refreshed.stderr)")
        #expect(try run("validate", file).status == 1)  // the new schema wants a port
        let cleared = try run("schema", "cache", "clear")
        #expect(cleared.stdout.contains("removed 2 cached schemas"))
        #expect(try run("schema", "cache", "list").stdout.isEmpty)
        // A refresh that fails says which and exits 1.
        let failed = try run("schema", "cache", "refresh", server.url("/missing.json"))
        #expect(failed.status == 1 && failed.stderr.contains("cannot fetch \(server.url("/missing.json")): the server answered 404"))
    }
}
