import DictionaryStorageMacros
import MacroTesting
import Testing

@Suite(.macros(
    ["Variants": VariantsMacro.self, "CustomName": MarkerMacro.self, "DictionaryStorage": DictionaryStorageMacro.self,
     "DictionaryStorageProperty": DictionaryStoragePropertyMacro.self, "Flattened": MarkerMacro.self],
    record: .missing))
struct VariantsDiagnosticTests {
    @Test func diagnosesAMissingFallbackWithAFixIt() {
        assertMacro {
            """
            @Variants(discriminator: "type")
            enum Usage {
                case web(Web)
            }
            """
        } diagnostics: {
            """
            @Variants(discriminator: "type")
            enum Usage {
                 ┬────
                 ╰─ 🛑 @Variants needs a case holding a JSONObject, so variants it does not know are kept instead of lost
                    ✏️ add 'case unknown(JSONObject)'
                case web(Web)
            }
            """
        } fixes: {
            """
            @Variants(discriminator: "type")
            enum Usage {
                case web(Web)
                case unknown(JSONObject)
            }
            """
        } expansion: {
            """
            enum Usage {
                case web(Web)
                case unknown(JSONObject)

                static let __tag_web = VariantSchema.tag(for: "web", style: .verbatim, customName: nil)

                static let __variant_web_0 = DictionaryStorage.codec(Web.self, decode: DictionaryStorage.decode, encode: DictionaryStorage.encode)

                /// The encoding and cases of Usage, for browsers and validation.
                static let variantSchema = VariantSchema(name: "Usage", encoding: .internal(discriminator: "type"), cases: [VariantSchema.Case(name: "web", tag: __tag_web, payload: DictionaryStorage.variantPayload(__variant_web_0))], fallbackCase: "unknown")

                /// Reads a variant: a known tag whose payload reads makes that case; anything else is kept whole in `.unknown`.
                init(object: JSONObject) {
                    let schema = Self.variantSchema
                    if let tag = schema.readTag(object).tagValue {
                        let content = schema.content(object)
                        switch tag {
                        case Self.__tag_web:
                            if let content, let value = Self.__variant_web_0.read(content, .standard) {
                                self = .web(value)
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
                    case .web(let value):
                        return .object(Self.variantSchema.object(tag: Self.__tag_web, content: Self.__variant_web_0.write(value, options)))
                    case .unknown(let value):
                        return .object(DictionaryStorage.fallbackObject(value))
                    }
                }

                /// The Swift name of this value's case.
                var variantCase: String {
                    switch self {
                    case .web:
                        return "web"
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
                    case .web(let value):
                        return DictionaryStorage.payloadFindings(value, schema: Self.variantSchema, tag: Self.__tag_web)
                    default:
                        return []
                    }
                }
            }
            """
        }
    }

    @Test func diagnosesUnlabelledValues() {
        assertMacro {
            """
            @Variants(.external)
            enum Pair {
                case pair(Int, Int)
                case unknown(JSONObject)
            }
            """
        } diagnostics: {
            """
            @Variants(.external)
            enum Pair {
                case pair(Int, Int)
                         ┬─────────
                         ╰─ 🛑 case 'pair' carries several values: label each, they become the keys of its content
                case unknown(JSONObject)
            }
            """
        }
    }

    @Test func diagnosesAStruct() {
        assertMacro {
            """
            @Variants(.external)
            struct NotAnEnum {}
            """
        } diagnostics: {
            """
            @Variants(.external)
            struct NotAnEnum {}
            ┬─────
            ╰─ 🛑 @Variants applies to an enum
            """
        }
    }

    @Test func diagnosesAnOptionalFlattenedMember() {
        assertMacro {
            """
            @DictionaryStorage
            struct SocialUser {
                @Flattened var user: User?
            }
            """
        } diagnostics: {
            """
            @DictionaryStorage
            struct SocialUser {
                @Flattened var user: User?
                                     ┬────
                                     ╰─ 🛑 @Flattened property 'user' cannot be optional: it is read from the whole object
            }
            """
        }
    }

    @Test func diagnosesTwoFlattenedMembersOfOneType() {
        assertMacro {
            """
            @DictionaryStorage
            struct Twice {
                @Flattened var a: User
                @Flattened var b: User
            }
            """
        } diagnostics: {
            """
            @DictionaryStorage
            struct Twice {
                @Flattened var a: User
                @Flattened var b: User
                               ┬──────
                               ╰─ 🛑 two @Flattened properties of type 'User' would read the same keys
            }
            """
        }
    }
}

