import LosslessJSON

/// A schema compiled for validation: its keywords as checks, in evaluation order (the
/// `unevaluated*` keywords last, after every sibling that can evaluate something), and what the
/// browser reads from it (title, description, default, deprecated, read-only).
final class SchemaNode: @unchecked Sendable {
    /// Where it is.
    let location: SchemaLocation
    /// Its absolute keyword location (resource URI and pointer).
    let absoluteLocation: String
    /// Its dialect.
    let dialect: Dialect
    /// `true` or `false` for a boolean schema (and for an empty object, `true`).
    var constant: Bool?
    /// The compiled keywords.
    var checks: [Check] = []
    /// The resource it belongs to, and whether it is that resource's root.
    let resource: SchemaLocation
    var isResourceRoot: Bool { resource == location }
    /// `$recursiveAnchor: true` (2019-09).
    var recursiveAnchor = false
    /// `$dynamicAnchor` names this resource root defines, with their schemas (2020-12).
    var dynamicAnchors: [String: SchemaNode] = [:]
    /// The schema object (for descriptions in the browser).
    var object: JSONObject?

    init(location: SchemaLocation, absoluteLocation: String, dialect: Dialect, resource: SchemaLocation) {
        self.location = location
        self.absoluteLocation = absoluteLocation
        self.dialect = dialect
        self.resource = resource
    }

    /// The schema a `properties` entry gives for a key, if any.
    func propertySchema(_ key: String) -> SchemaNode? {
        for check in checks {
            if case .properties(let map, _) = check.kind, let node = map[key] { return node }
        }
        return nil
    }
}

/// One compiled keyword.
struct Check {
    /// The keyword as written (for keyword locations and messages).
    let keyword: String
    /// The keyword's path from its schema (`["properties"]`, or `["items", "0"]` for one of several).
    let kind: Kind

    enum Kind {
        case types(Set<String>)
        case enumeration([JSONValue])
        case constant(JSONValue)
        case multipleOf(DecimalValue)
        case maximum(DecimalValue, exclusive: Bool)
        case minimum(DecimalValue, exclusive: Bool)
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
        case required([String])
        case dependentRequired([(String, [String])])
        case dependentSchemas([(String, SchemaNode)])
        case properties([String: SchemaNode], order: [String])
        case patternProperties([(ECMARegex, SchemaNode)])
        case additionalProperties(SchemaNode, named: Set<String>, patterns: [ECMARegex])
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

/// A reference's target, compiled once the whole schema graph exists (references form cycles).
final class Reference: @unchecked Sendable {
    let uri: URI
    var target: SchemaNode?

    init(uri: URI) { self.uri = uri }
}
