// swift-tools-version: 6.0
//
// libFuzzer targets for PokedexKit, one executable per entry point that takes bytes from
// outside. A separate package, so the library's users never build it. Built with the fuzzer
// and AddressSanitizer (LeakSanitizer included):
//
//   bash Scripts/fuzz.sh [target|all] [seconds|runs]
//
// which runs, for one target:
//
//   swift build --package-path Fuzz -c release -Xswiftc -sanitize=fuzzer,address \
//       -Xswiftc -enable-testing
//   Fuzz/.build/release/<target> --write-seeds Fuzz/corpus-<target>
//   Fuzz/.build/release/<target> Fuzz/corpus-<target> -max_total_time=60
//
// Built without the sanitizers (`swift build --package-path Fuzz`), each target runs the
// files it is given once: a crash's input replays under a debugger.

import PackageDescription

let package = Package(
    name: "PokedexKitFuzz",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "PokedexKit", path: "..")
    ],
    targets: [
        // libFuzzer's driver entry point, with a stand-in that replays files when libFuzzer
        // is not linked.
        .target(name: "CLibFuzzer"),
        .target(name: "FuzzSupport", dependencies: ["CLibFuzzer"]),
        // Store files written by the real store from the real fixtures, for the seeds.
        .target(
            name: "StoreFuzzSupport",
            dependencies: [
                "FuzzSupport",
                .product(name: "JSONFileStorage", package: "PokedexKit"),
                .product(name: "ModelStorage", package: "PokedexKit"),
                .product(name: "PokedexKit", package: "PokedexKit"),
            ]
        ),
        .executableTarget(
            name: "fuzz-fetched-pokemon",
            dependencies: ["FuzzSupport", .product(name: "PokedexKit", package: "PokedexKit")]
        ),
        .executableTarget(
            name: "fuzz-resource-list",
            dependencies: ["FuzzSupport", .product(name: "PokedexKit", package: "PokedexKit")]
        ),
        // The store targets reach the file format's internal parsers, in JSONFileStorage, with
        // `@testable import` (debug builds, or release ones with `-enable-testing`).
        .executableTarget(
            name: "fuzz-store-document",
            dependencies: [
                "FuzzSupport", "StoreFuzzSupport",
                .product(name: "JSONFileStorage", package: "PokedexKit"),
                .product(name: "ModelStorage", package: "PokedexKit"),
                .product(name: "PokedexKit", package: "PokedexKit"),
            ]
        ),
        .executableTarget(
            name: "fuzz-store-journal",
            dependencies: [
                "FuzzSupport", "StoreFuzzSupport",
                .product(name: "JSONFileStorage", package: "PokedexKit"),
                .product(name: "ModelStorage", package: "PokedexKit"),
                .product(name: "PokedexKit", package: "PokedexKit"),
            ]
        ),
        .executableTarget(
            name: "fuzz-condition-rendering",
            dependencies: [
                "FuzzSupport",
                .product(name: "KeyPathQuery", package: "PokedexKit"),
                .product(name: "PokedexKit", package: "PokedexKit"),
            ]
        ),
        // The text search's folding, tokenizer and parser, with `@testable import` for the
        // tokenizer's own view of a scalar.
        .executableTarget(
            name: "fuzz-text-search",
            dependencies: ["FuzzSupport", .product(name: "KeyPathQuery", package: "PokedexKit")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
