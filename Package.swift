// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Keepsake",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "LosslessJSON", targets: ["LosslessJSON"]),
        .executable(name: "keepsake", targets: ["keepsake"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .target(name: "LosslessJSON"),
        .executableTarget(
            name: "keepsake",
            dependencies: [
                "LosslessJSON",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "LosslessJSONTests", dependencies: ["LosslessJSON"]),
        .testTarget(name: "KeepsakeCLITests", dependencies: ["keepsake", "LosslessJSON"]),
    ],
    swiftLanguageModes: [.v6]
)
