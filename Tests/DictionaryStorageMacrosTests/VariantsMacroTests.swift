import DictionaryStorageMacros
import MacroTesting
import Testing

@Suite(.macros(
    ["Variants": VariantsMacro.self, "CustomName": MarkerMacro.self, "DictionaryStorage": DictionaryStorageMacro.self,
     "DictionaryStorageProperty": DictionaryStoragePropertyMacro.self, "Flattened": MarkerMacro.self],
    record: .missing))
struct VariantsMacroTests {
    @Test func expandsAnInternallyTaggedEnum() {
        assertMacro {
            """
            @Variants(discriminator: "type")
            public enum Usage {
                case web(Web)
                case app(App)
                case unknown(JSONObject)
            }
            """
        } expansion: {
            """
            public enum Usage {
                case web(Web)
                case app(App)
                case unknown(JSONObject)

                static let __tag_web = VariantSchema.tag(for: "web", style: .verbatim, customName: nil)

                static let __variant_web_0 = DictionaryStorage.codec(Web.self, decode: DictionaryStorage.decode, encode: DictionaryStorage.encode)

                static let __tag_app = VariantSchema.tag(for: "app", style: .verbatim, customName: nil)

                static let __variant_app_0 = DictionaryStorage.codec(App.self, decode: DictionaryStorage.decode, encode: DictionaryStorage.encode)

                /// The encoding and cases of Usage, for browsers and validation.
                public static let variantSchema = VariantSchema(name: "Usage", encoding: .internal(discriminator: "type"), cases: [VariantSchema.Case(name: "web", tag: __tag_web, payload: DictionaryStorage.variantPayload(__variant_web_0)),
                        VariantSchema.Case(name: "app", tag: __tag_app, payload: DictionaryStorage.variantPayload(__variant_app_0))], fallbackCase: "unknown")

                /// Reads a variant: a known tag whose payload reads makes that case; anything else is kept whole in `.unknown`.
                public init(object: JSONObject) {
                    let schema = Self.variantSchema
                    if let tag = schema.readTag(object).tagValue {
                        let content = schema.content(object)
                        switch tag {
                        case Self.__tag_web:
                            if let content, let value = Self.__variant_web_0.read(content, .standard) {
                                self = .web(value)
                                return
                            }
                        case Self.__tag_app:
                            if let content, let value = Self.__variant_app_0.read(content, .standard) {
                                self = .app(value)
                                return
                            }
                        default:
                            break
                        }
                    }
                    self = .unknown(DictionaryStorage.fallbackValue(JSONObject.self, object))
                }

                /// The JSON of this value; the fallback case writes back exactly what it read.
                public func json(options: FieldOptions) -> JSONValue {
                    switch self {
                    case .web(let value):
                        return .object(Self.variantSchema.object(tag: Self.__tag_web, content: Self.__variant_web_0.write(value, options)))
                    case .app(let value):
                        return .object(Self.variantSchema.object(tag: Self.__tag_app, content: Self.__variant_app_0.write(value, options)))
                    case .unknown(let value):
                        return .object(DictionaryStorage.fallbackObject(value))
                    }
                }

                /// The Swift name of this value's case.
                public var variantCase: String {
                    switch self {
                    case .web:
                        return "web"
                    case .app:
                        return "app"
                    case .unknown:
                        return "unknown"
                    }
                }

                /// The raw object of an unknown variant, or `nil` for a known case.
                public var unknownVariantObject: JSONObject? {
                    if case .unknown(let value) = self {
                        return DictionaryStorage.fallbackObject(value)
                    }
                    return nil
                }

                /// What the payload's model reports, paths from this value's object.
                public func payloadFindings() -> [ValidationFinding] {
                    switch self {
                    case .web(let value):
                        return DictionaryStorage.payloadFindings(value, schema: Self.variantSchema, tag: Self.__tag_web)
                    case .app(let value):
                        return DictionaryStorage.payloadFindings(value, schema: Self.variantSchema, tag: Self.__tag_app)
                    default:
                        return []
                    }
                }
            }
            """
        }
    }

