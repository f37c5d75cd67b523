import Foundation
import GRDB
import SwiftSerializationCompat
import Testing

/// A database file as SwiftSerialization itself writes it (its table and date format), made with
/// real SQLite, then opened through the compatibility module.
@Suite("A SwiftSerialization file")
struct SeedFileTests {
    /// Writes the seed's schema and rows.
    func makeSeedFile(_ rows: [(id: String, objectName: String, data: String)], name: String = #function) throws -> String {
        let path = scratchDatabasePath(name)
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE IF NOT EXISTS record(id TEXT PRIMARY KEY, objectName TEXT, createdAt TEXT, data TEXT);")
            for row in rows {
                try db.execute(
                    sql: "REPLACE INTO record (id, objectName, createdAt, data) VALUES (?, ?, ?, ?);",
                    arguments: [row.id, row.objectName, "2023-01-05T10:20:30.123Z", row.data])
            }
        }
        try queue.close()
        return path
    }

    @Test func itsRecordsReadAfterAClassAndKeyRefactorAndUnknownKeysSurviveAWrite() throws {
        let path = try makeSeedFile([
            ("p1", "Citizen", #"{"object":"Citizen","name":"Ada","nickname":"Countess","scores":[1.50,2]}"#),
            ("p2", "Citizen", #"{"object":"Citizen","name":"Alan"}"#),
            ("h1", "Homework", #"{"object":"Homework","answers":"42","grade":7}"#),
        ])
        Legacy.addClassRefactor(old: "Citizen", new: "Human")
        let database = SerializationDatabase(path: path)
        #expect(database.lastError == nil)
        #expect(database.count() == 3)
        let humans: [Human] = database.read()
        #expect(humans.map(\.firstName).sorted() == ["Ada", "Alan"])
        #expect(database.count(Human.self) == 2)
        let ada = try #require(database.read(id: "p1") as Human?)
        #expect(database.write(Record(id: "p1", data: ada)))

        let queue = try DatabaseQueue(path: path)
        let stored = try queue.read { db in try String.fetchOne(db, sql: "SELECT json FROM record WHERE id = 'p1'") }
        // Every key the seed's app wrote is still there, numbers as written; the new key is added.
        #expect(stored == #"{"object":"Human","name":"Ada","nickname":"Countess","scores":[1.50,2],"firstName":"Ada"}"#)
        // The seed's own rows are kept, renamed, untouched.
        let kept = try queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM swiftserialization_record") }
        #expect(kept == 3)
    }

    @Test func aWriteOfAnUnchangedObjectChangesNoByte() throws {
        let text = #"{"object":"Homework",  "answers":"42", "grade":7.0}"#
        let path = try makeSeedFile([("h", "Homework", text)])
        let database = SerializationDatabase(path: path)
        let homework = try #require(database.read(id: "h") as Homework?)
        #expect(homework.grade == 7)
        #expect(database.write(Record(id: "h", data: homework)))
        let queue = try DatabaseQueue(path: path)
        let stored = try queue.read { db in try Row.fetchOne(db, sql: "SELECT json, version FROM record WHERE id = 'h'") }
        #expect(stored?["json"] == text)
        #expect(stored?["version"] == 1)
    }
}
