import LosslessJSON

/// How a polymorphic value says which variant it is.
public enum VariantEncoding: Sendable, Hashable {
    /// A field of the object names the variant: `{"type": "web", "url": …}`; the payload shares the object.
    case `internal`(discriminator: String)
    /// Tag and content side by side: `{"type": "APPLE_PAY", "data": {"token": …}}`.
    case adjacent(tag: String, content: String)
    /// A single-key object whose key names the variant: `{"image": {…}}`.
    case external
}

/// The description of a variant enum: its encoding and its cases, for browsers and validation.
public struct VariantSchema: Sendable {
    /// One known variant.
    public struct Case: Sendable {
        /// What a variant carries.
        public enum Payload: Sendable {
            /// Nothing (adjacent and external encodings write no content).
            case none
            /// A dictionary-backed model.
            case model(ModelSchema)
            /// One unlabelled value of a type.
            case value(FieldType)
            /// Labelled values, stored as the members of the content object.
            case fields([(label: String, type: FieldType)])
        }

        /// The Swift case name.
        public let name: String
        /// The tag that names it in JSON.
        public let tag: String
        /// What it carries.
        public let payload: Payload

        /// Creates a case.
        public init(name: String, tag: String, payload: Payload) {
            self.name = name
            self.tag = tag
            self.payload = payload
        }

        /// The top-level keys this case's payload owns in the object (internal encoding only).
        var payloadKeys: [String] {
            guard case .model(let schema) = payload else { return [] }
            return schema.fields.compactMap { field in
                if case .key(let key)? = field.path.components.first { return key }
                return nil
            }
        }
    }

    /// The enum's Swift name.
    public let name: String
    /// How the variant is named in JSON.
    public let encoding: VariantEncoding
    /// The known variants.
    public let cases: [Case]
    /// The case that keeps unknown variants, whole.
    public let fallbackCase: String
    /// Whether switching variant writes only the tag, leaving every other member (a JSON Schema's
    /// variants: what only the old branch knew becomes kept), instead of replacing the payload.
    public let switchWritesTagOnly: Bool

    /// Creates a schema (the macro writes this; a JSON Schema's variants switch by the tag alone).
    public init(name: String, encoding: VariantEncoding, cases: [Case], fallbackCase: String, switchWritesTagOnly: Bool = false) {
        self.name = name
        self.encoding = encoding
        self.cases = cases
        self.fallbackCase = fallbackCase
        self.switchWritesTagOnly = switchWritesTagOnly
    }

    /// The tag a case is written with, from its name, a case style or a custom name.
    public static func tag(for caseName: String, style: KeyStyle, customName: String? = nil) -> String {
        customName ?? style.key(for: caseName)
    }

    /// The case with this tag.
    public func `case`(tagged tag: String) -> Case? { cases.first { $0.tag.unicodeScalarsEqual(tag) } }

    /// The case with this Swift name.
    public func `case`(named name: String) -> Case? { cases.first { $0.name == name } }

    // MARK: Reading the tag

    /// What an object says about its variant.
    public enum TagReading: Sendable, Hashable {
        /// A tag string (known or not).
        case tag(String)
        /// No discriminator, or several keys where one was expected.
        case missing
        /// A discriminator that is not a string.
        case notAString(JSONValue)
    }

    /// Reads the tag of an object.
    public func readTag(_ object: JSONObject) -> TagReading {
        switch encoding {
        case .internal(let key), .adjacent(let key, _):
            guard let value = object[key] else { return .missing }
            guard case .string(let tag) = value else { return .notAString(value) }
            return .tag(tag)
        case .external:
            guard object.members.count == 1, let member = object.members.first else { return .missing }
            return .tag(member.key)
        }
    }

    /// The content of an adjacent or external object (`nil` when absent).
    public func content(_ object: JSONObject) -> JSONValue? {
        switch encoding {
        case .internal: return .object(object)
        case .adjacent(_, let key): return object[key]
        case .external: return object.members.first?.value
        }
    }

    /// The object for a known case: the payload's object with the tag set (internal), or the tag
    /// and content (adjacent), or the single-key object (external).
    public func object(tag: String, content: JSONValue?) -> JSONObject {
        switch encoding {
        case .internal(let key):
            var object = content?.objectValue ?? JSONObject()
            if object[key] != .string(tag) {
                if object[key] == nil {
                    // A discriminator written first reads naturally: {"type": …, …}.
                    object.members.insert(JSONObject.Member(key: key, value: .string(tag)), at: 0)
                } else {
                    object[key] = .string(tag)
                }
            }
            return object
        case .adjacent(let tagKey, let contentKey):
            var object: JSONObject = [tagKey: .string(tag)]
            if let content { object[contentKey] = content }
            return object
        case .external:
            return [tag: content ?? .null]
        }
    }

    /// The keys that belong to the variant machinery and to known payloads (internal encoding): the
    /// discriminator, or tag and content keys.
    public var ownedKeys: Set<String> {
        switch encoding {
        case .internal(let key): return Set([key] + cases.flatMap(\.payloadKeys))
        case .adjacent(let tag, let content): return [tag, content]
        case .external: return Set(cases.map(\.tag))
        }
    }

