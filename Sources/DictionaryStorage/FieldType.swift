/// How a schema describes a field's type, for a browser to pick an editor.
public indirect enum FieldType: Sendable, CustomStringConvertible {
    case bool
    /// An integer type, by name (`Int`, `UInt8` …).
    case integer(String)
    /// A floating-point or decimal type, by name.
    case double(String)
    case string
    case date
    /// Any JSON (untyped).
    case json
    case optional(FieldType)
    case array(FieldType)
    /// `[String: T]` with dynamic keys.
    case dictionary(FieldType)
    /// A string enum with its known raw values (an open enum keeps other values).
    case enumeration(name: String, knownValues: [String], isOpen: Bool)
    /// One of a set of JSON scalars not all strings — a schema's `enum` of numbers, or a union such
    /// as `0|1|2|"off"|"warn"|"error"` — or, when open, a value of one's own too.
    case choices(name: String, values: [JSONValue], isOpen: Bool)
    /// A nested dictionary-backed model.
    case model(String)
    /// A type known only through custom decode/encode functions.
    case custom(String)
    /// A polymorphic value (`@Variants`).
    case variants(VariantSchema)
    /// A model or variant whose fields share the containing object (`@Flattened`).
    case flattened(FieldType)
    /// A type that depends on the value it holds (a JSON Schema union of kinds — a path, an object
    /// of conditions or an array): each value is typed by what `resolve` gives for it.
    case byValue(ValueTyping)

    public var description: String {
        switch self {
        case .bool: "Bool"
        case .integer(let name), .double(let name): name
        case .string: "String"
        case .date: "Date"
        case .json: "JSON"
        case .optional(let wrapped): "\(wrapped)?"
        case .array(let element): "[\(element)]"
        case .dictionary(let value): "[String: \(value)]"
        case .enumeration(let name, _, _), .choices(let name, _, _), .model(let name), .custom(let name): name
        case .variants(let schema): schema.name
        case .flattened(let inner): inner.description
        case .byValue(let typing): typing.name
        }
    }
}

/// How a value of a `.byValue` type is typed: by a function of the value itself.
public struct ValueTyping: Sendable {
    /// The type's text for any value (`string|Conditions|[Entry]`).
    public let name: String
    /// The type, its text and its description for one value; nil when none fits it.
    public let resolve: @Sendable (JSONValue) -> TypedValue?

    /// A typing by name and function.
    public init(name: String, resolve: @escaping @Sendable (JSONValue) -> TypedValue?) {
        self.name = name
        self.resolve = resolve
    }

    /// What a value is, as `resolve` says.
    public struct TypedValue: Sendable {
        /// Its type.
        public var type: FieldType
        /// How the type is written for it.
        public var typeText: String
        /// Its description, when the schema gives one.
        public var summary: String?

        /// A typed value's type, text and description.
        public init(type: FieldType, typeText: String, summary: String?) {
            self.type = type
            self.typeText = typeText
            self.summary = summary
        }
    }
}

extension FieldType {
    /// The type inside any optionals.
    public var unwrapped: FieldType {
        var type = self
        while case .optional(let wrapped) = type { type = wrapped }
        return type
    }
}

extension FieldType: Equatable {
    /// Types compare by their description and shape (variant schemas by name).
    public static func == (lhs: FieldType, rhs: FieldType) -> Bool {
        switch (lhs, rhs) {
        case (.bool, .bool), (.string, .string), (.date, .date), (.json, .json): true
        case (.integer(let a), .integer(let b)), (.double(let a), .double(let b)), (.model(let a), .model(let b)),
            (.custom(let a), .custom(let b)):
            a == b
        case (.optional(let a), .optional(let b)), (.array(let a), .array(let b)), (.dictionary(let a), .dictionary(let b)),
            (.flattened(let a), .flattened(let b)):
            a == b
        case (.enumeration(let n1, let k1, let o1), .enumeration(let n2, let k2, let o2)): n1 == n2 && k1 == k2 && o1 == o2
        case (.choices(let n1, let v1, let o1), .choices(let n2, let v2, let o2)): n1 == n2 && v1 == v2 && o1 == o2
        case (.variants(let a), .variants(let b)): a.name == b.name
        case (.byValue(let a), .byValue(let b)): a.name == b.name
        default: false
        }
    }
}
