import LosslessJSON
import Synchronization
import PostgresNIO
import RecordStore

/// Other writers' changes, through LISTEN/NOTIFY: a trigger on the record table announces each
/// committed write on one channel, with the table's schema and the record's type; a watching
/// backend listens on its own connection and keeps what connections other than its own announced.
extension PostgresRecordBackend {
    /// The channel every record table announces on (the payload says which schema's table).
    static let channel = "keepsake_records"

    /// Whether the record table has the trigger that announces changes.
    func hasChangeTrigger() throws(RecordStoreError) -> Bool {
        try value(Bool.self, "SELECT EXISTS (SELECT 1 FROM pg_trigger WHERE tgrelid = to_regclass('record') AND tgname = 'record_notify')") ?? false
    }

    /// Creates the trigger (and its function, in the table's schema). The server sends a
    /// transaction's notifications when it commits, once per distinct payload: a transaction that
    /// writes 100,000 records of one type announces that type once.
    func createChangeTrigger() throws(RecordStoreError) {
        do {
            try execute("""
                CREATE OR REPLACE FUNCTION keepsake_record_notify() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN
                    IF TG_OP <> 'INSERT' THEN
                        PERFORM pg_notify('\(Self.channel)', json_build_object('schema', TG_TABLE_SCHEMA, 'type', OLD.type)::text);
                    END IF;
                    IF TG_OP <> 'DELETE' THEN
                        PERFORM pg_notify('\(Self.channel)', json_build_object('schema', TG_TABLE_SCHEMA, 'type', NEW.type)::text);
                    END IF;
                    RETURN NULL;
                END $$
                """)
            try execute("""
                CREATE TRIGGER record_notify AFTER INSERT OR UPDATE OR DELETE ON record
                FOR EACH ROW EXECUTE FUNCTION keepsake_record_notify()
                """)
        } catch {
            // Another store opening at the same moment may have made it first.
            guard (try? hasChangeTrigger()) == true else { throw error }
        }
    }

    /// The schema the record table is in (the first of the search path that has it).
    private func tableSchema() throws(RecordStoreError) -> String {
        try value(String.self, "SELECT relnamespace::regnamespace::text FROM pg_class WHERE oid = to_regclass('record')") ?? "public"
    }

    /// Listens on the connection: what other connections announce for this store's table is kept
    /// in `inbox` until asked for. Called again on each new connection.
    func listen() throws(RecordStoreError) {
        listener?.stop()
        guard let ownProcess = try value(Int32.self, "SELECT pg_backend_pid()") else {
            throw .database(path: location, detail: "the server did not say its process id")
        }
        // `regnamespace::text` quotes a name that needs it; the payload has it plain.
        let schema = try tableSchema().unquotedIdentifier
        let inbox = inbox
        listener = connection.addListener(channel: Self.channel) { _, notification in
            // Anyone may NOTIFY on the channel: a payload not of the trigger's shape is not ours.
            guard notification.backendPID != ownProcess,
                let payload = try? JSONValue(parsing: notification.payload).objectValue,
                payload["schema"]?.stringValue == schema,
                let type = payload["type"]?.stringValue
            else { return }
            inbox.add(RecordChanges(types: [type]))
        }
        try execute("LISTEN \(Self.channel)")
    }

    public func watchChanges() throws(RecordStoreError) -> (any RecordChangeWatch)? {
        try locked { () throws(RecordStoreError) in
            if listener == nil { try listen() }
        }
        return inbox
    }

    // MARK: Indexes

    public func createFieldIndex(on path: JSONPath) throws(RecordStoreError) -> String {
        let name = fieldIndexName(path)
        let array = "ARRAY[" + PostgresRecordConnection.pathArray(path).map { "'" + $0.replacingOccurrences(of: "'", with: "''") + "'" }.joined(separator: ", ") + "]::text[]"
        try locked { () throws(RecordStoreError) in
            try execute("CREATE INDEX IF NOT EXISTS \(Self.quoted(name)) ON record ((json::jsonb #> \(array)))")
        }
        return name
    }
}

/// Changes announced to a watching connection and not yet asked for: filled on the event loop,
/// emptied by whoever watches (it is the watch `watchChanges()` returns).
final class ChangeInbox: RecordChangeWatch {
    private let changes = Mutex<RecordChanges?>(nil)

    /// Adds changes to those waiting.
    func add(_ more: RecordChanges) {
        changes.withLock { $0 = ($0 ?? RecordChanges()).merging(more) }
    }

    /// Hands over the waiting changes, if any.
    func changesByOthers() -> RecordChanges? {
        changes.withLock { waiting in
            defer { waiting = nil }
            return waiting
        }
    }
}

extension String {
    /// A name as `regnamespace::text` gives it, without the double quotes it adds where needed.
    var unquotedIdentifier: String {
        guard hasPrefix("\""), hasSuffix("\""), count >= 2 else { return self }
        return String(dropFirst().dropLast()).replacingOccurrences(of: "\"\"", with: "\"")
    }
}
