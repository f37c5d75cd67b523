// The record store on PostgreSQL against plain postgres-nio on the same server (loopback), and the
// same operations on SQLite in the same run. Needs a server: KEEPSAKE_POSTGRES_URL (see
// Scripts/postgres.sh); without it every benchmark says so and measures nothing.
import Benchmark
import DictionaryStorage
import Foundation
import LosslessJSON
import PostgresNIO
import RecordStore
import RecordStorePostgres

@DictionaryStorage
struct Item {
    var name: String = ""
    var price: Int = 0
    var category: String = ""
    var inStock: Bool = false
}

let count = 100_000

func item(_ i: Int) -> Item {
    Item(name: "item \(i)", price: i % 1000, category: "c\(i % 20)", inStock: i % 2 == 0)
}

let serverURL = ProcessInfo.processInfo.environment["KEEPSAKE_POSTGRES_URL"]

/// A store in a schema of its own.
func postgresStore() throws -> RecordStore {
    let schema = "bench_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
    return RecordStore(backend: try PostgresRecordBackend(url: serverURL! + "?schema=" + schema))
}

/// The plain postgres-nio baseline: one connection, the same table, bound statements (which the
/// driver sends as unnamed prepared statements), each waited for as the store's façade does.
final class PlainPostgres: @unchecked Sendable {
    let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    let connection: PostgresConnection
    let logger = Logger(label: "bench")

    init() throws {
        let location = try PostgresLocation(url: serverURL!)
        var configuration = PostgresConnection.Configuration(
            host: location.host, port: location.port, username: location.user, password: location.password,
            database: location.database, tls: .disable)
        configuration.options.connectTimeout = .seconds(10)
        connection = try PostgresConnection.connect(on: group.next(), configuration: configuration, id: 2, logger: logger).wait()
        let schema = "plain_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        try run(PostgresQuery(unsafeSQL: "CREATE SCHEMA \(schema)"))
        try run(PostgresQuery(unsafeSQL: "SET search_path TO \(schema)"))
        try run("""
            CREATE TABLE record (id text PRIMARY KEY, type text NOT NULL, json text NOT NULL,
                created_at double precision NOT NULL, updated_at double precision NOT NULL, version bigint NOT NULL DEFAULT 1)
            """)
    }

