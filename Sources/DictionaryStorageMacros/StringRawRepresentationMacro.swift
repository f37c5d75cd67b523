import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@StringRawRepresentation`: `rawValue`, `init?(rawValue:)` and `knownRawValues` for an enum whose
/// single-`String` payload case, if it has one, keeps the values it does not know.
public struct StringRawRepresentationMacro {}

extension StringRawRepresentationMacro {
    struct EnumInfo {
        var known: [(name: String, raw: String)] = []
        var fallback: String?
        var access = ""
    }

    static func read(_ declaration: some DeclGroupSyntax, in context: some MacroExpansionContext) throws -> EnumInfo {
        guard let enumDecl = declaration.as(EnumDeclSyntax.self) else {
            let found = declaration.is(StructDeclSyntax.self) ? "a struct" : declaration.is(ClassDeclSyntax.self) ? "a class" : "this declaration"
            context.diagnose(Diagnostic(node: declaration.introducer, message: DictionaryStorageDiagnostic.requiresEnum(found: found)))
            throw DiagnosticsStop()
        }
        var info = EnumInfo()
        if enumDecl.modifiers.contains(where: { $0.name.text == "public" || $0.name.text == "open" }) { info.access = "public " }
        var rawValues: Set<String> = []
        for member in enumDecl.memberBlock.members {
            guard let caseDecl = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
            let customName = caseDecl.customName
            for element in caseDecl.elements {
                let name = element.name.trimmed.text
                if let parameters = element.parameterClause {
                    let isSingleString = parameters.parameters.count == 1
                        && parameters.parameters.first?.type.trimmedDescription == "String"
                    guard isSingleString else {
                        var fixed = parameters
                        fixed.parameters = EnumCaseParameterListSyntax([EnumCaseParameterSyntax(type: TypeSyntax("String"))])
                        context.diagnose(Diagnostic(
                            node: element, message: DictionaryStorageDiagnostic.payloadNotString(name),
                            fixIts: [FixIt(message: DictionaryStorageFixIt.useString, changes: [.replace(oldNode: Syntax(parameters), newNode: Syntax(fixed))])]))
                        throw DiagnosticsStop()
                    }
                    if info.fallback != nil {
                        context.diagnose(Diagnostic(
                            node: element, message: DictionaryStorageDiagnostic.multiplePayloadCases(name),
                            fixIts: [FixIt(message: DictionaryStorageFixIt.removePayload, changes: [.replace(oldNode: Syntax(element), newNode: Syntax(element.with(\.parameterClause, nil)))])]))
                        throw DiagnosticsStop()
                    }
                    info.fallback = name
                } else {
                    let raw = customName ?? name.trimmingCharacters(in: "`")
                    if rawValues.contains(raw) {
                        context.diagnose(Diagnostic(node: element, message: DictionaryStorageDiagnostic.duplicateRawValue(raw)))
                        throw DiagnosticsStop()
                    }
                    rawValues.insert(raw)
                    info.known.append((name, raw))
                }
            }
        }
        return info
    }
}

extension StringRawRepresentationMacro: MemberMacro {
    public static func expansion(
        of node: AttributeSyntax, providingMembersOf declaration: some DeclGroupSyntax,
        conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard let info = try? read(declaration, in: context) else { return [] }
        let quoted = DictionaryStorageMacro.quoted
        var rawCases = info.known.map { "case .\($0.name): return \(quoted($0.raw))" }
        var initCases = info.known.map { "case \(quoted($0.raw)): self = .\($0.name)" }
        if let fallback = info.fallback {
            rawCases.append("case .\(fallback)(let value): return value")
            initCases.append("default: self = .\(fallback)(rawValue)")
        } else {
            initCases.append("default: return nil")
        }
        return [
            """
            \(raw: info.access)var rawValue: String {
                switch self {
                \(raw: rawCases.joined(separator: "\n"))
                }
            }
            """,
            """
            \(raw: info.access)init?(rawValue: String) {
                switch rawValue {
                \(raw: initCases.joined(separator: "\n"))
                }
            }
            """,
            """
            \(raw: info.access)static var knownRawValues: [String] {
                [\(raw: info.known.map { quoted($0.raw) }.joined(separator: ", "))]
            }
            """,
        ]
    }
}

extension StringRawRepresentationMacro: ExtensionMacro {
    public static func expansion(
        of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol, conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        guard declaration.is(EnumDeclSyntax.self) else { return [] }
        return conformanceExtensions(of: type, to: protocols.map { $0.trimmedDescription })
    }
}

