import Foundation
import InternalSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The delegate of a session ``URLSessionTransport`` made: hands each task's body, chunk by
/// chunk, to the ``ResponseLoad`` waiting for it, and cancels a task whose body passes the
/// load's limit.
///
/// The session calls the delegate on its own serial queue, and the transport registers
/// loads from its callers' tasks: `loads` is behind a `Mutex`.
final class SessionDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private let loads = Mutex<[Int: ResponseLoad]>([:])

    /// Routes a task's callbacks to a load, until the task completes.
    func register(_ load: ResponseLoad, for task: URLSessionTask) {
        loads.withLock { $0[task.taskIdentifier] = load }
    }

    /// Forgets a task that was never started.
    func unregister(_ task: URLSessionTask) {
        loads.withLock { $0[task.taskIdentifier] = nil }
    }

    private func load(for task: URLSessionTask, removing: Bool = false) -> ResponseLoad? {
        loads.withLock { loads in
            removing
                ? loads.removeValue(forKey: task.taskIdentifier) : loads[task.taskIdentifier]
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        guard let load = load(for: dataTask) else { return }
        let expected = dataTask.response?.expectedContentLength ?? -1
        if load.append(data, expectedLength: expected) == .passedLimit {
            ResponseLoad.cancel(dataTask)
        }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
    ) {
        load(for: task, removing: true)?.complete(response: task.response, error: error)
    }
}
