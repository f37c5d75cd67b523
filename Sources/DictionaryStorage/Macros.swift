import LosslessJSON

/// An option of `@DictionaryStorage`: the conformances it adds.
public struct DictionaryStorageOption: Sendable, Hashable {
    let name: String
    /// Conform to `Equatable` by the known properties (as the seed does).
    public static let equatable = DictionaryStorageOption(name: "equatable")
    /// Conform to `Hashable` (and `Equatable`) by the known properties.
    public static let hashable = DictionaryStorageOption(name: "hashable")
}

/// Turns a struct's stored properties into typed accessors over a `JSONObject` that keeps every
/// field, enum value and element the type does not know.
///
/// Adds `init(_ storage: JSONObject)`, `init(_ dictionary: [String: Any])`, `rawDictionary`,
/// `storage`, a memberwise-style initializer, `schema`, `validate()` and conformance to
/// `DictionaryStorageModel` (and so `DictionaryRepresentable` and `Codable`). Private, static,
/// lazy, computed and `@OmitCoding` properties are left alone. A read-only field is
/// `private(set) var` (Swift cannot turn a `let` into accessors; the macro offers that fix-it). A
/// non-optional field with no default reads its type's empty value (`""`, `0`, `false`, `[]`,
/// `[:]`, an empty model) when the key is absent. Applies to a struct or a `final class`.
///
/// - Parameters:
///   - options: `.equatable` or `.hashable` conformances by the known properties.
///   - keyStyle: how property names become keys (a per-property key always wins).
///   - lenient: read every field leniently (`"42"` as `Int`, `"yes"` as `Bool`, keys in any case).
@attached(member, names: named(_storage), named(storage), named(init), named(rawDictionary), named(schema),
    named(validate), named(hash), named(==), arbitrary)
@attached(memberAttribute)
@attached(extension, conformances: DictionaryStorageModel, Equatable, Hashable)
public macro DictionaryStorage(
    _ options: DictionaryStorageOption..., keyStyle: KeyStyle = .verbatim, lenient: Bool = false
) = #externalMacro(module: "DictionaryStorageMacros", type: "DictionaryStorageMacro")

/// Configures one property of a `@DictionaryStorage` type (added automatically where absent).
///
/// - Parameters:
///   - key: the JSON key (overrides the key style).
///   - legacyKeys: keys earlier versions used, read in order when `key` is absent, and updated on write when present.
///   - strategy: the spelling of dates and data.
///   - lenient: accept near-miss values for this property.
///   - required: a missing or null value is an error finding.
///   - nullForNil: setting `nil` writes `null` instead of removing the key.
@attached(accessor, names: named(get), named(set))
public macro DictionaryStorageProperty(
    _ key: String? = nil, legacyKeys: [String] = [], strategy: ValueStrategy? = nil, lenient: Bool = false,
    required: Bool = false, nullForNil: Bool = false
) = #externalMacro(module: "DictionaryStorageMacros", type: "DictionaryStoragePropertyMacro")

/// Configures a property stored at a nested key path (`"meta.created"` or `["meta", "created"]`).
@attached(accessor, names: named(get), named(set))
public macro DictionaryStorageProperty(
    path: String, legacyKeys: [String] = [], strategy: ValueStrategy? = nil, lenient: Bool = false,
    required: Bool = false, nullForNil: Bool = false
) = #externalMacro(module: "DictionaryStorageMacros", type: "DictionaryStoragePropertyMacro")

/// Configures a property stored at a nested key path given as keys.
@attached(accessor, names: named(get), named(set))
public macro DictionaryStorageProperty(
    path: [String], legacyKeys: [String] = [], strategy: ValueStrategy? = nil, lenient: Bool = false,
    required: Bool = false, nullForNil: Bool = false
) = #externalMacro(module: "DictionaryStorageMacros", type: "DictionaryStoragePropertyMacro")

/// Makes an enum a string raw-representable whose payload case (`case unknown(String)`), if any,
/// keeps values the enum does not know.
@attached(member, names: named(rawValue), named(init), named(knownRawValues))
@attached(extension, conformances: RawRepresentable, Hashable, StringRawRepresentable)
public macro StringRawRepresentation() =
    #externalMacro(module: "DictionaryStorageMacros", type: "StringRawRepresentationMacro")

/// The raw value of an enum case under `@StringRawRepresentation`.
@attached(peer)
public macro CustomName(_ name: String) = #externalMacro(module: "DictionaryStorageMacros", type: "MarkerMacro")

/// The externally tagged encoding for `@Variants(.external)`.
public struct VariantEncodingOption: Sendable, Hashable {
    let name: String
    /// A single-key object whose key names the variant: `{"image": {…}}`.
    public static let external = VariantEncodingOption(name: "external")
}

/// Makes an enum a polymorphic value whose discriminator is a field of the object (internal
/// tagging): `{"type": "web", "url": …}`. Cases carry dictionary-backed models sharing the object
/// (`case file(File)` or `case file(_ payload: File)`). The fallback case keeps unknown variants
/// whole: the case holding a `JSONObject`, or the case `fallbackCaseName` names, which may hold a
/// model of the app's own over the unknown object.
@attached(member, names: named(init), named(json), named(variantSchema), named(variantCase), named(payloadFindings),
    named(unknownVariantObject), arbitrary)
@attached(extension, conformances: VariantRepresentable)
public macro Variants(discriminator: String, caseStyle: KeyStyle = .verbatim, fallbackCaseName: String? = nil) =
    #externalMacro(module: "DictionaryStorageMacros", type: "VariantsMacro")

/// Makes an enum a polymorphic value with tag and content side by side (adjacent tagging):
/// `{"type": "APPLE_PAY", "data": {"token": …}}`. Labelled values are members of the content object;
/// a case without values writes no content.
@attached(member, names: named(init), named(json), named(variantSchema), named(variantCase), named(payloadFindings),
    named(unknownVariantObject), arbitrary)
@attached(extension, conformances: VariantRepresentable)
public macro Variants(tag: String, content: String, caseStyle: KeyStyle = .verbatim, fallbackCaseName: String? = nil) =
    #externalMacro(module: "DictionaryStorageMacros", type: "VariantsMacro")

/// Makes an enum a polymorphic value written as a single-key object (external tagging):
/// `@Variants(.external)` reads `{"image": {…}}`.
@attached(member, names: named(init), named(json), named(variantSchema), named(variantCase), named(payloadFindings),
    named(unknownVariantObject), arbitrary)
@attached(extension, conformances: VariantRepresentable)
public macro Variants(_ encoding: VariantEncodingOption, caseStyle: KeyStyle = .verbatim, fallbackCaseName: String? = nil) =
    #externalMacro(module: "DictionaryStorageMacros", type: "VariantsMacro")

/// Marks a property of a `@DictionaryStorage` struct whose model (or variant) shares the struct's
/// object, as MacroCodableKit's `@AllOfCodable` composes types.
@attached(peer)
public macro Flattened() = #externalMacro(module: "DictionaryStorageMacros", type: "MarkerMacro")

/// Marks a stored property of a `@DictionaryStorage` type as the app's own: kept in memory, never
/// read from or written to the JSON (MacroCodableKit's `@OmitCoding`). It needs a default value.
@attached(peer)
public macro OmitCoding() = #externalMacro(module: "DictionaryStorageMacros", type: "MarkerMacro")
