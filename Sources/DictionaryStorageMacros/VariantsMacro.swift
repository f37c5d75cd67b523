import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@Variants`: reading, writing, schema and findings for a polymorphic enum with a fallback case.
public struct VariantsMacro {}

extension VariantsMacro {
    struct Parameter {
        let label: String?
        /// The type the codec handles (optional stripped).
        let valueType: String
        let isOptional: Bool
    }

    struct Case {
        let name: String
        let customName: String?
        let parameters: [Parameter]
    }

    struct EnumInfo {
        var cases: [Case] = []
        var fallback = ""
        /// The fallback case's payload type: `JSONObject`, or a model over the raw object.
        var fallbackType = "JSONObject"
        var access = ""
        var encoding = ""
        var caseStyle = ".verbatim"
    }

    static func read(_ node: AttributeSyntax, _ declaration: some DeclGroupSyntax, in context: some MacroExpansionContext) throws -> EnumInfo {
        guard let enumDecl = declaration.as(EnumDeclSyntax.self) else {
            context.diagnose(Diagnostic(node: declaration.introducer, message: DictionaryStorageDiagnostic.variantsRequiresEnum))
            throw DiagnosticsStop()
        }
        var info = EnumInfo()
        if enumDecl.modifiers.contains(where: { $0.name.text == "public" || $0.name.text == "open" }) { info.access = "public " }
        var fallbackName: (name: String, node: ExprSyntax)?
        if case .argumentList(let arguments) = node.arguments {
            var tag: String?
            var content: String?
            for argument in arguments {
                switch argument.label?.text {
                case "fallbackCaseName":
                    guard let name = stringLiteral(argument.expression) else {
                        context.diagnose(Diagnostic(node: argument.expression, message: DictionaryStorageDiagnostic.fallbackNameNotLiteral))
                        throw DiagnosticsStop()
                    }
                    fallbackName = (name, argument.expression)
                case "discriminator": info.encoding = ".internal(discriminator: \(argument.expression.trimmedDescription))"
                case "tag": tag = argument.expression.trimmedDescription
                case "content": content = argument.expression.trimmedDescription
                case "caseStyle": info.caseStyle = argument.expression.trimmedDescription
                default: info.encoding = ".external"
                }
            }
            if let tag, let content { info.encoding = ".adjacent(tag: \(tag), content: \(content))" }
        }
        for member in enumDecl.memberBlock.members {
            guard let caseDecl = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
            let customName = caseDecl.customName
            for element in caseDecl.elements {
                let name = element.name.trimmed.text
                let parameters = element.parameterClause?.parameters.map { parameter -> Parameter in
                    let type = parameter.type.trimmed
                    // `case file(_ payload: File)`: `_` is no label; the name is only for the case's users.
                    let label = parameter.firstName.flatMap { $0.tokenKind == .wildcard ? nil : $0.text }
                    if let optional = type.as(OptionalTypeSyntax.self) {
                        return Parameter(label: label, valueType: optional.wrappedType.trimmedDescription, isOptional: true)
                    }
                    return Parameter(label: label, valueType: type.trimmedDescription, isOptional: false)
                } ?? []
                let holdsOneValue = parameters.count == 1 && parameters[0].label == nil && !parameters[0].isOptional
                if let fallbackName, fallbackName.name == name {
                    guard holdsOneValue else {
                        context.diagnose(Diagnostic(node: element, message: DictionaryStorageDiagnostic.fallbackCaseShape(name)))
                        throw DiagnosticsStop()
                    }
                    info.fallback = name
                    info.fallbackType = parameters[0].valueType
                    continue
                }
                if fallbackName == nil, info.fallback.isEmpty, holdsOneValue, parameters[0].valueType == "JSONObject" {
                    info.fallback = name
                    continue
                }
                if parameters.count > 1, parameters.contains(where: { $0.label == nil }), let clause = element.parameterClause {
                    context.diagnose(Diagnostic(node: clause, message: DictionaryStorageDiagnostic.unlabelledVariantValues(name)))
                    throw DiagnosticsStop()
                }
                info.cases.append(Case(name: name, customName: customName, parameters: parameters))
            }
        }
        if let fallbackName, info.fallback.isEmpty {
            context.diagnose(Diagnostic(node: fallbackName.node, message: DictionaryStorageDiagnostic.noSuchFallbackCase(fallbackName.name)))
            throw DiagnosticsStop()
        }
        guard !info.fallback.isEmpty else {
            var members = enumDecl.memberBlock.members
            let fallback: DeclSyntax = "case unknown(JSONObject)"
            members.append(MemberBlockItemSyntax(decl: fallback.with(\.leadingTrivia, .newline + .spaces(4))))
            let fixed = enumDecl.memberBlock.with(\.members, members)
            context.diagnose(Diagnostic(
                node: enumDecl.name, message: DictionaryStorageDiagnostic.missingFallbackCase,
                fixIts: [FixIt(message: DictionaryStorageFixIt.addFallbackCase, changes: [.replace(oldNode: Syntax(enumDecl.memberBlock), newNode: Syntax(fixed))])]))
            throw DiagnosticsStop()
        }
        return info
    }

    static func codecName(_ caseName: String, _ index: Int) -> String { "__variant_\(caseName)_\(index)" }
}

extension VariantsMacro: MemberMacro {
    public static func expansion(
        of node: AttributeSyntax, providingMembersOf declaration: some DeclGroupSyntax,
        conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard let info = try? read(node, declaration, in: context), let enumDecl = declaration.as(EnumDeclSyntax.self) else { return [] }
        let quoted = DictionaryStorageMacro.quoted
        let access = info.access
        let typeName = enumDecl.name.trimmed.text
        var members: [DeclSyntax] = []

        for variant in info.cases {
            let custom = variant.customName.map(quoted) ?? "nil"
            members.append("static let __tag_\(raw: variant.name) = VariantSchema.tag(for: \(raw: quoted(variant.name)), style: \(raw: info.caseStyle), customName: \(raw: custom))")
            for (index, parameter) in variant.parameters.enumerated() {
                members.append("static let \(raw: codecName(variant.name, index)) = DictionaryStorage.codec(\(raw: parameter.valueType).self, decode: DictionaryStorage.decode, encode: DictionaryStorage.encode)")
            }
        }

        let schemaCases = info.cases.map { variant -> String in
            let payload: String
            if variant.parameters.isEmpty {
                payload = ".none"
            } else if variant.parameters.count == 1, variant.parameters[0].label == nil {
                payload = "DictionaryStorage.variantPayload(\(codecName(variant.name, 0)))"
            } else {
                let fields = variant.parameters.enumerated().map { index, parameter in
                    let type = parameter.isOptional ? ".optional(\(codecName(variant.name, index)).type)" : "\(codecName(variant.name, index)).type"
                    return "(label: \(quoted(parameter.label ?? "")), type: \(type))"
                }
                payload = ".fields([\(fields.joined(separator: ", "))])"
            }
            return "VariantSchema.Case(name: \(quoted(variant.name)), tag: __tag_\(variant.name), payload: \(payload))"
        }
        members.append("""
            /// The encoding and cases of \(raw: typeName), for browsers and validation.
            \(raw: access)static let variantSchema = VariantSchema(name: \(raw: quoted(typeName)), encoding: \(raw: info.encoding), cases: [\(raw: schemaCases.joined(separator: ",\n"))], fallbackCase: \(raw: quoted(info.fallback)))
            """)

        // Reading.
        var readCases: [String] = []
        for variant in info.cases {
            var lines = ["case Self.__tag_\(variant.name):"]
            if variant.parameters.isEmpty {
                lines.append("self = .\(variant.name)")
                lines.append("return")
            } else if variant.parameters.count == 1, variant.parameters[0].label == nil {
                let parameter = variant.parameters[0]
                let codec = "Self.\(codecName(variant.name, 0))"
                if parameter.isOptional {
                    lines.append("self = .\(variant.name)(content.flatMap { $0.isNull ? nil : \(codec).read($0, .standard) })")
                    lines.append("return")
                } else {
                    lines.append("if let content, let value = \(codec).read(content, .standard) {")
                    lines.append("self = .\(variant.name)(value)")
                    lines.append("return")
                    lines.append("}")
                }
            } else {
                var conditions = ["let fields = content?.objectValue"]
                var arguments: [String] = []
                var optionals: [String] = []
                for (index, parameter) in variant.parameters.enumerated() {
                    let label = parameter.label ?? "_\(index)"
                    let codec = "Self.\(codecName(variant.name, index))"
                    let local = "value\(index)"
                    if parameter.isOptional {
                        optionals.append("let \(local) = fields[\(quoted(label))].flatMap { $0.isNull ? nil : \(codec).read($0, .standard) }")
                    } else {
                        conditions.append("let \(local) = fields[\(quoted(label))].flatMap({ \(codec).read($0, .standard) })")
                    }
                    arguments.append("\(label): \(local)")
                }
                lines.append("if \(conditions.joined(separator: ", ")) {")
                lines += optionals
                lines.append("self = .\(variant.name)(\(arguments.joined(separator: ", ")))")
                lines.append("return")
                lines.append("}")
            }
            readCases.append(lines.joined(separator: "\n"))
        }
        readCases.append("default:\nbreak")
        members.append("""
            /// Reads a variant: a known tag whose payload reads makes that case; anything else is kept whole in `.\(raw: info.fallback)`.
            \(raw: access)init(object: JSONObject) {
                let schema = Self.variantSchema
                if let tag = schema.readTag(object).tagValue {
                    let content = schema.content(object)
                    switch tag {
                    \(raw: readCases.joined(separator: "\n"))
                    }
                }
                self = .\(raw: info.fallback)(DictionaryStorage.fallbackValue(\(raw: info.fallbackType).self, object))
            }
            """)

        // Writing.
        var writeCases: [String] = []
        for variant in info.cases {
            let tag = "Self.__tag_\(variant.name)"
            if variant.parameters.isEmpty {
                writeCases.append("case .\(variant.name):\nreturn .object(Self.variantSchema.object(tag: \(tag), content: nil))")
            } else if variant.parameters.count == 1, variant.parameters[0].label == nil {
                let codec = "Self.\(codecName(variant.name, 0))"
                let content = variant.parameters[0].isOptional ? "value.map { \(codec).write($0, options) } ?? .null" : "\(codec).write(value, options)"
                writeCases.append("case .\(variant.name)(let value):\nreturn .object(Self.variantSchema.object(tag: \(tag), content: \(content)))")
            } else {
                var lines: [String] = []
                let bindings = variant.parameters.indices.map { "let value\($0)" }
                lines.append("case .\(variant.name)(\(bindings.joined(separator: ", "))):")
                lines.append("var fields = JSONObject()")
                for (index, parameter) in variant.parameters.enumerated() {
                    let label = parameter.label ?? "_\(index)"
                    let codec = "Self.\(codecName(variant.name, index))"
                    if parameter.isOptional {
                        lines.append("if let value\(index) { fields[\(quoted(label))] = \(codec).write(value\(index), options) }")
                    } else {
                        lines.append("fields[\(quoted(label))] = \(codec).write(value\(index), options)")
                    }
                }
                lines.append("return .object(Self.variantSchema.object(tag: \(tag), content: .object(fields)))")
                writeCases.append(lines.joined(separator: "\n"))
            }
        }
        writeCases.append("case .\(info.fallback)(let value):\nreturn .object(DictionaryStorage.fallbackObject(value))")
        members.append("""
            /// The JSON of this value; the fallback case writes back exactly what it read.
            \(raw: access)func json(options: FieldOptions) -> JSONValue {
                switch self {
                \(raw: writeCases.joined(separator: "\n"))
                }
            }
            """)

        let caseNames = info.cases.map { "case .\($0.name): return \(quoted($0.name))" } + ["case .\(info.fallback): return \(quoted(info.fallback))"]
        members.append("""
            /// The Swift name of this value's case.
            \(raw: access)var variantCase: String {
                switch self {
                \(raw: caseNames.joined(separator: "\n"))
                }
            }
            """)
        members.append("""
            /// The raw object of an unknown variant, or `nil` for a known case.
            \(raw: access)var unknownVariantObject: JSONObject? {
                if case .\(raw: info.fallback)(let value) = self { return DictionaryStorage.fallbackObject(value) }
                return nil
            }
            """)
        let findingCases = info.cases.filter { $0.parameters.count == 1 && $0.parameters[0].label == nil && !$0.parameters[0].isOptional }
            .map { "case .\($0.name)(let value): return DictionaryStorage.payloadFindings(value, schema: Self.variantSchema, tag: Self.__tag_\($0.name))" }
        members.append("""
            /// What the payload's model reports, paths from this value's object.
            \(raw: access)func payloadFindings() -> [ValidationFinding] {
                switch self {
                \(raw: (findingCases + ["default: return []"]).joined(separator: "\n"))
                }
            }
            """)
        return members
    }
}

extension VariantsMacro: ExtensionMacro {
    public static func expansion(
        of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol, conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        guard declaration.is(EnumDeclSyntax.self) else { return [] }
        return conformanceExtensions(of: type, to: protocols.map { $0.trimmedDescription })
    }
}

