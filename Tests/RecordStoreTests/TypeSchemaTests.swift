import Foundation
import GRDB
import LosslessJSON
import RecordSchemas
import RecordStore
import Testing

/// The schema kept with each record type: stored exactly, replaced, removed, rolled back with a
/// transaction, gained by a store made before it; records checked against it, inferred from it.
@Suite("Record type schemas")
struct TypeSchemaTests {
    static let invoice = #"{"type": "object", "properties": {"number": {"type": "integer"}, "status": {"enum": ["open", "paid"]}}, "required": ["number"]}"#

    @Test(arguments: Backend.available)
    func aSchemaIsKeptExactlyReplacedAndRemoved(backend: Backend) throws {
        let store = try backend.store()
        #expect(try store.typeSchema(for: "Invoice") == nil)
        #expect(try store.typeSchemas().isEmpty)
        try store.setTypeSchema(Self.invoice, for: "Invoice")
        try store.setTypeSchema("true", for: "Note")
        #expect(try store.typeSchema(for: "Invoice") == Self.invoice)
        #expect(try store.typeSchemas().map(\.type) == ["Invoice", "Note"])
        let replacement = #"{"type":"object"}"#
        try store.setTypeSchema(replacement, for: "Invoice")
        #expect(try store.typeSchema(for: "Invoice") == replacement)
        #expect(try store.removeTypeSchema(for: "Invoice"))
        #expect(try !store.removeTypeSchema(for: "Invoice"))
        #expect(try store.typeSchemas().map(\.type) == ["Note"])
        // Not JSON, or JSON that is no schema: refused, and the kept one stands.
        for bad in ["{\"type\": ", "[1]", "12"] {
            #expect(throws: RecordStoreError.self) { try store.setTypeSchema(bad, for: "Note") }
        }
        #expect(try store.typeSchema(for: "Note") == "true")
    }

