import Foundation
import PokedexKit
import PokedexOfflineData

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The `sync` command: fetches Pokémon into the store, only the ids it lacks.
///
/// `pokedex sync [--range A-B] [--base-url URL] [--refresh] [--store PATH | --in-memory]`
struct SyncCommand {
    let range: ClosedRange<Int>
    let baseURL: URL?
    let mode: SyncMode
    let location: StoreLocation
    let lockTimeout: Duration
    let concurrency: Int

    init(_ words: [String]) throws(UsageError) {
        let arguments = try Arguments(
            words,
            spec: .init(
                options: ["range", "base-url", "store", "lock-timeout", "concurrency"],
                flags: ["refresh", "in-memory"]))
        if let text = arguments.options["range"] {
            range = try Self.range(text)
        } else {
            range = BundledPokeAPI.ids
        }
        baseURL = try arguments.option(
            "base-url", as: { URL(string: $0).flatMap { $0.host == nil ? nil : $0 } },
            expected: "a URL such as https://pokeapi.co")
        mode = arguments.flag("refresh") ? .refresh : .missingOnly
        location = try StoreLocation(arguments, allowsInMemory: true)
        lockTimeout = try StoreLocation.lockTimeout(arguments)
        concurrency =
            try arguments.option("concurrency", as: { Int($0) }, expected: "a number") ?? 4
        guard (1...64).contains(concurrency) else {
            throw UsageError("--concurrency expects 1 to 64, not \(concurrency)")
        }
    }

    /// Parses `A-B` (or a single id `A`): positive ids, A ≤ B.
    static func range(_ text: String) throws(UsageError) -> ClosedRange<Int> {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let low = Int(parts[0]),
            let high = parts.count == 2 ? Int(parts[1]) : low
        else {
            throw UsageError("--range expects A-B, such as 1-151, not '\(text)'")
        }
        guard low >= 1, low <= high else {
            throw UsageError("--range \(text) is empty or not positive: ids start at 1, A ≤ B")
        }
        guard high - low < 100_000 else {
            throw UsageError("--range \(text) is too large: at most 100000 ids at a time")
        }
        return low...high
    }

    func run() async throws {
        let client = makeClient()
        let store = try await OpenedStore.forWriting(location, lockTimeout: lockTimeout)
        let progress = try await store.withPokedex(client: client) { pokedex in
            let reporter = ProgressReporter()
            var last = SyncProgress(requested: 0, skipped: 0, total: 0)
            for try await progress in pokedex.sync(range, mode: mode) {
                reporter.update(
                    done: progress.finished, total: progress.total,
                    failed: progress.failures.count)
                last = progress
            }
            reporter.finish()
            return last
        }
        Console.out(summary(progress))
        if !progress.failures.isEmpty {
            for failure in progress.failures.prefix(10) { Console.error("  \(failure)") }
            throw CommandFailure(
                "\(progress.failures.count) Pokémon could not be fetched; "
                    + "run 'pokedex sync' again to fetch just those")
        }
    }

    private func makeClient() -> PokeAPIClient {
        var configuration = PokeAPIClient.Configuration()
        configuration.maxConcurrentRequests = concurrency
        guard let baseURL else {
            return PokeAPIClient(
                configuration: configuration, transport: BundledPokeAPITransport())
        }
        configuration.baseURL = baseURL
        return PokeAPIClient(configuration: configuration)
    }

    private func summary(_ progress: SyncProgress) -> String {
        let destination: String
        switch location {
        case .inMemory: destination = "memory"
        case .file(let url): destination = StoreLocation.displayPath(url)
        }
        var parts = ["\(progress.skipped) already stored"]
        if !progress.notFound.isEmpty {
            parts.append(
                "\(progress.notFound.count) not found (\(IDRuns.describe(progress.notFound)))")
        }
        if !progress.failures.isEmpty { parts.append("\(progress.failures.count) failed") }
        let source = baseURL?.absoluteString ?? "the bundled offline data"
        return "Synced \(progress.completed) Pokémon from \(source) into \(destination) "
            + "(\(parts.joined(separator: ", ")))."
    }
}
