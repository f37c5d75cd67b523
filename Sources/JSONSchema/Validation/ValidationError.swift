import LosslessJSON

/// One way an instance fails its schema: where in the instance, which keyword, and why.
public struct ValidationError: Sendable, Hashable, CustomStringConvertible {
    /// The failing value's path in the instance.
    public var instancePath: JSONPath
    /// The failing value's node in the instance document (for its line and column).
    public var node: JSONDocument.Node
    /// The keyword's path through the schema as evaluated, references followed (`/properties/a/$ref/type`).
    public var keywordLocation: String
    /// The keyword's absolute location (its resource's URI and a pointer).
    public var absoluteKeywordLocation: String
    /// The keyword.
    public var keyword: String
    /// What is wrong, in words.
    public var message: String

    public var description: String { "\(instancePath.jq): \(message) (\(keywordLocation))" }
}

/// What validating a document found.
public struct ValidationReport: Sendable {
    /// One error or undecided pattern (named so where another `ValidationError` is in scope).
    public typealias Finding = ValidationError
    /// Whether the document is valid (false when it is `undecided` too).
    public let isValid: Bool
    /// Every error, in document order (empty when valid).
    public let errors: [ValidationError]
    /// The patterns the regular-expression engine could not decide, on which values: when any is
    /// here, the document is neither known valid nor known invalid — "too complex to decide". (The
    /// browser's checker shows them among the problems.)
    public var undecided: [ValidationError] = []
}
