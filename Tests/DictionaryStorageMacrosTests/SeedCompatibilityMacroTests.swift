import DictionaryStorageMacros
import MacroTesting
import Testing

/// The expansions and diagnostics the seed libraries' users meet: final classes, `@OmitCoding`,
/// typed fallback cases and `_`-labelled payloads.
@Suite(.macros(
    ["Variants": VariantsMacro.self, "DictionaryStorage": DictionaryStorageMacro.self,
     "DictionaryStorageProperty": DictionaryStoragePropertyMacro.self, "OmitCoding": MarkerMacro.self],
    record: .missing))
struct SeedCompatibilityMacroTests {
    @Test func expandsAFinalClass() {
        assertMacro {
            """
            @DictionaryStorage
            final class Person {
                var name: String
            }
            """
        } expansion: {
            #"""
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
                static let schema = ModelSchema(name: "Person", fields: [FieldSchema.make(\Person.name, field: __ds_name, shape: .value, swiftType: "String", defaultValue: nil)])

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

    @Test func leavesAnOmitCodingPropertyAlone() {
        assertMacro {
            """
            @DictionaryStorage
            struct Draft {
                var title: String
                @OmitCoding var isSelected: Bool = false
                private let id = 7
            }
            """
        } expansion: {
            #"""
            struct Draft {
                var title: String {
                    get {
                        Self.__ds_title.get(in: _storage, default: "")
                    }
                    set {
                        Self.__ds_title.set(newValue, in: &_storage)
                    }
                }
                var isSelected: Bool = false
                private let id = 7

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
                init(title: String = "") {
                    Self.__ds_title.set(title, in: &_storage)
                }

                static let __ds_title = Field<String>(name: "title", keyStyle: .verbatim, lenient: false, codec: DictionaryStorage.codec(String.self, decode: DictionaryStorage.decode, encode: DictionaryStorage.encode))

                /// The fields of Draft, for browsers and tools.
                static let schema = ModelSchema(name: "Draft", fields: [FieldSchema.make(\Self.title, field: __ds_title, shape: .value, swiftType: "String", defaultValue: nil)])

                /// What the accessors could not read as written, and the fields kept without being known.
                func validate() -> ValidationReport {
                    var findings: [ValidationFinding] = []
                    findings += Self.__ds_title.check(in: _storage, shape: .value, returned: self.title as Any)
                    findings += Self.schema.keyCollisions
                    findings += Self.schema.unknownFields(in: _storage)
                    return ValidationReport(findings: findings)
                }
            }
            """#
        }
    }

    @Test func diagnosesAnOmitCodingPropertyWithoutDefault() {
        assertMacro {
            """
            @DictionaryStorage
            struct Draft {
                @OmitCoding var isSelected: Bool
            }
            """
        } diagnostics: {
            """
            @DictionaryStorage
            struct Draft {
                @OmitCoding var isSelected: Bool
                                ┬─────────
                                ╰─ 🛑 @OmitCoding property 'isSelected' is never read from the storage, so it needs a default value
                                   ✏️ add default value '= false'
            }
            """
        } fixes: {
            """
            @DictionaryStorage
            struct Draft {
                @OmitCoding var isSelected: Bool = false
            }
            """
        } expansion: {
            """
            struct Draft {
                var isSelected: Bool = false

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

                /// The fields of Draft, for browsers and tools.
                static let schema = ModelSchema(name: "Draft", fields: [])

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

    @Test func expandsATypedFallbackCaseAndAnUnderscoreLabel() {
        assertMacro {
            """
            @Variants(discriminator: "type", fallbackCaseName: "undefined")
            enum ViewItem {
                case title(_ item: TitleItem)
                case undefined(UndefinedItem)
            }
            """
        } expansion: {
            """
            enum ViewItem {
                case title(_ item: TitleItem)
                case undefined(UndefinedItem)

                static let __tag_title = VariantSchema.tag(for: "title", style: .verbatim, customName: nil)

                static let __variant_title_0 = DictionaryStorage.codec(TitleItem.self, decode: DictionaryStorage.decode, encode: DictionaryStorage.encode)

                /// The encoding and cases of ViewItem, for browsers and validation.
                static let variantSchema = VariantSchema(name: "ViewItem", encoding: .internal(discriminator: "type"), cases: [VariantSchema.Case(name: "title", tag: __tag_title, payload: DictionaryStorage.variantPayload(__variant_title_0))], fallbackCase: "undefined")

                /// Reads a variant: a known tag whose payload reads makes that case; anything else is kept whole in `.undefined`.
                init(object: JSONObject) {
                    let schema = Self.variantSchema
                    if let tag = schema.readTag(object).tagValue {
                        let content = schema.content(object)
                        switch tag {
                        case Self.__tag_title:
                            if let content, let value = Self.__variant_title_0.read(content, .standard) {
                                self = .title(value)
                                return
                            }
                        default:
                            break
                        }
                    }
                    self = .undefined(DictionaryStorage.fallbackValue(UndefinedItem.self, object))
                }

                /// The JSON of this value; the fallback case writes back exactly what it read.
                func json(options: FieldOptions) -> JSONValue {
                    switch self {
                    case .title(let value):
                        return .object(Self.variantSchema.object(tag: Self.__tag_title, content: Self.__variant_title_0.write(value, options)))
                    case .undefined(let value):
                        return .object(DictionaryStorage.fallbackObject(value))
                    }
                }

                /// The Swift name of this value's case.
                var variantCase: String {
                    switch self {
                    case .title:
                        return "title"
                    case .undefined:
                        return "undefined"
                    }
                }

                /// The raw object of an unknown variant, or `nil` for a known case.
                var unknownVariantObject: JSONObject? {
                    if case .undefined(let value) = self {
                        return DictionaryStorage.fallbackObject(value)
                    }
                    return nil
                }

                /// What the payload's model reports, paths from this value's object.
                func payloadFindings() -> [ValidationFinding] {
                    switch self {
                    case .title(let value):
                        return DictionaryStorage.payloadFindings(value, schema: Self.variantSchema, tag: Self.__tag_title)
                    default:
                        return []
                    }
                }
            }
            """
        }
    }

    @Test func diagnosesAFallbackCaseNameThatNamesNoCase() {
        assertMacro {
            """
            @Variants(discriminator: "type", fallbackCaseName: "other")
            enum ViewItem {
                case title(TitleItem)
                case unknown(JSONObject)
            }
            """
        } diagnostics: {
            """
            @Variants(discriminator: "type", fallbackCaseName: "other")
                                                               ┬──────
                                                               ╰─ 🛑 no case named 'other' to keep unknown variants
            enum ViewItem {
                case title(TitleItem)
                case unknown(JSONObject)
            }
            """
        }
    }

    @Test func diagnosesAFallbackCaseWithTwoValues() {
        assertMacro {
            """
            @Variants(discriminator: "type", fallbackCaseName: "undefined")
            enum ViewItem {
                case title(TitleItem)
                case undefined(UndefinedItem, Int)
            }
            """
        } diagnostics: {
            """
            @Variants(discriminator: "type", fallbackCaseName: "undefined")
            enum ViewItem {
                case title(TitleItem)
                case undefined(UndefinedItem, Int)
                     ┬────────────────────────────
                     ╰─ 🛑 fallback case 'undefined' must hold one value: a JSONObject or a model over the unknown variant's object
            }
            """
        }
    }
}
