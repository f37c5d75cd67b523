import DictionaryStorageMacros
import MacroTesting
import Testing

/// How a stored property may be declared: one binding with a type and no observers, and any default
/// value source quoted exactly in the schema.
@Suite(.macros(
    [
        "DictionaryStorage": DictionaryStorageMacro.self, "DictionaryStorageProperty": DictionaryStoragePropertyMacro.self,
    ],
    record: .missing))
struct PropertyDeclarationTests {
    @Test func aPropertyWithoutATypeAnnotation() {
        assertMacro {
            """
            @DictionaryStorage
            struct Person {
                var name = ""
            }
            """
        } diagnostics: {
            """
            @DictionaryStorage
            struct Person {
                var name = ""
                    ┬───
                    ╰─ 🛑 stored property 'name' needs an explicit type
            }
            """
        }
    }

    @Test func severalBindingsInOneDeclaration() {
        assertMacro {
            """
            @DictionaryStorage
            struct Point {
                var x: Int = 0, y: Int = 0
            }
            """
        } diagnostics: {
            """
            @DictionaryStorage
            struct Point {
                var x: Int = 0, y: Int = 0
                ┬─────────────────────────
                ╰─ 🛑 declare one stored property per 'var' or 'let'
            }
            """
        }
    }

    @Test func propertyObservers() {
        assertMacro {
            """
            @DictionaryStorage
            struct Person {
                var name: String = "" {
                    didSet { print(name) }
                }
            }
            """
        } diagnostics: {
            """
            @DictionaryStorage
            struct Person {
                var name: String = "" {
                    ╰─ 🛑 stored property 'name' cannot have willSet/didSet under @DictionaryStorage
                    didSet { print(name) }
                }
            }
            """
        }
    }

    @Test func aMultiLineDefaultIsQuotedAsOneStringLiteral() {
        assertMacro {
            #"""
            @DictionaryStorage
            struct Settings {
                var tags: [String] = [
                    "a \"quoted\" tag",
                    "back\\slash"
                ]
            }
            """#
        } expansion: {
            ##"""
            struct Settings {
                var tags: [String] {
                    get {
                        Self.__ds_tags.getArray(in: _storage, default: [
                            "a \"quoted\" tag",
                            "back\\slash"
                        ])
                    }
                    set {
                        Self.__ds_tags.setArray(newValue, in: &_storage)
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
                init(tags: [String] = [
                        "a \"quoted\" tag",
                        "back\\slash"
                    ]) {
                    Self.__ds_tags.setArray(tags, in: &_storage)
                }

                static let __ds_tags = Field<String>(name: "tags", keyStyle: .verbatim, lenient: false, codec: DictionaryStorage.codec(String.self, decode: DictionaryStorage.decode, encode: DictionaryStorage.encode))

                /// The fields of Settings, for browsers and tools.
                static let schema = ModelSchema(name: "Settings", fields: [FieldSchema.make(\Self.tags, field: __ds_tags, shape: .array, swiftType: "[String]", defaultValue: #"[\#n        "a \"quoted\" tag",\#n        "back\\slash"\#n    ]"#)])

                /// What the accessors could not read as written, and the fields kept without being known.
                func validate() -> ValidationReport {
                    var findings: [ValidationFinding] = []
                    findings += Self.__ds_tags.check(in: _storage, shape: .array, returned: self.tags as Any)
                    findings += Self.schema.keyCollisions
                    findings += Self.schema.unknownFields(in: _storage)
                    return ValidationReport(findings: findings)
                }
            }
            """##
        }
    }
}
