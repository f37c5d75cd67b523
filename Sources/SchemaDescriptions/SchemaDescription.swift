import DictionaryStorage
import Foundation
@_spi(SchemaGraph) import JSONSchema
import LosslessJSON

/// A JSON Schema as the descriptions the browser shows and edits through, the same kind a
/// compiled model gives: a `ModelSchema` for each schema of objects (its fields from `properties`,
/// `patternProperties` and `additionalProperties`, through `$ref` and `allOf`, and — resolved for
/// each object — `if`/`then`/`else`, `dependentSchemas` and the active `oneOf`/`anyOf` branch),
/// field types that choose editors (enum menus, numbers, booleans), variants for tagged
/// `oneOf`/`anyOf`, and the schema's own checks for values as they are typed.
///
/// A description is complete when made: every schema node of the compiled schema is typed, so
/// every model a browser can meet — those reached only through `additionalProperties`,
/// `patternProperties` or `items` too — is in `registry` before a browser takes it, and nothing
/// is added later (the builder is read-only from then on, on any thread).
public struct SchemaDescription: @unchecked Sendable {
    /// The schema.
    public let schema: JSONSchema
    /// What the title bar calls it (its title, else its file's name).
    public let name: String
    /// Every model the schema describes, by name.
    public let registry: ModelRegistry
    /// What the root value is.
    public let rootType: FieldType

    /// The descriptions of a schema; `name` is used when the schema has no title. No model is
    /// given a name in `reserved` (the names of compiled models it will be registered beside).
    public init(_ schema: JSONSchema, name: String, reserving reserved: Set<String> = []) {
        let builder = DescriptionBuilder(schema: schema)
        builder.usedNames = reserved
        rootType = builder.fieldType(schema.root)
        for node in schema.nodes { _ = builder.fieldType(node) }
        builder.freeze()
        registry = builder.registry
        self.schema = schema
        if case .string(let title)? = schema.root.object?["title"] { self.name = title } else { self.name = name }
    }
}

/// Builds descriptions, each schema node's once. It is written only while `SchemaDescription`
/// is made (every node typed, then `freeze()`); the fields' closures that read it afterwards, on
/// any thread, find everything in its caches and change nothing.
final class DescriptionBuilder: @unchecked Sendable {
    let schema: JSONSchema
    var registry = ModelRegistry()
    var modelNames: [SchemaLocation: String] = [:]
    var usedNames: Set<String> = []
    var types: [SchemaLocation: FieldType] = [:]
    /// Set once every node is typed: from then on nothing is written.
    var frozen = false

    init(schema: JSONSchema) {
        self.schema = schema
    }

    /// Ends the building: later reads change nothing.
    func freeze() { frozen = true }

    // MARK: Following a schema

    /// The node after references that stand alone (`{"$ref": …}`), so that a definition's name shows.
    func target(_ node: SchemaNode) -> SchemaNode {
        var current = node
        var seen: Set<SchemaLocation> = []
        while current.checks.count == 1, seen.insert(current.location).inserted {
            switch current.checks[0].kind {
            case .ref(let reference), .dynamicRef(let reference, _), .recursiveRef(let reference):
                guard let next = reference.target else { return current }
                current = next
            default: return current
            }
        }
        return current
    }

    /// The keywords that apply to a node in place: its own, and those of its `$ref`s and `allOf`s.
    func inPlace(_ node: SchemaNode) -> [SchemaNode] {
        var result: [SchemaNode] = []
        var seen: Set<SchemaLocation> = []
        var stack = [node]
        while let next = stack.popLast() {
            guard seen.insert(next.location).inserted else { continue }
            result.append(next)
            for check in next.checks {
                switch check.kind {
                case .ref(let reference), .dynamicRef(let reference, _), .recursiveRef(let reference):
                    if let target = reference.target { stack.append(target) }
                case .allOf(let list): stack += list.reversed()
                default: break
                }
            }
        }
        return result
    }

    /// The type names a node allows (through references and allOf), or nil for any.
    func allowedTypes(_ node: SchemaNode) -> Set<String>? {
        var allowed: Set<String>?
        for part in inPlace(node) {
            for check in part.checks {
                if case .types(let mask) = check.kind {
                    let names = mask.names
                    var expanded = names
                    if names.contains("number") { expanded.insert("integer") }
                    allowed = allowed.map { $0.intersection(expanded) } ?? expanded
                }
            }
        }
        return allowed
    }

    func keyword(_ node: SchemaNode, _ name: String) -> JSONValue? {
        for part in inPlace(node) { if let value = part.object?[name] { return value } }
        return nil
    }

    // MARK: Names and type text

    /// A model's name: the schema's title, else its definition's name, else its place; unique.
    func modelName(_ node: SchemaNode) -> String {
        let node = target(node)
        if let known = modelNames[node.location] { return known }
        if frozen { return Self.placeName(node.location.pointer) }
        var base = "object"
        if case .string(let title)? = node.object?["title"], !title.isEmpty {
            base = title
        } else if let last = node.location.pointer.last, node.location.pointer.count >= 2,
            ["$defs", "definitions"].contains(node.location.pointer[node.location.pointer.count - 2])
        {
            base = last
        } else {
            base = Self.placeName(node.location.pointer)
        }
        var name = base
        var suffix = 2
        while usedNames.contains(name) {
            name = "\(base) \(suffix)"
            suffix += 1
        }
        usedNames.insert(name)
        modelNames[node.location] = name
        registry.register(model(node, named: name))
        return name
    }

