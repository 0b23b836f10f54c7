// swift-tools-version:6.2
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
]

/// How the console's SQLite is compiled (Sources/StandSQLite). Debian's choices where they
/// matter to the store (secure delete, 250,000 parameters, the math functions, dbstat), and:
/// - QPSG, the query planner stability guarantee: a plan never depends on a bound value. Without
///   it 3.54.1 (unlike 3.40.1) recompiles a statement with a `LIMIT ?` at every run, which costs
///   every page its statements' compilation (StatementReuseTests).
/// - no loadable extensions, no double-quoted string literals.
/// - optimised in debug builds too: the tests run the store for real.
let sqliteOptions: [CSetting] = [
    .define("SQLITE_THREADSAFE", to: "1"),
    .define("SQLITE_DEFAULT_MEMSTATUS", to: "0"),
    .define("SQLITE_DQS", to: "0"),
    .define("SQLITE_ENABLE_QPSG"),
    .define("SQLITE_SECURE_DELETE"),
    .define("SQLITE_MAX_VARIABLE_NUMBER", to: "250000"),
    .define("SQLITE_ENABLE_MATH_FUNCTIONS"),
    .define("SQLITE_ENABLE_DBSTAT_VTAB"),
    .define("SQLITE_ENABLE_COLUMN_METADATA"),
    .define("SQLITE_ENABLE_FTS5"),
    .define("SQLITE_LIKE_DOESNT_MATCH_BLOBS"),
    .define("SQLITE_OMIT_LOAD_EXTENSION"),
    .define("SQLITE_OMIT_DEPRECATED"),
    .define("SQLITE_OMIT_SHARED_CACHE"),
    .unsafeFlags(["-O2", "-w"]),
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
        // TLS to PostgreSQL (postgres-nio takes a NIOSSLContext); already one of postgres-nio's dependencies.
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        // Not for its Swift API: for the copy of SQLite it carries (3.54.1), which Sources/StandSQLite compiles for GRDB.
        .package(url: "https://github.com/vapor/sqlite-nio.git", from: "1.13.2"),
    ],
    targets: [
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        // The SQLite GRDB runs on: sqlite-nio's copy of 3.54.1 under SQLite's own names, so that
        // nothing reaches Debian's 3.40.1 with its WAL-reset bug (Sources/StandSQLite/SQLite.c).
        .target(
            name: "StandSQLite",
            dependencies: [.product(name: "SQLiteNIO", package: "sqlite-nio")],
            cSettings: sqliteOptions
        ),
        .target(
            name: "HTMLSafety",
            dependencies: ["CLibXML2"],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "StandCore",
            dependencies: [
                "StandSQLite",
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
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
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
        .testTarget(
            name: "StandCoreTests",
            dependencies: ["StandCore", "StandTestSupport", .product(name: "InMemoryLogging", package: "swift-log")],
            swiftSettings: swiftSettings
        ),
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
