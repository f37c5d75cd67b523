import DictionaryStorage
@_spi(SchemaGraph) import JSONSchema
import LosslessJSON

/// A 2020-12 JSON Schema of what a compiled model knows: its members under their JSON keys (after
/// key styles and custom names, legacy keys as deprecated), their types, enums with their known
/// values (an open enum also takes any other string), variants as `oneOf` branches fixed by the
/// tag's `const` plus one branch for the variants this version does not know, and nested models
/// and variants as `$defs`. Unknown members stay allowed: a model keeps what it does not know.
public struct SchemaExport {
    private let registry: ModelRegistry
    private var definitions: [(name: String, schema: JSONValue)] = []
    private var defined: Set<String> = []

    /// The schema of `model` (of an array of them when `asArray`); nested models are looked up in `registry`.
    public static func schema(for model: ModelSchema, registry: ModelRegistry, asArray: Bool = false) -> JSONValue {
        var export = SchemaExport(registry: registry)
        let reference = export.reference(toModel: model)
        var members: [(String, JSONValue)] = [
            ("$schema", .string(Dialect.draft2020.metaSchemaURI)),
            ("title", .string(asArray ? "[\(model.name)]" : model.name)),
        ]
        if let help = model.help { members.append(("description", .string(help))) }
        if asArray {
            members += [("type", "array"), ("items", reference)]
        } else {
            members.append(("$ref", reference.objectValue?["$ref"] ?? .null))
        }
        members.append(("$defs", .object(JSONObject(export.definitions.map { ($0.name, $0.schema) }))))
        return .object(JSONObject(members))
    }

    private init(registry: ModelRegistry) {
        self.registry = registry
    }

    // MARK: Definitions

