// swift-tools-version: 6.1
import PackageDescription

let argumentParser = Target.Dependency.product(name: "ArgumentParser", package: "swift-argument-parser")

let package = Package(
    name: "AppCore",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Fractal", targets: ["Fractal"]),
        .library(name: "Stores", targets: ["Stores"]),
        .library(name: "AppCore", targets: ["AppCore"]),
        .executable(name: "coin", targets: ["coin"]),
        .executable(name: "dice", targets: ["dice"]),
        .executable(name: "todo", targets: ["todo"]),
        .executable(name: "headless", targets: ["headless"]),
        .executable(name: "web", targets: ["web"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
        // The web program's HTTP server. Its default traits (swift-configuration, full Foundation) are
        // left off: the program reads its own options, and builds faster without them.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        // Hummingbird's own: named here for what the web program says to them (its log's level, the
        // headers of its responses, and live pages that end when the server is told to stop).
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        // Hummingbird's own too: the web program's guard at each connection is a channel handler of
        // SwiftNIO's, reading the request's parts as swift-nio-extras types them.
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    ],
    targets: [
        // The pattern alone, on the standard library alone: the module shape, the store and its
        // memory variant, lift and scope, slices read when first used, injected randomness.
        .target(name: "Fractal"),
        // What the stores, the core and the programs share beside the pattern: time and the
        // calendar, the JSON form of values, a few text helpers.
        .target(name: "Essentials"),
        // The durable stores: their binary form, journals, the disk, SQLite and PostgreSQL
        // variants, migrations.
        .target(name: "Stores", dependencies: ["Fractal", "Essentials", "CSQLite", "CLibPQ"]),
        // The system's libsqlite3, for the SQLite store.
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        // The system's libpq, PostgreSQL's own client library, for the PostgreSQL store: its header
        // only, for libpq is opened when first used rather than linked (Sources/CLibPQ/shim.h).
        .systemLibrary(name: "CLibPQ", providers: [.apt(["libpq-dev"])]),
        // The one immutable core every program shares.
        .target(
            name: "AppCore",
            dependencies: [
                "Fractal", "Essentials", "Stores", .product(name: "Collections", package: "swift-collections"),
            ]),
        // Scenarios: the format, the runner, the reports; and recording a program's session as one.
        .target(name: "Headless", dependencies: ["AppCore", "Essentials", "Fractal", "Stores"]),
        // What every program shares: store options, rendering, exit codes, recording.
        .target(
            name: "ProgramKit",
            dependencies: [
                "AppCore", "Essentials", "Fractal", "Headless", "Stores", argumentParser,
            ]
        ),
        // Each program names every module its files import (`.ci/check-imports` holds it to that):
        // SwiftPM rebuilds a target only along the edges declared here.
        .executableTarget(
            name: "coin", dependencies: ["AppCore", "Essentials", "ProgramKit", argumentParser], path: "Apps/coin"),
        .executableTarget(
            name: "dice", dependencies: ["AppCore", "Essentials", "ProgramKit", argumentParser], path: "Apps/dice"),
        .executableTarget(
            name: "todo", dependencies: ["AppCore", "Essentials", "ProgramKit", argumentParser], path: "Apps/todo"),
        .executableTarget(
            name: "headless", dependencies: ["Essentials", "Headless", "ProgramKit", argumentParser], path: "Apps/headless"),
        // The same core in a browser: one core for the server's life, pages made on the server.
        .executableTarget(
            name: "web",
            dependencies: [
                "AppCore", "Headless", "ProgramKit", argumentParser,
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            path: "Apps/web"),

        .testTarget(name: "FractalTests", dependencies: ["Fractal", "StoreTestSupport"]),
        .testTarget(name: "EssentialsTests", dependencies: ["Essentials"]),
        .testTarget(
            name: "StoresTests",
            dependencies: ["CSQLite", "Essentials", "Fractal", "Stores", "StoreTestSupport", "store-exerciser"]),
        // Test-only: a state for durable-store tests, a program that writes it from another process,
        // and which tests run (`TestLane`).
        .target(
            name: "StoreTestSupport", dependencies: ["Fractal", "Stores", "CSQLite"], path: "Tests/StoreTestSupport"),
        .executableTarget(
            name: "store-exerciser", dependencies: ["Fractal", "Stores", "StoreTestSupport"],
            path: "Tests/StoreExerciser"),
        .testTarget(
            name: "AppCoreTests", dependencies: ["AppCore", "Essentials", "Fractal", "Stores", "StoreTestSupport"]),
        .testTarget(name: "HeadlessTests", dependencies: ["AppCore", "Essentials", "Headless"]),
        // End-to-end: runs the built programs as a user would.
        .testTarget(
            name: "ProgramTests",
            dependencies: [
                "coin", "dice", "todo", "headless", "web", "CSQLite", "Fractal", "ProgramKit", "StoreTestSupport",
                argumentParser, .product(name: "NIOCore", package: "swift-nio"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
