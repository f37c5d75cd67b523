import DictionaryStorageMacros
import MacroTesting
import Testing

@Suite(.macros(
    ["DictionaryStorage": DictionaryStorageMacro.self, "DictionaryStorageProperty": DictionaryStoragePropertyMacro.self],
    record: .missing))
struct DictionaryStorageMacroTests {
    @Test func expandsASeedStyleModel() {
        assertMacro {
            """
            @DictionaryStorage(.hashable)
            public struct Person {
                var name: String = ""
                var age: Int?
                @DictionaryStorageProperty("person_email") var email: String?
                private let cache = 0
                var computed: String { name }
            }
            """
        } expansion: {
            #"""
            public struct Person {
                var name: String {
                    get {
                        Self.__ds_name.get(in: _storage, default: "")
                    }
                    set {
                        Self.__ds_name.set(newValue, in: &_storage)
                    }
                }
                var age: Int? {
                    get {
                        Self.__ds_age.getOptional(in: _storage)
                    }
                    set {
                        Self.__ds_age.setOptional(newValue, in: &_storage)
                    }
                }
                var email: String? {
                    get {
                        Self.__ds_email.getOptional(in: _storage)
                    }
                    set {
                        Self.__ds_email.setOptional(newValue, in: &_storage)
                    }
                }
                private let cache = 0
                var computed: String { name }

                var _storage: JSONObject = JSONObject()

                /// Wraps a JSON object; every field is read from it on access.
                public init(_ storage: JSONObject) {
                    self._storage = storage
                }

                /// Wraps a dictionary shaped like `JSONSerialization`'s output.
                public init(_ dictionary: [String: Any]) {
                    self._storage = JSONObject(bridging: dictionary)
                }

                /// The storage as a `[String: Any]` dictionary, unknown fields included.
                public var rawDictionary: [String: Any] {
                    _storage.bridgedDictionary
                }

                /// The JSON object behind the properties, unknown fields included.
                public var storage: JSONObject {
                    get {
                        _storage
                    }
                    set {
                        _storage = newValue
                    }
                }

                /// Creates a new value from its properties (unset optionals are left out of the object).
                public init(name: String = "", age: Int? = nil, email: String? = nil) {
                    Self.__ds_name.set(name, in: &_storage)
                    Self.__ds_age.setOptional(age, in: &_storage)
                    Self.__ds_email.setOptional(email, in: &_storage)
                }

                static let __ds_name = Field<String>(name: "name", keyStyle: .verbatim, lenient: false, codec: DictionaryStorage.codec(String.self, decode: DictionaryStorage.decode, encode: DictionaryStorage.encode))

                static let __ds_age = Field<Int>(name: "age", keyStyle: .verbatim, lenient: false, codec: DictionaryStorage.codec(Int.self, decode: DictionaryStorage.decode, encode: DictionaryStorage.encode))

                static let __ds_email = Field<String>(name: "email", key: "person_email", keyStyle: .verbatim, lenient: false, codec: DictionaryStorage.codec(String.self, decode: DictionaryStorage.decode, encode: DictionaryStorage.encode))

                /// The fields of Person, for browsers and tools.
                public static let schema = ModelSchema(name: "Person", fields: [FieldSchema.make(\Self.name, field: __ds_name, shape: .value, swiftType: "String", defaultValue: "\"\""),
                        FieldSchema.make(\Self.age, field: __ds_age, shape: .optional, swiftType: "Int?", defaultValue: nil),
                        FieldSchema.make(\Self.email, field: __ds_email, shape: .optional, swiftType: "String?", defaultValue: nil)])

                /// What the accessors could not read as written, and the fields kept without being known.
                public func validate() -> ValidationReport {
                    var findings: [ValidationFinding] = []
                    findings += Self.__ds_name.check(in: _storage, shape: .value, returned: self.name as Any)
                    findings += Self.__ds_age.check(in: _storage, shape: .optional, returned: self.age as Any)
                    findings += Self.__ds_email.check(in: _storage, shape: .optional, returned: self.email as Any)
                    findings += Self.schema.keyCollisions
                    findings += Self.schema.unknownFields(in: _storage)
                    return ValidationReport(findings: findings)
                }

                public static func == (lhs: Person, rhs: Person) -> Bool {
                    lhs.name == rhs.name && lhs.age == rhs.age && lhs.email == rhs.email
                }

                public func hash(into hasher: inout Hasher) {
                    hasher.combine(name)
                    hasher.combine(age)
                    hasher.combine(email)
                }
            }
            """#
        }
    }

    @Test func expandsKeyStylesPathsAndOptions() {
        assertMacro {
            """
            @DictionaryStorage(keyStyle: .snakeCase, lenient: true)
            struct Settings {
                var tags: [String] = []
                var scores: [String: Int]?
                @DictionaryStorageProperty(path: "meta.created", strategy: .iso8601) var created: Date?
                @DictionaryStorageProperty("mail", legacyKeys: ["e_mail"], required: true, nullForNil: true) var email: String?
                private(set) var version: Int = 1
            }
            """
        } expansion: {
            #"""
            struct Settings {
                var tags: [String] {
                    get {
                        Self.__ds_tags.getArray(in: _storage, default: [])
                    }
                    set {
                        Self.__ds_tags.setArray(newValue, in: &_storage)
                    }
                }
                var scores: [String: Int]? {
                    get {
                        Self.__ds_scores.getOptionalDictionary(in: _storage)
                    }
                    set {
                        Self.__ds_scores.setOptionalDictionary(newValue, in: &_storage)
                    }
                }
                var created: Date? {
                    get {
                        Self.__ds_created.getOptional(in: _storage)
                    }
                    set {
                        Self.__ds_created.setOptional(newValue, in: &_storage)
                    }
                }
                var email: String? {
                    get {
                        Self.__ds_email.getOptional(in: _storage)
                    }
                    set {
                        Self.__ds_email.setOptional(newValue, in: &_storage)
                    }
                }
                private(set) var version: Int {
                    get {
                        Self.__ds_version.get(in: _storage, default: 1)
                    }
                    set {
                        Self.__ds_version.set(newValue, in: &_storage)
                    }
                }

                var _storage: JSONObject = JSONObject()

                /// Wraps a JSON object; every field is read from it on access.
                init(_ storage: JSONObject) {
                    self._storage = storage
                }

                /// Wraps a dictionary shaped like `JSONSerialization`'s output.
                init(_ dictionary: [String: Any]) {
                    self._storage = JSONObject(bridging: dictionary)
                }

                /// The storage as a `[String: Any]` dictionary, unknown fields included.
                var rawDictionary: [String: Any] {
                    _storage.bridgedDictionary
                }

                /// The JSON object behind the properties, unknown fields included.
                var storage: JSONObject {
                    get {
                        _storage
                    }
                    set {
                        _storage = newValue
                    }
                }

                /// Creates a new value from its properties (unset optionals are left out of the object).
                init(tags: [String] = [], scores: [String: Int]? = nil, created: Date? = nil, email: String? = nil, version: Int = 1) {
                    Self.__ds_tags.setArray(tags, in: &_storage)
                    Self.__ds_scores.setOptionalDictionary(scores, in: &_storage)
                    Self.__ds_created.setOptional(created, in: &_storage)
                    Self.__ds_email.setOptional(email, in: &_storage)
                    Self.__ds_version.set(version, in: &_storage)
                }

                static let __ds_tags = Field<String>(name: "tags", keyStyle: .snakeCase, lenient: true, codec: DictionaryStorage.codec(String.self, decode: DictionaryStorage.decode, encode: DictionaryStorage.encode))

                static let __ds_scores = Field<Int>(name: "scores", keyStyle: .snakeCase, lenient: true, codec: DictionaryStorage.codec(Int.self, decode: DictionaryStorage.decode, encode: DictionaryStorage.encode))

                static let __ds_created = Field<Date>(name: "created", path: ["meta", "created"], keyStyle: .snakeCase, strategy: .iso8601, lenient: true, codec: DictionaryStorage.codec(Date.self, decode: DictionaryStorage.decode, encode: DictionaryStorage.encode))

                static let __ds_email = Field<String>(name: "email", key: "mail", keyStyle: .snakeCase, legacyKeys: ["e_mail"], lenient: true, required: true, writesNullForNil: true, codec: DictionaryStorage.codec(String.self, decode: DictionaryStorage.decode, encode: DictionaryStorage.encode))

                static let __ds_version = Field<Int>(name: "version", keyStyle: .snakeCase, lenient: true, codec: DictionaryStorage.codec(Int.self, decode: DictionaryStorage.decode, encode: DictionaryStorage.encode))

                /// The fields of Settings, for browsers and tools.
                static let schema = ModelSchema(name: "Settings", fields: [FieldSchema.make(\Self.tags, field: __ds_tags, shape: .array, swiftType: "[String]", defaultValue: "[]"),
                        FieldSchema.make(\Self.scores, field: __ds_scores, shape: .optionalDictionary, swiftType: "[String: Int]?", defaultValue: nil),
                        FieldSchema.make(\Self.created, field: __ds_created, shape: .optional, swiftType: "Date?", defaultValue: nil),
                        FieldSchema.make(\Self.email, field: __ds_email, shape: .optional, swiftType: "String?", defaultValue: nil),
                        FieldSchema.make(\Self.version, field: __ds_version, shape: .value, swiftType: "Int", defaultValue: "1", readOnly: true)])

                /// What the accessors could not read as written, and the fields kept without being known.
                func validate() -> ValidationReport {
                    var findings: [ValidationFinding] = []
                    findings += Self.__ds_tags.check(in: _storage, shape: .array, returned: self.tags as Any)
                    findings += Self.__ds_scores.check(in: _storage, shape: .optionalDictionary, returned: self.scores as Any)
                    findings += Self.__ds_created.check(in: _storage, shape: .optional, returned: self.created as Any)
                    findings += Self.__ds_email.check(in: _storage, shape: .optional, returned: self.email as Any)
                    findings += Self.__ds_version.check(in: _storage, shape: .value, returned: self.version as Any)
                    findings += Self.schema.keyCollisions
                    findings += Self.schema.unknownFields(in: _storage)
                    return ValidationReport(findings: findings)
                }
            }
            """#
        }
    }

    @Test func expandsAnEmptyStruct() {
        assertMacro {
            """
            @DictionaryStorage
            struct Empty {}
            """
        } expansion: {
            """
            struct Empty {

                var _storage: JSONObject = JSONObject()

                /// Wraps a JSON object; every field is read from it on access.
                init(_ storage: JSONObject) {
                    self._storage = storage
                }

                /// Wraps a dictionary shaped like `JSONSerialization`'s output.
                init(_ dictionary: [String: Any]) {
                    self._storage = JSONObject(bridging: dictionary)
                }

                /// The storage as a `[String: Any]` dictionary, unknown fields included.
                var rawDictionary: [String: Any] {
                    _storage.bridgedDictionary
                }

                /// The JSON object behind the properties, unknown fields included.
                var storage: JSONObject {
                    get {
                        _storage
                    }
                    set {
                        _storage = newValue
                    }
                }

                init() {
                }

                /// The fields of Empty, for browsers and tools.
                static let schema = ModelSchema(name: "Empty", fields: [])

                /// What the accessors could not read as written, and the fields kept without being known.
                func validate() -> ValidationReport {
                    var findings: [ValidationFinding] = []

                    findings += Self.schema.keyCollisions
                    findings += Self.schema.unknownFields(in: _storage)
                    return ValidationReport(findings: findings)
                }
            }
            """
        }
    }

    @Test func diagnosesAClassWithAFixIt() {
        assertMacro {
            """
            @DictionaryStorage
            class Person {
                var name: String = ""
            }
            """
        } diagnostics: {
            """
            @DictionaryStorage
            class Person {
            ┬────
            ╰─ 🛑 @DictionaryStorage applies to a struct, not a class
               ✏️ replace 'class' with 'struct'
                var name: String = ""
            }
            """
        } fixes: {
            """
            @DictionaryStorage
            struct Person {
                var name: String = ""
            }
            """
        } expansion: {
            #"""
            struct Person {
                var name: String {
                    get {
                        Self.__ds_name.get(in: _storage, default: "")
                    }
                    set {
                        Self.__ds_name.set(newValue, in: &_storage)
                    }
                }

                var _storage: JSONObject = JSONObject()

                /// Wraps a JSON object; every field is read from it on access.
                init(_ storage: JSONObject) {
                    self._storage = storage
                }

                /// Wraps a dictionary shaped like `JSONSerialization`'s output.
                init(_ dictionary: [String: Any]) {
                    self._storage = JSONObject(bridging: dictionary)
                }

                /// The storage as a `[String: Any]` dictionary, unknown fields included.
                var rawDictionary: [String: Any] {
                    _storage.bridgedDictionary
                }

                /// The JSON object behind the properties, unknown fields included.
                var storage: JSONObject {
                    get {
                        _storage
                    }
                    set {
                        _storage = newValue
                    }
                }

                /// Creates a new value from its properties (unset optionals are left out of the object).
                init(name: String = "") {
                    Self.__ds_name.set(name, in: &_storage)
                }

                static let __ds_name = Field<String>(name: "name", keyStyle: .verbatim, lenient: false, codec: DictionaryStorage.codec(String.self, decode: DictionaryStorage.decode, encode: DictionaryStorage.encode))

                /// The fields of Person, for browsers and tools.
                static let schema = ModelSchema(name: "Person", fields: [FieldSchema.make(\Self.name, field: __ds_name, shape: .value, swiftType: "String", defaultValue: "\"\"")])

                /// What the accessors could not read as written, and the fields kept without being known.
                func validate() -> ValidationReport {
                    var findings: [ValidationFinding] = []
                    findings += Self.__ds_name.check(in: _storage, shape: .value, returned: self.name as Any)
                    findings += Self.schema.keyCollisions
                    findings += Self.schema.unknownFields(in: _storage)
                    return ValidationReport(findings: findings)
                }
            }
            """#
        }
    }

    @Test func diagnosesAProtocol() {
        assertMacro {
            """
            @DictionaryStorage
            protocol Named {}
            """
        } diagnostics: {
            """
            @DictionaryStorage
            protocol Named {}
            ┬───────
            ╰─ 🛑 @DictionaryStorage applies to a struct, not a protocol
            """
        }
    }

    @Test func diagnosesANonOptionalWithoutDefaultWithAFixIt() {
        assertMacro {
            """
            @DictionaryStorage
            struct Person {
                var age: Int
            }
            """
        } diagnostics: {
            """
            @DictionaryStorage
            struct Person {
                var age: Int
                    ┬──
                    ╰─ 🛑 stored property 'age' of non-optional type 'Int' needs a default value, used when the key is missing
                       ✏️ add default value '= 0'
            }
            """
        } fixes: {
            """
            @DictionaryStorage
            struct Person {
                var age: Int = 0
            }
            """
        } expansion: {
            #"""
            struct Person {
                var age: Int {
                    get {
                        Self.__ds_age.get(in: _storage, default: 0)
                    }
                    set {
                        Self.__ds_age.set(newValue, in: &_storage)
                    }
                }

                var _storage: JSONObject = JSONObject()

                /// Wraps a JSON object; every field is read from it on access.
                init(_ storage: JSONObject) {
                    self._storage = storage
                }

                /// Wraps a dictionary shaped like `JSONSerialization`'s output.
                init(_ dictionary: [String: Any]) {
                    self._storage = JSONObject(bridging: dictionary)
                }

                /// The storage as a `[String: Any]` dictionary, unknown fields included.
                var rawDictionary: [String: Any] {
                    _storage.bridgedDictionary
                }

                /// The JSON object behind the properties, unknown fields included.
                var storage: JSONObject {
                    get {
                        _storage
                    }
                    set {
                        _storage = newValue
                    }
                }

                /// Creates a new value from its properties (unset optionals are left out of the object).
                init(age: Int = 0) {
                    Self.__ds_age.set(age, in: &_storage)
                }

                static let __ds_age = Field<Int>(name: "age", keyStyle: .verbatim, lenient: false, codec: DictionaryStorage.codec(Int.self, decode: DictionaryStorage.decode, encode: DictionaryStorage.encode))

                /// The fields of Person, for browsers and tools.
                static let schema = ModelSchema(name: "Person", fields: [FieldSchema.make(\Self.age, field: __ds_age, shape: .value, swiftType: "Int", defaultValue: "0")])

                /// What the accessors could not read as written, and the fields kept without being known.
                func validate() -> ValidationReport {
                    var findings: [ValidationFinding] = []
                    findings += Self.__ds_age.check(in: _storage, shape: .value, returned: self.age as Any)
                    findings += Self.schema.keyCollisions
                    findings += Self.schema.unknownFields(in: _storage)
                    return ValidationReport(findings: findings)
                }
            }
            """#
        }
    }

    @Test func offersOptionalWhenThereIsNoObviousDefault() {
        assertMacro {
            """
            @DictionaryStorage
            struct Person {
                var birthday: Date
            }
            """
        } diagnostics: {
            """
            @DictionaryStorage
            struct Person {
                var birthday: Date
                    ┬───────
                    ╰─ 🛑 stored property 'birthday' of non-optional type 'Date' needs a default value, used when the key is missing
                       ✏️ make the type optional
            }
            """
        } fixes: {
            """
            @DictionaryStorage
            struct Person {
                var birthday: Date?
            }
            """
        } expansion: {
            #"""
            struct Person {
                var birthday: Date? {
                    get {
                        Self.__ds_birthday.getOptional(in: _storage)
                    }
                    set {
                        Self.__ds_birthday.setOptional(newValue, in: &_storage)
                    }
                }

                var _storage: JSONObject = JSONObject()

                /// Wraps a JSON object; every field is read from it on access.
                init(_ storage: JSONObject) {
                    self._storage = storage
                }

                /// Wraps a dictionary shaped like `JSONSerialization`'s output.
                init(_ dictionary: [String: Any]) {
                    self._storage = JSONObject(bridging: dictionary)
                }

                /// The storage as a `[String: Any]` dictionary, unknown fields included.
                var rawDictionary: [String: Any] {
                    _storage.bridgedDictionary
                }

                /// The JSON object behind the properties, unknown fields included.
                var storage: JSONObject {
                    get {
                        _storage
                    }
                    set {
                        _storage = newValue
                    }
                }

                /// Creates a new value from its properties (unset optionals are left out of the object).
                init(birthday: Date? = nil) {
                    Self.__ds_birthday.setOptional(birthday, in: &_storage)
                }

                static let __ds_birthday = Field<Date>(name: "birthday", keyStyle: .verbatim, lenient: false, codec: DictionaryStorage.codec(Date.self, decode: DictionaryStorage.decode, encode: DictionaryStorage.encode))

                /// The fields of Person, for browsers and tools.
                static let schema = ModelSchema(name: "Person", fields: [FieldSchema.make(\Self.birthday, field: __ds_birthday, shape: .optional, swiftType: "Date?", defaultValue: nil)])

                /// What the accessors could not read as written, and the fields kept without being known.
                func validate() -> ValidationReport {
                    var findings: [ValidationFinding] = []
                    findings += Self.__ds_birthday.check(in: _storage, shape: .optional, returned: self.birthday as Any)
                    findings += Self.schema.keyCollisions
                    findings += Self.schema.unknownFields(in: _storage)
                    return ValidationReport(findings: findings)
                }
            }
            """#
        }
    }

    @Test func diagnosesUnsupportedTypes() {
        assertMacro {
            """
            @DictionaryStorage
            struct Handlers {
                var onTap: (() -> Void)?
            }
            """
        } diagnostics: {
            """
            @DictionaryStorage
            struct Handlers {
                var onTap: (() -> Void)?
                           ┬───────────
                           ╰─ 🛑 type '(() -> Void)' cannot be stored in JSON
            }
            """
        }
    }

    @Test func diagnosesNonStringDictionaryKeys() {
        assertMacro {
            """
            @DictionaryStorage
            struct Counts {
                var byNumber: [Int: String] = [:]
            }
            """
        } diagnostics: {
            """
            @DictionaryStorage
            struct Counts {
                var byNumber: [Int: String] = [:]
                               ┬──
                               ╰─ 🛑 dictionary fields need String keys, not 'Int'
            }
            """
        }
    }

    @Test func diagnosesALetWithAFixIt() {
        assertMacro {
            """
            @DictionaryStorage
            struct Constant {
                let version: Int = 1
            }
            """
        } diagnostics: {
            """
            @DictionaryStorage
            struct Constant {
                let version: Int = 1
                ┬──
                ╰─ 🛑 'let' property 'version' cannot read from the storage; use 'private(set) var' for a read-only field
                   ✏️ replace 'let' with 'private(set) var'
            }
            """
        } fixes: {
            """
            @DictionaryStorage
            struct Constant {
                private(set) var version: Int = 1
            }
            """
        } expansion: {
            #"""
            struct Constant {
                private(set) var version: Int {
                    get {
                        Self.__ds_version.get(in: _storage, default: 1)
                    }
                    set {
                        Self.__ds_version.set(newValue, in: &_storage)
                    }
                }

                var _storage: JSONObject = JSONObject()

                /// Wraps a JSON object; every field is read from it on access.
                init(_ storage: JSONObject) {
                    self._storage = storage
                }

                /// Wraps a dictionary shaped like `JSONSerialization`'s output.
                init(_ dictionary: [String: Any]) {
                    self._storage = JSONObject(bridging: dictionary)
                }

                /// The storage as a `[String: Any]` dictionary, unknown fields included.
                var rawDictionary: [String: Any] {
                    _storage.bridgedDictionary
                }

                /// The JSON object behind the properties, unknown fields included.
                var storage: JSONObject {
                    get {
                        _storage
                    }
                    set {
                        _storage = newValue
                    }
                }

                /// Creates a new value from its properties (unset optionals are left out of the object).
                init(version: Int = 1) {
                    Self.__ds_version.set(version, in: &_storage)
                }

                static let __ds_version = Field<Int>(name: "version", keyStyle: .verbatim, lenient: false, codec: DictionaryStorage.codec(Int.self, decode: DictionaryStorage.decode, encode: DictionaryStorage.encode))

                /// The fields of Constant, for browsers and tools.
                static let schema = ModelSchema(name: "Constant", fields: [FieldSchema.make(\Self.version, field: __ds_version, shape: .value, swiftType: "Int", defaultValue: "1", readOnly: true)])

                /// What the accessors could not read as written, and the fields kept without being known.
                func validate() -> ValidationReport {
                    var findings: [ValidationFinding] = []
                    findings += Self.__ds_version.check(in: _storage, shape: .value, returned: self.version as Any)
                    findings += Self.schema.keyCollisions
                    findings += Self.schema.unknownFields(in: _storage)
                    return ValidationReport(findings: findings)
                }
            }
            """#
        }
    }

    @Test func diagnosesKeyCollisions() {
        assertMacro {
            """
            @DictionaryStorage
            struct Twice {
                @DictionaryStorageProperty("k") var a: Int = 0
                @DictionaryStorageProperty("k") var b: Int = 0
            }
            """
        } diagnostics: {
            """
            @DictionaryStorage
            struct Twice {
                @DictionaryStorageProperty("k") var a: Int = 0
                @DictionaryStorageProperty("k") var b: Int = 0
                ┬──────────────────────────────
                ╰─ 🛑 properties 'a' and 'b' both read key "k"
            }
            """
        }
    }

    @Test func diagnosesAKeyAndAPathTogether() {
        assertMacro {
            """
            @DictionaryStorage
            struct Both {
                @DictionaryStorageProperty("k", path: "a.b") var a: Int = 0
            }
            """
        } diagnostics: {
            """
            @DictionaryStorage
            struct Both {
                @DictionaryStorageProperty("k", path: "a.b") var a: Int = 0
                ┬───────────────────────────────────────────
                ╰─ 🛑 give either a key or a path, not both
            }
            """
        }
    }

    @Test func diagnosesGenericTypes() {
        assertMacro {
            """
            @DictionaryStorage
            struct Box<T> {
                var name: String = ""
            }
            """
        } diagnostics: {
            """
            @DictionaryStorage
            struct Box<T> {
                   ┬──
                   ╰─ 🛑 @DictionaryStorage does not support generic types (their fields are static stored properties)
                var name: String = ""
            }
            """
        }
    }
}

@Suite(.macros(
    ["StringRawRepresentation": StringRawRepresentationMacro.self, "CustomName": MarkerMacro.self], record: .missing))
struct StringRawRepresentationMacroTests {
    @Test func expandsAnOpenEnumWithCustomNames() {
        assertMacro {
            """
            @StringRawRepresentation
            public enum Gender {
                case male, female
                @CustomName("non-binary") case nonBinary
                case unknown(String)
            }
            """
        } expansion: {
            """
            public enum Gender {
                case male, female
                case nonBinary
                case unknown(String)

                public var rawValue: String {
                    switch self {
                    case .male:
                        return "male"
                    case .female:
                        return "female"
                    case .nonBinary:
                        return "non-binary"
                    case .unknown(let value):
                        return value
                    }
                }

                public init?(rawValue: String) {
                    switch rawValue {
                    case "male":
                        self = .male
                    case "female":
                        self = .female
                    case "non-binary":
                        self = .nonBinary
                    default:
                        self = .unknown(rawValue)
                    }
                }

                public static var knownRawValues: [String] {
                    ["male", "female", "non-binary"]
                }
            }
            """
        }
    }

    @Test func expandsAClosedEnum() {
        assertMacro {
            """
            @StringRawRepresentation
            enum Size {
                case small, large
            }
            """
        } expansion: {
            """
            enum Size {
                case small, large

                var rawValue: String {
                    switch self {
                    case .small:
                        return "small"
                    case .large:
                        return "large"
                    }
                }

                init?(rawValue: String) {
                    switch rawValue {
                    case "small":
                        self = .small
                    case "large":
                        self = .large
                    default:
                        return nil
                    }
                }

                static var knownRawValues: [String] {
                    ["small", "large"]
                }
            }
            """
        }
    }

    @Test func diagnosesTwoPayloadCasesWithAFixIt() {
        assertMacro {
            """
            @StringRawRepresentation
            enum Kind {
                case a
                case unknown(String)
                case other(String)
            }
            """
        } diagnostics: {
            """
            @StringRawRepresentation
            enum Kind {
                case a
                case unknown(String)
                case other(String)
                     ┬────────────
                     ╰─ 🛑 only one case can keep unknown values; 'other' is a second case with a payload
                        ✏️ remove the payload from this case
            }
            """
        } fixes: {
            """
            @StringRawRepresentation
            enum Kind {
                case a
                case unknown(String)
                case other
            }
            """
        } expansion: {
            """
            enum Kind {
                case a
                case unknown(String)
                case other

                var rawValue: String {
                    switch self {
                    case .a:
                        return "a"
                    case .other:
                        return "other"
                    case .unknown(let value):
                        return value
                    }
                }

                init?(rawValue: String) {
                    switch rawValue {
                    case "a":
                        self = .a
                    case "other":
                        self = .other
                    default:
                        self = .unknown(rawValue)
                    }
                }

                static var knownRawValues: [String] {
                    ["a", "other"]
                }
            }
            """
        }
    }

    @Test func diagnosesANonStringPayloadWithAFixIt() {
        assertMacro {
            """
            @StringRawRepresentation
            enum Kind {
                case a
                case unknown(Int)
            }
            """
        } diagnostics: {
            """
            @StringRawRepresentation
            enum Kind {
                case a
                case unknown(Int)
                     ┬───────────
                     ╰─ 🛑 case 'unknown' must hold a single String to keep unknown values
                        ✏️ make the payload a String
            }
            """
        } fixes: {
            """
            @StringRawRepresentation
            enum Kind {
                case a
                case unknown(String)
            }
            """
        } expansion: {
            """
            enum Kind {
                case a
                case unknown(String)

                var rawValue: String {
                    switch self {
                    case .a:
                        return "a"
                    case .unknown(let value):
                        return value
                    }
                }

                init?(rawValue: String) {
                    switch rawValue {
                    case "a":
                        self = .a
                    default:
                        self = .unknown(rawValue)
                    }
                }

                static var knownRawValues: [String] {
                    ["a"]
                }
            }
            """
        }
    }

    @Test func diagnosesAStruct() {
        assertMacro {
            """
            @StringRawRepresentation
            struct NotAnEnum {}
            """
        } diagnostics: {
            """
            @StringRawRepresentation
            struct NotAnEnum {}
            ┬─────
            ╰─ 🛑 @StringRawRepresentation applies to an enum, not a struct
            """
        }
    }
}
