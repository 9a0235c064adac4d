import Foundation
import PokedexKit
import PokedexOfflineData

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `pokedex sync`: fetches Pokémon into the store, from the bundled data, a PokeAPI server or
/// the live service.
struct SyncCommand: Command {
    static let spec = CommandSpec(
        name: "sync",
        summary: "Fetch Pokémon with all they link to; only what the store lacks.",
        options: [
            .oneOf(Options.range, Options.generation),
            .oneOf(Options.baseURL, Options.live, RemoteOptions.remote),
            .option(RemoteOptions.tokenFile), .option(Options.refresh),
            .option(Options.concurrency), .option(Options.httpCache),
            CommonOptions.storeOrInMemory, .option(CommonOptions.lockTimeout),
        ],
        discussion: [
            "Without --base-url or --live, it syncs from the bundled offline data; without",
            "--range or --generation, every bundled Pokémon (ids \(bundledIDs)),",
            "each with its species, evolution chain, types, abilities, moves and learnset.",
            "--generation N",
            "syncs the Pokémon of the species generation N introduced, and their forms.",
            "--http-cache DIR keeps responses, as PokeAPI's fair-use policy asks: a fresh one",
            "is used with no request, and a stale one revalidated (a 304 reuses it).",
            "--remote URL exchanges your favorites and notes with a pokedex-service instead:",
            "it pushes what you wrote here, offline too, and pulls what your other devices",
            "wrote. The token comes from $POKEDEX_TOKEN or --token-file, never an argument.",
        ])

    /// The options of `sync` alone.
    enum Options {
        /// `--range A-B`: the ids to sync.
        static let range = Option<ClosedRange<Int>?>(
            "range", "A-B", help: "the ids to sync, such as 1-151",
            absence: "all bundled", convert: SyncCommand.range(_:))

        /// `--generation N`: the Pokémon of a generation's species, and their other forms.
        static let generation = Option<Int?>(
            "generation", "N", help: "the Pokémon of generation N, 1 to 9, and their forms",
            convert: expecting("a generation, 1 to 9") { text in
                Int(text).flatMap { PokemonSpecies.ids(ofGeneration: $0) == nil ? nil : $0 }
            })

        /// `--base-url URL`: a PokeAPI server, by its root or its API root.
        static let baseURL = Option<URL?>(
            "base-url", "URL",
            help: "a PokeAPI server, by its root or its API root, such as "
                + PokeAPIClient.Configuration.liveBaseURL.absoluteString,
            absence: "the bundled offline data",
            convert: expecting("a URL such as https://pokeapi.co/api/v2/") { text in
                URL(string: text).flatMap { $0.host == nil ? nil : $0 }
            })

        /// `--live`: the live service, at the API root PokeAPI documents.
        static let live = Option.flag(
            "live",
            help: "sync from the live service, "
                + PokeAPIClient.Configuration.liveBaseURL.absoluteString)

        /// `--refresh`: fetch stored Pokémon again.
        static let refresh = Option.flag(
            "refresh", help: "fetch stored Pokémon again, keeping favorites")

        /// `--http-cache DIR`: the server's responses kept in a directory and reused.
        static let httpCache = Option<URL?>(
            "http-cache", "DIR",
            help: "keep the server's responses in DIR and reuse them while fresh "
                + "(with --base-url or --live)",
            convert: expecting("a directory") { path in
                path.isEmpty ? nil : URL(filePath: path, directoryHint: .isDirectory)
            })

        /// `--concurrency N`: requests at once; without it, ``serverConcurrency`` for a
        /// server and ``bundledConcurrency`` for the bundled data.
        static let concurrency = Option<Int?>(
            "concurrency", "N", help: "at most N requests at once",
            absence: "\(SyncCommand.serverConcurrency); \(SyncCommand.bundledConcurrency) offline",
            convert: { text throws(InvalidValue) in
                guard let count = Int(text), (1...64).contains(count) else {
                    throw InvalidValue("expects 1 to 64, not '\(text)'")
                }
                return count
            })
    }

    /// The requests at once to a server without `--concurrency`: PokeAPI's fair-use policy
    /// asks clients to go easy.
    static let serverConcurrency = 4

    /// The requests at once to the bundled data without `--concurrency`: no server is asked,
    /// and the wider window lets the store group more Pokémon into each commit.
    static let bundledConcurrency = 32

