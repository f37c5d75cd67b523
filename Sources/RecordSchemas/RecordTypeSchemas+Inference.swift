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
            for record in page { try add(record, to: inferrer) }
            guard page.count == inferencePage else { break }
            offset += page.count
        }
        return (inferrer.schema(), inferrer.samples)
    }

    /// Reads a record's stored text straight into the inferrer (no `JSONValue` made).
    private static func add(_ record: StoredRecord, to inferrer: SchemaInferrer) throws(RecordStoreError) {
        var text = record.json
        var failure: JSONParseError?
        text.withUTF8 { bytes in
            do throws(JSONParseError) {
                try inferrer.add(parsing: bytes)
            } catch {
                failure = error
            }
        }
        if let failure { throw .invalidJSON(id: record.id, error: failure) }
    }
}
