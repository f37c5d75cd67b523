import DictionaryStorage
import Foundation
import LosslessJSON

// The models of the seed README and of the issue, used across the tests.

@DictionaryStorage(.hashable)
struct Person {
    @StringRawRepresentation
    enum Gender {
        case male, female
        @CustomName("non-binary") case nonBinary
        case unknown(String)
    }

    var name: String = ""
    var age: Int?
    var gender: Gender = .unknown("")
    @DictionaryStorageProperty("person_email") var email: String?
    private let cache = 0
    var computed: String { name.uppercased() }
}

@DictionaryStorage
struct Web {
    var type: Usage.UsageType = .web
    var name: String = ""
    var url: String = ""
}

@DictionaryStorage
struct App {
    var type: Usage.UsageType = .app
    var name: String = ""
    var bundleId: String = ""
}

/// The seed README's manual polymorphism, a hand-written `DictionaryRepresentable`.
struct Usage: DictionaryRepresentable {
    enum UsageType: String {
        case web, app, unknown
    }

    enum Value {
        case web(Web)
        case app(App)
        case unknown([String: Any])
    }

    var type: UsageType
    var value: Value
    var _storage: [String: Any]

    var rawDictionary: [String: Any] { _storage }

    init(_ dictionary: [String: Any]) {
        _storage = dictionary
        if let typeString = dictionary["type"] as? String, let type = UsageType(rawValue: typeString) {
            self.type = type
            switch type {
            case .web: value = .web(Web(dictionary))
            case .app: value = .app(App(dictionary))
            case .unknown: value = .unknown(dictionary)
            }
        } else {
            type = .unknown
            value = .unknown(dictionary)
        }
    }
}

@DictionaryStorage
struct Object {
    var usages: [Usage] = []
}

/// A seed-style custom type: only `DictionaryStorage.decode/encode` overloads, no protocol.
struct Color: Equatable {
    var hex: String
}

extension DictionaryStorage {
    static func decode(_ type: Color.Type, value: Any?) -> Color? {
        (value as? String).flatMap { $0.hasPrefix("#") ? Color(hex: $0) : nil }
    }

    static func encode(_ value: Color?) -> Any? { value?.hex }
}

@DictionaryStorage
struct Theme {
    var primary: Color = Color(hex: "#000000")
    var accent: Color?
    var palette: [Color] = []
}

@DictionaryStorage(keyStyle: .snakeCase)
struct Settings {
    var myURLValue: String = ""
    var isEnabled: Bool = false
    @DictionaryStorageProperty("customKey") var custom: Int = 0
    @DictionaryStorageProperty(path: "meta.created", strategy: .iso8601) var created: Date?
    @DictionaryStorageProperty(path: ["meta", "count"]) var count: Int = 0
    @DictionaryStorageProperty("email", legacyKeys: ["mail", "e_mail"]) var email: String?
    @DictionaryStorageProperty(required: true) var id: Int = 0
    @DictionaryStorageProperty(lenient: true) var flag: Bool = false
    @DictionaryStorageProperty(lenient: true) var number: Int = 0
    @DictionaryStorageProperty(lenient: true) var label: String = ""
    @DictionaryStorageProperty(nullForNil: true) var note: String?
}

@DictionaryStorage
struct Everything {
    var bool: Bool = false
    var int: Int = 0
    var int8: Int8 = 0
    var int16: Int16 = 0
    var int32: Int32 = 0
    var int64: Int64 = 0
    var uint: UInt = 0
    var uint8: UInt8 = 0
    var uint16: UInt16 = 0
    var uint32: UInt32 = 0
    var uint64: UInt64 = 0
    var float: Float = 0
    var double: Double = 0
    var decimal: Decimal = 0
    var string: String = ""
    var date: Date?
    @DictionaryStorageProperty(strategy: .iso8601WithFractionalSeconds) var preciseDate: Date?
    @DictionaryStorageProperty(strategy: .rfc3339) var rfc3339: Date?
    @DictionaryStorageProperty(strategy: .rfc2822) var rfc2822: Date?
    @DictionaryStorageProperty(strategy: .yearMonthDay) var day: Date?
    @DictionaryStorageProperty(strategy: .secondsSince1970) var seconds: Date?
    @DictionaryStorageProperty(strategy: .millisecondsSince1970) var milliseconds: Date?
    var url: URL?
    var uuid: UUID?
    var data: Data?
    var tags: [String] = []
    var scores: [String: Int] = [:]
    var maybeTags: [String]?
    var person: Person?
    var people: [Person] = []
    var raw: JSONValue?
}

enum Outer {
    @DictionaryStorage
    struct Inner {
        var `type`: String = ""
        private(set) var version: Int = 1
        var `default`: Bool = false
    }
}

@DictionaryStorage
struct Empty {}

@DictionaryStorage
struct WithInit {
    var name: String = ""
    init(shouting name: String) {
        self.name = name.uppercased()
    }
}

// The seed README's custom-type overloads. UUID is also JSONRepresentable: the overloads win, as in
// the seed. The URL overload is stricter than the built-in coding, so the tests can see it is used.
extension DictionaryStorage {
    public static func decode(_ type: UUID.Type, value: Any?) -> UUID? {
        if let value = value as? String { return UUID(uuidString: value) }
        return nil
    }

    static func encode(_ value: UUID?) -> Any? { value?.uuidString }

    static func decode(_ type: URL.Type, value: Any?) -> URL? {
        (value as? String).flatMap { $0.hasPrefix("https://") ? URL(string: $0) : nil }
    }

    static func encode(_ value: URL?) -> Any? { value.map { "https://" + ($0.host ?? "") + $0.path } }
}

/// The seed README's `Identifiable` person with a UUID id.
@DictionaryStorage
struct IdentifiedPerson: Identifiable {
    var id: UUID = UUID()
    var name: String = ""
    var age: Int?
}
