import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The transport that sends requests with `URLSession`, on every platform (on Linux through
/// FoundationNetworking).
///
/// One transport keeps one session, so connections are reused across requests; make one per
/// client, or share one among clients, but never one per request.
///
/// ```swift
/// let client = PokeAPIClient(transport: URLSessionTransport())
/// ```
///
/// A transport made with ``init()`` or ``init(configuration:)`` owns its session and
/// invalidates it when the transport goes away; one made with ``init(session:)`` leaves the
/// given session alone.
public final class URLSessionTransport: HTTPTransport {
    /// The session requests are sent through.
    public let session: URLSession
    /// Whether this transport made the session, and so invalidates it in `deinit`.
    private let ownsSession: Bool
    /// The session's delegate, which streams each body and stops one that grows too long; `nil`
    /// for a session given to ``init(session:)``, whose delegate is its owner's.
    private let delegate: SessionDelegate?

    /// Creates a transport with a session of its own: ephemeral (no cookies, no disk cache),
    /// no response cache, and up to 16 connections per host.
    ///
    /// The session allows more connections per host than a client sends requests at once
    /// (4 by default), so a request never queues inside the session, where its timeout would
    /// already be running.
    public convenience init() {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpMaximumConnectionsPerHost = 16
        self.init(configuration: configuration)
    }

    /// Creates a transport with a session of its own, made from a configuration.
    ///
    /// - Parameter configuration: The session's configuration. Allow at least as many
    ///   connections per host (`httpMaximumConnectionsPerHost`) as the client's
    ///   ``PokeAPIClient/Configuration/maxConcurrentRequests``.
    public init(configuration: URLSessionConfiguration) {
        let delegate = SessionDelegate()
        self.session = URLSession(
            configuration: configuration, delegate: delegate, delegateQueue: nil)
        self.delegate = delegate
        self.ownsSession = true
    }

    /// Creates a transport that sends requests through an existing session.
    ///
    /// The transport never invalidates a session it was given. The session's delegate is its
    /// owner's, so the transport cannot watch a body arrive: it reads a body whole before
    /// ``send(_:maximumResponseSize:)`` checks its size. On Linux, a cancelled call returns at
    /// once but its request runs to its end (FoundationNetworking cannot always cancel a task
    /// with a completion handler safely); prefer ``init()`` or ``init(configuration:)``.
    ///
    /// - Parameter session: The session to use, such as `URLSession.shared`.
    public init(session: URLSession) {
        self.session = session
        self.delegate = nil
        self.ownsSession = false
    }

    /// Whether cancelling a caller cancels its session task.
    ///
    /// Not for a given session on Linux: FoundationNetworking's `cancel()` of a task whose completion handler is being called
    /// can stop the process ("a task that is not in the registry"); the request then runs to
    /// its end, unwatched, and the caller is released at once all the same.
    private var cancelsTasks: Bool {
        #if canImport(FoundationNetworking)
            delegate != nil
        #else
            true
        #endif
    }

    deinit {
        if ownsSession {
            session.finishTasksAndInvalidate()
        }
    }

    /// Sends a request with one of the session's data tasks.
    ///
    /// Cancelling the calling task throws `CancellationError` at once and cancels the session's
    /// task. On Linux, where
    /// FoundationNetworking counts timeouts in whole seconds, a fractional `timeoutInterval` is
    /// rounded up (to at least 1 second) instead of being cut short.
    ///
    /// - Parameter request: The request to send.
    /// - Returns: The response's body and head, whatever its status code.
    /// - Throws: `URLError` from the session when no complete response arrived (on Linux a
    ///   body cut short comes as `URLError(.unknown)`, which the client also retries), or
    ///   `URLError(.badServerResponse)` when the response is not HTTP; `CancellationError`
    ///   when the task is cancelled.
    public func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        try await send(request, maximumResponseSize: .max)
    }

    /// Sends a request, refusing a body longer than a limit.
    ///
    /// With a session of its own, the transport watches the body arrive and cancels the
    /// request as soon as the `Content-Length` or the bytes received pass the limit, so memory
    /// stays bounded whatever the server sends. With a session given to ``init(session:)``,
    /// the body is read whole first.
    ///
    /// - Parameters:
    ///   - request: The request to send.
    ///   - maximumResponseSize: The most bytes of body to accept.
    /// - Returns: The response's body and head, whatever its status code.
    /// - Throws: `URLError(.dataLengthExceedsMaximum)` for a longer body; otherwise as
    ///   ``send(_:)``.
    public func send(_ request: URLRequest, maximumResponseSize: Int) async throws -> (
        Data, HTTPURLResponse
    ) {
        var request = request
        #if canImport(FoundationNetworking)
            // FoundationNetworking counts a timeout in whole seconds, cutting the fraction off:
            // 0.5 s would time out at once. Round up instead.
            request.timeoutInterval = max(1, request.timeoutInterval.rounded(.up))
        #endif
        let load = ResponseLoad(limit: maximumResponseSize, cancelsTask: cancelsTasks)
        let task: URLSessionDataTask
        if let delegate {
            task = session.dataTask(with: request)
            delegate.register(load, for: task)
        } else {
            task = session.dataTask(with: request) { data, response, error in
                load.finish(data: data, response: response, error: error)
            }
        }
        let (data, response) = try await load.run(task) { [delegate] in
            delegate?.unregister(task)
        }
        guard let response = response as? HTTPURLResponse else {
            throw URLError(.badServerResponse)
        }
        return (data, response)
    }
}
