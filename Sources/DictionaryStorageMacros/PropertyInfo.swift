import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// The shape of a property's type around the type a field codes.
enum Shape: String {
    case value, optional, array, optionalArray, dictionary, optionalDictionary

    var isOptional: Bool { self == .optional || self == .optionalArray || self == .optionalDictionary }
}

/// What the macros need to know about one stored property, read from its syntax.
struct PropertyInfo {
    let declaration: VariableDeclSyntax
    let binding: PatternBindingSyntax
    /// The name as written (backticks kept, for code).
    let identifier: TokenSyntax
    /// The name without backticks (for keys and messages).
    let name: String
    let type: TypeSyntax
    let shape: Shape
    /// The type the field codes: the element, the wrapped or the value type.
    let valueType: TypeSyntax
    let defaultValue: ExprSyntax?
    let isLet: Bool
    let attribute: AttributeSyntax?

    /// Whether the property is a `@Flattened` member sharing the object.
    var isFlattened: Bool {
        declaration.attributes.contains { element in
            if case .attribute(let attribute) = element { return attribute.attributeName.trimmedDescription == "Flattened" }
            return false
        }
    }

    /// Whether the setter is hidden (`private(set)`, `fileprivate(set)`): a read-only field to tools.
    var isPrivateSet: Bool {
        declaration.modifiers.contains { ($0.name.text == "private" || $0.name.text == "fileprivate") && $0.detail != nil }
    }

    /// The property's `@DictionaryStorageProperty` arguments.
    func argument(_ label: String?) -> ExprSyntax? {
        guard case .argumentList(let arguments) = attribute?.arguments else { return nil }
        return arguments.first { $0.label?.text == label }?.expression
    }

    /// The explicit key, if given as a string literal.
    var explicitKey: String? { argument(nil).flatMap(stringLiteral) }

    /// The key path, if given.
    var explicitPath: [String]? {
        guard let expression = argument("path") else { return nil }
        if let text = stringLiteral(expression) { return text.split(separator: ".").map(String.init) }
        if let array = expression.as(ArrayExprSyntax.self) {
            return array.elements.compactMap { stringLiteral($0.expression) }
        }
        return nil
    }

    /// The keys this property reads first (for collision checks).
    var primaryKey: String {
        if let path = explicitPath { return path.joined(separator: ".") }
        return explicitKey ?? name
    }
}

/// A plain string literal's text.
func stringLiteral(_ expression: ExprSyntax) -> String? {
    guard let literal = expression.as(StringLiteralExprSyntax.self), literal.segments.count == 1,
        case .stringSegment(let segment)? = literal.segments.first
    else { return nil }
    return segment.content.text
}

extension VariableDeclSyntax {
    /// Whether the declaration is a stored instance property the macro should turn into accessors.
    var isManagedStoredProperty: Bool {
        // `private(set)` keeps the property managed (a read-only field); plain `private` opts out.
        guard !modifiers.contains(where: { ["static", "class", "lazy", "private", "fileprivate"].contains($0.name.text) && $0.detail == nil }) else {
            return false
        }
        guard let binding = bindings.first, binding.pattern.is(IdentifierPatternSyntax.self) else { return false }
        if let accessors = binding.accessorBlock {
            // A computed property has get/set (or a bare getter); observers keep it stored.
            switch accessors.accessors {
            case .getter: return false
            case .accessors(let list):
                return list.allSatisfy { $0.accessorSpecifier.tokenKind == .keyword(.willSet) || $0.accessorSpecifier.tokenKind == .keyword(.didSet) }
            }
        }
        return true
    }

    /// Whether the property is marked `@OmitCoding`: a plain stored property, never in the JSON.
    var isOmitted: Bool {
        attributes.contains { element in
            if case .attribute(let attribute) = element { return attribute.attributeName.trimmedDescription == "OmitCoding" }
            return false
        }
    }

    /// The `@DictionaryStorageProperty` attribute, if written.
    var dictionaryStorageAttribute: AttributeSyntax? {
        for element in attributes {
            if case .attribute(let attribute) = element,
                attribute.attributeName.trimmedDescription == "DictionaryStorageProperty"
            {
                return attribute
            }
        }
        return nil
    }
}

