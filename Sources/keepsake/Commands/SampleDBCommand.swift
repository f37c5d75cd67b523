import ArgumentParser
import Foundation
import RecordStore

/// `keepsake sample-db PATH`: builds the sample record store, the same every time.
struct SampleDBCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sample-db",
        abstract: "Create the sample record store at PATH (students, teachers and people, with unknown fields).")

    @Argument(help: "Where to create it (must not exist).")
    var path: String

    /// The sample records: fixed ids and texts, so the store is reproducible.
    static let records: [(type: String, id: String, json: String)] = [
        ("Student", "student-andre", #"{"firstName": "Andre", "lastName": "Pham", "debt": 1234.50, "subjectNames": ["math", "physics"], "homework": [{"answers": "42", "grade": 7}], "enrolled": "2019-09-01"}"#),
        ("Student", "student-zoe", #"{"firstName": "Zoë", "lastName": "Martin", "debt": 0, "subjectNames": ["art"], "homework": [{"answers": "n/a", "grade": "A+"}], "nickname": "Z"}"#),
        ("Teacher", "teacher-grace", #"{"firstName": "Grace", "lastName": "Hopper", "salary": 9.99e4, "office": "B-101"}"#),
        ("Person", "person-john", #"{"name": "John Doe", "age": 31, "gender": "male", "person_email": "john@example.com", "createdAt": "2023-06-16T21:18:53Z", "nickname": "JD", "score": 100}"#),
        ("Person", "person-hanako", #"{"name": "山田 花子", "age": 1.0, "gender": "non-binary", "score": "high", "id": 12345678901234567890}"#),
        ("Homework", "homework-1", #"{"answers": "x = 3", "grade": 9, "reviewedBy": "teacher-grace"}"#),
    ]

    func run() throws {
        guard !FileManager.default.fileExists(atPath: path) else {
            throw CommandFailure(message: "\(path) already exists; choose a new path")
        }
        do {
            let store = try RecordStore(path: path)
            try store.transaction { tx in
                for record in Self.records { try tx.put(type: record.type, id: record.id, text: record.json) }
            }
            printLine("\(path): \(Self.records.count) records (\(Set(Self.records.map(\.type)).sorted().joined(separator: ", ")))")
        } catch let error as RecordStoreError {
            throw CommandFailure(message: error.description)
        }
    }
}
