import LosslessJSON

/// Infers, in one pass over any number of samples, a JSON Schema (2020-12) that every sample
/// validates against: required and optional members, nullable values, integer or number, string
/// formats every sample fits, small repeated sets of strings as `enum`, maps, arrays of records
/// and tagged unions. Memory follows the data's shape, not its size. Not for sharing between
/// threads: one inferrer takes its samples in order.
public final class SchemaInferrer {
    private let root = ValueShape()

    /// An inferrer that has seen nothing.
    public init() {}

    /// Whether some values were nested deeper than 256 levels: below that, the schema names
    /// their kinds alone (arrays and objects of anything).
    public var reachedDepthLimit: Bool { root.reachesLimit }

    /// How many samples it has taken.
    public var samples: Int { root.count }

    /// Takes one sample (a document, a JSON Lines line, an element of a root array).
    public func add(_ sample: JSONValue) {
        root.add(sample)
    }

    /// The schema for the samples so far, with `$schema` naming 2020-12 (with no sample: `{}`,
    /// which takes anything).
    public func schema() -> JSONValue {
        guard case .object(let body) = SchemaWriter().schema(root) else { return .object([:]) }
        return .object(JSONObject([("$schema", "https://json-schema.org/draft/2020-12/schema")] + body.members.map { ($0.key, $0.value) }))
    }
}
