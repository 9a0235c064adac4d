// swift-tools-version: 6.0
//
// Benchmarks for PokedexKit, measured side by side with what users would write instead.
// A separate package, so the library's users never build it:
//
//   swift run -c release --package-path Benchmarks pokedex-bench [--quick] [--json PATH]

import PackageDescription

let package = Package(
    name: "PokedexKitBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "PokedexKit", path: "..")
    ],
    targets: [
        .executableTarget(
            name: "pokedex-bench",
            dependencies: [
                .product(name: "PokedexKit", package: "PokedexKit")
            ]
        )
    ],
    swiftLanguageModes: [.v6]
)