    /// A name for a schema from where it is: the property or definition it describes (`address`
    /// for `/properties/address`, `address item` for `/properties/address/items`), else `root`.
    static func placeName(_ pointer: [String]) -> String {
        let keywords: Set<String> = [
            "properties", "patternProperties", "additionalProperties", "items", "prefixItems", "additionalItems", "contains",
            "allOf", "anyOf", "oneOf", "not", "if", "then", "else", "dependentSchemas", "$defs", "definitions", "unevaluatedProperties",
            "unevaluatedItems", "propertyNames",
        ]
        var suffix = ""
        for (position, component) in pointer.enumerated().reversed() {
            let isName = position > 0 && ["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"].contains(pointer[position - 1])
            if isName { return component + suffix }
            if ["items", "prefixItems", "additionalItems"].contains(component), suffix.isEmpty { suffix = " item" }
            if !keywords.contains(component), Int(component) == nil { return component + suffix }
        }
        return "root" + suffix
    }

    /// How a value's type is written: `integer 0…150`, `"web"|"app"`, `string (email)`, `[Item]`.
    func typeText(_ node: SchemaNode) -> String {
        let node = target(node)
        if let inner = nullableBranch(node) { return typeText(inner) + "?" }
        var text: String
        if let values = enumValues(node) {
            text = values.known.prefix(6).map { JSONWriter.serialize($0) }.joined(separator: "|") + (values.known.count > 6 ? "|…" : "")
            if values.open { text += "|…" }
        } else {
            switch fieldType(node) {
            case .model where allowedTypes(node) == nil && !alternatives(node).isEmpty:
                // Alternatives of different kinds: each by its title or its own type.
                text = alternatives(node).prefix(4).map { branch in
                    if case .string(let title)? = branch.object?["title"] { return title }
                    return typeText(branch)
                }.joined(separator: "|")
            case .model(let name): text = ([name] + (allowedTypes(node)?.subtracting(["object", "null"]).sorted() ?? [])).joined(separator: "|")
            case .optional(.model(let name)): text = name + "?"
            case .variants(let variants): text = variants.name
            case .array(let element): text = "[\(element.schemaText)]"
            default: text = allowedTypes(node).map { $0.subtracting(allowedTypes(node)?.contains("number") == true ? ["integer"] : []).sorted().joined(separator: "|") } ?? "any"
            }
        }
        var notes: [String] = []
        let minimum = (keyword(node, "minimum") ?? keyword(node, "exclusiveMinimum")).map { JSONWriter.serialize($0) }
        let maximum = (keyword(node, "maximum") ?? keyword(node, "exclusiveMaximum")).map { JSONWriter.serialize($0) }
        if minimum != nil || maximum != nil { notes.append("\(minimum ?? "")…\(maximum ?? "")") }
        if case .string(let format)? = keyword(node, "format") { notes.append("(\(format))") }
        // The expression itself is in the help line: in the type column it is noise.
        if case .string? = keyword(node, "pattern") { notes.append("(pattern)") }
        if keyword(node, "deprecated") == .bool(true) { notes.append("deprecated") }
        if keyword(node, "readOnly") == .bool(true) { notes.append("read-only") }
        return ([text] + notes).joined(separator: " ")
    }

    /// A node's title and description (else its `markdownDescription`, as plain text), then its
    /// default, examples, pattern and deprecation, for the status line.
    func help(_ node: SchemaNode) -> String? {
        var parts = [summary(node) ?? ""]
        // A value in one line, cut: an object's default can be pages long.
        func shown(_ value: JSONValue) -> String {
            let text = JSONWriter.serialize(value)
            return text.count > 60 ? text.prefix(59) + "…" : text
        }
        if let value = keyword(node, "default") { parts.append("default \(shown(value))") }
        if case .array(let examples)? = keyword(node, "examples"), !examples.isEmpty {
            parts.append("e.g. " + examples.prefix(3).map(shown).joined(separator: ", "))
        }
        parts += remarks(node)
        let text = parts.filter { !$0.isEmpty }.joined(separator: "; ")
        return text.isEmpty ? nil : text
    }

    /// What else a person should know of a value: its pattern, its deprecation.
    func remarks(_ node: SchemaNode) -> [String] {
        var remarks: [String] = []
        if case .string(let pattern)? = keyword(node, "pattern") { remarks.append("pattern \(pattern)") }
        if keyword(node, "deprecated") == .bool(true) || keyword(node, "deprecationMessage") != nil {
            remarks.append("deprecated" + (keyword(node, "deprecationMessage")?.stringValue.map { ": " + $0 } ?? ""))
        }
        return remarks
    }

    /// A node's title and description (else its `markdownDescription`, as plain text), joined.
    func summary(_ node: SchemaNode) -> String? {
        let description = keyword(node, "description")?.stringValue ?? keyword(node, "markdownDescription")?.stringValue.map(Self.plainText)
        let text = [keyword(node, "title")?.stringValue, description].compactMap { $0 }.joined(separator: ": ")
        return text.isEmpty ? nil : text
    }

    /// Markdown as one line of plain text: links as their text, emphasis and code marks, heading
    /// marks and line breaks gone.
    static func plainText(_ markdown: String) -> String {
        var text = markdown.replacingOccurrences(of: #"\[([^\]]*)\]\([^)]*\)"#, with: "$1", options: .regularExpression)
        text = text.replacingOccurrences(of: #"(\*\*|__|`)"#, with: "", options: .regularExpression)
        text = text.replacingOccurrences(of: #"(?m)^\s*#+\s*"#, with: "", options: .regularExpression)
        return text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.joined(separator: " ")
    }
}

extension FieldType {
    /// How a schema-derived type is written inside a larger one.
    var schemaText: String {
        switch self {
        case .integer: "integer"
        case .double: "number"
        case .string: "string"
        case .bool: "boolean"
        case .json: "any"
        default: description
        }
    }
}
