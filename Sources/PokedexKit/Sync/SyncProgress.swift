/// What to fetch in a sync.
public enum SyncMode: Hashable, Sendable {
    /// Fetch only the ids the store lacks (the default): an interrupted sync resumes with
    /// exactly what is missing.
    case missingOnly
    /// Fetch every id, refreshing stored Pokémon with the service's newer facts; the user's
    /// ``Favorite`` and ``Note`` records are not touched, and a record's legacy
    /// ``Pokemon/favorite`` flag is kept.
    case refresh
}

/// How far a sync has come; ``Pokedex/sync(_:mode:)`` yields one after each id.
public struct SyncProgress: Hashable, Sendable {
    /// The ids asked for (duplicates counted once).
    public var requested: Int
    /// The ids the store already held and the sync left alone.
    public var skipped: Int
    /// The ids this sync fetches: ``requested`` minus ``skipped``.
    public var total: Int
    /// The ids fetched and saved so far.
    public var saved: Int
    /// The ids of ``total`` that were stored already, fetched again: every stored one with
    /// ``SyncMode/refresh``; otherwise those stored incomplete (without their species link,
    /// or linking to a record the database keeps but lacks).
    public var refetched: Int
    /// The ids the service does not have (404), in the order they were learned.
    public var notFound: [Int]
    /// The ids that failed after every retry, with why.
    public var failures: [SyncFailure]
    /// The id this update is about, or `nil` for the first update.
    public var latestID: Int?

    /// Creates a progress report.
    ///
    /// - Parameters:
    ///   - requested: The ids asked for.
    ///   - skipped: The ids already stored.
    ///   - total: The ids to fetch.
    ///   - saved: The ids fetched and saved.
    ///   - notFound: The ids the service does not have.
    ///   - failures: The ids that failed.
    ///   - latestID: The id this update is about.
    ///   - refetched: The ids to fetch that were stored already.
    public init(
        requested: Int, skipped: Int, total: Int, saved: Int = 0, notFound: [Int] = [],
        failures: [SyncFailure] = [], latestID: Int? = nil, refetched: Int = 0
    ) {
        self.requested = requested
        self.skipped = skipped
        self.total = total
        self.saved = saved
        self.notFound = notFound
        self.failures = failures
        self.latestID = latestID
        self.refetched = refetched
    }

    /// The ids that failed after every retry.
    public var failedIDs: [Int] { failures.map(\.id) }

    /// The ids dealt with so far, whatever the outcome: saved, not found, or failed — as
    /// Foundation's `Progress` counts its completed units.
    public var completed: Int { saved + notFound.count + failures.count }

    /// Whether every id has been dealt with, whatever the outcome; ``failedIDs`` and
    /// ``notFound`` say which were not saved.
    public var isFinished: Bool { completed == total }

    /// The fraction dealt with, from 0 to 1, as Foundation's `Progress.fractionCompleted`.
    public var fractionCompleted: Double {
        total == 0 ? 1 : Double(completed) / Double(total)
    }
}

/// An id a sync could not fetch, after every retry.
public struct SyncFailure: Hashable, Sendable, CustomStringConvertible {
    /// The Pokémon's id.
    public var id: Int
    /// Why, in a sentence.
    public var reason: String

    /// Creates a failure.
    ///
    /// - Parameters:
    ///   - id: The Pokémon's id.
    ///   - reason: Why it failed.
    public init(id: Int, reason: String) {
        self.id = id
        self.reason = reason
    }

    /// The id and the reason.
    public var description: String { "#\(id): \(reason)" }
}
