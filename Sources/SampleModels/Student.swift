import DictionaryStorage
import Foundation
import LosslessJSON

/// SwiftSerialization's homework, as a struct.
@DictionaryStorage
public struct Homework {
    public var answers: String = ""
    public var grade: Int?
}

/// SwiftSerialization's teacher.
@DictionaryStorage
public struct Teacher {
    public var firstName: String = ""
    public var lastName: String = ""
    public var salary: Double = 0
}

/// SwiftSerialization's student.
@DictionaryStorage
public struct Student {
    public var firstName: String = ""
    public var lastName: String = ""
    public var debt: Double = 0
    public var teacher: Teacher?
    public var subjectNames: [String] = []
    public var homework: [Homework] = []
}