    /// Writes a new value over the object it replaces. Keys owned by the old or the new variant take
    /// the new value's members (or go, if it has none); keys no variant owns stay where they are.
    /// So switching variant writes the new discriminator and payload and drops the old variant's
    /// known fields, while fields nobody knows are kept.
    public func update(_ old: JSONObject, with new: JSONObject) -> JSONObject {
        if case .external = encoding { return new }
        let oldCase = readTag(old).tagValue.flatMap(`case`(tagged:))
        let newCase = readTag(new).tagValue.flatMap(`case`(tagged:))
        var owned: Set<String>
        switch encoding {
        case .internal(let key): owned = Set([key] + (oldCase?.payloadKeys ?? []) + (newCase?.payloadKeys ?? []))
        case .adjacent(let tag, let content): owned = [tag, content]
        case .external: owned = []
        }
        var result = JSONObject()
        var written = Set<String>()
        for member in old.members {
            if let value = new[member.key] {
                if !written.contains(member.key) {
                    result.append(key: member.key, value: value)
                    written.insert(member.key)
                }
            } else if !owned.contains(member.key) {
                result.append(key: member.key, value: member.value)
            }
        }
        for member in new.members where !written.contains(member.key) {
            result.append(key: member.key, value: member.value)
            written.insert(member.key)
        }
        return result
    }

    /// Where a variant's payload is, from the variant's object: the object itself (internal), the
    /// content member (adjacent) or the tag's member (external).
    public func contentPath(tag: String) -> JSONPath {
        switch encoding {
        case .internal: .root
        case .adjacent(_, let content): [.key(content)]
        case .external: [.key(tag)]
        }
    }

    /// Findings about the variant itself: an unknown tag (kept), a missing or non-string discriminator.
    public func findings(for object: JSONObject) -> [ValidationFinding] {
        let keyPath: JSONPath
        switch encoding {
        case .internal(let key), .adjacent(let key, _): keyPath = [.key(key)]
        case .external: keyPath = .root
        }
        switch readTag(object) {
        case .tag(let tag):
            return `case`(tagged: tag) == nil ? [ValidationFinding(path: keyPath, kind: .unknownVariant(tag))] : []
        case .missing:
            return [ValidationFinding(path: keyPath, kind: .missingDiscriminator)]
        case .notAString(let value):
            return [ValidationFinding(path: keyPath, kind: .typeMismatch(expected: "String", found: describe(value)), returned: fallbackCase)]
        }
    }
}

extension VariantSchema.TagReading {
    /// The tag, when there is one.
    public var tagValue: String? { if case .tag(let tag) = self { tag } else { nil } }
}

/// A variant enum (`@Variants`): JSON with a tag chosen among known cases, plus a fallback case
/// that keeps any other variant whole.
public protocol VariantRepresentable: JSONRepresentable {
    /// Reads an object: a known tag with a readable payload makes that case, anything else the fallback.
    init(object: JSONObject)
    /// The encoding and the cases.
    static var variantSchema: VariantSchema { get }
    /// The Swift name of this value's case.
    var variantCase: String { get }
    /// What a payload's model reports, with paths from the variant's object.
    func payloadFindings() -> [ValidationFinding]
    /// The raw JSON of the fallback case, or `nil` for a known case.
    var unknownVariantObject: JSONObject? { get }
}

extension VariantRepresentable {
    public static var fieldType: FieldType { .variants(variantSchema) }

    /// Any object reads (unknown variants into the fallback case); other JSON does not.
    public init?(json: JSONValue, options: FieldOptions) {
        guard case .object(let object) = json else { return nil }
        self.init(object: object)
    }

    /// `Usage.web`, or `Usage.unknown("kiosk")` with the unknown tag, for display.
    public var variantLabel: String {
        let schema = Self.variantSchema
        guard let raw = unknownVariantObject else { return "\(schema.name).\(variantCase)" }
        switch schema.readTag(raw) {
        case .tag(let tag): return "\(schema.name).\(variantCase)(\(JSONWriter.quoted(tag)))"
        default: return "\(schema.name).\(variantCase)"
        }
    }

    /// Every finding for this value: the variant's own, its payload's, and — for a known tag that
    /// landed in the fallback case because its payload did not read — that payload, at its path.
    public func variantFindings(in object: JSONObject) -> [ValidationFinding] {
        let schema = Self.variantSchema
        var findings = schema.findings(for: object) + payloadFindings()
        if unknownVariantObject != nil, let tag = schema.readTag(object).tagValue, schema.case(tagged: tag) != nil {
            findings.append(ValidationFinding(path: schema.contentPath(tag: tag), kind: .unreadableVariant(tag)))
        }
        return findings
    }
}

extension FieldType {
    /// The variant schema, when this is a variant type (optional or not).
    public var variantSchema: VariantSchema? {
        switch self {
        case .variants(let schema): schema
        case .optional(let wrapped): wrapped.variantSchema
        default: nil
        }
    }
}
