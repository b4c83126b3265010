// swift-tools-version: 6.3
import PackageDescription

// The benchmarks are a package of their own, so that `swift build` at the root never builds the
// benchmark tooling. Run them from this folder: `swift package --disable-sandbox benchmark`.
let package = Package(
    name: "AppCoreBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "AppCore", path: ".."),
        // Its default traits pull a package that is not available offline; name the one we use.
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "HotPath",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "AppCore", package: "AppCore"),
                .product(name: "Stores", package: "AppCore"),
            ],
            path: "Benchmarks/HotPath",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // The hot path alone, as a program of its own, for counting its instructions (`count-instructions`).
        .executableTarget(
            name: "HotPathInstructions",
            dependencies: [.product(name: "AppCore", package: "AppCore")],
            path: "Tools/HotPathInstructions"
        ),
        // One durable change after another, for counting their instructions (`count-durable-instructions`).
        .executableTarget(
            name: "DurableChange",
            dependencies: [.product(name: "AppCore", package: "AppCore"), .product(name: "Stores", package: "AppCore")],
            path: "Tools/DurableChange"
        ),
        // Not a benchmark and not in CI: random inputs through the dice parser, roller and weigher.
        // Run it from this folder: `swift run -c release DiceFuzz [inputs] [seed]`.
        .executableTarget(
            name: "DiceFuzz",
            dependencies: [.product(name: "AppCore", package: "AppCore")],
            path: "Tools/DiceFuzz"
        ),
    ],
    swiftLanguageModes: [.v6]
)