    /// The ids of `--range`, or `nil` for every bundled Pokémon.
    let range: ClosedRange<Int>?
    /// The generation of `--generation`, or `nil`.
    let generation: Int?
    /// The server to sync from, or `nil` for the bundled offline data.
    let baseURL: URL?
    let mode: SyncMode
    let location: StoreChoice
    let lockTimeout: Duration
    let concurrency: Int
    /// Where the server's responses are kept, or `nil` for no cache.
    let cacheDirectory: URL?
    /// The service to exchange the user's data with, or `nil` to sync the reference data.
    let remote: URL?
    /// The file of `--token-file`, or `nil` for `POKEDEX_TOKEN`.
    let tokenFile: URL?

    init(_ arguments: Arguments) throws(UsageError) {
        remote = arguments[RemoteOptions.remote]
        tokenFile = arguments[RemoteOptions.tokenFile]
        if remote != nil {
            let others = [
                arguments[Options.range] != nil ? "--range" : nil,
                arguments[Options.generation] != nil ? "--generation" : nil,
                arguments[Options.refresh] ? "--refresh" : nil,
                arguments[Options.concurrency] != nil ? "--concurrency" : nil,
                arguments[Options.httpCache] != nil ? "--http-cache" : nil,
            ].compactMap { $0 }
            if let first = others.first {
                throw UsageError(
                    "--remote exchanges your favorites and notes; \(first) is for syncing "
                        + "Pokémon: run them apart")
            }
        } else if tokenFile != nil {
            throw UsageError("--token-file goes with --remote URL")
        }
        range = arguments[Options.range]
        generation = arguments[Options.generation]
        baseURL =
            arguments[Options.live]
            ? PokeAPIClient.Configuration.liveBaseURL : arguments[Options.baseURL]
        mode = arguments[Options.refresh] ? .refresh : .missingOnly
        location = StoreChoice(arguments)
        lockTimeout = arguments[CommonOptions.lockTimeout]
        concurrency =
            arguments[Options.concurrency]
            ?? (baseURL == nil ? Self.bundledConcurrency : Self.serverConcurrency)
        cacheDirectory = arguments[Options.httpCache]
    }

    /// The ids of every bundled Pokémon, as runs, written out so that the help does not read
    /// the bundle: a test checks them against `BundledPokeAPI.pokemonIDs()`.
    static let bundledIDs = "1–1025, 10001–10326"

    /// Parses `A-B` (or a single id `A`): positive ids, A ≤ B.
    static func range(_ text: String) throws(InvalidValue) -> ClosedRange<Int> {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let low = Int(parts[0]),
            let high = parts.count == 2 ? Int(parts[1]) : low
        else {
            throw InvalidValue("expects A-B, such as 1-151, not '\(text)'")
        }
        guard low >= 1, low <= high else {
            throw InvalidValue("\(text) is empty or not positive: ids start at 1, A ≤ B")
        }
        guard high - low < 100_000 else {
            throw InvalidValue("\(text) is too large: at most 100000 ids at a time")
        }
        return low...high
    }

    func run() async throws {
        if let remote { return try await exchange(with: remote) }
        if cacheDirectory != nil, baseURL == nil {
            throw CommandFailure(
                "--http-cache keeps a server's responses; the bundled offline data needs no "
                    + "cache: add --base-url URL or --live, or leave --http-cache out")
        }
        let client = makeClient()
        let store = try await OpenedStore.forWriting(location, lockTimeout: lockTimeout)
        let (range, generation) = (self.range, self.generation)
        let (progress, others) = try await store.withPokedex(client: client) { pokedex in
            let ids =
                if let generation {
                    try await pokedex.pokemonIDs(ofGeneration: generation)
                } else {
                    try range.map(Array.init) ?? BundledPokeAPI.pokemonIDs()
                }
            let reporter = ProgressReporter()
            var last = SyncProgress(requested: 0, skipped: 0, total: 0)
            for try await progress in pokedex.sync(ids, mode: mode) {
                reporter.update(
                    done: progress.completed, total: progress.total,
                    failed: progress.failures.count)
                last = progress
            }
            reporter.finish()
            // A sync of everything brings, too, what no Pokémon links to: the types and
            // abilities no Pokémon has, through each family's list.
            var others: [(PokeAPIFamily, SyncProgress)] = []
            if range == nil, generation == nil {
                for family in Self.otherFamilies {
                    others.append((family, try await pokedex.syncEvery(family)))
                }
            }
            return (last, others)
        }
        Console.out(summary(progress))
        if let line = Self.othersSummary(others) { Console.out(line) }
        let otherFailures = others.flatMap { family, progress in
            progress.failures.map { "  \(family.rawValue) \($0)" }
        }
        if !progress.failures.isEmpty || !otherFailures.isEmpty {
            let failures = progress.failures.map { "  \($0)" } + otherFailures
            for failure in failures.prefix(10) { Console.error(failure) }
            var counts: [String] = []
            if !progress.failures.isEmpty { counts.append("\(progress.failures.count) Pokémon") }
            if !otherFailures.isEmpty {
                counts.append(
                    "\(otherFailures.count) \(progress.failures.isEmpty ? "" : "other ")records")
            }
            throw CommandFailure(
                "\(counts.joined(separator: " and ")) could not be fetched; "
                    + "run 'pokedex sync' again to fetch just those")
        }
        if progress.total > 0, progress.notFound.count == progress.total {
            throw nothingFound(progress.notFound, client: client)
        }
    }

