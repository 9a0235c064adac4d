import Foundation

/// Runs every benchmark, prints a table, and writes the results as JSON.
///
///     swift run -c release --package-path Benchmarks pokedex-bench [--quick] [--json PATH]
///         [--only GROUP-NUMBER,...] [--sizes RECORDS,...]
@main
struct PokedexBench {
    static func main() async {
        do {
            let options = try Options(CommandLine.arguments.dropFirst())
            let bench = Bench(repetitions: options.quick ? 3 : 7, quick: options.quick)
            var results: [Result] = []
            // Each suite with the group numbers it measures.
            let suites: [(Set<Int>, (Bench) async throws -> [Result])] = [
                ([1, 2], ConditionBenchmarks.run),
                ([3], StoreBenchmarks.run),
                ([4], FileStoreBenchmarks.run),
                ([5], DecodingBenchmarks.run),
                ([6], SyncBenchmarks.run),
                ([7], LiveQueryBenchmarks.run),
                ([8], IndexBenchmarks.run),
                ([9], { try await SQLiteBenchmarks.run($0, sizes: options.sizes) }),
                ([10], { try await ReferenceBenchmarks.run($0, sizes: options.sizes) }),
                ([11], PokedexBenchmarks.run),
                ([12], PokedexStatisticsBenchmarks.run),
                ([13], MovesSearchAggregatesBenchmarks.run),
            ]
            for (numbers, run) in suites
            where options.only.isEmpty || !options.only.isDisjoint(with: numbers) {
                results += try await run(bench)
            }
            Report.print(results, quick: options.quick)
            try Report.write(results, quick: options.quick, to: options.jsonPath)
            print("\nJSON written to \(options.jsonPath.path)")
        } catch {
            FileHandle.standardError.write(Data("pokedex-bench: \(error)\n".utf8))
            exit(1)
        }
    }
}

/// The command line's options: ``BenchmarkArguments``, `--only` as group numbers.
struct Options {
    var quick: Bool
    var jsonPath: URL
    var only: Set<Int>
    /// The record counts of the SQLite benchmarks (group 9) and of the reference benchmarks
    /// (group 10, in Pokémon), when not their default.
    var sizes: [Int]?

    init(_ arguments: ArraySlice<String>) throws {
        let parsed = try BenchmarkArguments(
            arguments, jsonPath: URL(filePath: "Benchmarks/results/latest.json"),
            onlyExample: "group numbers, such as 1,4")
        quick = parsed.quick
        jsonPath = parsed.jsonPath
        only = Set(parsed.only.compactMap { Int($0) })
        sizes = parsed.sizes
    }
}
