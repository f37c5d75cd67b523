/// How a schema describes a field's type, for a browser to pick an editor.
public indirect enum FieldType: Sendable, Hashable, CustomStringConvertible {
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
    /// A nested dictionary-backed model.
    case model(String)
    /// A type known only through custom decode/encode functions.
    case custom(String)

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
        case .enumeration(let name, _, _), .model(let name), .custom(let name): name
        }
    }
}
