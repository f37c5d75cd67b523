import SwiftCompilerPlugin
import SwiftSyntaxMacros

@main
struct DictionaryStoragePlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [
        DictionaryStorageMacro.self,
        DictionaryStoragePropertyMacro.self,
        StringRawRepresentationMacro.self,
        VariantsMacro.self,
        MarkerMacro.self,
    ]
}
