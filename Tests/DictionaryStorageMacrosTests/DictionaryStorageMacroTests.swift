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
            ##"""
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
                public static let schema = ModelSchema(name: "Person", fields: [FieldSchema.make(\Self.name, field: __ds_name, shape: .value, swiftType: "String", defaultValue: #""""#),
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
            """##
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
}
