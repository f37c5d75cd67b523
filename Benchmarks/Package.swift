// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "KeepsakeBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(url: "https://github.com/ordo-one/package-benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(name: "Keepsake", path: ".."),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
    ],
    targets: [
        .executableTarget(
            name: "LosslessJSONBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "package-benchmark"),
                .product(name: "LosslessJSON", package: "Keepsake"),
            ],
            path: "Benchmarks/LosslessJSONBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        ),
        .executableTarget(
            name: "DictionaryStorageBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "package-benchmark"),
                .product(name: "LosslessJSON", package: "Keepsake"),
                .product(name: "DictionaryStorage", package: "Keepsake"),
            ],
            path: "Benchmarks/DictionaryStorageBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        ),
        .executableTarget(
            name: "RecordStoreBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "package-benchmark"),
                .product(name: "LosslessJSON", package: "Keepsake"),
                .product(name: "DictionaryStorage", package: "Keepsake"),
                .product(name: "RecordStore", package: "Keepsake"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            path: "Benchmarks/RecordStoreBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        ),
        .executableTarget(
            name: "PostgresBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "package-benchmark"),
                .product(name: "LosslessJSON", package: "Keepsake"),
                .product(name: "DictionaryStorage", package: "Keepsake"),
                .product(name: "RecordStore", package: "Keepsake"),
                .product(name: "RecordStorePostgres", package: "Keepsake"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ],
            path: "Benchmarks/PostgresBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        ),
        .executableTarget(
            name: "ModelBrowserBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "package-benchmark"),
                .product(name: "LosslessJSON", package: "Keepsake"),
                .product(name: "DictionaryStorage", package: "Keepsake"),
                .product(name: "ModelBrowser", package: "Keepsake"),
                .product(name: "LosslessYAML", package: "Keepsake"),
            ],
            path: "Benchmarks/ModelBrowserBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        ),
        .executableTarget(
            name: "JSONSchemaBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "package-benchmark"),
                .product(name: "LosslessJSON", package: "Keepsake"),
                .product(name: "DictionaryStorage", package: "Keepsake"),
                .product(name: "ModelBrowser", package: "Keepsake"),
                .product(name: "JSONSchema", package: "Keepsake"),
                .product(name: "SchemaDescriptions", package: "Keepsake"),
            ],
            path: "Benchmarks/JSONSchemaBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
