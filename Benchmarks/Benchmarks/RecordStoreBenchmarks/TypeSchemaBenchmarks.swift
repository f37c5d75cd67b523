import Benchmark
import Foundation
import LosslessJSON
import RecordSchemas
import RecordStore

/// The schema kept with the `Item` type: every member typed, the category an enum of its twenty
/// values, the price bounded, the name's length limited — a schema as a team would write it.
let itemSchema = """
    {"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object",
     "required": ["name", "price", "category", "inStock"],
     "properties": {
       "name": {"type": "string", "minLength": 1, "maxLength": 200},
       "price": {"type": "integer", "minimum": 0},
       "category": {"enum": [\((0..<20).map { "\"c\($0)\"" }.joined(separator: ", "))]},
       "inStock": {"type": "boolean"}
     },
     "additionalProperties": false}
    """

/// `db put` is one record in its own write: the same 1,000 puts with and without the check
/// against the type's schema (`db put` vs `db put --no-check`). The schemas are read and the
/// type's compiled once, as one `db put` does once per record.
func registerTypeSchemaBenchmarks() {
    let puts = 1_000
    Benchmark("put 1,000 records, each its own write: unchecked") { benchmark in
        for _ in benchmark.scaledIterations {
            let path = freshPath("put")
            let store = try RecordStore(path: path)
            try store.setTypeSchema(itemSchema, for: "Item")
            benchmark.startMeasurement()
            for i in 0..<puts { try store.put(type: "Item", id: "i\(i)", text: texts[i]) }
            benchmark.stopMeasurement()
            removeDatabase(path)
        }
    }
    Benchmark("put 1,000 records, each its own write: checked against the type's schema") { benchmark in
        for _ in benchmark.scaledIterations {
            let path = freshPath("putc")
            let store = try RecordStore(path: path)
            try store.setTypeSchema(itemSchema, for: "Item")
            benchmark.startMeasurement()
            for i in 0..<puts {
                let schemas = try RecordTypeSchemas(store: store)
                try schemas.check(texts[i], type: "Item")
                try store.put(type: "Item", id: "i\(i)", text: texts[i])
            }
            benchmark.stopMeasurement()
            removeDatabase(path)
        }
    }
    // `db import`: 100,000 records in one transaction, with and without the check.
    Benchmark("insert 100k in one transaction: unchecked") { benchmark in
        for _ in benchmark.scaledIterations {
            let path = freshPath("imp")
            let store = try RecordStore(path: path)
            benchmark.startMeasurement()
            try store.transaction { tx in _ = try tx.insertAll(type: "Item", texts: texts) }
            benchmark.stopMeasurement()
            removeDatabase(path)
        }
    }
    Benchmark("insert 100k in one transaction: checked against the type's schema") { benchmark in
        for _ in benchmark.scaledIterations {
            let path = freshPath("impc")
            let store = try RecordStore(path: path)
            try store.setTypeSchema(itemSchema, for: "Item")
            benchmark.startMeasurement()
            let schemas = try RecordTypeSchemas(store: store)
            for text in texts { try schemas.check(text, type: "Item") }
            try store.transaction { tx in _ = try tx.insertAll(type: "Item", texts: texts) }
            benchmark.stopMeasurement()
            removeDatabase(path)
        }
    }
}