    @Test func expandsAnAdjacentlyTaggedEnumWithLabelledValues() {
        assertMacro {
            """
            @Variants(tag: "type", content: "data", caseStyle: .screamingSnakeCase)
            enum PaymentMethod {
                case card(number: String, expiry: String?)
                @CustomName("APPLE") case applePay(token: String)
                case cash
                case unknown(JSONObject)
            }
            """
        } expansion: {
            """
            enum PaymentMethod {
                case card(number: String, expiry: String?)
                case applePay(token: String)
                case cash
                case unknown(JSONObject)

                static let __tag_card = VariantSchema.tag(for: "card", style: .screamingSnakeCase, customName: nil)

                static let __variant_card_0 = DictionaryStorage.codec(String.self, decode: DictionaryStorage.decode, encode: DictionaryStorage.encode)

                static let __variant_card_1 = DictionaryStorage.codec(String.self, decode: DictionaryStorage.decode, encode: DictionaryStorage.encode)

                static let __tag_applePay = VariantSchema.tag(for: "applePay", style: .screamingSnakeCase, customName: "APPLE")

                static let __variant_applePay_0 = DictionaryStorage.codec(String.self, decode: DictionaryStorage.decode, encode: DictionaryStorage.encode)

                static let __tag_cash = VariantSchema.tag(for: "cash", style: .screamingSnakeCase, customName: nil)

                /// The encoding and cases of PaymentMethod, for browsers and validation.
                static let variantSchema = VariantSchema(name: "PaymentMethod", encoding: .adjacent(tag: "type", content: "data"), cases: [VariantSchema.Case(name: "card", tag: __tag_card, payload: .fields([(label: "number", type: __variant_card_0.type), (label: "expiry", type: .optional(__variant_card_1.type))])),
                        VariantSchema.Case(name: "applePay", tag: __tag_applePay, payload: .fields([(label: "token", type: __variant_applePay_0.type)])),
                        VariantSchema.Case(name: "cash", tag: __tag_cash, payload: .none)], fallbackCase: "unknown")

                /// Reads a variant: a known tag whose payload reads makes that case; anything else is kept whole in `.unknown`.
                init(object: JSONObject) {
                    let schema = Self.variantSchema
                    if let tag = schema.readTag(object).tagValue {
                        let content = schema.content(object)
                        switch tag {
                        case Self.__tag_card:
                            if let fields = content?.objectValue, let value0 = fields["number"].flatMap({ Self.__variant_card_0.read($0, .standard)
                                }) {
                                let value1 = fields["expiry"].flatMap {
                                    $0.isNull ? nil : Self.__variant_card_1.read($0, .standard)
                                }
                                self = .card(number: value0, expiry: value1)
                                return
                            }
                        case Self.__tag_applePay:
                            if let fields = content?.objectValue, let value0 = fields["token"].flatMap({ Self.__variant_applePay_0.read($0, .standard)
                                }) {
                                self = .applePay(token: value0)
                                return
                            }
                        case Self.__tag_cash:
                            self = .cash
                            return
                        default:
                            break
                        }
                    }
                    self = .unknown(DictionaryStorage.fallbackValue(JSONObject.self, object))
                }

                /// The JSON of this value; the fallback case writes back exactly what it read.
                func json(options: FieldOptions) -> JSONValue {
                    switch self {
                    case .card(let value0, let value1):
                        var fields = JSONObject()
                        fields["number"] = Self.__variant_card_0.write(value0, options)
                        if let value1 {
                            fields["expiry"] = Self.__variant_card_1.write(value1, options)
                        }
                        return .object(Self.variantSchema.object(tag: Self.__tag_card, content: .object(fields)))
                    case .applePay(let value0):
                        var fields = JSONObject()
                        fields["token"] = Self.__variant_applePay_0.write(value0, options)
                        return .object(Self.variantSchema.object(tag: Self.__tag_applePay, content: .object(fields)))
                    case .cash:
                        return .object(Self.variantSchema.object(tag: Self.__tag_cash, content: nil))
                    case .unknown(let value):
                        return .object(DictionaryStorage.fallbackObject(value))
                    }
                }

                /// The Swift name of this value's case.
                var variantCase: String {
                    switch self {
                    case .card:
                        return "card"
                    case .applePay:
                        return "applePay"
                    case .cash:
                        return "cash"
                    case .unknown:
                        return "unknown"
                    }
                }

                /// The raw object of an unknown variant, or `nil` for a known case.
                var unknownVariantObject: JSONObject? {
                    if case .unknown(let value) = self {
                        return DictionaryStorage.fallbackObject(value)
                    }
                    return nil
                }

                /// What the payload's model reports, paths from this value's object.
                func payloadFindings() -> [ValidationFinding] {
                    switch self {
                    default:
                        return []
                    }
                }
            }
            """
        }
    }

