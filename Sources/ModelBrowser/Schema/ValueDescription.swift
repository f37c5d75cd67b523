import LosslessJSON

/// What the model or schema says about one value, or about a required member an object lacks:
/// the browser's own reading of the row, for `keepsake describe`.
public struct ValueDescription: Sendable {
    /// How a value stands with the model or schema.
    public enum Status: String, Sendable {
        /// Described: a model's field, a schema's property, an item, a member a pattern or
        /// `additionalProperties` types.
        case known
        /// Kept without being understood: a member nothing claims, an enum value or a variant tag
        /// the description does not know.
        case kept
        /// A member where the schema allows no other keys.
        case notAllowed = "not-allowed"
        /// A required member the object lacks.
        case missingRequired = "missing-required"
    }

    /// Where the value is (or, for a missing member, would be).
    public var path: JSONPath
    /// The value's JSON kind; `nil` for a missing member.
    public var kind: JSONKind?
    /// How it stands; `nil` when nothing describes it.
    public var status: Status?
    /// The type as the browser's type column writes it.
    public var type: String?
    /// Every value the browser's menu offers for it.
    public var choices: [JSONValue]?
    /// Whether the menu also takes a value of one's own ("other…").
    public var takesOtherValues = false
    /// The default as the description writes it: JSON for a schema, the Swift expression for a
    /// compiled model.
    public var defaultText: String?
    /// Its title and description.
    public var description: String?
    /// The variant (a tagged union's case, a schema's branch) the value reads as.
    public var variant: String?
    /// What is wrong with it, as the browser marks it.
    public var warning: String?

    /// A description of the value at `path`, with nothing said yet.
    public init(path: JSONPath, kind: JSONKind?) {
        self.path = path
        self.kind = kind
    }
}