extension PropertyInfo {
    /// Reads a property, diagnosing what the macros cannot support.
    static func read(_ declaration: VariableDeclSyntax, in context: some MacroExpansionContext) throws -> PropertyInfo {
        guard declaration.bindings.count == 1, let binding = declaration.bindings.first,
            let pattern = binding.pattern.as(IdentifierPatternSyntax.self)
        else {
            context.diagnose(Diagnostic(node: declaration, message: DictionaryStorageDiagnostic.multipleBindings))
            throw DiagnosticsStop()
        }
        let identifier = pattern.identifier.trimmed
        let name = identifier.text.trimmingCharacters(in: "`")
        if binding.accessorBlock != nil {
            context.diagnose(Diagnostic(node: binding, message: DictionaryStorageDiagnostic.propertyObservers(name)))
            throw DiagnosticsStop()
        }
        guard let writtenType = binding.typeAnnotation?.type else {
            context.diagnose(Diagnostic(node: pattern, message: DictionaryStorageDiagnostic.missingTypeAnnotation(name)))
            throw DiagnosticsStop()
        }
        // Analyse the type in place (not a trimmed copy) so diagnostics point at it.
        let (shape, valueType) = try analyze(writtenType, in: context)
        let type = writtenType.trimmed
        let info = PropertyInfo(
            declaration: declaration, binding: binding, identifier: identifier, name: name, type: type, shape: shape,
            valueType: valueType, defaultValue: binding.initializer?.value.trimmed,
            isLet: declaration.bindingSpecifier.tokenKind == .keyword(.let), attribute: declaration.dictionaryStorageAttribute)
        if info.argument(nil) != nil, info.argument("path") != nil, let attribute = info.attribute {
            context.diagnose(Diagnostic(node: attribute, message: DictionaryStorageDiagnostic.keyAndPath))
            throw DiagnosticsStop()
        }
        if info.isLet {
            let keyword = declaration.bindingSpecifier
            let replacement: DeclModifierSyntax = DeclModifierSyntax(
                leadingTrivia: keyword.leadingTrivia, name: .keyword(.private), detail: DeclModifierDetailSyntax(detail: .identifier("set")),
                trailingTrivia: .space)
            var fixed = declaration
            fixed.modifiers.append(replacement)
            fixed.bindingSpecifier = .keyword(.var, trailingTrivia: keyword.trailingTrivia)
            context.diagnose(Diagnostic(
                node: keyword, message: DictionaryStorageDiagnostic.letProperty(name),
                fixIts: [FixIt(message: DictionaryStorageFixIt.usePrivateSetVar, changes: [.replace(oldNode: Syntax(declaration), newNode: Syntax(fixed))])]))
            throw DiagnosticsStop()
        }
        if info.isFlattened {
            guard shape == .value else {
                context.diagnose(Diagnostic(node: writtenType, message: DictionaryStorageDiagnostic.optionalFlattened(name)))
                throw DiagnosticsStop()
            }
            return info
        }
        if !shape.isOptional, info.defaultValue == nil, Self.typesWithoutEmptyValue.contains(valueType.trimmedDescription) {
            Self.diagnoseMissingDefault(binding: binding, name: name, type: type, shape: shape, message: .noEmptyValue(name: name, type: type.trimmedDescription), in: context)
            throw DiagnosticsStop()
        }
        return info
    }

    /// Standard types with no value that could pass for "absent" (the seed read them as nil only).
    static let typesWithoutEmptyValue: Set<String> = ["Date", "URL", "UUID", "Character", "Foundation.Date", "Foundation.URL", "Foundation.UUID"]

    /// What the getter returns for an absent key when no default is written: the type's empty value.
    var impliedDefault: String? {
        if shape.isOptional { return "nil" }
        if isFlattened { return nil }  // a flattened member always reads (from the shared object)
        if let literal = Self.naturalDefault(for: type, shape: shape) { return literal }
        return "DictionaryStorage.emptyValue(\(valueType.trimmedDescription).self)"
    }

