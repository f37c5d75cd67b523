import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@DictionaryStorageProperty`: the get/set accessors of one property, through its `Field`.
public struct DictionaryStoragePropertyMacro: AccessorMacro {
    public static func expansion(
        of node: AttributeSyntax, providingAccessorsOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [AccessorDeclSyntax] {
        // Diagnostics for the property are reported once, by @DictionaryStorage; here a bad property
        // simply gets no accessors.
        guard let variable = declaration.as(VariableDeclSyntax.self), variable.isManagedStoredProperty, !variable.isOmitted,
            let property = try? PropertyInfo.read(variable, in: SilentContext(base: context))
        else { return [] }
        let field = "Self.__ds_\(property.name)"
        if property.isFlattened {
            return [
                "get { \(raw: field).get(in: _storage) }",
                "set { \(raw: field).set(newValue, in: &_storage) }",
            ]
        }
        let defaultValue = property.defaultValue?.trimmedDescription
        let getter: String
        switch property.shape {
        case .value: getter = "\(field).get(in: _storage, default: \(defaultValue ?? property.impliedDefault ?? ""))"
        case .optional: getter = "\(field).getOptional(in: _storage)" + (defaultValue.map { $0 == "nil" ? "" : " ?? \($0)" } ?? "")
        case .array: getter = "\(field).getArray(in: _storage, default: \(defaultValue ?? "[]"))"
        case .optionalArray: getter = "\(field).getOptionalArray(in: _storage)" + (defaultValue.map { $0 == "nil" ? "" : " ?? \($0)" } ?? "")
        case .dictionary: getter = "\(field).getDictionary(in: _storage, default: \(defaultValue ?? "[:]"))"
        case .optionalDictionary: getter = "\(field).getOptionalDictionary(in: _storage)" + (defaultValue.map { $0 == "nil" ? "" : " ?? \($0)" } ?? "")
        }
        return [
            """
            get {
                \(raw: getter)
            }
            """,
            """
            set {
                \(raw: field).\(raw: DictionaryStorageMacro.setter(for: property.shape))(newValue, in: &_storage)
            }
            """,
        ]
    }
}

/// A context that drops diagnostics (the type-level macro reports them, once).
final class SilentContext<Base: MacroExpansionContext>: MacroExpansionContext {
    let base: Base
    init(base: Base) { self.base = base }
    func makeUniqueName(_ name: String) -> TokenSyntax { base.makeUniqueName(name) }
    func diagnose(_ diagnostic: Diagnostic) {}
    func location(of node: some SyntaxProtocol, at position: PositionInSyntaxNode, filePathMode: SourceLocationFilePathMode) -> AbstractSourceLocation? {
        base.location(of: node, at: position, filePathMode: filePathMode)
    }
    var lexicalContext: [Syntax] { base.lexicalContext }
}
