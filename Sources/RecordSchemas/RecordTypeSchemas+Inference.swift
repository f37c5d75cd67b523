import LosslessJSON
import RecordStore
import SchemaInference

extension RecordTypeSchemas {
    /// The records read from the store at a time while inferring.
    static let inferencePage = 1_000

    /// Infers a record type's schema from its stored records — every one, or the first `sample`,
    /// oldest first — read a page at a time (memory follows the records' shape, not their number).
    /// Returns the schema and how many records it was inferred from; a record whose stored text is
    /// not JSON fails the inference, named.
    public static func infer(type: String, from store: some RecordOperations, sample: Int? = nil) throws -> (schema: JSONValue, records: Int) {
        let inferrer = SchemaInferrer()
        let limit = sample ?? .max
        var offset = 0
        while inferrer.samples < limit {
            let page = try store.list(type: type, order: .created, limit: min(inferencePage, limit - inferrer.samples), offset: offset)
            for record in page { inferrer.add(try value(of: record)) }
            guard page.count == inferencePage else { break }
            offset += page.count
        }
        return (inferrer.schema(), inferrer.samples)
    }

    private static func value(of record: StoredRecord) throws(RecordStoreError) -> JSONValue {
        do {
            return try JSONValue(parsing: record.json)
        } catch {
            throw .invalidJSON(id: record.id, error: error)
        }
    }
}
