import InternalSupport

/// The linked records one sync has fetched, so that each is requested once however many
/// Pokémon link to it: a type shared by 300 Pokémon is one request, even when they arrive
/// together and none of them has saved it yet.
///
/// A fetch in flight is shared with every caller of the same key (through a
/// ``RequestCoalescer``); one that ended is remembered, its result (a record, or `nil` for
/// what the service does not have) answered from memory. A fetch that threw is not
/// remembered: the next caller tries again.
final class LinkFetches: Sendable {
    private let flights = RequestCoalescer<String, (any Sendable)?>()
    private let fetched = Mutex<[String: (any Sendable)?]>([:])

    /// Creates the memory of a sync that has fetched nothing yet.
    init() {}

    /// The record for `key`: remembered, joined in flight, or fetched.
    ///
    /// - Parameters:
    ///   - key: Names the record, such as `type/fire`.
    ///   - fetch: Fetches it; `nil` when the service does not have it.
    /// - Returns: The record, or `nil` when the service does not have it.
    /// - Throws: What `fetch` throws; `CancellationError` when the task is cancelled.
    func value<Value: Sendable>(
        _ key: String, _ fetch: @escaping @Sendable () async throws -> Value?
    ) async throws -> Value? {
        if let known = remembered(key) { return known as? Value }
        let value = try await flights.value(for: key) { [self] in
            // Another caller's fetch may have ended between the look above and this one.
            if let known = remembered(key) { return known }
            let value = try await fetch()
            fetched.withLock { $0[key] = .some(value) }
            return value
        }
        return value as? Value
    }

    /// The remembered result for `key`: `.some(nil)` for a record the service lacks, `nil`
    /// when none is remembered.
    private func remembered(_ key: String) -> (any Sendable)?? {
        fetched.withLock { $0[key] }
    }
}
