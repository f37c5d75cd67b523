import LosslessJSON

/// What inference reads of a value — its kind, a string's text, an array's elements, an object's
/// members — from either a parsed `JSONValue` or a node of a `JSONDocument`'s index. Reading the
/// index directly spares building a value tree per sample (`schema infer --lines` takes millions).
protocol InferenceSample {
    /// The value's kind as inference counts it.
    var inferenceKind: InferenceKind { get }
    /// A string's decoded text (`nil` for other kinds).
    var text: String? { get }
    /// An array's elements, in order.
    var elements: [Self] { get }
    /// An object's members, in order.
    var members: [(key: String, value: Self)] { get }
}

/// The kinds inference tells apart: a number is an integer or has a fraction.
enum InferenceKind {
    case null, boolean, integer, fraction, string, array, object
}

extension JSONValue: InferenceSample {
    var inferenceKind: InferenceKind {
        switch self {
        case .null: .null
        case .bool: .boolean
        case .number(let number): number.isInteger ? .integer : .fraction
        case .string: .string
        case .array: .array
        case .object: .object
        }
    }

    var text: String? { stringValue }

    var elements: [JSONValue] { arrayValue ?? [] }

    var members: [(key: String, value: JSONValue)] { objectValue?.members.map { ($0.key, $0.value) } ?? [] }
}

/// A value of a parsed document, read from its index.
struct DocumentSample: InferenceSample {
    let document: JSONDocument
    let node: JSONDocument.Node

    var inferenceKind: InferenceKind {
        switch document.kind(node) {
        case .null: return .null
        case .true, .false: return .boolean
        case .string: return .string
        case .array: return .array
        case .object: return .object
        case .number:
            // Digits alone (and a sign) are an integer; anything else is decided by the number's value.
            let range = document.range(node)
            let plain = document.text.withContiguousBytes(range) { bytes in
                bytes.allSatisfy { ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || $0 == UInt8(ascii: "-") }
            }
            if plain { return .integer }
            return (document.number(node)?.isInteger ?? false) ? .integer : .fraction
        }
    }

    var text: String? { document.string(node) }

    var elements: [DocumentSample] { document.children(node).map { DocumentSample(document: document, node: $0) } }

    var members: [(key: String, value: DocumentSample)] {
        document.children(node).map { (document.key($0) ?? "", DocumentSample(document: document, node: $0)) }
    }
}

extension Array {
    /// The value of the first member with a key (objects are small; a scan beats a dictionary).
    func member<Value>(_ key: String) -> Value? where Element == (key: String, value: Value) {
        first { $0.key == key }?.value
    }
}
