// swift-tools-version: 6.0
//
// PokedexKit: a pure-Foundation Swift data layer, with a Pokédex as its worked domain.
//
// The library takes no package dependencies. Its modules are layered so that the generic parts
// stand alone:
//
//   KeyPathQuery   type-safe key-path conditions, evaluated in memory and rendered to
//                  NSPredicate format strings and SQL
//   ModelStorage   one storage protocol with in-memory and JSON-file backends (uses KeyPathQuery)
//   PokedexKit     the Pokémon models, the PokeAPI client and sync (re-exports both)

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
        .library(name: "PokedexKit", targets: ["PokedexKit"]),
    ],
    targets: [
        // MARK: Libraries

        .target(name: "KeyPathQuery"),
        .target(
            name: "ModelStorage",
            dependencies: ["KeyPathQuery"]
        ),
        .target(
            name: "ModelStorageTesting",
            dependencies: ["ModelStorage"]
        ),
        .target(
            name: "PokedexKit",
            dependencies: ["KeyPathQuery", "ModelStorage"]
        ),

        // MARK: Tests

        .testTarget(
            name: "KeyPathQueryTests",
            dependencies: ["KeyPathQuery"]
        ),
        .testTarget(
            name: "ModelStorageTests",
            dependencies: ["ModelStorage", "ModelStorageTesting"]
        ),
        // A child process for the file-store tests: it saves in a loop and reports each
        // acknowledged save, so a test can kill it mid-write or contend for its lock.
        .executableTarget(
            name: "StoreCrashWriter",
            dependencies: ["ModelStorage", "ModelStorageTesting"],
            path: "Tests/Support/StoreCrashWriter"
        ),
        .testTarget(
            name: "PokedexKitTests",
            dependencies: ["PokedexKit"],
            resources: [.copy("Fixtures")]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// Upcoming language features, switched on for every target in one place.
for target in package.targets {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    settings.append(.enableUpcomingFeature("MemberImportVisibility"))
    target.swiftSettings = settings
}
