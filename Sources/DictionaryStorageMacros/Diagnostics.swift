import SwiftDiagnostics
import SwiftSyntax

/// Every diagnostic the DictionaryStorage macros emit: lower-case, anchored at the offending node.
enum DictionaryStorageDiagnostic: DiagnosticMessage {
    case requiresStruct(found: String)
    case genericType
    case missingTypeAnnotation(String)
    case unsupportedType(String)
    case dictionaryKeyNotString(String)
    case multipleBindings
    case propertyObservers(String)
    case keyAndPath
    case keyCollision(key: String, first: String, second: String)
    case requiresEnum(found: String)
    case multiplePayloadCases(String)
    case payloadNotString(String)
    case duplicateRawValue(String)
    case letProperty(String)
    case variantsRequiresEnum
    case missingFallbackCase
    case unlabelledVariantValues(String)
    case optionalFlattened(String)
    case duplicateFlattened(String)
    case fallbackNameNotLiteral
    case noSuchFallbackCase(String)
    case fallbackCaseShape(String)
    case noEmptyValue(name: String, type: String)
    case nonFinalClass
    case omittedWithoutDefault(String)

    var message: String {
        switch self {
        case .requiresStruct(let found):
            "@DictionaryStorage applies to a struct or a final class, not \(found)"
        case .genericType:
            "@DictionaryStorage does not support generic types (their fields are static stored properties)"
        case .missingTypeAnnotation(let name):
            "stored property '\(name)' needs an explicit type"
        case .unsupportedType(let type):
            "type '\(type)' cannot be stored in JSON"
        case .dictionaryKeyNotString(let type):
            "dictionary fields need String keys, not '\(type)'"
        case .multipleBindings:
            "declare one stored property per 'var' or 'let'"
        case .propertyObservers(let name):
            "stored property '\(name)' cannot have willSet/didSet under @DictionaryStorage"
        case .keyAndPath:
            "give either a key or a path, not both"
        case .keyCollision(let key, let first, let second):
            "properties '\(first)' and '\(second)' both read key \"\(key)\""
        case .requiresEnum(let found):
            "@StringRawRepresentation applies to an enum, not \(found)"
        case .multiplePayloadCases(let name):
            "only one case can keep unknown values; '\(name)' is a second case with a payload"
        case .payloadNotString(let name):
            "case '\(name)' must hold a single String to keep unknown values"
        case .duplicateRawValue(let raw):
            "two cases have the raw value \"\(raw)\""
        case .variantsRequiresEnum:
            "@Variants applies to an enum"
        case .missingFallbackCase:
            "@Variants needs a case holding a JSONObject, so variants it does not know are kept instead of lost"
        case .unlabelledVariantValues(let name):
            "case '\(name)' carries several values: label each, they become the keys of its content"
        case .optionalFlattened(let name):
            "@Flattened property '\(name)' cannot be optional: it is read from the whole object"
        case .duplicateFlattened(let type):
            "two @Flattened properties of type '\(type)' would read the same keys"
        case .letProperty(let name):
            "'let' property '\(name)' cannot read from the storage; use 'private(set) var' for a read-only field"
        case .fallbackNameNotLiteral:
            "fallbackCaseName must be a string literal naming a case"
        case .noSuchFallbackCase(let name):
            "no case named '\(name)' to keep unknown variants"
        case .fallbackCaseShape(let name):
            "fallback case '\(name)' must hold one value: a JSONObject or a model over the unknown variant's object"
        case .noEmptyValue(let name, let type):
            "'\(name)' has no default value and '\(type)' has no obvious empty value to read when the key is absent"
        case .nonFinalClass:
            "@DictionaryStorage on a class needs 'final': a subclass could not add fields the storage reads"
        case .omittedWithoutDefault(let name):
            "@OmitCoding property '\(name)' is never read from the storage, so it needs a default value"
        }
    }

    var diagnosticID: MessageID {
        let id: String
        switch self {
        case .requiresStruct: id = "requiresStruct"
        case .genericType: id = "genericType"
        case .missingTypeAnnotation: id = "missingTypeAnnotation"
        case .unsupportedType: id = "unsupportedType"
        case .dictionaryKeyNotString: id = "dictionaryKeyNotString"
        case .multipleBindings: id = "multipleBindings"
        case .propertyObservers: id = "propertyObservers"
        case .keyAndPath: id = "keyAndPath"
        case .keyCollision: id = "keyCollision"
        case .requiresEnum: id = "requiresEnum"
        case .multiplePayloadCases: id = "multiplePayloadCases"
        case .payloadNotString: id = "payloadNotString"
        case .duplicateRawValue: id = "duplicateRawValue"
        case .letProperty: id = "letProperty"
        case .variantsRequiresEnum: id = "variantsRequiresEnum"
        case .missingFallbackCase: id = "missingFallbackCase"
        case .unlabelledVariantValues: id = "unlabelledVariantValues"
        case .optionalFlattened: id = "optionalFlattened"
        case .duplicateFlattened: id = "duplicateFlattened"
        case .fallbackNameNotLiteral: id = "fallbackNameNotLiteral"
        case .noSuchFallbackCase: id = "noSuchFallbackCase"
        case .fallbackCaseShape: id = "fallbackCaseShape"
        case .noEmptyValue: id = "noEmptyValue"
        case .nonFinalClass: id = "nonFinalClass"
        case .omittedWithoutDefault: id = "omittedWithoutDefault"
        }
        return MessageID(domain: "DictionaryStorage", id: id)
    }

    var severity: DiagnosticSeverity { .error }
}

/// Fix-its offered with the diagnostics.
struct DictionaryStorageFixIt: FixItMessage {
    let message: String
    let id: String
    var fixItID: MessageID { MessageID(domain: "DictionaryStorage", id: id) }

    static func useStruct(_ keyword: String) -> Self { Self(message: "replace '\(keyword)' with 'struct'", id: "useStruct") }
    static func addDefault(_ value: String) -> Self { Self(message: "add default value '= \(value)'", id: "addDefault") }
    static let makeOptional = Self(message: "make the type optional", id: "makeOptional")
    static let removePayload = Self(message: "remove the payload from this case", id: "removePayload")
    static let useString = Self(message: "make the payload a String", id: "useString")
    static let addFallbackCase = Self(message: "add 'case unknown(JSONObject)'", id: "addFallbackCase")
    static let addFinal = Self(message: "add 'final'", id: "addFinal")
    static let usePrivateSetVar = Self(message: "replace 'let' with 'private(set) var'", id: "usePrivateSetVar")
}

/// Reports a diagnostic and stops the expansion (nothing is generated for a misused macro).
struct DiagnosticsStop: Error {}
