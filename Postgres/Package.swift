// swift-tools-version: 6.0
//
// PostgreSQL for PokedexKit. A separate package, so that the library's users never build
// postgres-nio unless they ask for it; it depends on the library by path:
//
//   swift test --package-path Postgres
//
// The tests start a private PostgreSQL server of their own (initdb into a temporary
// directory, a Unix socket, as `nobody` when run as root) and stop it afterwards; see
// README.md. Debian: apt-get install postgresql.

import PackageDescription

let package = Package(
    name: "PokedexKitPostgres",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "PostgresStorage", targets: ["PostgresStorage"])
    ],
    dependencies: [
        .package(name: "PokedexKit", path: ".."),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        // SHA-256 for the service's sync tokens, which it keeps only as hashes.
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
    ],
    targets: [
        // MARK: Libraries

        // PostgresStore: a ModelStore in a PostgreSQL database, through postgres-nio.
        .target(
            name: "PostgresStorage",
            dependencies: [
                .product(name: "KeyPathQuery", package: "PokedexKit"),
                .product(name: "ModelStorage", package: "PokedexKit"),
                .product(name: "SQLStorage", package: "PokedexKit"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ]
        ),

        // MARK: Examples

        // pokedex-service: a small HTTP API over PostgresStore<Pokemon> (Hummingbird 2); run
        // as many instances on one database as you like. See README.md.
        .executableTarget(
            name: "pokedex-service",
            dependencies: [
                "PostgresStorage",
                .product(name: "ModelStorage", package: "PokedexKit"),
                .product(name: "ModelSync", package: "PokedexKit"),
                .product(name: "PokedexKit", package: "PokedexKit"),
                .product(name: "PokedexOfflineData", package: "PokedexKit"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ],
            path: "Examples/PokedexService",
            resources: [.copy("Web")]
        ),

        // MARK: Test support (in no product)

        // A private PostgreSQL server for a test run.
        .target(
            name: "PostgresTestServer",
            dependencies: [.product(name: "PostgresNIO", package: "postgres-nio")],
            path: "Tests/Support/PostgresTestServer"
        ),
        // The root package's cross-target condition table (Tests/Support/ConditionTableSupport),
        // compiled here through a symbolic link: one table, run on every target.
        .target(
            name: "SharedConditionTable",
            dependencies: [.product(name: "KeyPathQuery", package: "PokedexKit")],
            path: "Tests/Support/SharedConditionTable",
            exclude: ["Fixtures/README.md"],
            resources: [.copy("Fixtures/pokemon.json"), .copy("Fixtures/species.json")]
        ),

        // A second process for the live-query tests: it commits one change through its own
        // PostgresStore.
        .executableTarget(
            name: "PostgresStoreWriter",
            dependencies: [
                "PostgresStorage",
                .product(name: "ModelStorage", package: "PokedexKit"),
                .product(name: "ModelStorageTesting", package: "PokedexKit"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ],
            path: "Tests/Support/PostgresStoreWriter"
        ),

        // A device for the sync crash tests: a Pokédex over a SQLite file of its own that
        // writes favorites and notes at random and syncs with pokedex-service, printing a
        // line per write it acknowledged; the tests kill it and start it again.
        .executableTarget(
            name: "SyncReplicaWorker",
            dependencies: [
                .product(name: "ModelStorage", package: "PokedexKit"),
                .product(name: "ModelSync", package: "PokedexKit"),
                .product(name: "PokedexKit", package: "PokedexKit"),
                .product(name: "PokedexOfflineData", package: "PokedexKit"),
                .product(name: "SQLiteStorage", package: "PokedexKit"),
            ],
            path: "Tests/Support/SyncReplicaWorker"
        ),

        // MARK: Benchmarks

        // PostgresStore against hand-written postgres-nio code on the same table, on a private
        // server of its own (Documentation/Performance.md). Its harness is the root
        // benchmark's, through the symbolic link Benchmarks/pokedex-postgres-bench/Harness, and
        // so are group 10's models (the link ReferenceModels.swift beside it):
        //
        //   swift run -c release --package-path Postgres pokedex-postgres-bench [--quick]
        .executableTarget(
            name: "pokedex-postgres-bench",
            dependencies: [
                "PostgresStorage", "PostgresTestServer",
                .product(name: "KeyPathQuery", package: "PokedexKit"),
                .product(name: "ModelStorage", package: "PokedexKit"),
                .product(name: "ModelSync", package: "PokedexKit"),
                .product(name: "PokedexKit", package: "PokedexKit"),
                .product(name: "PokedexOfflineData", package: "PokedexKit"),
                .product(name: "SQLiteStorage", package: "PokedexKit"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ],
            path: "Benchmarks/pokedex-postgres-bench"
        ),

        // MARK: Tests

        .testTarget(
            name: "PostgresDialectTests",
            dependencies: [
                "PostgresTestServer", "SharedConditionTable",
                .product(name: "KeyPathQuery", package: "PokedexKit"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ]
        ),
        .testTarget(
            name: "PostgresStorageTests",
            dependencies: [
                "PostgresStorage", "PostgresTestServer", "PostgresStoreWriter",
                .product(name: "KeyPathQuery", package: "PokedexKit"),
                .product(name: "ModelStorage", package: "PokedexKit"),
                .product(name: "ModelStorageTesting", package: "PokedexKit"),
                .product(name: "SQLStorage", package: "PokedexKit"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ]
        ),
        .testTarget(
            name: "PokedexServiceTests",
            dependencies: [
                "pokedex-service", "PostgresTestServer", "SyncReplicaWorker",
                .product(name: "PokedexKit", package: "PokedexKit"),
                .product(name: "ModelSync", package: "PokedexKit"),
                .product(name: "SQLiteStorage", package: "PokedexKit"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "PokedexOfflineData", package: "PokedexKit"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// Upcoming language features, switched on for every target in one place, as in the root.
for target in package.targets {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    settings.append(.enableUpcomingFeature("MemberImportVisibility"))
    target.swiftSettings = settings
}
