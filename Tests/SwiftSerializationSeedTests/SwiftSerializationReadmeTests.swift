// Andre-Pham/SwiftSerialization's README classes and calls, unchanged but for the import.
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import SwiftSerializationCompat
import Testing

class Person: Storable {
    private(set) var firstName: String
    private(set) var lastName: String
    public let id = UUID()

    init(firstName: String, lastName: String) {
        self.firstName = firstName
        self.lastName = lastName
    }

    // MARK: - Serialization

    private enum Field: String {
        case firstName
        case lastName
    }

    required init(dataObject: DataObject) {
        self.firstName = dataObject.get(Field.firstName.rawValue)
        self.lastName = dataObject.get(Field.lastName.rawValue, onFail: "MISSING")
    }

    func toDataObject() -> DataObject {
        return DataObject(self)
            .add(key: Field.firstName.rawValue, value: self.firstName)
            .add(key: Field.lastName.rawValue, value: self.lastName)
    }
}

class Student: Person {
    private(set) var homework = [Homework]()
    private(set) var debt: Double
    private(set) var teacher: Teacher
    private(set) var subjectNames: [String]

    init(firstName: String, lastName: String, debt: Double, teacher: Teacher, subjectNames: [String]) {
        self.debt = debt
        self.teacher = teacher
        self.subjectNames = subjectNames
        super.init(firstName: firstName, lastName: lastName)
    }

    func giveHomework(_ homework: Homework) {
        self.homework.append(homework)
    }

    // MARK: - Serialization

    private enum Field: String {
        case debt
        case homework
        case teacher
        case subjectNames
    }

    required init(dataObject: DataObject) {
        self.debt = dataObject.get(Field.debt.rawValue)
        self.homework = dataObject.getObjectArray(Field.homework.rawValue, type: Homework.self)
        self.teacher = dataObject.getObject(Field.teacher.rawValue, type: Teacher.self)
        self.subjectNames = dataObject.get(Field.subjectNames.rawValue)
        super.init(dataObject: dataObject)
    }

    override func toDataObject() -> DataObject {
        return super.toDataObject()
            .add(key: Field.debt.rawValue, value: self.debt)
            .add(key: Field.homework.rawValue, value: self.homework)
            .add(key: Field.teacher.rawValue, value: self.teacher)
            .add(key: Field.subjectNames.rawValue, value: self.subjectNames)
    }
}

class Teacher: Person {
    private(set) var salary: Double

    init(firstName: String, lastName: String, salary: Double) {
        self.salary = salary
        super.init(firstName: firstName, lastName: lastName)
    }

    // MARK: - Serialization

    private enum Field: String {
        case salary
    }

    required init(dataObject: DataObject) {
        self.salary = dataObject.get(Field.salary.rawValue)
        super.init(dataObject: dataObject)
    }

    override func toDataObject() -> DataObject {
        return super.toDataObject()
            .add(key: Field.salary.rawValue, value: self.salary)
    }
}

class Homework: Storable {
    public let answers: String
    public var grade: Int?

    init(answers: String, grade: Int?) {
        self.answers = answers
        self.grade = grade
    }

    // MARK: - Serialization

    private enum Field: String {
        case answers
        case grade
    }

    required init(dataObject: DataObject) {
        self.answers = dataObject.get(Field.answers.rawValue)
        self.grade = dataObject.get(Field.grade.rawValue)
    }

    func toDataObject() -> DataObject {
        return DataObject(self)
            .add(key: Field.answers.rawValue, value: self.answers)
            .add(key: Field.grade.rawValue, value: self.grade)
    }
}

/// The README's refactor: `Person` became `Human`, `name` became `firstName`.
class Human: Storable {
    private(set) var firstName: String

    init(firstName: String) {
        self.firstName = firstName
    }

    private enum Field: String {
        case firstName
    }

    required init(dataObject: DataObject) {
        self.firstName = dataObject.get(Field.firstName.rawValue, legacyKeys: ["name"])
    }

    func toDataObject() -> DataObject {
        return DataObject(self)
            .add(key: Field.firstName.rawValue, value: self.firstName)
    }
}

