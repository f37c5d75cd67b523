import DictionaryStorage
import Foundation
import LosslessJSON

/// The DictionaryStorage README's person.
@DictionaryStorage(.hashable)
public struct Person {
    /// A gender that keeps values this version does not know.
    @StringRawRepresentation
    public enum Gender {
        case male, female
        @CustomName("non-binary") case nonBinary
        case unknown(String)
    }

    public var name: String = ""
    public var age: Int?
    public var gender: Gender = .unknown("")
    @DictionaryStorageProperty("person_email") public var email: String?
    @DictionaryStorageProperty(strategy: .iso8601) public var createdAt: Date?
    public var score: Int = 0
}
