import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@CustomName` and `@Flattened`: markers that expand to nothing; the type-level macros read them.
public struct MarkerMacro: PeerMacro {
    public static func expansion(
        of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol, in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] { [] }
}

/// One empty extension per protocol the compiler asks an extension macro to add.
func conformanceExtensions(of type: some TypeSyntaxProtocol, to protocols: [String]) -> [ExtensionDeclSyntax] {
    protocols.compactMap { name in
        let decl: DeclSyntax = "extension \(type.trimmed): \(raw: name) {}"
        return decl.as(ExtensionDeclSyntax.self)
    }
}

extension EnumCaseDeclSyntax {
    /// The string given by `@CustomName("…")` on this case, if any.
    var customName: String? {
        attributes.compactMap { element -> String? in
            guard case .attribute(let attribute) = element, attribute.attributeName.trimmedDescription == "CustomName",
                case .argumentList(let arguments) = attribute.arguments, let first = arguments.first
            else { return nil }
            return stringLiteral(first.expression)
        }.first
    }
}
