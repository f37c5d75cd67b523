import Foundation
import LosslessJSON

/// What holds at a schema location: its base URI, dialect and vocabularies, and its resource.
struct LocationInfo: Sendable {
    var base: URI
    var dialect: Dialect
    var vocabularies: Set<Vocabulary>
    /// The location of the schema resource it belongs to.
    var resource: SchemaLocation
}

/// Every schema document loaded for a validation, and what identifies each schema in them: the
/// resources (`$id`, or the retrieval URI), anchors (`$anchor`, `$dynamicAnchor`, draft 4–7's
/// plain-name `id`s) and each location's base URI and dialect — found by walking the schema
/// keywords only, as the specifications say (an `$id` inside `enum` or an unknown keyword is not one).
final class SchemaIndex: @unchecked Sendable {
    struct Document {
        let uri: String
        let value: JSONValue
        let source: JSONDocument
    }

    private(set) var documents: [Document] = []
    private var byURI: [String: Int] = [:]
    private(set) var info: [SchemaLocation: LocationInfo] = [:]
    /// The JSON values at the locations read so far (`value(at:)`).
    private var values: [SchemaLocation: JSONValue] = [:]
    private var resources: [String: SchemaLocation] = [:]
    private var anchors: [String: SchemaLocation] = [:]
    /// The `$dynamicAnchor` names each resource defines.
    private(set) var dynamicAnchors: [SchemaLocation: [String: SchemaLocation]] = [:]
    let resolver: SchemaResolver
    let defaultDialect: Dialect

    init(resolver: SchemaResolver, defaultDialect: Dialect) {
        self.resolver = resolver
        self.defaultDialect = defaultDialect
    }

    /// Adds a document read from `uri` and indexes it; returns its root's location.
    @discardableResult
    func add(text: String, uri: String, dialect: Dialect? = nil) throws(SchemaLoadError) -> SchemaLocation {
        if let known = byURI[uri] { return SchemaLocation(document: known, pointer: []) }
        let source: JSONDocument
        do {
            source = try JSONDocument(text, options: JSONParseOptions(maxDepth: 100_000))
        } catch {
            var failure = SchemaLoadError(.notJSON, at: uri, "the schema is not JSON: \(error.message)")
            failure.line = error.line
            failure.column = error.column
            throw failure
        }
        let number = documents.count
        documents.append(Document(uri: uri, value: source.rootValue, source: source))
        byURI[uri] = number
        let root = SchemaLocation(document: number, pointer: [])
        try walk(root, base: URI(uri), dialect: dialect ?? defaultDialect)
        if resources[uri] == nil { resources[uri] = root }
        return root
    }

    /// The JSON value at a location, if there is one: found from the nearest location found
    /// before (the walk and the compiler go from parents to children, so most are one step from a
    /// known one), so a deep schema is read in time linear in its depth, not in its square.
    func value(at location: SchemaLocation) -> JSONValue? {
        guard location.document < documents.count else { return nil }
        var steps: [SchemaLocation] = []
        var current = location
        var value: JSONValue?
        while true {
            if let known = values[current] {
                value = known
                break
            }
            guard let parent = current.parent else {
                value = documents[current.document].value
                break
            }
            steps.append(current)
            current = parent
        }
        for step in steps.reversed() {
            guard let container = value, let token = step.last else { return nil }
            switch container {
            case .object(let object): value = object[token]
            case .array(let array):
                guard let position = Int(token), position >= 0, position < array.count, String(position) == token else { return nil }
                value = array[position]
            default: value = nil
            }
            values[step] = value
        }
        return value
    }

    /// The absolute keyword location of a schema location (its resource's URI and a pointer).
    func absolute(_ location: SchemaLocation) -> String {
        guard let info = info[location] ?? nearestInfo(location) else { return documents[location.document].uri + "#" + location.pointerText }
        let tail = SchemaLocation(document: location.document, pointer: Array(location.pointer.dropFirst(info.resource.depth)))
        return (self.info[info.resource]?.base.withoutFragment ?? info.base.withoutFragment).description + "#" + tail.pointerText
    }

    /// The line and column of a location in its document's text.
    func position(of location: SchemaLocation) -> (line: Int, column: Int)? {
        guard location.document < documents.count else { return nil }
        let source = documents[location.document].source
        let path = JSONPath(location.pointer.map { token in .key(token) })
        guard let node = source.node(at: path) else { return nil }
        let offset = source.range(node).lowerBound
        let line = source.text.lineFeeds(in: 0..<offset) + 1
        var start = offset
        while start > 0, source.text[start - 1] != 0x0A { start -= 1 }
        return (line, offset - start + 1)
    }

    /// The info of the closest indexed ancestor (a location inside a non-schema value).
    func nearestInfo(_ location: SchemaLocation) -> LocationInfo? {
        var current: SchemaLocation? = location
        while let here = current {
            if let found = info[here] { return found }
            current = here.parent
        }
        return nil
    }

