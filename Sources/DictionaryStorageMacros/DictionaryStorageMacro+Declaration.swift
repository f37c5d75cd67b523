import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// Reading the declaration a macro is attached to: what it is, its properties, their access and fields.
extension DictionaryStorageMacro {
    /// The struct or final class, or a diagnostic anchored at the declaration keyword of what it is instead.
    static func modelDeclaration(_ declaration: some DeclGroupSyntax, in context: some MacroExpansionContext) throws -> ModelDeclaration {
        if let structDecl = declaration.as(StructDeclSyntax.self) {
            if structDecl.genericParameterClause != nil {
                context.diagnose(Diagnostic(node: structDecl.name, message: DictionaryStorageDiagnostic.genericType))
                throw DiagnosticsStop()
            }
            return ModelDeclaration(name: structDecl.name, isClass: false, modifiers: structDecl.modifiers, memberBlock: structDecl.memberBlock)
        }
        if let classDecl = declaration.as(ClassDeclSyntax.self) {
            if classDecl.genericParameterClause != nil {
                context.diagnose(Diagnostic(node: classDecl.name, message: DictionaryStorageDiagnostic.genericType))
                throw DiagnosticsStop()
            }
            if ModelDeclaration.accepts(classDecl) {
                return ModelDeclaration(name: classDecl.name, isClass: true, modifiers: classDecl.modifiers, memberBlock: classDecl.memberBlock)
            }
            let keyword = classDecl.classKeyword
            var withFinal = classDecl
            withFinal.modifiers.append(DeclModifierSyntax(name: .keyword(.final), trailingTrivia: .space))
            if classDecl.modifiers.isEmpty {
                withFinal.modifiers = withFinal.modifiers.with(\.leadingTrivia, keyword.leadingTrivia)
                withFinal.classKeyword = keyword.with(\.leadingTrivia, [])
            }
            context.diagnose(Diagnostic(
                node: keyword, message: DictionaryStorageDiagnostic.nonFinalClass,
                fixIts: [
                    FixIt(message: DictionaryStorageFixIt.addFinal, changes: [.replace(oldNode: Syntax(classDecl), newNode: Syntax(withFinal))]),
                    FixIt(message: DictionaryStorageFixIt.useStruct(keyword.text), changes: [.replace(oldNode: Syntax(keyword), newNode: Syntax(TokenSyntax.keyword(.struct).with(\.trailingTrivia, keyword.trailingTrivia).with(\.leadingTrivia, keyword.leadingTrivia)))]),
                ]))
            throw DiagnosticsStop()
        }
        let keyword: TokenSyntax?
        let found: String
        if let decl = declaration.as(ProtocolDeclSyntax.self) {
            keyword = decl.protocolKeyword
            found = "a protocol"
        } else if let decl = declaration.as(EnumDeclSyntax.self) {
            keyword = decl.enumKeyword
            found = "an enum"
        } else if let decl = declaration.as(ActorDeclSyntax.self) {
            keyword = decl.actorKeyword
            found = "an actor"
        } else {
            keyword = nil
            found = "this declaration"
        }
        var fixIts: [FixIt] = []
        if let keyword, found == "an actor" {
            fixIts.append(FixIt(
                message: DictionaryStorageFixIt.useStruct(keyword.text),
                changes: [.replace(oldNode: Syntax(keyword), newNode: Syntax(TokenSyntax.keyword(.struct).with(\.trailingTrivia, keyword.trailingTrivia).with(\.leadingTrivia, keyword.leadingTrivia)))]))
        }
        context.diagnose(Diagnostic(
            node: keyword.map(Syntax.init) ?? Syntax(declaration), message: DictionaryStorageDiagnostic.requiresStruct(found: found), fixIts: fixIts))
        throw DiagnosticsStop()
    }

    /// The managed properties, read and checked; `nil` after a diagnostic.
    static func properties(of declaration: ModelDeclaration, in context: some MacroExpansionContext) -> [PropertyInfo]? {
        var properties: [PropertyInfo] = []
        var failed = false
        for member in declaration.memberBlock.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
            if variable.isOmitted {
                if !PropertyInfo.checkOmitted(variable, in: context) { failed = true }
                continue
            }
            guard variable.isManagedStoredProperty else { continue }
            do {
                properties.append(try PropertyInfo.read(variable, in: context))
            } catch {
                failed = true
            }
        }
        guard !failed else { return nil }
        // Two flattened members of one type would read the same keys.
        var flattenedTypes: Set<String> = []
        for property in properties where property.isFlattened {
            if !flattenedTypes.insert(property.valueType.trimmedDescription).inserted {
                context.diagnose(Diagnostic(
                    node: property.binding, message: DictionaryStorageDiagnostic.duplicateFlattened(property.valueType.trimmedDescription)))
                return nil
            }
        }
        // Two properties reading the same explicit key are a mistake visible here.
        var seen: [String: String] = [:]
        for property in properties where property.explicitKey != nil || property.explicitPath != nil {
            let key = property.primaryKey
            if let first = seen[key] {
                context.diagnose(Diagnostic(
                    node: property.attribute.map(Syntax.init) ?? Syntax(property.binding),
                    message: DictionaryStorageDiagnostic.keyCollision(key: key, first: first, second: property.name)))
                return nil
            }
            seen[key] = property.name
        }
        return properties
    }

    static func accessModifier(_ declaration: ModelDeclaration) -> String {
        declaration.modifiers.contains { $0.name.text == "public" || $0.name.text == "open" } ? "public " : ""
    }

    /// The `Field` description of a property.
    static func fieldDeclaration(_ property: PropertyInfo, options: StorageOptions) -> DeclSyntax {
        if property.isFlattened {
            return "static let __ds_\(raw: property.name) = DictionaryStorage.flattened(\(raw: property.valueType.trimmedDescription).self, name: \(raw: quoted(property.name)))"
        }
        var arguments = ["name: \(quoted(property.name))"]
        if let path = property.explicitPath {
            arguments.append("path: [\(path.map(quoted).joined(separator: ", "))]")
        } else if let key = property.argument(nil) {
            arguments.append("key: \(key.trimmedDescription)")
        }
        arguments.append("keyStyle: \(options.keyStyle.trimmedDescription)")
        if let legacy = property.argument("legacyKeys") { arguments.append("legacyKeys: \(legacy.trimmedDescription)") }
        if let strategy = property.argument("strategy") { arguments.append("strategy: \(strategy.trimmedDescription)") }
        let lenient = property.argument("lenient").map { "(\($0.trimmedDescription))" }
        arguments.append("lenient: \(options.lenient.trimmedDescription)\(lenient.map { " || " + $0 } ?? "")")
        if let required = property.argument("required") { arguments.append("required: \(required.trimmedDescription)") }
        if let nullForNil = property.argument("nullForNil") { arguments.append("writesNullForNil: \(nullForNil.trimmedDescription)") }
        let value = property.valueType.trimmedDescription
        arguments.append("codec: DictionaryStorage.codec(\(value).self, decode: DictionaryStorage.decode, encode: DictionaryStorage.encode)")
        return "static let __ds_\(raw: property.name) = Field<\(raw: value)>(\(raw: arguments.joined(separator: ", ")))"
    }

    /// A string literal holding `text` exactly (any quotes, backslashes or line breaks escaped, or
    /// a raw literal where that reads better), as swift-syntax builds it.
    static func quoted(_ text: String) -> String {
        StringLiteralExprSyntax(content: text).description
    }
}
