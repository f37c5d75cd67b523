import LosslessJSON

/// Infers, in one pass over any number of samples, a JSON Schema (2020-12) that every sample
/// validates against: required and optional members, nullable values, integer or number, string
/// formats every sample fits, small repeated sets of strings as `enum`, maps, arrays of records
/// and tagged unions. Memory follows the data's shape, not its size. Not for sharing between
/// threads: one inferrer takes its samples in order.
public final class SchemaInferrer {
    private let root = ValueShape()
    /// Each sample is read into this tape, reused: a line allocates nothing once it has grown.
    private var tape = JSONTape()
    /// The places made so far, which bound the tag groups made (see `ShapeBudget`).
    private let budget = ShapeBudget()

    /// An inferrer that has seen nothing.
    public init() {}

    /// Whether some values were nested deeper than 256 levels: below that, the schema names
    /// their kinds alone (arrays and objects of anything).
    public var reachedDepthLimit: Bool { root.reachesLimit }

    /// How many samples it has taken.
    public var samples: Int { root.count }

    /// Takes one sample (a document, a JSON Lines line, an element of a root array).
    public func add(_ sample: JSONValue) {
        tape.read(sample) { root.add($0, $0.root, budget: budget) }
    }

    /// Takes one sample that is a value in a document (its root, an element of its root array),
    /// read from the document's bytes.
    public func add(_ node: JSONDocument.Node, of document: JSONDocument) {
        tape.read(node, of: document) { root.add($0, $0.root, budget: budget) }
    }

    /// Takes one sample given as its text (a JSON Lines line, a stored record): strict JSON is
    /// read straight from the bytes, without making a `JSONValue` (the speed of `schema infer`).
    /// A text that is not one value in `options`' syntax throws the parser's error, and no sample
    /// is taken.
    public func add(parsing text: UnsafeBufferPointer<UInt8>, options: JSONParseOptions = .default) throws(JSONParseError) {
        try tape.read(text, options: options) { root.add($0, $0.root, budget: budget) }
    }

    /// Takes every sample another inferrer took, as if they had been added here after this one's
    /// own (an inferrer per part of a file, on threads of their own, merged in the file's order).
    public func merge(_ other: SchemaInferrer) {
        root.merge(other.root)
    }

    /// The schema for the samples so far, with `$schema` naming 2020-12 (with no sample: `{}`,
    /// which takes anything); every sample validates against it unless `outliers` leaves some out.
    public func schema(outliers: OutlierPolicy = .included) -> JSONValue {
        guard case .object(let body) = samplesSchema(outliers) else { return .object([:]) }
        return .object(JSONObject([("$schema", JSONValue.string(Self.dialect))] + body.members.map { ($0.key, $0.value) }))
    }

    /// The schema of an array whose elements are the samples so far.
    public func arraySchema(outliers: OutlierPolicy = .included) -> JSONValue {
        .object(["$schema": .string(Self.dialect), "type": "array", "items": samplesSchema(outliers)])
    }

    private func samplesSchema(_ outliers: OutlierPolicy) -> JSONValue {
        SchemaWriter(leavesOutOutliers: outliers == .leftOut).schema(root)
    }

    private static let dialect = "https://json-schema.org/draft/2020-12/schema"
}

/// What a schema does with values of a kind seen rarely where another kind is the rule (`"age":
/// "high"` among a hundred integer ages).
public enum OutlierPolicy: Sendable {
    /// The schema takes them too: every sample validates (`keepsake schema infer`).
    case included
    /// The schema takes only the usual kind, so the rare values stand out as not matching it (the
    /// browser's inferred model): where at least 8 values that are not `null` were seen at a place
    /// and one kind holds 90% of them, the other kinds are left out.
    case leftOut
}
