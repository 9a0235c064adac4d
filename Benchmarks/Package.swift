// swift-tools-version: 6.0
//
// Benchmarks for PokedexKit, measured side by side with what users would write instead.
// A separate package, so the library's users never build it:
//
//   swift run -c release --package-path Benchmarks pokedex-bench [--quick] [--json PATH]
//
// It may depend on packages (the library's root manifest never does): GRDB is the baseline
// SQLiteStore is measured against, beside hand-written code on SQLite's C API.

import PackageDescription

let package = Package(
    name: "PokedexKitBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "PokedexKit", path: ".."),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        // The system SQLite, for the C API baseline (libsqlite3-dev on Linux).
        .systemLibrary(
            name: "SQLiteCAPI",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        .executableTarget(
            name: "pokedex-bench",
            dependencies: [
                .product(name: "JSONFileStorage", package: "PokedexKit"),
                .product(name: "PokedexKit", package: "PokedexKit"),
                .product(name: "PokedexOfflineData", package: "PokedexKit"),
                .product(name: "SQLiteStorage", package: "PokedexKit"),
                .product(name: "GRDB", package: "GRDB.swift"),
                "SQLiteCAPI",
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
