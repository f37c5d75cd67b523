// swift-tools-version: 6.1
import PackageDescription

// A browser for your own models: depend on Keepsake, declare models, open a place with KeepsakeSources.
let package = Package(
    name: "TaskBrowser",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "Keepsake", path: "../..")],
    targets: [
        .executableTarget(
            name: "TaskBrowser",
            dependencies: [
                .product(name: "DictionaryStorage", package: "Keepsake"),
                .product(name: "ModelBrowser", package: "Keepsake"),
                .product(name: "CursesTerminal", package: "Keepsake"),
                .product(name: "KeepsakeSources", package: "Keepsake"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
