import Foundation

/// A JSON Schema dialect: which keywords exist and what they mean.
public enum Dialect: String, Sendable, CaseIterable, Hashable {
    case draft4 = "draft-04"
    case draft6 = "draft-06"
    case draft7 = "draft-07"
    case draft2019 = "2019-09"
    case draft2020 = "2020-12"

    /// The dialect's meta-schema URI (as `$schema` names it, without a trailing `#`).
    public var metaSchemaURI: String {
        switch self {
        case .draft4: "http://json-schema.org/draft-04/schema"
        case .draft6: "http://json-schema.org/draft-06/schema"
        case .draft7: "http://json-schema.org/draft-07/schema"
        case .draft2019: "https://json-schema.org/draft/2019-09/schema"
        case .draft2020: "https://json-schema.org/draft/2020-12/schema"
        }
    }

    /// The dialect a `$schema` value names, if it is one of the five (with or without the empty
    /// fragment, over http or https). The unversioned `http://json-schema.org/schema`, which
    /// SchemaStore's older schemas name, is read as draft-07: the draft that address served while
    /// they were written, and the one editors read them as.
    public init?(schemaURI: String) {
        var uri = schemaURI
        if uri.hasSuffix("#") { uri.removeLast() }
        if uri == "http://json-schema.org/schema" || uri == "https://json-schema.org/schema" {
            self = .draft7
            return
        }
        for dialect in Dialect.allCases {
            let known = dialect.metaSchemaURI
            if uri == known || uri == known.replacingFirst("https://", with: "http://") || uri == known.replacingFirst("http://", with: "https://") {
                self = dialect
                return
            }
        }
        return nil
    }

    /// The keyword naming a schema resource's URI.
    var idKeyword: String { self == .draft4 ? "id" : "$id" }

    /// Whether `$ref` makes its siblings ignored (drafts 4 to 7).
    var refOverridesSiblings: Bool { self <= .draft7 }

    /// Whether a boolean is a schema (from draft 6).
    var allowsBooleanSchemas: Bool { self >= .draft6 }

    /// The vocabularies a schema of this dialect uses unless its meta-schema says otherwise.
    var defaultVocabularies: Set<Vocabulary> {
        switch self {
        case .draft4, .draft6, .draft7: Set(Vocabulary.allCases)
        case .draft2019, .draft2020: Set(Vocabulary.allCases).subtracting([.formatAssertion])
        }
    }
}

extension Dialect: Comparable {
    public static func < (a: Dialect, b: Dialect) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// The vocabularies of 2019-09 and 2020-12; earlier dialects use all their keywords.
enum Vocabulary: String, Sendable, CaseIterable, Hashable {
    case core, applicator, unevaluated, validation, metaData, formatAnnotation, formatAssertion, content

    /// The vocabulary a `$vocabulary` URI names, if known.
    init?(uri: String) {
        let name = uri.split(separator: "/").last.map(String.init) ?? ""
        guard uri.hasPrefix("https://json-schema.org/draft/2019-09/vocab/") || uri.hasPrefix("https://json-schema.org/draft/2020-12/vocab/")
        else { return nil }
        switch name {
        case "core": self = .core
        case "applicator": self = .applicator
        case "unevaluated": self = .unevaluated
        case "validation": self = .validation
        case "meta-data": self = .metaData
        case "format", "format-annotation": self = .formatAnnotation
        case "format-assertion": self = .formatAssertion
        case "content": self = .content
        default: return nil
        }
    }
}

extension String {
    /// The string with its first occurrence of `target` replaced.
    func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = range(of: target) else { return self }
        return replacingCharacters(in: range, with: replacement)
    }
}