    /// Checks an `@OmitCoding` property (kept in memory, never read or written): it must start with
    /// a value, since no initializer of the model sets it.
    static func checkOmitted(_ declaration: VariableDeclSyntax, in context: some MacroExpansionContext) -> Bool {
        for binding in declaration.bindings where binding.initializer == nil && binding.accessorBlock == nil {
            guard let type = binding.typeAnnotation?.type else { continue }  // Swift itself asks for a type or a value
            if type.is(OptionalTypeSyntax.self) || type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) { continue }
            let name = binding.pattern.trimmedDescription
            let shape: Shape = type.is(ArrayTypeSyntax.self) ? .array : type.is(DictionaryTypeSyntax.self) ? .dictionary : .value
            diagnoseMissingDefault(binding: binding, name: name, type: type.trimmed, shape: shape, message: .omittedWithoutDefault(name), in: context)
            return false
        }
        return true
    }

    /// One fix-it: the obvious default when the type has one, else making the type optional.
    private static func diagnoseMissingDefault(
        binding: PatternBindingSyntax, name: String, type: TypeSyntax, shape: Shape, message: DictionaryStorageDiagnostic,
        in context: some MacroExpansionContext
    ) {
        let fixIt: FixIt
        if let value = Self.naturalDefault(for: type, shape: shape), let annotation = binding.typeAnnotation {
            var newBinding = binding
            newBinding.typeAnnotation = annotation.with(\.type, annotation.type.with(\.trailingTrivia, []))
            newBinding.initializer = InitializerClauseSyntax(
                equal: .equalToken(leadingTrivia: .space, trailingTrivia: .space),
                value: ExprSyntax(stringLiteral: value).with(\.trailingTrivia, annotation.type.trailingTrivia))
            fixIt = FixIt(message: DictionaryStorageFixIt.addDefault(value), changes: [.replace(oldNode: Syntax(binding), newNode: Syntax(newBinding))])
        } else {
            let original = binding.typeAnnotation?.type ?? type
            let optional = TypeSyntax(OptionalTypeSyntax(wrappedType: original.trimmed))
                .with(\.leadingTrivia, original.leadingTrivia).with(\.trailingTrivia, original.trailingTrivia)
            fixIt = FixIt(message: DictionaryStorageFixIt.makeOptional, changes: [.replace(oldNode: Syntax(original), newNode: Syntax(optional))])
        }
        context.diagnose(Diagnostic(node: binding.pattern, message: message, fixIts: [fixIt]))
    }

    /// The obvious default for common types, for the fix-it.
    static func naturalDefault(for type: TypeSyntax, shape: Shape) -> String? {
        switch shape {
        case .array: return "[]"
        case .dictionary: return "[:]"
        default: break
        }
        switch type.trimmedDescription {
        case "String": return "\"\""
        case "Bool": return "false"
        case "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double", "Float", "Decimal":
            return "0"
        default: return nil
        }
    }

    /// Splits a type into its shape and the type the field codes, rejecting types JSON cannot hold.
    static func analyze(_ type: TypeSyntax, in context: some MacroExpansionContext) throws -> (Shape, TypeSyntax) {
        if let wrapped = optionalWrapped(type) {
            let (inner, value) = try analyzeNonOptional(wrapped, in: context)
            switch inner {
            case .array: return (.optionalArray, value)
            case .dictionary: return (.optionalDictionary, value)
            default: return (.optional, value)
            }
        }
        return try analyzeNonOptional(type, in: context)
    }

    private static func analyzeNonOptional(_ type: TypeSyntax, in context: some MacroExpansionContext) throws -> (Shape, TypeSyntax) {
        try rejectUnsupported(type, in: context)
        if let array = type.as(ArrayTypeSyntax.self) {
            try rejectUnsupported(array.element, in: context)
            return (.array, array.element.trimmed)
        }
        if let dictionary = type.as(DictionaryTypeSyntax.self) {
            guard dictionary.key.trimmedDescription == "String" else {
                context.diagnose(Diagnostic(node: dictionary.key, message: DictionaryStorageDiagnostic.dictionaryKeyNotString(dictionary.key.trimmedDescription)))
                throw DiagnosticsStop()
            }
            try rejectUnsupported(dictionary.value, in: context)
            return (.dictionary, dictionary.value.trimmed)
        }
        if let identifier = type.as(IdentifierTypeSyntax.self), let arguments = identifier.genericArgumentClause?.arguments {
            let types = arguments.compactMap { $0.argument.as(TypeSyntax.self) }
            if identifier.name.text == "Array", types.count == 1 { return (.array, types[0].trimmed) }
            if identifier.name.text == "Dictionary", types.count == 2 {
                guard types[0].trimmedDescription == "String" else {
                    context.diagnose(Diagnostic(node: types[0], message: DictionaryStorageDiagnostic.dictionaryKeyNotString(types[0].trimmedDescription)))
                    throw DiagnosticsStop()
                }
                return (.dictionary, types[1].trimmed)
            }
        }
        return (.value, type.trimmed)
    }

    private static func optionalWrapped(_ type: TypeSyntax) -> TypeSyntax? {
        if let optional = type.as(OptionalTypeSyntax.self) { return optional.wrappedType }
        if let iuo = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return iuo.wrappedType }
        if let identifier = type.as(IdentifierTypeSyntax.self), identifier.name.text == "Optional",
            let argument = identifier.genericArgumentClause?.arguments.first?.argument.as(TypeSyntax.self)
        {
            return argument
        }
        return nil
    }

    private static func rejectUnsupported(_ type: TypeSyntax, in context: some MacroExpansionContext) throws {
        let unsupported =
            type.is(FunctionTypeSyntax.self) || type.is(TupleTypeSyntax.self) || type.is(MetatypeTypeSyntax.self)
            || type.is(SomeOrAnyTypeSyntax.self) || type.trimmedDescription == "Any" || type.trimmedDescription == "AnyObject"
            || (type.as(AttributedTypeSyntax.self)?.baseType.is(FunctionTypeSyntax.self) ?? false)
        if unsupported {
            context.diagnose(Diagnostic(node: type, message: DictionaryStorageDiagnostic.unsupportedType(type.trimmedDescription)))
            throw DiagnosticsStop()
        }
    }
}

extension String {
    func trimmingCharacters(in character: Character) -> String {
        var text = Substring(self)
        while text.first == character { text = text.dropFirst() }
        while text.last == character { text = text.dropLast() }
        return String(text)
    }
}
