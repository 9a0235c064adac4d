import Foundation
import InternalSupport
import PokeAPITestServer
import PokedexKit
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Requests cancelled at random moments, many times over, each ending at once.
///
/// `URLSession.data(for:)` in FoundationNetworking cancels its task from inside the
/// cancellation handler, which can deadlock with a response completing at that very moment
/// (found by ThreadSanitizer, which slows the race enough to lose it). ``URLSessionTransport``
/// cancels from another thread; this is the regression test.
@Suite("Cancellation at random moments", .serialized)
struct TransportCancellationTests {
    static let iterations =
        ProcessInfo.processInfo.environment["CANCELLATION_ITERATIONS"].flatMap(Int.init) ?? 300

    @Test(
        "a request cancelled at any moment, response in flight or not, never hangs",
        arguments: [false, true])
    func cancelAtRandomMoments(givenSession: Bool) async throws {
        try await withTestServer(.latency(milliseconds: 1)) { server in
            let transport =
                givenSession ? URLSessionTransport(session: .shared) : URLSessionTransport()
            var generator = SystemRandomNumberGenerator()
            var completed = 0
            for iteration in 0..<Self.iterations {
                let url = server.baseURL.appending(path: "api/v2/pokemon/\(iteration % 151 + 1)/")
                let call = Task { try await transport.send(URLRequest(url: url)) }
                try await Task.sleep(
                    for: .microseconds(Int.random(in: 0...4_000, using: &generator)))
                call.cancel()
                switch await outcome(of: call, within: hangGuard) {
                case .none:
                    Issue.record("iteration \(iteration): a cancelled request hung")
                    return
                case .some(true):
                    completed += 1
                case .some(false):
                    break
                }
            }
            // Both sides of the race were run: some requests finished, some were cut.
            #expect(completed < Self.iterations)
        }
    }

    /// Whether a call returned a response (`true`) or threw (`false`), or `nil` when it did
    /// not end in time.
    func outcome(
        of call: Task<(Data, HTTPURLResponse), any Error>, within limit: Duration
    ) async -> Bool? {
        let first = FirstOutcome()
        return await withCheckedContinuation { continuation in
            first.set(continuation)
            Task {
                let returned = (try? await call.value) != nil
                first.resume(returned)
            }
            Task {
                try? await Task.sleep(for: limit)
                first.resume(nil)
            }
        }
    }
}

/// The first of several racing outcomes.
private final class FirstOutcome: Sendable {
    private let continuation = Mutex<CheckedContinuation<Bool?, Never>?>(nil)

    func set(_ continuation: CheckedContinuation<Bool?, Never>) {
        self.continuation.withLock { $0 = continuation }
    }

    func resume(_ value: Bool?) {
        continuation.withLock { $0.take() }?.resume(returning: value)
    }
}