    @Test func expandsAnExternallyTaggedEnum() {
        assertMacro {
            """
            @Variants(.external)
            enum MediaAttachment {
                case image(ImagePayload)
                case unknown(JSONObject)
            }
            """
        } expansion: {
            """
            enum MediaAttachment {
                case image(ImagePayload)
                case unknown(JSONObject)

                static let __tag_image = VariantSchema.tag(for: "image", style: .verbatim, customName: nil)

                static let __variant_image_0 = DictionaryStorage.codec(ImagePayload.self, decode: DictionaryStorage.decode, encode: DictionaryStorage.encode)

                /// The encoding and cases of MediaAttachment, for browsers and validation.
                static let variantSchema = VariantSchema(name: "MediaAttachment", encoding: .external, cases: [VariantSchema.Case(name: "image", tag: __tag_image, payload: DictionaryStorage.variantPayload(__variant_image_0))], fallbackCase: "unknown")

                /// Reads a variant: a known tag whose payload reads makes that case; anything else is kept whole in `.unknown`.
                init(object: JSONObject) {
                    let schema = Self.variantSchema
                    if let tag = schema.readTag(object).tagValue {
                        let content = schema.content(object)
                        switch tag {
                        case Self.__tag_image:
                            if let content, let value = Self.__variant_image_0.read(content, .standard) {
                                self = .image(value)
                                return
                            }
                        default:
                            break
                        }
                    }
                    self = .unknown(DictionaryStorage.fallbackValue(JSONObject.self, object))
                }

                /// The JSON of this value; the fallback case writes back exactly what it read.
                func json(options: FieldOptions) -> JSONValue {
                    switch self {
                    case .image(let value):
                        return .object(Self.variantSchema.object(tag: Self.__tag_image, content: Self.__variant_image_0.write(value, options)))
                    case .unknown(let value):
                        return .object(DictionaryStorage.fallbackObject(value))
                    }
                }

                /// The Swift name of this value's case.
                var variantCase: String {
                    switch self {
                    case .image:
                        return "image"
                    case .unknown:
                        return "unknown"
                    }
                }

                /// The raw object of an unknown variant, or `nil` for a known case.
                var unknownVariantObject: JSONObject? {
                    if case .unknown(let value) = self {
                        return DictionaryStorage.fallbackObject(value)
                    }
                    return nil
                }

                /// What the payload's model reports, paths from this value's object.
                func payloadFindings() -> [ValidationFinding] {
                    switch self {
                    case .image(let value):
                        return DictionaryStorage.payloadFindings(value, schema: Self.variantSchema, tag: Self.__tag_image)
                    default:
                        return []
                    }
                }
            }
            """
        }
    }

    @Test func expandsAFlattenedMember() {
        assertMacro {
            """
            @DictionaryStorage
            struct SocialUser {
                @Flattened var user: User
                var username: String = ""
            }
            """
        } expansion: {
            ##"""
            struct SocialUser {
                var user: User {
                    get {
                        Self.__ds_user.get(in: _storage)
                    }
                    set {
                        Self.__ds_user.set(newValue, in: &_storage)
                    }
                }
                var username: String {
                    get {
                        Self.__ds_username.get(in: _storage, default: "")
                    }
                    set {
                        Self.__ds_username.set(newValue, in: &_storage)
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
                init(user: User, username: String = "") {
                    Self.__ds_user.set(user, in: &_storage)
                    Self.__ds_username.set(username, in: &_storage)
                }

                static let __ds_user = DictionaryStorage.flattened(User.self, name: "user")

                static let __ds_username = Field<String>(name: "username", keyStyle: .verbatim, lenient: false, codec: DictionaryStorage.codec(String.self, decode: DictionaryStorage.decode, encode: DictionaryStorage.encode))

                /// The fields of SocialUser, for browsers and tools.
                static let schema = ModelSchema(name: "SocialUser", fields: [FieldSchema.makeFlattened(\Self.user, field: __ds_user, swiftType: "User"),
                        FieldSchema.make(\Self.username, field: __ds_username, shape: .value, swiftType: "String", defaultValue: #""""#)])

                /// What the accessors could not read as written, and the fields kept without being known.
                func validate() -> ValidationReport {
                    var findings: [ValidationFinding] = []
                    findings += Self.__ds_user.check(in: _storage)
                    findings += Self.__ds_username.check(in: _storage, shape: .value, returned: self.username as Any)
                    findings += Self.schema.keyCollisions
                    findings += Self.schema.unknownFields(in: _storage)
                    return ValidationReport(findings: findings)
                }
            }
            """##
        }
    }
}
