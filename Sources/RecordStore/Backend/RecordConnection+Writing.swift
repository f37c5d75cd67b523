import Foundation
import LosslessJSON

extension RecordConnection {
    /// Writes an object under an id: a new record is serialized compactly; an existing record's text
    /// is edited in place so only the changed values' bytes change, and nothing is written when
    /// nothing changed.
    /// With `expectedVersion`, an existing record is changed only if it is still at that version.
    func put(id: String, type: String, object: JSONObject, expectedVersion: Int? = nil) throws {
        let now = Date()
        // The common case, a new id, costs one statement; an existing id falls through to the edit.
        let new = StoredRecord(id: id, type: type, json: JSONWriter.serialize(.object(object)), createdAt: now, updatedAt: now)
        guard try !insert(new), let existing = try fetch(id: id) else { return }
        if let expectedVersion, existing.version != expectedVersion {
            throw RecordStoreError.conflict(id: id, expected: expectedVersion, found: existing.version)
        }
        var document = try existing.document()
        if case .object = document.rootValue {
            try document.update(at: .root, to: .object(object))
        } else {
            try document.apply(.replace(at: .root, with: .object(object)))
        }
        let text = document.text.string
        guard text != existing.json || type != existing.type else { return }
        try update(id: id, type: type, json: text, updatedAt: now, expectedVersion: expectedVersion)
    }

    /// Stores a JSON object text exactly as given (it must parse as an object): replacing a record
    /// with the same id when `replacing`, at `expectedVersion` when given; else only as a new one.
    func putText(id: String, type: String, text: String, replacing: Bool = true, expectedVersion: Int? = nil) throws {
        try requireObjectText(text, id: id)
        let now = Date()
        let record = StoredRecord(id: id, type: type, json: text, createdAt: now, updatedAt: now)
        if let expectedVersion {
            try update(id: id, type: type, json: text, updatedAt: now, expectedVersion: expectedVersion)
        } else if replacing {
            // The same text again changes nothing: no new version, no new time.
            if let existing = try fetch(id: id), existing.json == text, existing.type == type { return }
            try upsert(record)
        } else if try !insert(record) {
            throw RecordStoreError.exists(id: id, version: try fetch(id: id)?.version ?? 1)
        }
    }
}

/// Checks that a text to store is a JSON object, as every record is; `id` names it in the error.
func requireObjectText(_ text: String, id: String) throws(RecordStoreError) {
    let document: JSONDocument
    do {
        // Any depth: the parse builds no value tree, and the caller chose its own limit (`db import
        // --max-depth`) — a second, lower one here refused what it had accepted.
        document = try JSONDocument(text, options: JSONParseOptions(maxDepth: .max))
    } catch {
        throw .invalidJSON(id: id, error: error)
    }
    guard case .object = document.kind(document.root) else { throw .notAnObject(id: id) }
}
