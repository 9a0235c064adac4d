import Foundation
import InternalSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One request of ``URLSessionTransport``: the body as it arrives, capped at a limit, and the
/// caller waiting for it.
///
/// A cancelled caller is resumed at once with `CancellationError`; the session's task is then
/// cancelled from another thread, never from inside the cancellation handler. The handler runs
/// while the Swift task's status is locked, and `URLSessionTask.cancel()` in
/// FoundationNetworking waits for the session's queue, where a response completing at that
/// moment waits for the same lock to resume its caller: cancelled from inside the handler (as
/// `URLSession.data(for:)` does), the two wait for each other forever.
final class ResponseLoad: Sendable {
    /// What changes as the request goes, from the caller's task, the session's queue and the
    /// cancellation handler.
    private struct State {
        var body = Data()
        var isTooLarge = false
        var isCancelled = false
        var isFinished = false
        var task: URLSessionTask?
        var continuation: CheckedContinuation<(Data, URLResponse), any Error>?
    }

    private let limit: Int
    private let cancelsTask: Bool
    private let state = Mutex(State())

    /// Creates a load.
    ///
    /// - Parameters:
    ///   - limit: The most bytes of body to accept.
    ///   - cancelsTask: Whether cancelling the caller cancels the session's task too, or lets
    ///     it run to its end unwatched.
    init(limit: Int, cancelsTask: Bool) {
        self.limit = max(0, limit)
        self.cancelsTask = cancelsTask
    }

    /// Starts the task and waits for it to complete, or for the calling task to be cancelled.
    ///
    /// - Parameters:
    ///   - task: The task, not yet resumed.
    ///   - abandon: Forgets the task, when it is never started.
    /// - Returns: The body and the response.
    /// - Throws: `URLError(.dataLengthExceedsMaximum)` for a body past the limit;
    ///   `CancellationError` when cancelled; the task's error.
    func run(_ task: URLSessionDataTask, abandon: @escaping @Sendable () -> Void) async throws
        -> (Data, URLResponse)
    {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let isCancelled = state.withLock { state in
                    if state.isCancelled {
                        state.isFinished = true
                        return true
                    }
                    state.continuation = continuation
                    state.task = task
                    return false
                }
                if isCancelled {
                    abandon()
                    continuation.resume(throwing: CancellationError())
                } else {
                    task.resume()
                }
            }
        } onCancel: {
            cancel()
        }
    }

    /// Resumes the caller with `CancellationError` and cancels the task from another thread
    /// (see the type's discussion).
    private func cancel() {
        let (continuation, task) = state.withLock { state in
            state.isCancelled = true
            state.body = Data()
            let continuation = state.continuation
            state.continuation = nil
            return (continuation, state.isFinished || !cancelsTask ? nil : state.task)
        }
        continuation?.resume(throwing: CancellationError())
        if let task { Self.cancel(task) }
    }

    /// What became of a chunk of the body.
    enum Intake {
        /// Kept.
        case kept
        /// The body just passed the limit: cancel the task.
        case passedLimit
        /// Dropped: the body passed the limit before.
        case dropped
    }

    /// Takes a chunk of the body.
    ///
    /// - Parameters:
    ///   - chunk: The bytes just received.
    ///   - expectedLength: The response's `Content-Length`, or -1 when it has none.
    /// - Returns: Whether the chunk was kept, or the body passed the limit now or before.
    func append(_ chunk: Data, expectedLength: Int64) -> Intake {
        state.withLock { state in
            guard !state.isTooLarge, !state.isCancelled else { return .dropped }
            guard expectedLength <= Int64(limit), chunk.count <= limit - state.body.count else {
                state.isTooLarge = true
                state.body = Data()
                return .passedLimit
            }
            if state.body.isEmpty, expectedLength > 0 {
                state.body.reserveCapacity(Int(expectedLength))
            }
            state.body.append(chunk)
            return .kept
        }
    }

    /// Cancels a task from another thread: in FoundationNetworking `cancel()` waits for the
    /// session's busy queue, which must not be waited for from a cancellation handler, and the
    /// delegate's queue must go on dropping the chunks that still arrive meanwhile.
    static func cancel(_ task: URLSessionTask) {
        let cancellation = TaskCancellation(task: task)
        DispatchQueue.global().async { cancellation.run() }
    }

    /// Ends a request made with a completion handler, which read the body whole.
    func finish(data: Data?, response: URLResponse?, error: (any Error)?) {
        if let data, error == nil, append(data, expectedLength: -1) != .kept {
            complete(response: response, error: nil)
            return
        }
        complete(response: response, error: error)
    }

    /// Ends the request: resumes the caller with the body, or with why there is none.
    func complete(response: URLResponse?, error: (any Error)?) {
        let (continuation, result) = state.withLock { state in
            let continuation = state.continuation
            state.continuation = nil
            state.isFinished = true
            state.task = nil
            let result: Result<(Data, URLResponse), any Error>
            if state.isTooLarge {
                result = .failure(URLError(.dataLengthExceedsMaximum))
            } else if state.isCancelled {
                result = .failure(CancellationError())
            } else if let error {
                result = .failure(error)
            } else if let response {
                result = .success((state.body, response))
            } else {
                result = .failure(URLError(.badServerResponse))
            }
            state.body = Data()
            return (continuation, result)
        }
        continuation?.resume(with: result)
    }
}

/// A session task to cancel on another thread.
///
/// `@unchecked Sendable`: `URLSessionTask` is safe to use from any thread (its state is
/// guarded by the session), but not marked `Sendable` everywhere.
private struct TaskCancellation: @unchecked Sendable {
    let task: URLSessionTask

    func run() {
        task.cancel()
    }
}
