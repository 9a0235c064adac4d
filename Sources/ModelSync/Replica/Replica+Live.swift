import Foundation
import InternalSupport

extension Replica {
    /// Keeps the replica in step until the task is cancelled.
    ///
    /// It syncs now, then again each time the server sends a notice or the replica writes,
    /// and after a failure it waits and starts over. A notice that carries the changes is
    /// applied without a pull when the replica is in step (see ``take(_:)``).
    ///
    /// ```swift
    /// let live = Task { await replica.run() }
    /// // …
    /// live.cancel()
    /// ```
    ///
    /// The wait after a failure doubles from `retryDelay` up to `maximumRetryDelay`, and goes
    /// back to `retryDelay` after a sync succeeds. A refusal that cannot pass
    /// (``SyncError/isTransient`` is `false`, such as ``SyncError/Code/unauthorized``) is
    /// tried again all the same, at the longest wait: the server may be set up to accept it.
    ///
    /// - Parameters:
    ///   - retryDelay: The first wait after a failure; 1 second by default.
    ///   - maximumRetryDelay: The longest wait; 1 minute by default.
    ///   - onError: Called with each failure, before the wait.
    public func run(
        retryDelay: Duration = .seconds(1), maximumRetryDelay: Duration = .seconds(60),
        onError: @escaping @Sendable (SyncError) -> Void = { _ in }
    ) async {
        var delay = retryDelay
        while !Task.isCancelled {
            do {
                let notices = try await transport.notices()
                try await sync()
                delay = retryDelay
                try await follow(notices)
            } catch is CancellationError {
                return
            } catch {
                // A failure while the task is cancelled is the cancellation's: the stream or
                // a request cut short, not something to report.
                if Task.isCancelled { return }
                let failure =
                    error as? SyncError
                    ?? SyncError(.transportFailed, "The notices ended: \(error)")
                onError(failure)
                let wait = failure.isTransient ? delay : maximumRetryDelay
                delay = min(delay * 2, maximumRetryDelay)
                do { try await Task.sleep(for: wait) } catch { return }
            }
        }
    }

    /// Syncs on each notice and each local write, until the notices end or fail, or the
    /// task is cancelled.
    private func follow(_ notices: AsyncThrowingStream<SyncNotice, any Error>) async throws {
        let (writes, continuation) = AsyncStream<Void>.makeStream(
            bufferingPolicy: .bufferingNewest(1))
        writeSignal.withLock { $0 = continuation }
        defer {
            writeSignal.withLock { $0 = nil }
            continuation.finish()
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                for try await notice in notices { try await self.take(notice) }
                throw SyncError(.transportFailed, "The server ended the notices")
            }
            group.addTask {
                // Ends only when the task is cancelled.
                for await _ in writes { try await self.push() }
            }
            try await group.next()
            group.cancelAll()
        }
    }
}
