// swift-tools-version: 6.0
//
// PokedexKit: a pure-Foundation Swift data layer, with a Pokédex as its worked domain.
//
// The library takes no package dependencies. Its modules are layered so that the generic parts
// stand alone: KeyPathQuery, then ModelStorage, then the backends (JSONFileStorage, and
// SQLiteStorage on SQLStorage), then PokedexKit. Documentation/Architecture.md draws the
// map, with the nested packages (Postgres/, Benchmarks/, Fuzz/) that depend on this one.
//
// The backends reach the record engine of ModelStorage through `package` declarations:
// visible to this package's modules, never to a client. The file stores' POSIX calls are in
// FileSystemSupport, a module of `package` declarations under JSONFileStorage and
// SQLiteStorage that no product names.
//
// Under them, InternalSupport holds what every module shares but no client may see (the one
// lock type); its declarations are `package`, and no product names it.

import PackageDescription

let package = Package(
    name: "PokedexKit",
    platforms: [
        .macOS(.v14),
        .iOS(.v17),
        .tvOS(.v17),
        .watchOS(.v10),
        .visionOS(.v1),
    ],
    products: [
        .library(name: "KeyPathQuery", targets: ["KeyPathQuery"]),
        .library(name: "ModelStorage", targets: ["ModelStorage"]),
        .library(name: "ModelStorageTesting", targets: ["ModelStorageTesting"]),
        .library(name: "SQLStorage", targets: ["SQLStorage"]),
        .library(name: "JSONFileStorage", targets: ["JSONFileStorage"]),
        .library(name: "SQLiteStorage", targets: ["SQLiteStorage"]),
        .library(name: "ModelSync", targets: ["ModelSync"]),
        .library(name: "PokedexKit", targets: ["PokedexKit"]),
        .library(name: "PokedexOfflineData", targets: ["PokedexOfflineData"]),
    ],
    targets: [
        // MARK: Libraries

        .target(name: "InternalSupport"),
        // The record JSON coders the stores read and write records with (the values and
        // errors JSONEncoder and JSONDecoder give, at a fraction of their cost) and the JSON
        // tokenizer that names where a file goes wrong; `package` declarations only, in no
        // product.
        .target(name: "RecordCoding"),
        .target(
            name: "KeyPathQuery",
            dependencies: ["InternalSupport"]
        ),
        .target(
            name: "ModelStorage",
            dependencies: ["InternalSupport", "KeyPathQuery", "RecordCoding"]
        ),
        // The POSIX file calls the file stores make (open, write, sync, rename, locks), each
        // failing with a StoreError that names the file; `package` declarations only, in no
        // product, and a fault can be injected into every call for the tests.
        .target(
            name: "FileSystemSupport",
            dependencies: ["ModelStorage"]
        ),
        .target(
            name: "JSONFileStorage",
            dependencies: [
                "InternalSupport", "KeyPathQuery", "ModelStorage", "FileSystemSupport",
                "RecordCoding",
            ]
        ),
        // Sync: a replica of a local database kept in step with a shared one through a
        // transport (in-process, or HTTP on URLSession), and the server side that answers it.
        .target(
            name: "ModelSync",
            dependencies: ["InternalSupport", "KeyPathQuery", "ModelStorage"]
        ),
        .target(
            name: "ModelStorageTesting",
            dependencies: ["InternalSupport", "ModelStorage"]
        ),
        // The system SQLite (libsqlite3-dev on Linux, the SDK's on Apple platforms). Only
        // SQLiteStorage and test support depend on it, so that the other libraries build
        // where SQLite's headers are absent.
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        // The layer the SQL backends share, written against a writer's connection; it needs
        // no database library, so a backend in another package (PostgresStorage) uses it too.
        .target(
            name: "SQLStorage",
            dependencies: ["InternalSupport", "KeyPathQuery", "ModelStorage", "RecordCoding"]
        ),
        .target(
            name: "SQLiteStorage",
            dependencies: [
                "InternalSupport", "KeyPathQuery", "ModelStorage", "SQLStorage",
                "FileSystemSupport", "RecordCoding",
                "CSQLite",
            ]
        ),
        .target(
            name: "PokedexKit",
            dependencies: [
                "InternalSupport", "KeyPathQuery", "ModelStorage", "ModelSync", "JSONFileStorage",
                "RecordCoding",
            ]
        ),
        // Every PokeAPI Pokémon, species, evolution chain, type, ability, move and learnset as
        // bundled resources (2.9 MB, made by Scripts/make-offline-data.py from
        // Data/pokeapi/all), in a product of their own so that apps which do not want the data
        // do not carry it.
        .target(
            name: "PokedexOfflineData",
            dependencies: ["PokedexKit", "RecordCoding"],
            resources: [.copy("Resources")]
        ),

        // MARK: Examples

        .executableTarget(
            name: "pokedex",
            dependencies: ["InternalSupport", "PokedexKit", "PokedexOfflineData", "SQLiteStorage"],
            path: "Examples/pokedex"
        ),
        .executableTarget(
            name: "timer-records",
            dependencies: ["KeyPathQuery", "ModelStorage", "JSONFileStorage"],
            path: "Examples/timer-records"
        ),

        // MARK: Test support (in no product: library users never build these)

        .target(
            name: "QueryTestSupport",
            dependencies: ["KeyPathQuery", "CSQLite"],
            path: "Tests/Support/QueryTestSupport"
        ),
        // The cross-target condition table: its rows, the Pokémon-shaped test model and its
        // fixture. KeyPathQueryTests runs it in memory, as NSPredicate formats and on SQLite;
        // the nested package Postgres/ compiles the same directory (a symbolic link) and runs
        // it on PostgreSQL.
        .target(
            name: "ConditionTableSupport",
            dependencies: ["KeyPathQuery"],
            path: "Tests/Support/ConditionTableSupport",
            exclude: ["Fixtures/README.md"],
            resources: [.copy("Fixtures/pokemon.json"), .copy("Fixtures/species.json")]
        ),
        // What several test targets share: a fresh temporary directory per test, the
        // executables built beside the tests, a child process's output read to its end, and
        // what a test needs of the machine (a Requirement: skipped where missing, failed in CI),
        // `Subprocess`, which starts every child (posix_spawn) instead of Foundation's
        // `Process.run()`, whose over-read of /proc/self/fd entries can crash the run.
        .target(
            name: "TestSupport",
            dependencies: ["InternalSupport"],
            path: "Tests/Support/TestSupport"
        ),
        // Starts Scripts/pokeapi-test-server.py, a local PokeAPI with injected faults, for the
        // client, sync and command-line tests.
        .target(
            name: "PokeAPITestServer",
            dependencies: ["TestSupport"],
            path: "Tests/Support/PokeAPITestServer"
        ),

        // MARK: Tests

        .testTarget(
            name: "TestSupportTests",
            dependencies: ["TestSupport"]
        ),
        .testTarget(
            name: "InternalSupportTests",
            dependencies: ["InternalSupport"]
        ),
        .testTarget(
            name: "KeyPathQueryTests",
            dependencies: [
                "InternalSupport", "KeyPathQuery", "ConditionTableSupport", "QueryTestSupport",
                "ModelStorageTesting",
            ]
        ),
        .testTarget(
            name: "ModelStorageTests",
            dependencies: [
                "InternalSupport", "ModelStorage", "FileSystemSupport", "JSONFileStorage",
                "ModelStorageTesting", "SQLiteStorage", "QueryTestSupport", "TestSupport",
                "RecordCoding",
            ],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "ModelSyncTests",
            dependencies: [
                "InternalSupport", "KeyPathQuery", "ModelStorage", "ModelSync", "JSONFileStorage",
                "SQLiteStorage",
            ]
        ),
        .testTarget(
            name: "SQLStorageTests",
            dependencies: ["InternalSupport", "KeyPathQuery", "ModelStorage", "SQLStorage"]
        ),
        .testTarget(
            name: "SQLiteStorageTests",
            dependencies: [
                "InternalSupport", "SQLiteStorage", "ModelStorageTesting", "PokedexKit", "CSQLite",
                "TestSupport", "RecordCoding",
            ],
            resources: [.copy("Fixtures")]
        ),
        // A child process for the file-store tests (JSON and SQLite): it saves in a loop and
        // reports each acknowledged save, so a test can kill it mid-write or contend for its lock.
        .executableTarget(
            name: "StoreCrashWriter",
            dependencies: [
                "InternalSupport", "ModelStorage", "FileSystemSupport", "JSONFileStorage",
                "ModelStorageTesting", "SQLiteStorage", "CSQLite",
            ],
            path: "Tests/Support/StoreCrashWriter"
        ),
        // A child process for the client tests: it fetches one response under a size limit
        // and reports the most memory it held, so that a test measures the client alone.
        .executableTarget(
            name: "ResponseSizeProbe",
            dependencies: ["PokedexKit"],
            path: "Tests/Support/ResponseSizeProbe"
        ),
        .testTarget(
            name: "PokedexCLITests",
            dependencies: [
                "pokedex", "timer-records", "PokedexKit", "PokedexOfflineData", "SQLiteStorage",
                "PokeAPITestServer", "TestSupport", "CSQLite", "InternalSupport",
            ]
        ),
        .testTarget(
            name: "PokedexKitTests",
            dependencies: [
                "InternalSupport", "PokedexKit", "PokedexOfflineData", "QueryTestSupport",
                "PokeAPITestServer", "TestSupport", "JSONFileStorage", "SQLiteStorage",
            ],
            resources: [.copy("Fixtures")]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// Upcoming language features, switched on for every target in one place.
for target in package.targets where target.type != .system {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    settings.append(.enableUpcomingFeature("MemberImportVisibility"))
    target.swiftSettings = settings
}
