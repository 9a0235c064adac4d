import Foundation
import PokedexKit

/// `pokedex status`: what waits to be pushed to a pokedex-service, and when the store last
/// exchanged with one; read from the store alone, offline too.
struct StatusCommand: Command {
    static let spec = CommandSpec(
        name: "status",
        summary: "What waits to be pushed by sync --remote; when it last ran.",
        options: [.option(CommonOptions.json), .option(CommonOptions.store)],
        discussion: [
            "Favorites and notes written here wait in the store's outbox until",
            "'pokedex sync --remote URL' pushes them; this counts them, by kind.",
        ])

    let json: Bool
    let location: StoreChoice

    init(_ arguments: Arguments) {
        json = arguments[CommonOptions.json]
        location = StoreChoice(arguments)
    }

    /// What `status --json` prints.
    struct Output: Encodable {
        /// Writes waiting to be pushed, by model.
        var pending: [String: Int]
        /// Whether a push was sent and not answered: the next sync sends it again first.
        var pushUnderWay: Bool
        /// When every model was last pulled to the end, or `nil` when never.
        var lastSynced: Date?
    }

    func run() async throws {
        let store = try await OpenedStore.forReading(location)
        let status = try await store.withPokedex { pokedex in
            try await pokedex.replica(transport: Offline()).status()
        }
        if json {
            let output = Output(
                pending: Dictionary(
                    uniqueKeysWithValues: status.models.map { ($0.model, $0.pendingWrites) }),
                pushUnderWay: status.hasPushUnderWay, lastSynced: status.lastSyncedAt)
            Console.out(try PokemonOutput.json(output))
            return
        }
        Console.out(Self.describe(status))
    }

    /// The status in words, such as "2 favorites and 1 note wait to be pushed.".
    static func describe(_ status: SyncStatus) -> String {
        let counts = status.models.filter { $0.pendingWrites > 0 }.map { model in
            let noun = model.model == Favorite.storageName ? "favorite" : "note"
            return "\(model.pendingWrites) \(noun)\(model.pendingWrites == 1 ? "" : "s")"
        }
        var lines: [String] = []
        if counts.isEmpty {
            lines.append("Nothing waits to be pushed.")
        } else {
            let verb = status.pendingWrites == 1 ? "waits" : "wait"
            lines.append("\(counts.joined(separator: " and ")) \(verb) to be pushed.")
        }
        if status.hasPushUnderWay {
            lines.append("A push was sent and not answered; the next sync sends it again.")
        }
        if let last = status.lastSyncedAt {
            let format = Date.VerbatimFormatStyle(
                format:
                    "\(year: .defaultDigits)-\(month: .twoDigits)-\(day: .twoDigits) \(hour: .twoDigits(clock: .twentyFourHour, hourCycle: .zeroBased)):\(minute: .twoDigits):\(second: .twoDigits)",
                timeZone: .gmt, calendar: Calendar(identifier: .gregorian))
            lines.append("Last synced \(last.formatted(format)) UTC.")
        } else {
            lines.append("Never synced: run 'pokedex sync --remote URL'.")
        }
        return lines.joined(separator: "\n")
    }

    /// A transport for reading the status, which sends nothing.
    private struct Offline: SyncTransport {
        func pull(_ request: PullRequest) async throws(SyncError) -> PullResponse {
            throw SyncError(.transportFailed, "status reads the store alone")
        }

        func push(_ request: PushRequest) async throws(SyncError) -> PushResponse {
            throw SyncError(.transportFailed, "status reads the store alone")
        }

        func notices() async throws(SyncError) -> AsyncThrowingStream<SyncNotice, any Error> {
            throw SyncError(.transportFailed, "status reads the store alone")
        }
    }
}
