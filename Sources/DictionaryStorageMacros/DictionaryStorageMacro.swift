import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@DictionaryStorage`: storage, initializers, field descriptions, schema, validation and conformances.
public struct DictionaryStorageMacro {}

/// The options written on `@DictionaryStorage(…)`.
struct StorageOptions {
    var equatable = false
    var hashable = false
    var keyStyle: ExprSyntax = ".verbatim"
    var lenient: ExprSyntax = "false"

    init(_ node: AttributeSyntax) {
        guard case .argumentList(let arguments) = node.arguments else { return }
        for argument in arguments {
            switch argument.label?.text {
            case "keyStyle": keyStyle = argument.expression.trimmed
            case "lenient": lenient = argument.expression.trimmed
            default:
                let name = argument.expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
                if name == "equatable" { equatable = true }
                if name == "hashable" { hashable = true }
            }
        }
    }
}

/// The type a model is declared as: a struct, or a final class (reference semantics, as the seed allowed).
struct ModelDeclaration {
    let name: TokenSyntax
    let isClass: Bool
    let modifiers: DeclModifierListSyntax
    let memberBlock: MemberBlockSyntax

    /// Whether `declaration` is one the macro expands (diagnostics come from `read`).
    static func accepts(_ declaration: some DeclGroupSyntax) -> Bool {
        if declaration.is(StructDeclSyntax.self) { return true }
        return declaration.as(ClassDeclSyntax.self)?.modifiers.contains { $0.name.tokenKind == .keyword(.final) } ?? false
    }
}

extension DictionaryStorageMacro: MemberMacro {
    public static func expansion(
        of node: AttributeSyntax, providingMembersOf declaration: some DeclGroupSyntax,
        conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard let structDecl = try? modelDeclaration(declaration, in: context),
            let properties = properties(of: structDecl, in: context)
        else { return [] }
        let options = StorageOptions(node)
        let access = accessModifier(structDecl)
        let typeName = structDecl.name.trimmed.text

        var members: [DeclSyntax] = [
            "var _storage: JSONObject = JSONObject()",
            """
            /// Wraps a JSON object; every field is read from it on access.
            \(raw: access)init(_ storage: JSONObject) {
                self._storage = storage
            }
            """,
            """
            /// Wraps a dictionary shaped like `JSONSerialization`'s output.
            \(raw: access)init(_ dictionary: [String: Any]) {
                self._storage = JSONObject(bridging: dictionary)
            }
            """,
            """
            /// The storage as a `[String: Any]` dictionary, unknown fields included.
            \(raw: access)var rawDictionary: [String: Any] {
                _storage.bridgedDictionary
            }
            """,
            """
            /// The JSON object behind the properties, unknown fields included.
            \(raw: access)var storage: JSONObject {
                get { _storage }
                set { _storage = newValue }
            }
            """,
        ]

        // A memberwise-style initializer that builds a new object through the fields.
        let parameters = properties.map { property -> String in
            let defaultValue = property.defaultValue?.trimmedDescription ?? property.impliedDefault ?? ""
            return "\(property.identifier.text): \(property.type.trimmedDescription)\(defaultValue.isEmpty ? "" : " = " + defaultValue)"
        }
        let assignments = properties.map { property in
            let setter = property.isFlattened ? "set" : setter(for: property.shape)
            return "Self.__ds_\(property.name).\(setter)(\(property.identifier.text), in: &_storage)"
        }
        if !properties.isEmpty {
            members.append("""
                /// Creates a new value from its properties (unset optionals are left out of the object).
                \(raw: access)init(\(raw: parameters.joined(separator: ", "))) {
                    \(raw: assignments.joined(separator: "\n"))
                }
                """)
        } else {
            members.append("\(raw: access)init() {}")
        }

        members += properties.map { fieldDeclaration($0, options: options) }

        // A class's stored property initializer cannot name the covariant `Self`.
        let keyPathRoot = structDecl.isClass ? typeName : "Self"
        let schemaFields = properties.map { property in
            if property.isFlattened {
                return "FieldSchema.makeFlattened(\\\(keyPathRoot).\(property.identifier.text), field: __ds_\(property.name), swiftType: \(quoted(property.type.trimmedDescription)))"
            }
            let defaultText = property.defaultValue.map { quoted($0.trimmedDescription) } ?? "nil"
            let readOnly = property.isPrivateSet ? ", readOnly: true" : ""
            return "FieldSchema.make(\\\(keyPathRoot).\(property.identifier.text), field: __ds_\(property.name), shape: .\(property.shape.rawValue), swiftType: \(quoted(property.type.trimmedDescription)), defaultValue: \(defaultText)\(readOnly))"
        }
        members.append("""
            /// The fields of \(raw: typeName), for browsers and tools.
            \(raw: access)static let schema = ModelSchema(name: \(raw: quoted(typeName)), fields: [\(raw: schemaFields.joined(separator: ",\n"))])
            """)

        let checks = properties.map { property in
            if property.isFlattened { return "findings += Self.__ds_\(property.name).check(in: _storage)" }
            return "findings += Self.__ds_\(property.name).check(in: _storage, shape: .\(property.shape.rawValue), returned: self.\(property.identifier.text) as Any)"
        }
        members.append("""
            /// What the accessors could not read as written, and the fields kept without being known.
            \(raw: access)func validate() -> ValidationReport {
                var findings: [ValidationFinding] = []
                \(raw: checks.joined(separator: "\n"))
                findings += Self.schema.keyCollisions
                findings += Self.schema.unknownFields(in: _storage)
                return ValidationReport(findings: findings)
            }
            """)

        if options.equatable || options.hashable {
            let comparisons = properties.map { "lhs.\($0.identifier.text) == rhs.\($0.identifier.text)" }
            members.append("""
                \(raw: access)static func == (lhs: \(raw: typeName), rhs: \(raw: typeName)) -> Bool {
                    \(raw: comparisons.isEmpty ? "true" : comparisons.joined(separator: " && "))
                }
                """)
        }
        if options.hashable {
            let combines = properties.map { "hasher.combine(\($0.identifier.text))" }
            members.append("""
                \(raw: access)func hash(into hasher: inout Hasher) {
                    \(raw: combines.joined(separator: "\n"))
                }
                """)
        }
        return members
    }

    static func setter(for shape: Shape) -> String {
        switch shape {
        case .value: "set"
        case .optional: "setOptional"
        case .array: "setArray"
        case .optionalArray: "setOptionalArray"
        case .dictionary: "setDictionary"
        case .optionalDictionary: "setOptionalDictionary"
        }
    }
}

extension DictionaryStorageMacro: MemberAttributeMacro {
    public static func expansion(
        of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
        providingAttributesFor member: some DeclSyntaxProtocol, in context: some MacroExpansionContext
    ) throws -> [AttributeSyntax] {
        guard ModelDeclaration.accepts(declaration), let variable = member.as(VariableDeclSyntax.self),
            variable.isManagedStoredProperty, !variable.isOmitted, variable.dictionaryStorageAttribute == nil,
            variable.bindingSpecifier.tokenKind == .keyword(.var),
            variable.bindings.count == 1, variable.bindings.first?.typeAnnotation != nil
        else { return [] }
        return ["@DictionaryStorageProperty"]
    }
}

extension DictionaryStorageMacro: ExtensionMacro {
    public static func expansion(
        of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol, conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        guard ModelDeclaration.accepts(declaration) else { return [] }
        let options = StorageOptions(node)
        var wanted: [String] = ["DictionaryStorageModel"]
        if options.equatable || options.hashable { wanted.append("Equatable") }
        if options.hashable { wanted.append("Hashable") }
        let requested = Set(protocols.map { $0.trimmedDescription })
        return conformanceExtensions(of: type, to: wanted.filter { requested.contains($0) })
    }
}
