import DictionaryStorage
import Foundation
import LosslessJSON
import RecordStore
import Testing

@DictionaryStorage struct Student { var name: String = ""; var debt: Double = 0 }
@DictionaryStorage struct Teacher { var name: String = ""; var salary: Int = 0 }

@Suite("README: the record store")
struct RecordStoreExample {
    @Test func everyOperationOfTheExample() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let databasePath = scratch.path("app.sqlite")
        let student = Student(name: "Ada", debt: 250)
        let teacher = Teacher(name: "Grace", salary: 100)

        let store = try RecordStore(path: databasePath)            // WAL, DatabasePool, versioned schema
        try store.write(Record(id: "s1", data: student))            // SerializationDatabase's names
        let s: Student? = try store.read(id: "s1")
        #expect(s?.name == "Ada")
        let all: [Student] = try store.read()
        let count = try store.count(Student.self)
        #expect(all.count == 1 && count == 1)
        try store.delete(id: "s1"); try store.clearDatabase()
        #expect(try store.count() == 0)
        try store.transaction { tx in                               // rolls back if the closure throws
            try tx.write(Record(data: teacher))
            try tx.transaction { inner in                           // nested: a savepoint
                try inner.write(Record(id: "s2", data: student))
            }
        }
        #expect(try store.count(Teacher.self) == 1 && store.count(Student.self) == 1)
        _ = try store.put(type: "Person", id: "p1", text: #"{"name": "Old", "debt": 500}"#)
        store.addTypeRename(old: "Person", new: "Student")          // old records read as the new type
        let indebted = try store.list(type: "Student", where: [FieldCondition(["debt"], .greater, 100)], order: .field(["debt"]), limit: 50)
        #expect(indebted.map(\.id) == ["s2", "p1"])
        let renamed: Student? = try store.read(id: "p1")
        #expect(renamed?.debt == 500)
    }
}
