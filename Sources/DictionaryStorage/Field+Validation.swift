import LosslessJSON

/// The shape of a property's type around its field's value type.
public enum FieldShape: Sendable, Hashable {
    case value, optional, array, optionalArray, dictionary, optionalDictionary

    /// Whether a missing value is expected (the property is optional).
    var isOptional: Bool { self == .optional || self == .optionalArray || self == .optionalDictionary }
}

extension Field {
    /// What the object holds that this field cannot read as written; `returned` is what the
    /// accessor gave instead.
    public func check(in object: JSONObject, shape: FieldShape, returned: @autoclosure () -> Any) -> [ValidationFinding] {
        let here = jsonPath
        guard let located = locate(in: object) else {
            return required ? [ValidationFinding(path: here, kind: .missingRequired, returned: describeAny(returned()))] : []
        }
        var findings: [ValidationFinding] = []
        if let other = located.otherKey {
            let kind: ValidationFinding.Kind = located.isLegacy ? .legacyKeyUsed(other) : .keySpelledDifferently(other)
            findings.append(ValidationFinding(path: here, kind: kind))
        }
        let value = located.value
        if value.isNull {
            if required { findings.append(ValidationFinding(path: here, kind: .missingRequired, returned: describeAny(returned()))) }
            return findings
        }
        let expected = codec.type.description
        switch shape {
        case .value, .optional:
            if let typed = codec.read(value, options) {
                findings += inspect(typed, at: here)
            } else {
                findings.append(ValidationFinding(
                    path: here, kind: .typeMismatch(expected: expected, found: describe(value)), returned: describeAny(returned())))
            }
        case .array, .optionalArray:
            guard case .array(let elements) = value else {
                findings.append(ValidationFinding(
                    path: here, kind: .typeMismatch(expected: "[\(expected)]", found: describe(value)), returned: describeAny(returned())))
                break
            }
            for (index, element) in elements.enumerated() {
                let elementPath = here.appending(.index(index))
                if let typed = codec.read(element, options) {
                    findings += inspect(typed, at: elementPath)
                } else {
                    findings.append(ValidationFinding(
                        path: elementPath, kind: .unreadableElement(expected: expected, found: describe(element))))
                }
            }
        case .dictionary, .optionalDictionary:
            guard case .object(let members) = value else {
                findings.append(ValidationFinding(
                    path: here, kind: .typeMismatch(expected: "[String: \(expected)]", found: describe(value)),
                    returned: describeAny(returned())))
                break
            }
            for member in members.members {
                let memberPath = here.appending(.key(member.key))
                if let typed = codec.read(member.value, options) {
                    findings += inspect(typed, at: memberPath)
                } else {
                    findings.append(ValidationFinding(
                        path: memberPath, kind: .unreadableElement(expected: expected, found: describe(member.value))))
                }
            }
        }
        return findings
    }

    /// Findings inside a readable value: an unknown enum case, a nested model's findings.
    private func inspect(_ value: Value, at path: JSONPath) -> [ValidationFinding] {
        if let raw = codec.unknownValue(value) { return [ValidationFinding(path: path, kind: .unknownEnumValue(raw))] }
        return codec.nestedFindings(value).map { $0.prefixed(by: path) }
    }

    private func describeAny(_ value: Any) -> String {
        if let optional = value as? OptionalDescribing, optional.isNone { return "nil" }
        return describeReturned(value)
    }
}

/// Lets a finding say "nil" for an optional that returned nothing.
protocol OptionalDescribing {
    var isNone: Bool { get }
}

extension Optional: OptionalDescribing {
    var isNone: Bool { self == nil }
}

extension ValidationReport {
    /// The top-level keys of an object that no field claims, as kept-field findings.
    static func unknownFields(in object: JSONObject, claimedBy claims: [@Sendable (String, JSONObject) -> Bool]) -> [ValidationFinding] {
        var findings: [ValidationFinding] = []
        var reported = Set<String>()
        for member in object.members where !reported.contains(member.key) {
            if !claims.contains(where: { $0(member.key, object) }) {
                reported.insert(member.key)
                findings.append(ValidationFinding(path: [.key(member.key)], kind: .unknownField))
            }
        }
        return findings
    }
}
