import LosslessJSON

/// One thing a model's typed accessors could not read as written, or kept without knowing.
public struct ValidationFinding: Sendable, Hashable, CustomStringConvertible {
    /// What was found.
    public enum Kind: Sendable, Hashable {
        /// A field the model does not declare; kept and written back untouched.
        case unknownField
        /// The value is not of the field's type; the accessor returned something else.
        case typeMismatch(expected: String, found: String)
        /// A string enum value the model does not know; kept in the enum's payload case.
        case unknownEnumValue(String)
        /// A required field is missing or null.
        case missingRequired
        /// An element of an array (or a value of a dictionary) the element type cannot read; kept in place.
        case unreadableElement(expected: String, found: String)
        /// The value was read from a legacy key because the current key is absent.
        case legacyKeyUsed(String)
        /// The value was read from a key spelled in another style (`my_url` for `myURL`).
        case keySpelledDifferently(String)
        /// Two declared fields read the same key.
        case keyCollision(String)
        /// A variant tag no case knows; the whole value is kept in the fallback case.
        case unknownVariant(String)
        /// A polymorphic value with no tag to say which variant it is (kept in the fallback case).
        case missingDiscriminator
        /// A known variant tag whose payload cannot be read as that variant (kept whole in the fallback case).
        case unreadableVariant(String)
    }

    /// How much a finding matters.
    public enum Severity: String, Sendable, Hashable, Comparable {
        /// Kept without being understood: nothing is wrong, nothing is lost.
        case kept
        /// Worth knowing (a legacy or differently spelled key was used).
        case note
        /// The accessor could not read what the file holds.
        case error

        public static func < (a: Severity, b: Severity) -> Bool {
            let order: [Severity] = [.kept, .note, .error]
            return order.firstIndex(of: a)! < order.firstIndex(of: b)!
        }
    }

    /// Where, from the model's object.
    public var path: JSONPath
    /// What.
    public var kind: Kind
    /// What the accessor returned instead, when it returned something else than the file holds.
    public var returned: String?

    /// Creates a finding.
    public init(path: JSONPath, kind: Kind, returned: String? = nil) {
        self.path = path
        self.kind = kind
        self.returned = returned
    }

    /// The severity of this kind of finding.
    public var severity: Severity {
        switch kind {
        case .unknownField, .unknownEnumValue, .unreadableElement, .unknownVariant: .kept
        case .legacyKeyUsed, .keySpelledDifferently: .note
        case .typeMismatch, .missingRequired, .keyCollision, .missingDiscriminator, .unreadableVariant: .error
        }
    }

    public var description: String {
        let text: String
        switch kind {
        case .unknownField: text = "unknown field (kept)"
        case .typeMismatch(let expected, let found): text = "expected \(expected), found \(found)"
        case .unknownEnumValue(let raw): text = "unknown value \(JSONWriter.quoted(raw)) (kept)"
        case .missingRequired: text = "required field is missing"
        case .unreadableElement(let expected, let found): text = "element is not \(expected) but \(found) (kept in place)"
        case .legacyKeyUsed(let key): text = "read from legacy key \(JSONWriter.quoted(key))"
        case .keySpelledDifferently(let key): text = "read from key \(JSONWriter.quoted(key))"
        case .keyCollision(let key): text = "several fields read key \(JSONWriter.quoted(key))"
        case .unknownVariant(let tag): text = "unknown variant \(JSONWriter.quoted(tag)) (kept)"
        case .missingDiscriminator: text = "no tag says which variant this is (kept as is)"
        case .unreadableVariant(let tag): text = "variant \(JSONWriter.quoted(tag)) cannot be read as its case (kept as is)"
        }
        let returnedText = returned.map { "; reads as \($0)" } ?? ""
        return "\(path): \(text)\(returnedText)"
    }

    /// This finding with a path prefix (for findings of nested models and elements).
    public func prefixed(by prefix: JSONPath) -> ValidationFinding {
        var copy = self
        copy.path = JSONPath(prefix.components + path.components)
        return copy
    }
}

/// A model's findings.
public struct ValidationReport: Sendable, Hashable, CustomStringConvertible {
    /// Every finding, in field order, unknown fields last.
    public var findings: [ValidationFinding]

    /// Creates a report.
    public init(findings: [ValidationFinding] = []) { self.findings = findings }

    /// Whether some accessor could not read what the object holds (kept values are not errors).
    public var hasErrors: Bool { findings.contains { $0.severity == .error } }

    /// The findings of one severity.
    public func findings(_ severity: ValidationFinding.Severity) -> [ValidationFinding] {
        findings.filter { $0.severity == severity }
    }

    public var description: String { findings.map(\.description).joined(separator: "\n") }
}

/// A human description of a JSON value's kind and text, for "found …".
func describe(_ value: JSONValue) -> String {
    let text = JSONWriter.serialize(value)
    let shown = text.count > 40 ? String(text.prefix(37)) + "…" : text
    switch value {
    case .null: return "null"
    case .bool: return "Bool \(shown)"
    case .number: return "number \(shown)"
    case .string: return "string \(shown)"
    case .array(let a): return "array of \(a.count)"
    case .object(let o): return "object of \(o.members.count)"
    }
}

/// A short description of what an accessor returned.
func describeReturned<T>(_ value: T) -> String {
    if let json = value as? JSONRepresentable { return JSONWriter.serialize(json.json(options: .standard)) }
    if let raw = value as? any RawRepresentable { return String(describing: raw.rawValue) }
    return String(describing: value)
}
