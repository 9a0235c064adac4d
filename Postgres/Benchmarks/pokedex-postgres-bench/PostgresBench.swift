import Foundation
import PostgresTestServer

/// Measures `PostgresStore` against hand-written postgres-nio code on the same table, and
/// `PostgresModelDatabase`'s conditions that follow references against hand-written joins on
/// the same tables, on a private PostgreSQL server that flushes every commit to the disk,
/// prints a table, and writes the results as JSON.
///
///     swift run -c release --package-path Postgres pokedex-postgres-bench [--quick]
///         [--json PATH] [--sizes RECORDS,...] [--only OPERATION,...]
@main
struct PostgresBench {
    static func main() async {
        do {
            let options = try Options(CommandLine.arguments.dropFirst())
            let results = try await measure(options)
            Report.print(results, quick: options.quick, title: "PostgresStore benchmarks")
            try Report.write(results, quick: options.quick, to: options.jsonPath)
            print("\nJSON written to \(options.jsonPath.path)")
        } catch {
            // postgres-nio's errors describe themselves only when reflected.
            FileHandle.standardError.write(
                Data("pokedex-postgres-bench: \(String(reflecting: error))\n".utf8))
            exit(1)
        }
    }

    /// Starts the server, runs the benchmarks on it, and stops it.
    nonisolated static func measure(_ options: Options) async throws -> [Result] {
        let bench = Bench(repetitions: options.quick ? 3 : 7, quick: options.quick)
        return try await PostgresTestServer.withServer(durability: .durable) { server in
            try await PostgresBenchmarks.run(
                bench, sizes: options.sizes, only: options.only, on: server)
        }
    }
}

/// The command line's options: ``BenchmarkArguments``, `--only` as operations
/// (``PostgresBenchmarks/operations``).
struct Options {
    var quick: Bool
    var jsonPath: URL
    /// The record counts of the tables, when not the default.
    var sizes: [Int]?
    /// The operations to measure, when not all.
    var only: Set<String>

    init(_ arguments: ArraySlice<String>) throws {
        let known = PostgresBenchmarks.operations
        let parsed = try BenchmarkArguments(
            arguments, jsonPath: URL(filePath: "Postgres/Benchmarks/results/latest.json"),
            onlyExample: "operations among " + known.joined(separator: ","))
        guard parsed.only.allSatisfy(known.contains) else {
            throw BenchmarkError.setup(
                "--only needs operations among \(known.joined(separator: ",")), not "
                    + parsed.only.joined(separator: ","))
        }
        quick = parsed.quick
        jsonPath = parsed.jsonPath
        sizes = parsed.sizes
        only = Set(parsed.only)
    }
}
