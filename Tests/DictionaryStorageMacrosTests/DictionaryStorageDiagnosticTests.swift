import DictionaryStorageMacros
import MacroTesting
import Testing

@Suite(.macros(
    ["DictionaryStorage": DictionaryStorageMacro.self, "DictionaryStorageProperty": DictionaryStoragePropertyMacro.self],
    record: .missing))
struct DictionaryStorageDiagnosticTests {
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
            ╰─ 🛑 @DictionaryStorage on a class needs 'final': a subclass could not add fields the storage reads
               ✏️ add 'final'
               ✏️ replace 'class' with 'struct'
                var name: String = ""
            }
            """
        } fixes: {
            """
            @DictionaryStorage
            final class Person {
                var name: String = ""
            }
            """
        } expansion: {
            ##"""
            final class Person {
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
                static let schema = ModelSchema(name: "Person", fields: [FieldSchema.make(\Person.name, field: __ds_name, shape: .value, swiftType: "String", defaultValue: #""""#)])

                /// What the accessors could not read as written, and the fields kept without being known.
                func validate() -> ValidationReport {
                    var findings: [ValidationFinding] = []
                    findings += Self.__ds_name.check(in: _storage, shape: .value, returned: self.name as Any)
                    findings += Self.schema.keyCollisions
                    findings += Self.schema.unknownFields(in: _storage)
                    return ValidationReport(findings: findings)
                }
            }
            """##
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
            ╰─ 🛑 @DictionaryStorage applies to a struct or a final class, not a protocol
            """
        }
    }

    /// The seed's `var name: String`: no default, no diagnostic; the getter reads the type's empty
    /// value — a literal for standard types, `emptyValue(_:)` (chosen by overload) for the rest.
    @Test func aNonOptionalWithoutDefaultReadsItsEmptyValue() {
        assertMacro {
            """
            @DictionaryStorage
            struct Person {
                var age: Int
                var friend: Friend
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
                var friend: Friend {
                    get {
                        Self.__ds_friend.get(in: _storage, default: DictionaryStorage.emptyValue(Friend.self))
                    }
                    set {
                        Self.__ds_friend.set(newValue, in: &_storage)
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
                init(age: Int = 0, friend: Friend = DictionaryStorage.emptyValue(Friend.self)) {
                    Self.__ds_age.set(age, in: &_storage)
                    Self.__ds_friend.set(friend, in: &_storage)
                }

                static let __ds_age = Field<Int>(name: "age", keyStyle: .verbatim, lenient: false, codec: DictionaryStorage.codec(Int.self, decode: DictionaryStorage.decode, encode: DictionaryStorage.encode))

                static let __ds_friend = Field<Friend>(name: "friend", keyStyle: .verbatim, lenient: false, codec: DictionaryStorage.codec(Friend.self, decode: DictionaryStorage.decode, encode: DictionaryStorage.encode))

                /// The fields of Person, for browsers and tools.
                static let schema = ModelSchema(name: "Person", fields: [FieldSchema.make(\Self.age, field: __ds_age, shape: .value, swiftType: "Int", defaultValue: nil),
                        FieldSchema.make(\Self.friend, field: __ds_friend, shape: .value, swiftType: "Friend", defaultValue: nil)])

                /// What the accessors could not read as written, and the fields kept without being known.
                func validate() -> ValidationReport {
                    var findings: [ValidationFinding] = []
                    findings += Self.__ds_age.check(in: _storage, shape: .value, returned: self.age as Any)
                    findings += Self.__ds_friend.check(in: _storage, shape: .value, returned: self.friend as Any)
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
                    ╰─ 🛑 'birthday' has no default value and 'Date' has no obvious empty value to read when the key is absent
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
