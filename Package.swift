// swift-tools-version:6.1
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "planboard",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "planboard", targets: ["planboard"]),
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1", traits: []),
        .package(url: "https://github.com/hummingbird-project/swift-mustache.git", from: "2.1.1"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing.git", from: "1.19.7"),
        .package(url: "https://github.com/adam-fowler/compress-nio.git", from: "1.5.0"),
        // Already built for Hummingbird's dependencies; PlanBoard signs its session tokens with its HMAC.
        .package(url: "https://github.com/apple/swift-crypto.git", "3.0.0"..<"5.0.0"),
        .package(url: "https://github.com/vapor/multipart-kit.git", from: "4.7.1"),
        // The board in PostgreSQL, for several PlanBoard servers on one board (only PlanPostgres links it).
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
    ],
    targets: [
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        // _FoundationICU (the toolchain's ICU, which Foundation itself links) for SimplifiedRules.
        .target(name: "PlanCore", swiftSettings: swiftSettings, linkerSettings: [.linkedLibrary("_FoundationICU", .when(platforms: [.linux]))]),
        .target(name: "PlanNotes", dependencies: ["CLibXML2", "PlanMarkdown"], swiftSettings: swiftSettings),
        .target(name: "PlanMarkdown", swiftSettings: swiftSettings),
        // The BoardStore protocol and the rules every store follows (planners that decide each change);
        // it links no database, so the web layer and each store depend on it alone.
        .target(name: "PlanStore", dependencies: ["PlanCore"], swiftSettings: swiftSettings),
        .target(
            name: "PlanSQLite",
            dependencies: ["PlanCore", "PlanStore", .product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "PlanPostgres",
            dependencies: [
                "PlanCore", "PlanStore",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                // Its pool's errors, to tell "the database is away" from a failed statement.
                .product(name: "_ConnectionPoolModule", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "PlanWeb",
            dependencies: [
                "PlanCore", "PlanStore", "PlanNotes", "PlanMarkdown",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "MultipartKit", package: "multipart-kit"),
            ],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "planboard",
            dependencies: [
                "PlanWeb", "PlanStore", "PlanSQLite", "PlanPostgres", "PlanCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "planboard-bench",
            dependencies: [
                "PlanWeb", "PlanStore", "PlanSQLite", "PlanCore", .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"), .product(name: "GRDB", package: "GRDB.swift"),
            ],
            path: "Benchmarks/planboard-bench",
            swiftSettings: swiftSettings
        ),
        .executableTarget(name: "sanitize-notes", dependencies: ["PlanNotes"], swiftSettings: swiftSettings),
        .executableTarget(name: "notes-bench", dependencies: ["PlanNotes"], path: "Benchmarks/notes-bench", swiftSettings: swiftSettings),
        .executableTarget(
            name: "markdown-bench", dependencies: ["PlanMarkdown"], path: "Benchmarks/markdown-bench", swiftSettings: swiftSettings
        ),
        .testTarget(name: "PlanNotesTests", dependencies: ["PlanNotes", "CLibXML2"], exclude: ["Fixtures"], swiftSettings: swiftSettings),
        .testTarget(name: "PlanMarkdownTests", dependencies: ["PlanMarkdown"], exclude: ["Fixtures"], swiftSettings: swiftSettings),
        .testTarget(name: "PlanCoreTests", dependencies: ["PlanCore"], swiftSettings: swiftSettings),
        .testTarget(
            name: "PlanStoreTests",
            dependencies: [
                "PlanStore", "PlanSQLite", "PlanCore", "PlanPostgres",
                .product(name: "GRDB", package: "GRDB.swift"), .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            exclude: ["Fixtures"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "PlanWebTests",
            dependencies: [
                "PlanWeb", "PlanCore", "PlanStore", "PlanSQLite", "PlanNotes",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
                .product(name: "CompressNIO", package: "compress-nio"),
            ],
            exclude: ["__Snapshots__", "Fixtures"],
            swiftSettings: swiftSettings
        ),
    ]
)