    @discardableResult
    func run(_ query: PostgresQuery) throws -> PostgresQueryResult { try connection.query(query, logger: logger).wait() }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock], timeUnits: .milliseconds, warmupIterations: 1, maxDuration: .seconds(60), maxIterations: 5)
    guard serverURL != nil else {
        Benchmark("KEEPSAKE_POSTGRES_URL is not set: nothing measured") { _ in }
        return
    }

    Benchmark("postgres: write 100k in one transaction: RecordStore") { benchmark in
        for _ in benchmark.scaledIterations {
            let store = try postgresStore()
            benchmark.startMeasurement()
            try store.transaction { tx in
                for i in 0..<count { try tx.write(Record(id: "i\(i)", data: item(i))) }
            }
            benchmark.stopMeasurement()
        }
    }
    Benchmark("postgres: write 100k in one transaction: plain postgres-nio") { benchmark in
        for _ in benchmark.scaledIterations {
            let plain = try PlainPostgres()
            benchmark.startMeasurement()
            try plain.run("BEGIN")
            let now = Date().timeIntervalSince1970
            for i in 0..<count {
                let text = JSONWriter.serialize(.object(item(i).storage))
                try plain.run("INSERT INTO record (id, type, json, created_at, updated_at) VALUES (\("i\(i)"), 'Item', \(text), \(now), \(now))")
            }
            try plain.run("COMMIT")
            benchmark.stopMeasurement()
        }
    }
    Benchmark("sqlite: write 100k in one transaction: RecordStore") { benchmark in
        for _ in benchmark.scaledIterations {
            let path = NSTemporaryDirectory() + "keepsake-bench-pg-\(UUID().uuidString).sqlite"
            let store = try RecordStore(path: path)
            benchmark.startMeasurement()
            try store.transaction { tx in
                for i in 0..<count { try tx.write(Record(id: "i\(i)", data: item(i))) }
            }
            benchmark.stopMeasurement()
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
    }

    // Reading 1,000 records by id from filled stores.
    let ids = (0..<1000).map { "i\(($0 * 7919) % 10_000)" }
    let store = try! postgresStore()
    try! store.transaction { tx in for i in 0..<10_000 { try tx.write(Record(id: "i\(i)", data: item(i))) } }
    let plain = try! PlainPostgres()
    try! plain.run("BEGIN")
    for i in 0..<10_000 {
        try! plain.run("INSERT INTO record (id, type, json, created_at, updated_at) VALUES (\("i\(i)"), 'Item', \(JSONWriter.serialize(.object(item(i).storage))), 0, 0)")
    }
    try! plain.run("COMMIT")
    let sqlitePath = NSTemporaryDirectory() + "keepsake-bench-pg-r-\(UUID().uuidString).sqlite"
    let sqlite = try! RecordStore(path: sqlitePath)
    try! sqlite.transaction { tx in for i in 0..<10_000 { try tx.write(Record(id: "i\(i)", data: item(i))) } }

    Benchmark("postgres: read 1,000 by id (model built): RecordStore") { benchmark in
        for _ in benchmark.scaledIterations {
            var total = 0
            for id in ids { total &+= try store.read(id: id, as: Item.self)?.price ?? 0 }
            blackHole(total)
        }
    }
    Benchmark("postgres: read 1,000 by id (row fetched): plain postgres-nio") { benchmark in
        for _ in benchmark.scaledIterations {
            var total = 0
            for id in ids {
                let rows = try plain.run("SELECT id, type, json, created_at, updated_at, version FROM record WHERE id = \(id)").rows
                if let row = rows.first {
                    let (_, _, json, _, _, _) = try row.decode((String, String, String, Double, Double, Int64).self)
                    total &+= json.utf8.count
                }
            }
            blackHole(total)
        }
    }
    // Finding records by a field's value: every record read (its text parsed as jsonb) without an
    // index on the field, the index's entries with one. The same 10,000 records in each store.
    let names = (0..<100).map { JSONValue.string("item \(($0 * 7919) % 10_000)") }
    let name = try! JSONPath(parsing: ".name")
    func find(in store: RecordStore) throws -> Int {
        var found = 0
        for value in names {
            found &+= try store.list(type: "Item", where: [FieldCondition(name, .equal, value)]).count
        }
        return found
    }
    let indexed = try! postgresStore()
    try! indexed.transaction { tx in for i in 0..<10_000 { try tx.write(Record(id: "i\(i)", data: item(i))) } }
    try! indexed.createIndex(on: name)
    let sqliteIndexedPath = NSTemporaryDirectory() + "keepsake-bench-pg-i-\(UUID().uuidString).sqlite"
    let sqliteIndexed = try! RecordStore(path: sqliteIndexedPath)
    try! sqliteIndexed.transaction { tx in for i in 0..<10_000 { try tx.write(Record(id: "i\(i)", data: item(i))) } }
    try! sqliteIndexed.createIndex(on: name)

    Benchmark("postgres: find 100 by .name in 10k: no index") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try find(in: store)) }
    }
    Benchmark("postgres: find 100 by .name in 10k: jsonb expression index") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try find(in: indexed)) }
    }
    Benchmark("sqlite: find 100 by .name in 10k: no index") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try find(in: sqlite)) }
    }
    Benchmark("sqlite: find 100 by .name in 10k: json_extract expression index") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try find(in: sqliteIndexed)) }
    }

    Benchmark("sqlite: read 1,000 by id (model built): RecordStore") { benchmark in
        for _ in benchmark.scaledIterations {
            var total = 0
            for id in ids { total &+= try sqlite.read(id: id, as: Item.self)?.price ?? 0 }
            blackHole(total)
        }
    }
}