    @Test(arguments: Backend.available)
    func aSchemaSetInARolledBackTransactionIsGone(backend: Backend) throws {
        let store = try backend.store()
        struct Abandon: Error {}
        #expect(throws: Abandon.self) {
            try store.transaction { tx in
                try tx.setTypeSchema(Self.invoice, for: "Invoice")
                #expect(try tx.typeSchema(for: "Invoice") == Self.invoice)
                throw Abandon()
            }
        }
        #expect(try store.typeSchema(for: "Invoice") == nil)
    }

    @Test func aStoreMadeBeforeTypeSchemasReadsNoneAndGainsTheTableOnItsFirstWrite() throws {
        let temporary = try TemporaryDatabase()
        do {
            let store = try RecordStore(path: temporary.path)
            try store.put(type: "Invoice", id: "a", text: #"{"number": 1}"#)
        }
        // As a store of the previous version left it: no table, its migration not recorded.
        let queue = try DatabaseQueue(path: temporary.path)
        try queue.write { db in
            try db.execute(sql: "DROP TABLE record_schema")
            try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier = 'v3 record type schemas'")
        }
        try queue.close()
        let reader = try RecordStore(path: temporary.path, readOnly: true)
        #expect(try reader.typeSchema(for: "Invoice") == nil)
        #expect(try reader.typeSchemas().isEmpty)
        #expect(try reader.record(id: "a")?.json == #"{"number": 1}"#)
        let writer = try RecordStore(path: temporary.path)
        try writer.setTypeSchema(Self.invoice, for: "Invoice")
        #expect(try RecordStore(path: temporary.path, readOnly: true).typeSchema(for: "Invoice") == Self.invoice)
    }

    @Test(arguments: Backend.available)
    func recordsAreCheckedAgainstTheirTypesSchema(backend: Backend) throws {
        let store = try backend.store()
        try store.setTypeSchema(Self.invoice, for: "Invoice")
        let schemas = try RecordTypeSchemas(store: store)
        try schemas.check(#"{"number": 7, "status": "paid", "kept": true}"#, type: "Invoice")
        try schemas.check(#"{"anything": 1}"#, type: "Untyped")
        #expect {
            try schemas.check(#"{"number": "7", "status": "lost"}"#, type: "Invoice", id: "i1")
        } throws: { error in
            guard let violation = error as? RecordSchemaViolation else { return false }
            return violation.type == "Invoice" && violation.id == "i1" && violation.errors.count == 2
                && violation.errors[0].hasPrefix(".number:") && violation.errors[1].hasPrefix(".status:")
                && violation.description.contains("record i1 does not match the schema of Invoice")
        }
        #expect(throws: RecordSchemaViolation.self) { try schemas.check("{\"number\": ", type: "Invoice") }
    }

    @Test func oneTypesSchemaMayReferToAnothers() throws {
        let schemas = RecordTypeSchemas([
            ("Customer", #"{"type": "object", "required": ["name"]}"#),
            ("Invoice", #"{"properties": {"customer": {"$ref": "urn:keepsake:record-type:Customer"}}}"#),
        ])
        try schemas.check(#"{"customer": {"name": "Ada"}}"#, type: "Invoice")
        #expect(throws: RecordSchemaViolation.self) { try schemas.check(#"{"customer": {}}"#, type: "Invoice") }
        #expect(RecordTypeSchemas.uri(for: "My Type/2") == "urn:keepsake:record-type:My%20Type%2F2")
    }

    @Test func aSchemaThatDoesNotCompileFailsEveryCheckOfItsTypeAndNoOther() throws {
        let schemas = RecordTypeSchemas([("Broken", ##"{"$ref": "#/nowhere"}"##), ("Fine", #"{"type": "object"}"#)])
        #expect(throws: (any Error).self) { try schemas.check("{}", type: "Broken") }
        #expect(throws: (any Error).self) { try schemas.check("{}", type: "Broken") }
        try schemas.check("{}", type: "Fine")
    }

    @Test func theStoreSchemaTakesEachGroupsRecordsThroughTheirTypesSchema() throws {
        let schemas = RecordTypeSchemas([("Invoice", Self.invoice)])
        #expect(try schemas.storeSchema(types: ["Other"]) == nil)
        let schema = try #require(try schemas.storeSchema(types: ["Invoice", "Other"]))
        let good = try JSONDocument(#"{"Invoice": {"a": {"number": 1}}, "Other": {"b": {"x": 1}}}"#)
        #expect(schema.validate(good).isValid)
        let bad = try JSONDocument(#"{"Invoice": {"a": {"number": 1}, "b": {"status": "paid"}}, "Other": {"c": 5}}"#)
        let report = schema.validate(bad)
        #expect(report.errors.map(\.instancePath.jq) == [".Invoice.b"])
    }

    @Test(arguments: Backend.available)
    func aTypesSchemaIsInferredFromEveryRecordAPageAtATime(backend: Backend) throws {
        let store = try backend.store()
        // More records than a page, so that the pages are joined; the rare status appears last.
        let texts = (0..<2_500).map { index in #"{"number": \#(index), "status": "\#(index == 2_499 ? "void" : index.isMultiple(of: 2) ? "open" : "paid")"}"# }
        #expect(try store.transaction { tx in try tx.insertAll(type: "Invoice", texts: texts) } == 2_500)
        try store.put(type: "Other", text: #"{"number": "not one"}"#)
        let (schema, records) = try RecordTypeSchemas.infer(type: "Invoice", from: store)
        #expect(records == 2_500)
        let text = JSONWriter.serialize(schema)
        let schemas = RecordTypeSchemas([("Invoice", text)])
        for record in try store.list(type: "Invoice") { try schemas.check(record.json, type: "Invoice") }
        #expect(throws: RecordSchemaViolation.self) { try schemas.check(#"{"number": 1.5, "status": "open"}"#, type: "Invoice") }
        let sampled = try RecordTypeSchemas.infer(type: "Invoice", from: store, sample: 10)
        #expect(sampled.records == 10)
        #expect(try RecordTypeSchemas.infer(type: "Nothing", from: store).records == 0)
    }
}
