import Foundation
import InternalSupport

/// Shares one run of an operation among every caller that asks for the same key while it is
/// in flight: two concurrent `pokemon(id: 25)` calls make one HTTP request.
///
/// Each caller waits on a continuation of its own, so a caller whose task is cancelled stops
/// waiting at once and throws `CancellationError`, while the others keep waiting for the shared
/// result. When the last caller of a key leaves, the shared operation is cancelled. Once an
/// operation ends its key is forgotten: results are shared, never cached.
///
/// The state is behind a `Mutex` rather than in an actor: a task-cancellation handler runs
/// synchronously, and it must take its waiter out and resume it at once.
final class RequestCoalescer<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private struct Flight: Sendable {
        /// Tells this flight from a later one for the same key.
        var id: UInt64
        var task: Task<Void, Never>?
        var waiters: [UInt64: CheckedContinuation<Value, any Error>] = [:]
    }

    private struct State: Sendable {
        var nextID: UInt64 = 0
        var flights: [Key: Flight] = [:]
    }

    private let state = Mutex(State())

    /// Creates a coalescer with nothing in flight.
    init() {}

    /// The callers waiting now for the run in flight for `key` (0 when none is); tests wait
    /// on it to know every caller has joined.
    func callerCount(for key: Key) -> Int {
        state.withLock { $0.flights[key]?.waiters.count ?? 0 }
    }

    /// Returns the result of `operation` for `key`, joining the run already in flight for the
    /// same key if there is one.
    ///
    /// - Throws: `CancellationError` when the calling task is cancelled, or what the shared
    ///   run of `operation` threw.
    func value(
        for key: Key,
        operation: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        let waiterID = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation {
                (continuation: CheckedContinuation<Value, any Error>) in
                let joined = state.withLock { state -> Bool in
                    if Task.isCancelled { return false }
                    if state.flights[key] != nil {
                        state.flights[key]?.waiters[waiterID] = continuation
                        return true
                    }
                    state.nextID += 1
                    let flightID = state.nextID
                    var flight = Flight(id: flightID, waiters: [waiterID: continuation])
                    // A task never starts running inside `Task.init`, so it cannot reach
                    // `finish` while this lock is held.
                    flight.task = Task {
                        let result: Result<Value, any Error>
                        do {
                            result = .success(try await operation())
                        } catch {
                            result = .failure(error)
                        }
                        self.finish(key: key, flightID: flightID, with: result)
                    }
                    state.flights[key] = flight
                    return true
                }
                if !joined {
                    continuation.resume(throwing: CancellationError())
                }
            }
        } onCancel: {
            leave(key: key, waiterID: waiterID)
        }
    }

    /// Takes a cancelled caller out of its flight, and cancels the flight if nobody is left.
    private func leave(key: Key, waiterID: UInt64) {
        let (continuation, abandoned) = state.withLock { state in
            guard let continuation = state.flights[key]?.waiters.removeValue(forKey: waiterID)
            else {
                return (nil, nil) as (CheckedContinuation<Value, any Error>?, Task<Void, Never>?)
            }
            var abandoned: Task<Void, Never>?
            if state.flights[key]?.waiters.isEmpty == true {
                abandoned = state.flights.removeValue(forKey: key)?.task
            }
            return (continuation, abandoned)
        }
        continuation?.resume(throwing: CancellationError())
        abandoned?.cancel()
    }

    /// Hands a flight's result to everyone still waiting for it.
    private func finish(key: Key, flightID: UInt64, with result: Result<Value, any Error>) {
        let waiters = state.withLock { state in
            // The flight may be gone (every caller left) and a new one started for the key.
            guard state.flights[key]?.id == flightID else {
                return [] as [CheckedContinuation<Value, any Error>]
            }
            return state.flights.removeValue(forKey: key).map { Array($0.waiters.values) } ?? []
        }
        for waiter in waiters {
            waiter.resume(with: result)
        }
    }
}
