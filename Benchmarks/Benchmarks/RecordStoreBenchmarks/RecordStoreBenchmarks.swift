import Benchmark
import DictionaryStorage
import Foundation
import GRDB
import LosslessJSON
import RecordStore

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

func freshPath(_ name: String) -> String {
    let path = NSTemporaryDirectory() + "keepsake-bench-\(name)-\(UUID().uuidString).sqlite"
    return path
}

func removeDatabase(_ path: String) {
    for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
}

/// The plain-GRDB baseline: the same table and rows, written and read with no model layer, with
/// cached statements as a careful GRDB user would.
func plainPool(_ path: String) throws -> DatabasePool {
    let pool = try DatabasePool(path: path)
    try pool.write { db in
        try db.execute(sql: """
            CREATE TABLE record (id TEXT PRIMARY KEY NOT NULL, type TEXT NOT NULL, json TEXT NOT NULL,
                                 createdAt DOUBLE NOT NULL, updatedAt DOUBLE NOT NULL);
            CREATE INDEX record_type ON record(type);
            """)
    }
    return pool
}

let texts = (0..<count).map { JSONWriter.serialize(.object(item($0).storage)) }

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock], timeUnits: .milliseconds, warmupIterations: 3, maxDuration: .seconds(30), maxIterations: 15)

    // Writing 100,000 records in one transaction.
    Benchmark("write 100k in one transaction: RecordStore") { benchmark in
        for _ in benchmark.scaledIterations {
            let path = freshPath("w")
            let store = try RecordStore(path: path)
            benchmark.startMeasurement()
            try store.transaction { tx in
                for i in 0..<count { try tx.write(Record(id: "i\(i)", data: item(i))) }
            }
            benchmark.stopMeasurement()
            removeDatabase(path)
        }
    }
    Benchmark("write 100k in one transaction: plain GRDB") { benchmark in
        for _ in benchmark.scaledIterations {
            let path = freshPath("wp")
            let pool = try plainPool(path)
            benchmark.startMeasurement()
            try pool.write { db in
                let now = Date().timeIntervalSince1970
                let insert = try db.cachedStatement(
                    sql: "INSERT INTO record (id, type, json, createdAt, updatedAt) VALUES (?, ?, ?, ?, ?)")
                for i in 0..<count {
                    let text = JSONWriter.serialize(.object(item(i).storage))
                    try insert.execute(arguments: ["i\(i)", "Item", text, now, now])
                }
            }
            benchmark.stopMeasurement()
            removeDatabase(path)
        }
    }

    // Reading, counting and querying a filled store.
    let storePath = freshPath("r")
    let store = try! RecordStore(path: storePath)
    try! store.transaction { tx in for i in 0..<count { try tx.write(Record(id: "i\(i)", data: item(i))) } }
    let plainPath = freshPath("rp")
    let pool = try! plainPool(plainPath)
    try! pool.write { db in
        for i in 0..<count {
            try db.execute(sql: "INSERT INTO record VALUES (?, 'Item', ?, 0, 0)", arguments: ["i\(i)", texts[i]])
        }
    }
    let ids = (0..<1000).map { "i\(($0 * 7919) % count)" }

    Benchmark("read 1,000 by id (model built): RecordStore") { benchmark in
        for _ in benchmark.scaledIterations {
            var total = 0
            for id in ids { total &+= try store.read(id: id, as: Item.self)?.price ?? 0 }
            blackHole(total)
        }
    }
    Benchmark("read 1,000 by id (row fetched): plain GRDB") { benchmark in
        for _ in benchmark.scaledIterations {
            var total = 0
            for id in ids {
                total &+= try pool.read { db in
                    try String.fetchOne(db.cachedStatement(sql: "SELECT json FROM record WHERE id = ?"), arguments: [id])?.utf8.count ?? 0
                }
            }
            blackHole(total)
        }
    }
    Benchmark("count by type: RecordStore") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try store.count(Item.self)) }
    }
    Benchmark("count by type: plain GRDB") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try pool.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM record WHERE type = ?", arguments: ["Item"]) })
        }
    }
    Benchmark("list by field query (category = c7, 5,000 rows): RecordStore") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try store.list(type: "Item", where: [FieldCondition(["category"], .equal, "c7")]).count)
        }
    }
    Benchmark("list by field query (category = c7, 5,000 rows): plain GRDB") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try pool.read { db in
                try Row.fetchAll(
                    db, sql: "SELECT id, type, json, createdAt, updatedAt FROM record WHERE type = ? AND json_extract(json, '$.category') = ? ORDER BY createdAt, id",
                    arguments: ["Item", "c7"]).count
            })
        }
    }
}