    /// The schema a URI (absolute, possibly with a fragment) identifies, loading documents as needed.
    func locate(_ uri: URI) throws(SchemaLoadError) -> SchemaLocation {
        let base = uri.withoutFragment.description
        if resources[base] == nil {
            let text = try resolver.text(of: base)
            try add(text: text, uri: base, dialect: Dialect(schemaURI: base))
        }
        guard let resource = resources[base] else { throw SchemaLoadError(.unresolvable(uri.description), at: nil, "no schema at \(base)") }
        guard let fragment = uri.fragment, !fragment.isEmpty else { return resource }
        if fragment.hasPrefix("/") {
            let tokens = fragment.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map { token in
                (String(token).removingPercentEncoding ?? String(token)).replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            }
            let target = resource.appending(contentsOf: tokens)
            guard value(at: target) != nil else { throw SchemaLoadError(.unresolvable(uri.description), at: nil, "no schema at \(uri)") }
            return target
        }
        guard let anchored = anchors[base + "#" + fragment] else {
            throw SchemaLoadError(.unresolvable(uri.description), at: nil, "no anchor \"\(fragment)\" in \(base)")
        }
        return anchored
    }

    // MARK: Walking

    /// The keywords whose values are schemas, by how they hold them.
    private static let singleSchema: [String] = ["additionalItems", "additionalProperties", "contains", "else", "if", "not", "propertyNames", "then", "unevaluatedItems", "unevaluatedProperties", "contentSchema"]
    private static let schemaArrays: [String] = ["allOf", "anyOf", "oneOf", "prefixItems"]
    private static let schemaMaps: [String] = ["$defs", "definitions", "properties", "patternProperties", "dependentSchemas", "dependencies"]

    private func walk(_ start: SchemaLocation, base startBase: URI, dialect startDialect: Dialect) throws(SchemaLoadError) {
        var stack: [(location: SchemaLocation, base: URI, dialect: Dialect, vocabularies: Set<Vocabulary>, resource: SchemaLocation)] =
            [(start, startBase, startDialect, startDialect.defaultVocabularies, start)]
        while let (location, inheritedBase, inheritedDialect, inheritedVocabularies, inheritedResource) = stack.popLast() {
            guard let value = value(at: location) else { continue }
            var base = inheritedBase
            var dialect = inheritedDialect
            var vocabularies = inheritedVocabularies
            var resource = inheritedResource
            guard case .object(let object) = value else {
                info[location] = LocationInfo(base: base, dialect: dialect, vocabularies: vocabularies, resource: resource)
                continue
            }
            let isResourceRoot = location.isRoot || object[dialect.idKeyword] != nil || object["$id"] != nil
            if isResourceRoot, case .string(let schemaURI)? = object["$schema"] {
                (dialect, vocabularies) = try metaSchema(schemaURI, from: location)
            }
            if case .string(let id)? = object[dialect.idKeyword], !(dialect.refOverridesSiblings && object["$ref"] != nil) {
                let resolved = base.resolving(id)
                if id.hasPrefix("#") && dialect <= .draft7 {
                    anchors[base.withoutFragment.description + id] = location
                } else {
                    base = resolved.withoutFragment
                    resource = location
                    resources[base.description] = location
                    if let fragment = resolved.fragment, !fragment.isEmpty, dialect <= .draft7 {
                        anchors[base.description + "#" + fragment] = location
                    }
                }
            }
            if dialect >= .draft2019, case .string(let anchor)? = object["$anchor"] {
                anchors[base.withoutFragment.description + "#" + anchor] = location
            }
            if dialect >= .draft2020, case .string(let anchor)? = object["$dynamicAnchor"] {
                anchors[base.withoutFragment.description + "#" + anchor] = location
                dynamicAnchors[resource, default: [:]][anchor] = location
            }
            info[location] = LocationInfo(base: base, dialect: dialect, vocabularies: vocabularies, resource: resource)
            func push(_ child: SchemaLocation) { stack.append((child, base, dialect, vocabularies, resource)) }
            for keyword in Self.singleSchema where object[keyword] != nil { push(location.appending(keyword)) }
            for keyword in Self.schemaArrays + ["items"] {
                if case .array(let elements)? = object[keyword] {
                    for index in elements.indices { push(location.appending(keyword, String(index))) }
                } else if keyword == "items", object[keyword] != nil {
                    push(location.appending(keyword))
                }
            }
            for keyword in Self.schemaMaps {
                guard case .object(let members)? = object[keyword] else { continue }
                for member in members.members where keyword != "dependencies" || !(member.value.arrayValue != nil) {
                    push(location.appending(keyword, member.key))
                }
            }
        }
    }

    /// The dialect and vocabularies a `$schema` value gives: one of the five, or a custom
    /// meta-schema whose own `$schema` names the dialect and whose `$vocabulary` the vocabularies.
    private func metaSchema(_ uri: String, from location: SchemaLocation) throws(SchemaLoadError) -> (Dialect, Set<Vocabulary>) {
        if let dialect = Dialect(schemaURI: uri) { return (dialect, dialect.defaultVocabularies) }
        let meta = try locate(URI(uri))
        guard case .object(let object)? = value(at: meta) else { return (defaultDialect, defaultDialect.defaultVocabularies) }
        let dialect = (object["$schema"]?.stringValue).flatMap { Dialect(schemaURI: $0) } ?? info[meta]?.dialect ?? defaultDialect
        guard dialect >= .draft2019, case .object(let declared)? = object["$vocabulary"] else { return (dialect, dialect.defaultVocabularies) }
        var vocabularies: Set<Vocabulary> = [.core]
        for member in declared.members {
            if let vocabulary = Vocabulary(uri: member.key) {
                vocabularies.insert(vocabulary)
            } else if member.value == .bool(true) {
                throw SchemaLoadError(.invalid, at: uri, "the meta-schema requires the vocabulary \(member.key), which keepsake does not know")
            }
        }
        return (dialect, vocabularies)
    }
}