    /// The client the sync fetches with: over the bundled data, or of the server the
    /// arguments name.
    func makeClient() -> PokeAPIClient {
        var configuration = PokeAPIClient.Configuration()
        configuration.maxConcurrentRequests = concurrency
        guard let baseURL else {
            return PokeAPIClient(
                configuration: configuration, transport: BundledPokeAPITransport())
        }
        configuration.baseURL = baseURL
        configuration.cache = cacheDirectory.map(PokeAPICache.init(directory:))
        return PokeAPIClient(configuration: configuration)
    }

    /// The failure of a sync in which every id fetched was not found: a wrong base URL, or
    /// ids the source does not have.
    private func nothingFound(_ ids: [Int], client: PokeAPIClient) -> CommandFailure {
        let sorted = ids.sorted()
        guard let baseURL, let first = sorted.first else {
            return CommandFailure(
                "none of the ids \(IDRuns.describe(sorted)) is in the bundled offline data "
                    + "(ids \(Self.bundledIDs)); sync others with --live "
                    + "or --base-url URL")
        }
        let others = sorted.count == 1 ? "" : " and the \(sorted.count - 1) other ids"
        let fix =
            baseURL == PokeAPIClient.Configuration.liveBaseURL
            ? "check --range: the live service has none of them"
            : "check --base-url: it takes the service's root or its API root, such as "
                + PokeAPIClient.Configuration.liveBaseURL.absoluteString
        return CommandFailure(
            "not one Pokémon found: \(client.pokemonURL(id: first))\(others) answered "
                + "404 Not Found; \(fix)")
    }

    /// The families a sync of everything completes after the Pokémon, through their lists.
    static let otherFamilies: [PokeAPIFamily] = [
        .species, .evolutionChain, .type, .ability, .move,
    ]

    /// The line that counts what a sync of everything saved beside the Pokémon and what
    /// they link to, or `nil` when it saved nothing more.
    static func othersSummary(_ others: [(PokeAPIFamily, SyncProgress)]) -> String? {
        let counts = others.filter { $0.1.saved > 0 }.map { family, progress in
            // Mid-sentence, in lower case: "1 evolution chain", "61 abilities". The families
            // are `otherFamilies`, without the Pokémon, whose name would lose its capital.
            let name = progress.saved == 1 ? family.displayName : family.pluralDisplayName
            return "\(progress.saved) \(name.lowercased())"
        }
        guard let last = counts.last else { return nil }
        let list =
            counts.count == 1 ? last : counts.dropLast().joined(separator: ", ") + " and " + last
        return "Also synced \(list) that no Pokémon has."
    }

    private func summary(_ progress: SyncProgress) -> String {
        let destination: String
        switch location {
        case .inMemory: destination = "memory"
        case .file(let url): destination = StoreChoice.displayPath(url)
        }
        var parts = ["\(progress.skipped) already stored"]
        if progress.refetched > 0 {
            // Stored, but fetched again: all of them with --refresh, otherwise those an
            // earlier version stored without what this one keeps.
            parts.append("\(progress.refetched) \(mode == .refresh ? "refreshed" : "completed")")
        }
        if !progress.notFound.isEmpty {
            parts.append(
                "\(progress.notFound.count) not found (\(IDRuns.describe(progress.notFound)))")
        }
        if !progress.failures.isEmpty { parts.append("\(progress.failures.count) failed") }
        let source = baseURL?.absoluteString ?? "the bundled offline data"
        return "Synced \(progress.saved) Pokémon from \(source) into \(destination) "
            + "(\(parts.joined(separator: ", ")))."
    }
}
