import ArgumentParser
import Foundation
import SchemaFetching

/// `keepsake schema cache`: the schemas fetched by URL, kept in `$XDG_CACHE_HOME/keepsake/schemas`.
struct CacheCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cache",
        abstract: "List, refresh or clear the schemas fetched by URL (kept in $XDG_CACHE_HOME/keepsake/schemas, fetched again after a week).",
        subcommands: [List.self, Refresh.self, Clear.self])

    /// `keepsake schema cache list`.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "Each cached schema: when it was fetched, its size and its URL.")

        func run() throws {
            let cache = SchemaCache(folder: SchemaCache.defaultFolder)
            let listings: [SchemaCache.Listing]
            do {
                listings = try cache.list()
            } catch {
                throw CommandFailure(message: error.message, code: 1)
            }
            if listings.isEmpty { printError("keepsake: the schema cache \(cache.folder) is empty") }
            for listing in listings {
                print("\(listing.fetched.formatted(.iso8601))  \(String(listing.bytes).leftPadded(to: 9))  \(listing.url)")
            }
        }
    }

    /// `keepsake schema cache refresh [URL…]`.
    struct Refresh: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "refresh", abstract: "Fetch cached schemas again now (every one, or the URLs given); exit 1 when one cannot be fetched (its copy stays).")

        @Argument(help: "The URLs to fetch (default: every cached one).")
        var urls: [String] = []

        @Option(help: "How long fetching one schema may take, in seconds.")
        var fetchTimeout: Double = 10

        func run() throws {
            let cache = SchemaCache(folder: SchemaCache.defaultFolder)
            let fetcher = SchemaFetcher(timeout: .milliseconds(Int64(fetchTimeout * 1000)))
            var failed = false
            let cached: [SchemaCache.Listing]
            do {
                cached = urls.isEmpty ? try cache.list() : []
            } catch {
                throw CommandFailure(message: error.message, code: 1)
            }
            for url in urls.isEmpty ? cached.map(\.url) : urls {
                do {
                    let text = try fetcher.text(of: url)
                    try cache.store(text, for: url, fetched: Date())
                    print("\(url): \(text.utf8.count) bytes")
                } catch {
                    failed = true
                    printError("keepsake: \(error)" + (cache.entry(for: url) != nil ? "; the copy fetched before stays" : ""))
                }
            }
            if failed { throw ExitCode(1) }
        }
    }

    /// `keepsake schema cache clear`.
    struct Clear: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "clear", abstract: "Remove every cached schema.")

        func run() throws {
            let cache = SchemaCache(folder: SchemaCache.defaultFolder)
            do {
                print("removed \(try cache.clear()) cached schemas from \(cache.folder)")
            } catch {
                throw CommandFailure(message: error.message, code: 1)
            }
        }
    }
}

extension String {
    /// The string with spaces before it to make it `width` characters wide.
    fileprivate func leftPadded(to width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
}
