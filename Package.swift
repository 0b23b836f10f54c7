// swift-tools-version:6.2
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "stand-admin",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "stand-admin", targets: ["stand-admin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth.git", from: "2.5.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache.git", from: "2.1.1"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/weichsel/ZIPFoundation.git", from: "0.9.20"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/yaslab/CSV.swift.git", from: "2.5.2"),
        .package(url: "https://github.com/vapor/multipart-kit.git", from: "4.7.1"),
        .package(url: "https://github.com/apple/swift-crypto.git", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
    ],
    targets: [
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        .target(
            name: "HTMLSafety",
            dependencies: ["CLibXML2"],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "StandCore",
            dependencies: [
                .product(name: "GRDB", package: "GRDB.swift"),
                // The SQLite C API: a draw reads a million UUIDs as bytes, not as a million Strings.
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "CSV", package: "CSV.swift"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                // Telling Firebase and AWS that an account was deleted (docs/erasure.md).
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                // The store on a PostgreSQL server (docs/store.md).
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "StandWeb",
            dependencies: [
                "StandCore",
                "HTMLSafety",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "CSV", package: "CSV.swift"),
                .product(name: "MultipartKit", package: "multipart-kit"),
            ],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "stand-admin",
            dependencies: [
                "StandWeb",
                "StandCore",
                "HTMLSafety",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        // Temporary folders the test targets share, removed when the tests are done.
        .target(name: "StandTestSupport", dependencies: ["StandCore"], path: "Tests/StandTestSupport", swiftSettings: swiftSettings),
        .testTarget(name: "HTMLSafetyTests", dependencies: ["HTMLSafety", "StandTestSupport"], swiftSettings: swiftSettings),
        .testTarget(name: "StandCoreTests", dependencies: ["StandCore", "StandTestSupport"], swiftSettings: swiftSettings),
        .testTarget(
            name: "StandWebTests",
            dependencies: [
                "StandWeb",
                "StandCore",
                "HTMLSafety",
                "StandTestSupport",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "CSV", package: "CSV.swift"),
                // The SQLite C API, to ask each connection about its prepared statements.
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                // To open a person's data export as they would.
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(name: "StandAdminTests", dependencies: ["stand-admin", "StandTestSupport"], swiftSettings: swiftSettings),
    ]
)
