import Foundation
import PokedexKit
import SQLiteStorage

/// Group 11's whole-process rows, each timed from the process's start to its exit, so that
/// everything a user waits for is counted:
///
/// - `pokedex sync` of every family from the bundled data into a new SQLite store, moves and
///   learnsets included, against the budget of 3 s that issue 42 sets for it (1.5 s before
///   the sync brought 937 moves and 77,622 learnset entries): loading the program, decoding the bundle, building the records, the
///   sync's bookkeeping, the commits, the progress output and closing the store;
/// - the README's first run after it, `pokedex show charizard` from that store, against the
///   budget of 50 ms: loading the program, opening the store, finding the name, reading the
///   entry's records and printing it (``entryProcesses(_:group:commands:)``, which group 13
///   runs for `show --lang ja charizard` and `moves charizard`).
extension PokedexBenchmarks {
    /// The sync's budget, in seconds: a full offline sync with moves under 3 s.
    static let syncBudget = 3.0

    /// The budget of one `pokedex show` (or `moves`) from a synced store, in seconds.
    static let showBudget = 0.05

    static func syncProcess(_ bench: Bench) async throws -> Result {
        // The full run times the release build users install; the quick run (a smoke test in
        // CI) the debug build `swift test` has already made.
        let configuration = bench.quick ? "debug" : "release"
        let executable = try buildPokedex(configuration: configuration)
        var checked = false
        func syncOnce() async throws -> Double {
            try await Fixtures.withTemporaryDirectory { directory in
                let store = directory.appending(path: "dex.sqlite")
                let seconds = try await Bench.time {
                    try run(executable, ["sync", "--store", store.path(percentEncoded: false)])
                }
                if !checked {
                    try await checkSynced(store)
                    checked = true
                }
                return seconds
            }
        }
        return try await bench.compareMeasured(
            group: group,
            name: "pokedex sync of every family into a new SQLite store, whole process",
            // A debug build is no measure of the budget: the quick run reports it only.
            target: bench.quick ? .report : .atMost(1),
            candidate: ("\(configuration) build, a new process each run", syncOnce),
            baseline: ("the budget: \(syncBudget) s", { syncBudget }),
            note: "1,351 Pokémon with their 1,025 species, 541 chains, 21 types and 373 "
                + "abilities from the bundled offline data; the program's start, the bundle's "
                + "decoding, every commit and the exit counted",
            repetitions: bench.quick ? 1 : 7)
    }

    /// Commands that read one entry from the SQLite store `pokedex sync` made, as the
    /// README's first run has them (group 11: `show charizard`; group 13: `show --lang ja
    /// charizard` and `moves charizard`), each run a new process, against the budget of
    /// 50 ms each: one sync, then a row for each command.
    ///
    /// - Parameters:
    ///   - bench: The bench.
    ///   - group: The group the rows are listed under.
    ///   - commands: Each command's arguments (before `--store`), and a text its output
    ///     must contain, checked before it is timed.
    /// - Returns: A row for each command, in order.
    /// - Throws: ``BenchmarkError`` when the build, the sync or a command fails, or a
    ///   command's output lacks its text.
    static func entryProcesses(
        _ bench: Bench, group: String, commands: [(arguments: [String], expected: String)]
    ) async throws -> [Result] {
        let configuration = bench.quick ? "debug" : "release"
        let executable = try buildPokedex(configuration: configuration)
        return try await Fixtures.withTemporaryDirectory { directory in
            let store = directory.appending(path: "dex.sqlite").path(percentEncoded: false)
            try run(executable, ["sync", "--store", store])
            var results: [Result] = []
            for (arguments, expected) in commands {
                let command = arguments + ["--store", store]
                let output = try run(executable, command, capturing: true)
                let shown = "pokedex \(arguments.joined(separator: " "))"
                guard output.contains(expected) else {
                    throw BenchmarkError.disagreement(
                        "\(shown) printed \(output.prefix(80).debugDescription), without "
                            + expected.debugDescription)
                }
                results.append(
                    try await bench.compareMeasured(
                        group: group, name: "\(shown) from a synced SQLite store, whole process",
                        target: bench.quick ? .report : .atMost(1),
                        candidate: (
                            "\(configuration) build, a new process each run",
                            { try await Bench.time { try run(executable, command) } }
                        ),
                        baseline: ("the budget: \(Int(showBudget * 1000)) ms", { showBudget }),
                        note: "after a sync of every family: the program's start, opening "
                            + "the store, the lookup, the entry's reads and its output counted",
                        repetitions: bench.quick ? 1 : 15))
            }
            return results
        }
    }

    /// Builds the repository's `pokedex` in `configuration` (nothing to do when it is built)
    /// and returns its path.
    private static func buildPokedex(configuration: String) throws -> URL {
        let root = Fixtures.repository.path(percentEncoded: false)
        let common = ["build", "-c", configuration, "--package-path", root]
        try run(swift, common + ["--product", "pokedex"])
        let binPath = try run(swift, common + ["--show-bin-path"], capturing: true)
        return URL(filePath: binPath.trimmingCharacters(in: .whitespacesAndNewlines))
            .appending(path: "pokedex")
    }

    /// The `swift` found on the `PATH`, through `env`.
    private static let swift = URL(filePath: "/usr/bin/env")

    /// Runs a program to its end, its output discarded (or returned), and throws unless it
    /// exits 0.
    @discardableResult
    private static func run(
        _ executable: URL, _ arguments: [String], capturing: Bool = false
    ) throws -> String {
        let process = Process()
        process.executableURL = executable
        process.arguments = executable == swift ? ["swift"] + arguments : arguments
        let output = Pipe()
        process.standardOutput = capturing ? output : FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = capturing ? output.fileHandleForReading.readDataToEndOfFile() : Data()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BenchmarkError.setup(
                "\(executable.lastPathComponent) \(arguments.joined(separator: " ")) exited "
                    + "\(process.terminationStatus)")
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// Checks that the sync stored every bundled entry of each family.
    private static func checkSynced(_ store: URL) async throws {
        let database = try await SQLiteModelDatabase.open(
            at: store, for: PokedexModels.all, options: .readOnly)
        let expected = try PokedexRecords.bundled()
        let counts = try await database.read { snapshot in
            [
                try snapshot[Pokemon.self].count(where: .true),
                try snapshot[PokemonSpecies.self].count(where: .true),
                try snapshot[EvolutionChain.self].count(where: .true),
                try snapshot[PokemonTypeDetails.self].count(where: .true),
                try snapshot[PokemonAbility.self].count(where: .true),
                try snapshot[Move.self].count(where: .true),
                try snapshot[LearnsetEntry.self].count(where: .true),
            ]
        }
        try await database.close()
        let wanted = [
            expected.pokemon.count, expected.species.count, expected.chains.count,
            expected.types.count, expected.abilities.count, expected.moves.count,
            expected.learnsets.count,
        ]
        guard counts == wanted else {
            throw BenchmarkError.disagreement(
                "pokedex sync stored \(counts) records of each family, not \(wanted)")
        }
    }
}