/// The scratch folder of this test process. The databases stay open until the process ends, so
/// the folder outlives the tests: it is removed by the next run instead (every `keepsake-seed-PID`
/// folder whose process is gone).
let scratchDatabaseFolder: URL = {
    let temporary = FileManager.default.temporaryDirectory
    let prefix = "keepsake-seed-"
    for name in (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? [] where name.hasPrefix(prefix) {
        guard let pid = Int32(name.dropFirst(prefix.count)), kill(pid, 0) != 0, errno == ESRCH else { continue }
        try? FileManager.default.removeItem(at: temporary.appendingPathComponent(name))
    }
    let folder = temporary.appendingPathComponent(prefix + String(ProcessInfo.processInfo.processIdentifier))
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}()

/// A scratch database file per test.
func scratchDatabasePath(_ name: String = #function) -> String {
    let folder = scratchDatabaseFolder
    let path = folder.appendingPathComponent(name.filter { $0.isLetter || $0.isNumber } + ".sqlite").path
    for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    return path
}

@Suite("Andre-Pham/SwiftSerialization README, with only `import SwiftSerializationCompat`")
struct SwiftSerializationReadmeTests {
    @Test func theDatabaseTransactionExamples() {
        let database: DatabaseTarget = SerializationDatabase(path: scratchDatabasePath())
        let person = Person(firstName: "Andre", lastName: "Pham")
        #expect(database.write(Record(id: "myID", data: person)))
        #expect(database.write(Record(data: person)))
        let readPerson: Person? = database.read(id: "myID")
        #expect(readPerson?.firstName == "Andre")
        let readPeople: [Person] = database.read()
        #expect(readPeople.count == 2)
        #expect(database.count() == 2)
        #expect(database.delete(id: "myID"))
        #expect(!database.delete(id: "myID"))
        #expect(database.delete(Person.self) == 1)
        #expect(database.write(Record(data: person)))
        #expect(database.clearDatabase() == 1)
        #expect(database.count() == 0)
    }

    @Test func nestedObjectsArraysAndSubclassesRoundTrip() throws {
        let database = SerializationDatabase(path: scratchDatabasePath())
        let teacher = Teacher(firstName: "T", lastName: "Eacher", salary: 50_000.5)
        let student = Student(firstName: "S", lastName: "Tudent", debt: 10.25, teacher: teacher, subjectNames: ["Maths", "Art"])
        student.giveHomework(Homework(answers: "42", grade: 7))
        student.giveHomework(Homework(answers: "?", grade: nil))
        #expect(database.write(Record(id: "s", data: student)))
        // Read as the base class: the stored class name restores the subclass.
        let read: Person? = database.read(id: "s")
        let restored = try #require(read as? Student)
        #expect(restored.debt == 10.25)
        #expect(restored.teacher.salary == 50_000.5)
        #expect(restored.teacher.firstName == "T")
        #expect(restored.subjectNames == ["Maths", "Art"])
        #expect(restored.homework.map(\.answers) == ["42", "?"])
        #expect(restored.homework.map(\.grade) == [7, nil])
        #expect(database.readIDs(Student.self) == ["s"])
        #expect(database.count(Student.self) == 1)
        #expect(database.count(Person.self) == 0)
        #expect(database.lastError == nil)
    }

    @Test func missingValuesGiveTheirDefaultsOrOnFail() {
        let data = DataObject(rawString: #"{"object": "Person", "firstName": "A"}"#)
        let person = Person(dataObject: data)
        #expect(person.firstName == "A")
        #expect(person.lastName == "MISSING")
        let empty = Person(dataObject: DataObject(rawString: "{}"))
        #expect(empty.firstName == "")
        let grade: Int? = DataObject(rawString: #"{"grade": null}"#).get("grade")
        #expect(grade == nil)
    }

    @Test func classAndPropertyRefactors() {
        let path = scratchDatabasePath()
        let database = SerializationDatabase(path: path)
        // What the app stored before the refactor: a Person with `name`.
        let before = DataObject(rawString: #"{"object": "Person", "name": "Ada"}"#)
        #expect(before.objectName == "Person")
        #expect(database.write(Record(id: "p", data: Human(dataObject: before))))
        Legacy.addClassRefactor(old: "LegacyPerson", new: "Human")
        let human: Human? = database.read(id: "p")
        #expect(human?.firstName == "Ada")
        // The old key stays in the record (an older app version still reads it).
        #expect(database.count(Human.self) == 1)
    }

    @Test func transactionsCommitRollBackAndOverride() {
        let database = SerializationDatabase(path: scratchDatabasePath())
        #expect(!database.transactionActive)
        #expect(database.startTransaction())
        #expect(database.transactionActive)
        #expect(database.write(Record(id: "a", data: Homework(answers: "a", grade: 1))))
        // Reads inside the transaction see its writes.
        #expect(database.count() == 1)
        let inside: Homework? = database.read(id: "a")
        #expect(inside?.answers == "a")
        #expect(database.rollbackTransaction())
        #expect(database.count() == 0)
        #expect(!database.rollbackTransaction())
        #expect(!database.commitTransaction())

        #expect(database.startTransaction())
        #expect(database.write(Record(id: "b", data: Homework(answers: "b", grade: nil))))
        // A second start without override refuses and the open one goes on …
        #expect(!database.startTransaction(override: false))
        #expect(database.transactionActive)
        // … and with override (the default) rolls it back and starts anew.
        #expect(database.startTransaction())
        #expect(database.count() == 0)
        #expect(database.write(Record(id: "c", data: Homework(answers: "c", grade: 3))))
        #expect(database.commitTransaction())
        #expect(database.count() == 1)
        let committed: Homework? = database.read(id: "c")
        #expect(committed?.grade == 3)
    }

    @Test func everythingWorksFromManyThreads() async {
        let database = SerializationDatabase(path: scratchDatabasePath())
        await withTaskGroup(of: Bool.self) { group in
            for index in 0..<40 {
                group.addTask { database.write(Record(id: "h\(index)", data: Homework(answers: "\(index)", grade: index))) }
            }
            for await written in group { #expect(written) }
        }
        #expect(database.count() == 40)
        let all: [Homework] = database.read()
        #expect(Set(all.compactMap(\.grade)) == Set(0..<40))
    }

    @Test func aFileThatCannotBeOpenedFailsEveryCallAndSaysWhy() throws {
        let path = scratchDatabasePath()
        let text = Data("not a database, just text that is long enough to be read as a header".utf8)
        try text.write(to: URL(fileURLWithPath: path))
        let database = SerializationDatabase(path: path)
        #expect(!database.write(Record(data: Homework(answers: "x", grade: nil))))
        #expect(database.count() == 0)
        #expect(database.lastError != nil)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == text)
    }
}
