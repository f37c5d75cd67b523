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

/// A web usage (internally tagged by "type").
@DictionaryStorage
public struct Web {
    public var name: String = ""
    public var url: String = ""
}

/// An app usage.
@DictionaryStorage
public struct App {
    public var name: String = ""
    public var bundleId: String = ""
}

/// Where something is used: web, app, or a kind a newer version invented.
@Variants(discriminator: "type")
public enum Usage {
    case web(Web)
    case app(App)
    case unknown(JSONObject)
}

/// The seed README's object with usages.
@DictionaryStorage
public struct UsageList {
    public var usages: [Usage] = []
}

/// A payment method, adjacently tagged in SCREAMING_SNAKE_CASE.
@Variants(tag: "type", content: "data", caseStyle: .screamingSnakeCase)
public enum PaymentMethod {
    case card(number: String, expiry: String)
    case applePay(token: String)
    case unknown(JSONObject)
}

/// An image attachment.
@DictionaryStorage
public struct ImagePayload {
    public var url: String = ""
    public var width: Int = 0
    public var height: Int = 0
}

/// A video attachment.
@DictionaryStorage
public struct VideoPayload {
    public var url: String = ""
    public var duration: Double = 0
}

/// An attachment, externally tagged.
@Variants(.external)
public enum MediaAttachment {
    case image(ImagePayload)
    case video(VideoPayload)
    case unknown(JSONObject)
}

/// A post with attachments and a payment.
@DictionaryStorage
public struct Post {
    public var title: String = ""
    public var attachments: [MediaAttachment] = []
    public var payment: PaymentMethod?
}

/// An image row of a screen.
@DictionaryStorage
public struct ImageItem {
    public var imageUrl: String = ""
}

/// A text row of a screen.
@DictionaryStorage
public struct TextItem {
    public var text: String = ""
    public var bold: Bool = false
}

/// KarrotCodableKit's view items with an UNDEFINED fallback.
@Variants(discriminator: "type", caseStyle: .screamingSnakeCase)
public enum ViewItem {
    case image(ImageItem)
    case text(TextItem)
    case undefined(JSONObject)
}

/// A screen of view items.
@DictionaryStorage
public struct Screen {
    public var items: [ViewItem] = []
}

/// A user.
@DictionaryStorage
public struct User {
    public var id: Int = 0
    public var name: String = ""
}

/// A social user: a user plus profile fields in one object.
@DictionaryStorage
public struct SocialUser {
    @Flattened public var user: User
    public var username: String = ""
    public var isPublic: Bool = false
}

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

/// The sample models, registered for the browser and the command line.
public enum SampleModels {
    /// Every sample model.
    public static let registry: ModelRegistry = {
        var registry = ModelRegistry()
        registry.register(Person.self)
        registry.register(UsageList.self)
        registry.register(Web.self)
        registry.register(App.self)
        registry.register(Post.self)
        registry.register(ImagePayload.self)
        registry.register(VideoPayload.self)
        registry.register(Screen.self)
        registry.register(ImageItem.self)
        registry.register(TextItem.self)
        registry.register(SocialUser.self)
        registry.register(User.self)
        registry.register(Student.self)
        registry.register(Teacher.self)
        registry.register(Homework.self)
        return registry
    }()
}
