import Foundation
import InternalSupport
import ModelSync

/// A transport that fails as networks do, on purpose: offline, a request lost on its way, an
/// answer lost on its way back, a request delivered twice.
final class FaultyTransport: SyncTransport, @unchecked Sendable {
    /// What happens to the next requests.
    enum Fault: Sendable {
        /// The request never reaches the server.
        case dropRequest
        /// The server handles it, and the answer is lost.
        case dropAnswer
        /// The server gets it twice; the second answer comes back.
        case duplicate
    }

    private let base: any SyncTransport
    private let lock = NSLock()
    private var queued: [Fault] = []
    private var randomFaults: (generator: SplitMix64, rate: Double)?
    private var offline = false

    init(_ base: any SyncTransport) {
        self.base = base
    }

    /// Makes the transport fail every call, or stop failing.
    func setOffline(_ isOffline: Bool) {
        lock.withLock { offline = isOffline }
    }

    /// Fails the next calls with these faults, in order.
    func inject(_ faults: Fault...) {
        lock.withLock { queued += faults }
    }

    /// Fails a share of calls at random with any fault, from a seed.
    func failAtRandom(seed: UInt64, rate: Double) {
        lock.withLock { randomFaults = (SplitMix64(seed: seed), rate) }
    }

    /// Stops the random faults.
    func stopFailing() {
        lock.withLock { randomFaults = nil }
    }

    private func nextFault() throws(SyncError) -> Fault? {
        lock.lock()
        defer { lock.unlock() }
        if offline { throw SyncError(.transportFailed, "offline") }
        if !queued.isEmpty { return queued.removeFirst() }
        guard var random = randomFaults else { return nil }
        defer { randomFaults = random }
        guard Double(random.generator.next() % 10_000) / 10_000 < random.rate else { return nil }
        switch random.generator.next() % 3 {
        case 0: return .dropRequest
        case 1: return .dropAnswer
        default: return .duplicate
        }
    }

    private func deliver<Answer>(
        _ call: () async throws(SyncError) -> Answer
    ) async throws(SyncError) -> Answer {
        switch try nextFault() {
        case nil: return try await call()
        case .dropRequest: throw SyncError(.transportFailed, "the request was lost")
        case .dropAnswer:
            _ = try? await call()
            throw SyncError(.transportFailed, "the answer was lost")
        case .duplicate:
            _ = try? await call()
            return try await call()
        }
    }

    func pull(_ request: PullRequest) async throws(SyncError) -> PullResponse {
        try await deliver { () throws(SyncError) in try await base.pull(request) }
    }

    func push(_ request: PushRequest) async throws(SyncError) -> PushResponse {
        try await deliver { () throws(SyncError) in try await base.push(request) }
    }

    func notices() async throws(SyncError) -> AsyncThrowingStream<SyncNotice, any Error> {
        try await base.notices()
    }
}
