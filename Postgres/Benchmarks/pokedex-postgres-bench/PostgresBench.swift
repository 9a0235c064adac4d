import Foundation
import PostgresTestServer

/// Measures `PostgresStore` against hand-written postgres-nio code on the same table, on a
/// private PostgreSQL server that flushes every commit to the disk, prints a table, and
/// writes the results as JSON.
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

/// The command line's options.
struct Options {
    var quick = false
    var jsonPath = URL(filePath: "Postgres/Benchmarks/results/latest.json")
    /// The record counts of the tables, when not the default.
    var sizes: [Int]?
    /// The operations to measure, when not all (``PostgresBenchmarks/operations``).
    var only: Set<String> = []

    init(_ arguments: ArraySlice<String>) throws {
        var arguments = arguments
        while let argument = arguments.popFirst() {
            switch argument {
            case "--quick": quick = true
            case "--json":
                guard let path = arguments.popFirst() else {
                    throw BenchmarkError.setup("--json needs a path")
                }
                jsonPath = URL(filePath: path)
            case "--sizes":
                guard let list = arguments.popFirst() else {
                    throw BenchmarkError.setup("--sizes needs record counts, such as 1000,100000")
                }
                sizes = list.split(separator: ",").compactMap { Int($0) }
            case "--only":
                let known = PostgresBenchmarks.operations
                guard let list = arguments.popFirst().map({ $0.split(separator: ",") }),
                    list.allSatisfy({ known.contains(String($0)) })
                else {
                    throw BenchmarkError.setup(
                        "--only needs operations among \(known.joined(separator: ","))")
                }
                only = Set(list.map(String.init))
            default:
                throw BenchmarkError.setup(
                    "unknown argument \(argument); use --quick, --json PATH, "
                        + "--sizes 1000,100000, --only "
                        + PostgresBenchmarks.operations.joined(separator: ","))
            }
        }
    }
}
