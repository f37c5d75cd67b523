import LosslessJSON

/// A schema compiled for validation: its keywords as checks, in evaluation order (the
/// `unevaluated*` keywords last, after every sibling that can evaluate something), and what the
/// browser reads from it (title, description, default, deprecated, read-only).
@_spi(SchemaGraph) public final class SchemaNode: @unchecked Sendable {
    /// Where it is.
    @_spi(SchemaGraph) public let location: SchemaLocation
    /// Its absolute keyword location (resource URI and pointer), made when a message asks: a
    /// node's pointer is as long as its depth, and a deep schema has as many nodes.
    var absoluteLocation: String { index.absolute(location) }
    /// The documents it was compiled from (for `absoluteLocation`).
    private let index: SchemaIndex
    /// Its dialect.
    let dialect: Dialect
    /// `true` or `false` for a boolean schema (and for an empty object, `true`).
    @_spi(SchemaGraph) public internal(set) var constant: Bool?
    /// The compiled keywords.
    @_spi(SchemaGraph) public internal(set) var checks: [Check] = [] {
        didSet {
            frozenChecks.deinitialize()
            frozenChecks.deallocate()
            frozenChecks = .allocate(capacity: checks.count)
            _ = frozenChecks.initialize(from: checks)
        }
    }
    /// The checks in memory of their own, set with `checks`: evaluation reads them in place (an
    /// array read from a class would be retained for every value evaluated).
    private(set) var frozenChecks = UnsafeMutableBufferPointer<Check>(start: nil, count: 0)
    /// The resource it belongs to, and whether it is that resource's root.
    let resource: SchemaLocation
    /// Whether it is its resource's root (kept: every evaluation asks).
    let isResourceRoot: Bool
    /// `$recursiveAnchor: true` (2019-09).
    var recursiveAnchor = false
    /// `$dynamicAnchor` names this resource root defines, with their schemas (2020-12).
    var dynamicAnchors: [String: SchemaNode] = [:]
    /// The schema object (for descriptions in the browser).
    @_spi(SchemaGraph) public internal(set) var object: JSONObject?

    init(location: SchemaLocation, index: SchemaIndex, dialect: Dialect, resource: SchemaLocation) {
        self.location = location
        self.index = index
        self.dialect = dialect
        self.resource = resource
        isResourceRoot = resource == location
    }

    deinit {
        frozenChecks.deinitialize()
        frozenChecks.deallocate()
    }

    /// Drops the references to other nodes (the graph is being released; see `SchemaGraph`).
    func releaseReferences() {
        checks = []
        dynamicAnchors = [:]
    }

    /// The schema a `properties` entry gives for a key, if any.
    func propertySchema(_ key: String) -> SchemaNode? {
        for check in checks {
            if case .properties(let properties) = check.kind, let node = properties.map[key] { return node }
        }
        return nil
    }
}

/// One compiled keyword.
@_spi(SchemaGraph) public struct Check {
    /// The keyword as written (for keyword locations and messages).
    @_spi(SchemaGraph) public let keyword: String
    /// The keyword's path from its schema (`["properties"]`, or `["items", "0"]` for one of several).
    @_spi(SchemaGraph) public let kind: Kind

    /// Indirect: copying a check (each evaluation borrows or copies many) retains one box, not every payload.
    @_spi(SchemaGraph) public indirect enum Kind {
        case types(TypeMask)
        case enumeration([JSONValue])
        case constant(JSONValue)
        case multipleOf(DecimalValue)
        case maximum(NumberLimit, exclusive: Bool)
        case minimum(NumberLimit, exclusive: Bool)
        case maxLength(Int)
        case minLength(Int)
        case pattern(ECMARegex)
        case format(String)
        case maxItems(Int)
        case minItems(Int)
        case uniqueItems
        case contains(SchemaNode, min: Int, max: Int?)
        case maxProperties(Int)
        case minProperties(Int)
        case required(KeyMatcher)
        case dependentRequired([(String, [String])])
        case dependentSchemas([(String, SchemaNode)])
        case properties(PropertySchemas)
        case patternProperties([(ECMARegex, SchemaNode)])
        case additionalProperties(SchemaNode, named: KeyMatcher, patterns: [ECMARegex])
        case propertyNames(SchemaNode)
        /// Array-form `items` or `prefixItems`: each schema applies to the element at its position.
        case prefixItems([SchemaNode])
        /// `items` (or `additionalItems`): applies to the elements from position `after` on.
        case items(SchemaNode, after: Int)
        case unevaluatedItems(SchemaNode)
        case unevaluatedProperties(SchemaNode)
        case allOf([SchemaNode])
        case anyOf([SchemaNode])
        case oneOf([SchemaNode])
        case not(SchemaNode)
        case conditional(condition: SchemaNode, then: SchemaNode?, otherwise: SchemaNode?)
        case ref(Reference)
        case dynamicRef(Reference, anchor: String?)
        case recursiveRef(Reference)
    }
}

/// `properties`: the names in order, their schemas, and the matcher that finds a member's among them.
@_spi(SchemaGraph) public final class PropertySchemas: Sendable {
    let keys: KeyMatcher
    /// The schemas, in the order of `keys.names`.
    @_spi(SchemaGraph) public let schemas: [SchemaNode]
    @_spi(SchemaGraph) public let map: [String: SchemaNode]

    init(names: [String], schemas: [SchemaNode]) {
        keys = KeyMatcher(names)
        self.schemas = schemas
        var map: [String: SchemaNode] = [:]
        for (name, schema) in zip(names, schemas) { map[name] = schema }
        self.map = map
    }

    @_spi(SchemaGraph) public var order: [String] { keys.names }
}

/// A reference's target, compiled once the whole schema graph exists (references form cycles).
@_spi(SchemaGraph) public final class Reference: @unchecked Sendable {
    let uri: URI
    @_spi(SchemaGraph) public internal(set) var target: SchemaNode?
    /// Why there is no target, when the referenced document could not be had.
    @_spi(SchemaGraph) public internal(set) var unresolved: SchemaLoadError?

    init(uri: URI) { self.uri = uri }
}
