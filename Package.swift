// swift-tools-version: 6.1
import CompilerPluginSupport
import PackageDescription

/// The commit `keepsake --version` names, given by `Scripts/package.sh` (`KEEPSAKE_COMMIT`): an
/// environment variable, because SwiftPM caches the manifest across commits but not across changes of
/// the environment it reads. Empty (no commit named) in other builds.
let buildCommit = Context.environment["KEEPSAKE_COMMIT"] ?? ""

let package = Package(
    name: "Keepsake",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "LosslessJSON", targets: ["LosslessJSON"]),
        .library(name: "LosslessYAML", targets: ["LosslessYAML"]),
        .library(name: "DictionaryStorage", targets: ["DictionaryStorage"]),
        .library(name: "RecordStore", targets: ["RecordStore"]),
        .library(name: "RecordStorePostgres", targets: ["RecordStorePostgres"]),
        .library(name: "KeepsakeSources", targets: ["KeepsakeSources"]),
        .library(name: "ModelBrowser", targets: ["ModelBrowser", "ModelBrowserRuntime"]),
        .library(name: "CursesTerminal", targets: ["CursesTerminal"]),
        .library(name: "KeepsakeSettings", targets: ["KeepsakeSettings"]),
        .library(name: "JSONSchema", targets: ["JSONSchema"]),
        .library(name: "SchemaDescriptions", targets: ["SchemaDescriptions"]),
        .library(name: "SchemaFetching", targets: ["SchemaFetching"]),
        .library(name: "SchemaInference", targets: ["SchemaInference"]),
        .library(name: "RecordSchemas", targets: ["RecordSchemas"]),
        .library(name: "SwiftSerializationCompat", targets: ["SwiftSerializationCompat"]),
        .executable(name: "keepsake", targets: ["keepsake"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // As wide as it builds (600 to 603 here), so a toolchain's prebuilt swift-syntax can be used.
        .package(url: "https://github.com/swiftlang/swift-syntax", "600.0.0"..<"604.0.0"),
        .package(url: "https://github.com/pointfreeco/swift-macro-testing", from: "0.7.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-algorithms", from: "1.2.1"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
        .package(url: "https://github.com/attaswift/BigInt", from: "6.0.1"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
    ],
    targets: [
        .target(name: "LosslessJSON", dependencies: ["CMappedFileGuard", .product(name: "Algorithms", package: "swift-algorithms")]),
        .target(name: "CMappedFileGuard"),
        .macro(
            name: "DictionaryStorageMacros",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftSyntaxBuilder", package: "swift-syntax"),
                .product(name: "SwiftDiagnostics", package: "swift-syntax"),
                .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
            ]
        ),
        .target(name: "DictionaryStorage", dependencies: ["LosslessJSON", "DictionaryStorageMacros"]),
        .target(
            name: "RecordStore",
            dependencies: ["LosslessJSON", "DictionaryStorage", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .target(
            name: "ModelBrowser",
            dependencies: ["LosslessJSON", "DictionaryStorage", .product(name: "Algorithms", package: "swift-algorithms")]
        ),
        .target(name: "ModelBrowserRuntime", dependencies: ["ModelBrowser", "LosslessJSON", "DictionaryStorage"]),
        .target(
            name: "RecordStorePostgres",
            dependencies: ["RecordStore", "LosslessJSON", .product(name: "PostgresNIO", package: "postgres-nio")]),
        .target(name: "KeepsakeSources", dependencies: ["LosslessJSON", "LosslessYAML", "RecordStore", "RecordStorePostgres"]),
        .target(name: "SwiftSerializationCompat", dependencies: ["RecordStore", "DictionaryStorage", "LosslessJSON"]),
        .systemLibrary(name: "CNcurses", path: "Sources/CNcurses"),
        .systemLibrary(name: "CFYAML", path: "Sources/CFYAML", pkgConfig: "libfyaml", providers: [.apt(["libfyaml-dev"])]),
        .target(name: "LosslessYAML", dependencies: ["CFYAML", "LosslessJSON"]),
        .target(
            name: "JSONSchema", dependencies: ["LosslessJSON", .product(name: "BigInt", package: "BigInt")],
            exclude: ["Embedded/LICENSE-json-schema-spec"]
        ),
        .target(
            name: "SchemaFetching",
            dependencies: ["JSONSchema", "LosslessJSON", .product(name: "AsyncHTTPClient", package: "async-http-client")]),
        .target(name: "SchemaInference", dependencies: ["LosslessJSON", "JSONSchema"]),
        .target(name: "RecordSchemas", dependencies: ["RecordStore", "JSONSchema", "SchemaInference", "LosslessJSON"]),
        .target(name: "SchemaDescriptions", dependencies: ["JSONSchema", "DictionaryStorage", "LosslessJSON"]),
        .target(name: "KeepsakeSettings", dependencies: ["ModelBrowser", .product(name: "TOMLKit", package: "TOMLKit")]),
        .target(name: "CTerminalRestore"),
        .target(name: "CBuildInfo", cSettings: [.define("KEEPSAKE_COMMIT", to: "\"\(buildCommit)\"")]),
        .target(name: "CursesTerminal", dependencies: ["CNcurses", "CTerminalRestore", "ModelBrowser", "ModelBrowserRuntime", "LosslessJSON", "DictionaryStorage"]),
        .target(name: "SampleModels", dependencies: ["DictionaryStorage", "LosslessJSON"]),
        .executableTarget(
            name: "keepsake",
            dependencies: [
                "LosslessJSON",
                "RecordStore",
                "RecordStorePostgres",
                "KeepsakeSources",
                "ModelBrowser",
                "ModelBrowserRuntime",
                "CursesTerminal",
                "SampleModels",
                "KeepsakeSettings",
                "JSONSchema",
                "SchemaDescriptions",
                "SchemaFetching",
                "SchemaInference",
                "RecordSchemas",
                "LosslessYAML",
                "CBuildInfo",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "LosslessJSONTests", dependencies: ["LosslessJSON"]),
        .testTarget(name: "LosslessYAMLTests", dependencies: ["LosslessYAML", "LosslessJSON"]),
        .testTarget(name: "DictionaryStorageTests", dependencies: ["DictionaryStorage", "LosslessJSON"]),
        .testTarget(
            name: "DictionaryStorageMacrosTests",
            dependencies: [
                "DictionaryStorageMacros",
                .product(name: "MacroTesting", package: "swift-macro-testing"),
            ]
        ),
        // Each depends on one seed's product alone, so the seed's README code compiling there with its
        // one import (`DictionaryStorage`, `SwiftSerializationCompat`) is what a seed user's package sees.
        .testTarget(name: "DictionaryStorageSeedTests", dependencies: ["DictionaryStorage"]),
        .testTarget(
            name: "SwiftSerializationSeedTests",
            dependencies: ["SwiftSerializationCompat", .product(name: "GRDB", package: "GRDB.swift")]),
        .testTarget(name: "RecordStoreTests", dependencies: ["RecordStore", "RecordStorePostgres", "RecordSchemas", "DictionaryStorage", "LosslessJSON"]),
        .testTarget(
            name: "ModelBrowserTests", dependencies: ["ModelBrowser", "ModelBrowserRuntime", "SampleModels", "DictionaryStorage", "LosslessJSON", "JSONSchema", "SchemaDescriptions", "RecordStore", "RecordSchemas"],
            exclude: ["Snapshots"]  // read by path, compared as text
        ),
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "EndToEndTests", dependencies: ["keepsake", "TestSupport", .product(name: "GRDB", package: "GRDB.swift")]),
        .testTarget(name: "KeepsakeCLITests", dependencies: ["keepsake", "LosslessJSON", "RecordStore", "TestSupport"]),
        .testTarget(name: "JSONSchemaTests", dependencies: ["JSONSchema", "LosslessJSON"]),
        .testTarget(name: "SchemaInferenceTests", dependencies: ["SchemaInference", "JSONSchema", "LosslessJSON"]),
        .testTarget(name: "SchemaFetchingTests", dependencies: ["SchemaFetching", "JSONSchema", "LosslessJSON", "TestSupport"]),
        .testTarget(name: "KeepsakeSettingsTests", dependencies: ["KeepsakeSettings", "ModelBrowser", "LosslessJSON"]),
        // ARCHITECTURE.md, the README, the manual and the help held to the code (and to the built binary).
        .testTarget(name: "ArchitectureTests", dependencies: ["keepsake", "TestSupport"]),
        .testTarget(name: "ReadmeTests", dependencies: ["LosslessJSON", "DictionaryStorage", "RecordStore", "ModelBrowser", "ModelBrowserRuntime"]),
    ],
    swiftLanguageModes: [.v6]
)