    private static func pointer(_ name: String) -> JSONValue {
        .object(["$ref": .string("#/$defs/" + name.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1"))])
    }

    /// `{"$ref": "#/$defs/NAME"}`, defining it the first time (its place taken first: definitions refer to each other).
    private mutating func reference(to name: String, _ define: (inout SchemaExport) -> JSONValue) -> JSONValue {
        if defined.insert(name).inserted {
            let position = definitions.count
            definitions.append((name, .null))
            definitions[position].schema = define(&self)
        }
        return Self.pointer(name)
    }

    private mutating func reference(toModel model: ModelSchema) -> JSONValue {
        reference(to: model.name) { $0.modelSchema(model) }
    }

    private mutating func reference(toModelNamed name: String) -> JSONValue {
        guard let model = registry.schema(named: name) else { return .object(["type": "object", "description": .string(name)]) }
        return reference(toModel: model)
    }

    /// An object schema: its fields' properties and the required ones; flattened members' models in `allOf`.
    private mutating func modelSchema(_ model: ModelSchema) -> JSONValue {
        var properties: [(String, JSONValue)] = []
        var required: [JSONValue] = []
        var flattened: [JSONValue] = []
        for field in model.fields {
            if field.isFlattened {
                flattened.append(flattenedSchema(field.type))
                continue
            }
            guard case .key(let key)? = field.path.components.first else { continue }
            var schema = nested(fieldSchema(field), under: Array(field.path.components.dropFirst()))
            if let help = field.help, case .object(var object) = schema {
                object["description"] = .string(help)
                schema = .object(object)
            }
            properties.append((key, schema))
            if field.isRequired { required.append(.string(key)) }
            for legacy in field.legacyKeys where !properties.contains(where: { $0.0 == legacy }) {
                properties.append((legacy, Self.deprecated(schema)))
            }
        }
        var members: [(String, JSONValue)] = [("title", .string(model.name)), ("type", "object")]
        if let help = model.help { members.append(("description", .string(help))) }
        if !flattened.isEmpty { members.append(("allOf", .array(flattened))) }
        members.append(("properties", .object(JSONObject(properties))))
        if !required.isEmpty { members.append(("required", .array(required))) }
        return .object(JSONObject(members))
    }

    private mutating func flattenedSchema(_ type: FieldType) -> JSONValue {
        switch type {
        case .flattened(let inner), .optional(let inner): flattenedSchema(inner)
        case .model(let name): reference(toModelNamed: name)
        default: typeSchema(type)
        }
    }

    /// A field's schema: its type's, read through its strategy (dates).
    private mutating func fieldSchema(_ field: FieldSchema) -> JSONValue {
        guard case .date = field.type.unwrappingOptionals else { return typeSchema(field.type) }
        let date: JSONValue =
            switch field.strategy {
            // A timestamp reads from a number or a string holding one (pattern applies to strings only).
            case .secondsSince1970?, .millisecondsSince1970?, .deferredToDate?:
                .object(["type": ["number", "string"], "pattern": #"^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?$"#])
            case .yearMonthDay?: .object(["type": "string", "format": "date"])
            case .rfc2822?: .object(["type": "string"])
            default: .object(["type": "string", "format": "date-time"])
            }
        return field.type.isOptional ? Self.nullable(date) : date
    }

    /// A path below the field's key becomes nested objects.
    private func nested(_ schema: JSONValue, under components: [JSONPath.Component]) -> JSONValue {
        components.reversed().reduce(schema) { inner, component in
            guard case .key(let key) = component else { return .object(["type": "array", "items": inner]) }
            return .object(["type": "object", "properties": .object([key: inner])])
        }
    }

    // MARK: Types

    private mutating func typeSchema(_ type: FieldType) -> JSONValue {
        switch type {
        case .bool: return .object(["type": "boolean"])
        case .integer(let name): return Self.integer(name)
        case .double: return .object(["type": "number"])
        case .string: return .object(["type": "string"])
        case .date: return .object(["type": "string", "format": "date-time"])
        case .json, .custom, .byValue: return .object([:])  // (compiled models have no `.byValue`: schemas make it)
        case .optional(let wrapped): return Self.nullable(typeSchema(wrapped))
        case .array(let element): return .object(["type": "array", "items": typeSchema(element)])
        case .dictionary(let value): return .object(["type": "object", "additionalProperties": typeSchema(value)])
        case .enumeration(_, let known, let isOpen):
            let closed = JSONValue.object(["enum": .array(known.map(JSONValue.string))])
            return isOpen ? .object(["anyOf": [closed, .object(["type": "string"])]]) : closed
        case .choices(_, let values, let isOpen):
            let closed = JSONValue.object(["enum": .array(values)])
            return isOpen ? .object(["anyOf": [closed, .object([:])]]) : closed
        case .model(let name): return reference(toModelNamed: name)
        case .variants(let variants): return reference(toVariants: variants)
        case .flattened(let inner): return typeSchema(inner)
        }
    }

    /// `{"type": [T, "null"]}` for a simple type, else `anyOf` with `{"type": "null"}`.
    private static func nullable(_ schema: JSONValue) -> JSONValue {
        if case .object(var object) = schema, object.count == 1, case .string(let type)? = object["type"] {
            object["type"] = [.string(type), "null"]
            return .object(object)
        }
        return .object(["anyOf": [.object(["type": "null"]), schema]])
    }

    private static func deprecated(_ schema: JSONValue) -> JSONValue {
        guard case .object(var object) = schema else { return schema }
        object["deprecated"] = true
        return .object(object)
    }

    /// An integer with its Swift type's range.
    private static func integer(_ name: String) -> JSONValue {
        let ranges: [String: (String, String)] = [
            "Int": ("-9223372036854775808", "9223372036854775807"), "Int64": ("-9223372036854775808", "9223372036854775807"),
            "Int32": ("-2147483648", "2147483647"), "Int16": ("-32768", "32767"), "Int8": ("-128", "127"),
            "UInt": ("0", "18446744073709551615"), "UInt64": ("0", "18446744073709551615"), "UInt32": ("0", "4294967295"),
            "UInt16": ("0", "65535"), "UInt8": ("0", "255"),
        ]
        guard let (low, high) = ranges[name], let minimum = JSONNumber(literal: low), let maximum = JSONNumber(literal: high) else {
            return .object(["type": "integer"])
        }
        return .object(["type": "integer", "minimum": .number(minimum), "maximum": .number(maximum)])
    }

    // MARK: Variants

    /// Variants as a `$defs` entry: one `oneOf` branch per case, named by its `title`, fixed by its
    /// tag, and a last branch for any other tag (kept by the model as its fallback case).
    private mutating func reference(toVariants variants: VariantSchema) -> JSONValue {
        reference(to: variants.name) { $0.variantsSchema(variants) }
    }

    private mutating func variantsSchema(_ variants: VariantSchema) -> JSONValue {
        let tags = JSONValue.array(variants.cases.map { .string($0.tag) })
        var branches: [JSONValue] = []
        for variant in variants.cases {
            var members: [(String, JSONValue)] = [("title", .string(variant.name))]
            switch variants.encoding {
            case .internal(let discriminator):
                if case .model(let payload) = variant.payload { members.append(("allOf", [reference(toModel: payload)])) }
                members += [
                    ("properties", .object([discriminator: .object(["const": .string(variant.tag)])])),
                    ("required", [.string(discriminator)]),
                ]
            case .adjacent(let tagKey, let contentKey):
                var properties: [(String, JSONValue)] = [(tagKey, .object(["const": .string(variant.tag)]))]
                if let content = payloadSchema(variant.payload) { properties.append((contentKey, content)) }
                members += [("properties", .object(JSONObject(properties))), ("required", [.string(tagKey)])]
            case .external:
                members += [
                    ("properties", .object([variant.tag: payloadSchema(variant.payload) ?? .object([:])])),
                    ("required", [.string(variant.tag)]),
                ]
            }
            branches.append(.object(JSONObject(members)))
        }
        let unknown: JSONValue =
            switch variants.encoding {
            case .internal(let key), .adjacent(let key, _):
                .object(["not": .object(["required": [.string(key)], "properties": .object([key: .object(["enum": tags])])])])
            case .external:
                .object(["not": .object(["anyOf": .array(variants.cases.map { .object(["required": [.string($0.tag)]]) })])])
            }
        branches.append(.object(JSONObject([("title", .string(variants.fallbackCase))] + (unknown.objectValue?.members.map { ($0.key, $0.value) } ?? []))))
        return .object(JSONObject([("title", .string(variants.name)), ("type", "object"), ("oneOf", .array(branches))]))
    }

    private mutating func payloadSchema(_ payload: VariantSchema.Case.Payload) -> JSONValue? {
        switch payload {
        case .none: nil
        case .model(let model): reference(toModel: model)
        case .value(let type): typeSchema(type)
        case .fields(let labelled):
            .object(["type": "object", "properties": .object(JSONObject(labelled.map { ($0.label, typeSchema($0.type)) }))])
        }
    }
}

extension FieldType {
    /// The type inside any optionals.
    var unwrappingOptionals: FieldType {
        if case .optional(let wrapped) = self { return wrapped.unwrappingOptionals }
        return self
    }

    var isOptional: Bool {
        if case .optional = self { return true }
        return false
    }
}
